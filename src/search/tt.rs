//! The transposition table, shared by every search thread without locks.
//! Each entry is two atomic words, `key ^ data` and `data`: a torn write by
//! another thread makes the xor fail to match and reads as a miss, so no
//! thread ever sees a half-written entry as valid. Four entries make a
//! 64-byte bucket; replacement prefers empty, stale (older search) and
//! shallow entries.

use super::params::{TT_AGE_WEIGHT, TT_KEEP_DEPTH_SLACK};
use crate::chess::Move;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

/// What a stored score means relative to the window it was found with.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum TtBound {
    /// Fail low: the true score is at most this.
    Upper = 1,
    /// Fail high: at least this.
    Lower = 2,
    Exact = 3,
}

/// A probe hit, decoded.
#[derive(Copy, Clone, Debug)]
pub struct TtHit {
    pub mv: Move,
    /// Node-relative (see `score::from_tt`).
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: TtBound,
    pub pv: bool,
}

#[derive(Default)]
struct Entry {
    key: AtomicU64,
    data: AtomicU64,
}

/// One cache line of entries.
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Entry; 4]);

/// The shared table. `new_search` ages it; `clear` empties it.
pub struct Tt {
    buckets: Vec<Bucket>,
    age: AtomicU8,
}

const AGE_BITS: u32 = 5;
const AGE_MASK: u8 = (1 << AGE_BITS) - 1;

#[inline(always)]
fn pack(mv: Move, score: i32, eval: i32, depth: i32, bound: TtBound, pv: bool, age: u8) -> u64 {
    (mv.raw() as u64)
        | ((score as i16 as u16 as u64) << 16)
        | ((eval as i16 as u16 as u64) << 32)
        | ((depth.clamp(0, 255) as u64) << 48)
        | ((bound as u64) << 56)
        | ((pv as u64) << 58)
        | ((age as u64) << 59)
}

#[inline(always)]
fn age_of(data: u64) -> u8 {
    (data >> 59) as u8
}

#[inline(always)]
fn depth_of(data: u64) -> i32 {
    (data >> 48 & 0xFF) as i32
}

fn decode(data: u64) -> TtHit {
    TtHit {
        mv: Move::from_raw(data as u16),
        score: (data >> 16) as u16 as i16 as i32,
        eval: (data >> 32) as u16 as i16 as i32,
        depth: depth_of(data),
        bound: match data >> 56 & 3 {
            1 => TtBound::Upper,
            2 => TtBound::Lower,
            _ => TtBound::Exact,
        },
        pv: data >> 58 & 1 != 0,
    }
}

/// Memory available to new allocations, in MiB, where the system says
/// (`MemAvailable` in /proc/meminfo, and a container's own limit, which
/// meminfo does not show); `None` elsewhere.
fn available_mb() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    let system = kb / 1024;
    Some(cgroup_room_mb().map_or(system, |room| room.min(system)))
}

/// What the memory cgroup this process runs in (a container's, under a
/// cgroup namespace) still allows, MiB: its limit less what it uses, not
/// counting file pages (the page cache, mapped tablebases: the kernel
/// drops them before it kills). cgroup v2, then v1; `None` without a
/// limit to read.
fn cgroup_room_mb() -> Option<usize> {
    let number = |p: &str| {
        let t = std::fs::read_to_string(p).ok()?;
        t.trim().parse::<u64>().ok()
    };
    let stat = |p: &str, key: &str| -> Option<u64> {
        let t = std::fs::read_to_string(p).ok()?;
        let line = t
            .lines()
            .find(|l| l.split_whitespace().next() == Some(key))?;
        line.split_whitespace().nth(1)?.parse().ok()
    };
    const V2: &str = "/sys/fs/cgroup";
    const V1: &str = "/sys/fs/cgroup/memory";
    let (limit, used, droppable) = match number(&format!("{V2}/memory.max")) {
        Some(limit) => (
            limit,
            number(&format!("{V2}/memory.current"))?,
            stat(&format!("{V2}/memory.stat"), "file"),
        ),
        None => (
            number(&format!("{V1}/memory.limit_in_bytes"))?,
            number(&format!("{V1}/memory.usage_in_bytes"))?,
            stat(&format!("{V1}/memory.stat"), "total_cache"),
        ),
    };
    let used = used.saturating_sub(droppable.unwrap_or(0));
    usize::try_from(limit.saturating_sub(used) >> 20).ok()
}

/// Why a table of the asked size could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TtError {
    /// More than the system says it has free (Linux would grant it, then
    /// kill the process once the pages are written).
    MoreThanAvailable { mb: usize, available: usize },
    /// The allocator refused.
    AllocFailed { mb: usize },
}

impl std::fmt::Display for TtError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            TtError::MoreThanAvailable { mb, available } => write!(
                f,
                "cannot allocate {mb} MB for the hash table: about {available} MB of memory is available"
            ),
            TtError::AllocFailed { mb } => write!(f, "cannot allocate {mb} MB for the hash table"),
        }
    }
}

impl std::error::Error for TtError {}

/// For the front ends that still report errors as text.
impl From<TtError> for String {
    fn from(e: TtError) -> String {
        e.to_string()
    }
}

impl Tt {
    /// A table of `mb` MiB, or an error when the memory cannot be had.
    pub fn new(mb: usize) -> Result<Tt, TtError> {
        // Linux grants nearly any reservation and kills the process once
        // the pages are written; ask what the system can actually give.
        if let Some(avail) = available_mb() {
            if mb > avail {
                return Err(TtError::MoreThanAvailable {
                    mb,
                    available: avail,
                });
            }
        }
        let n = (mb.max(1) << 20) / std::mem::size_of::<Bucket>();
        let mut buckets = Vec::new();
        buckets
            .try_reserve_exact(n)
            .map_err(|_| TtError::AllocFailed { mb })?;
        buckets.resize_with(n, Bucket::default);
        Ok(Tt {
            buckets,
            age: AtomicU8::new(0),
        })
    }

    /// Empties every entry.
    pub fn clear(&self) {
        for b in &self.buckets {
            for e in &b.0 {
                e.key.store(0, Relaxed);
                e.data.store(0, Relaxed);
            }
        }
        self.age.store(0, Relaxed);
    }

    /// Marks the start of a new search: older entries become replaceable first.
    pub fn new_search(&self) {
        let a = (self.age.load(Relaxed) + 1) & AGE_MASK;
        self.age.store(a, Relaxed);
    }

    #[inline(always)]
    fn bucket(&self, hash: u64) -> &Bucket {
        let i = ((hash as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    /// Starts loading the bucket of `hash` into the cache, so that the
    /// probe a child node makes a little later does not wait on memory:
    /// called as soon as a move's resulting hash is known, before the
    /// evaluator's update.
    #[inline(always)]
    #[allow(
        unsafe_code,
        reason = "an SSE cache prefetch (a hint; baseline on x86-64)"
    )]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let p = self.bucket(hash) as *const Bucket as *const i8;
            // SAFETY: SSE is part of every x86-64 target, and a prefetch is a
            // hint: it never faults and changes no memory; `p` points into
            // this table's own buckets besides. Its scalar twin is doing
            // nothing, which other targets do: the search is the same either
            // way (the bench signature does not move).
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    #[inline]
    pub fn probe(&self, hash: u64) -> Option<TtHit> {
        for e in &self.bucket(hash).0 {
            let data = e.data.load(Relaxed);
            if data != 0 && e.key.load(Relaxed) ^ data == hash {
                return Some(decode(data));
            }
        }
        None
    }

    /// Stores a result. `score` must already be node-relative.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn store(
        &self,
        hash: u64,
        mv: Move,
        score: i32,
        eval: i32,
        depth: i32,
        bound: TtBound,
        pv: bool,
    ) {
        let age = self.age.load(Relaxed);
        let bucket = self.bucket(hash);
        let mut victim = &bucket.0[0];
        let mut victim_worth = i32::MAX;
        for e in &bucket.0 {
            let data = e.data.load(Relaxed);
            if data == 0 {
                if victim_worth > i32::MIN {
                    victim = e;
                    victim_worth = i32::MIN;
                }
                continue;
            }
            if e.key.load(Relaxed) ^ data == hash {
                // Same position: keep a deeper result unless this one is exact
                // or the old one is from an earlier search.
                let old = decode(data);
                if bound != TtBound::Exact
                    && depth + TT_KEEP_DEPTH_SLACK < old.depth
                    && age_of(data) == age
                {
                    return;
                }
                let mv = if mv.is_null() { old.mv } else { mv };
                let new = pack(mv, score, eval, depth, bound, pv, age);
                e.key.store(hash ^ new, Relaxed);
                e.data.store(new, Relaxed);
                return;
            }
            let stale = (age.wrapping_sub(age_of(data)) & AGE_MASK) as i32;
            let worth = depth_of(data) - TT_AGE_WEIGHT * stale;
            if worth < victim_worth {
                victim = e;
                victim_worth = worth;
            }
        }
        let new = pack(mv, score, eval, depth, bound, pv, age);
        victim.key.store(hash ^ new, Relaxed);
        victim.data.store(new, Relaxed);
    }

    /// Permille of sampled entries written by the current search.
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Relaxed);
        let sample = self.buckets.len().min(250);
        let mut used = 0;
        for b in &self.buckets[..sample] {
            for e in &b.0 {
                let d = e.data.load(Relaxed);
                if d != 0 && age_of(d) == age {
                    used += 1;
                }
            }
        }
        if sample == 0 {
            0
        } else {
            (used * 1000 / (sample * 4)) as u32
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{legal_moves, Board};

    #[test]
    fn store_probe_round_trip_and_clear() {
        let tt = Tt::new(1).unwrap();
        let b = Board::startpos();
        let m = legal_moves(&b).as_slice()[3];
        tt.store(b.hash(), m, -1234, 56, 9, TtBound::Lower, true);
        let hit = tt.probe(b.hash()).unwrap();
        assert_eq!(hit.mv, m);
        assert_eq!((hit.score, hit.eval, hit.depth), (-1234, 56, 9));
        assert_eq!(hit.bound, TtBound::Lower);
        assert!(hit.pv);
        assert!(tt.probe(b.hash() ^ 1).is_none());
        assert!(tt.hashfull() <= 1000);
        tt.clear();
        assert!(tt.probe(b.hash()).is_none());
    }

    /// The prefetch's twin is doing nothing: a prefetch of any hash, the
    /// extremes too, reaches only the table's own buckets and changes no
    /// entry (the bench signature, the same with and without it, is the
    /// search-wide check).
    #[test]
    fn a_prefetch_changes_nothing() {
        let tt = Tt::new(1).unwrap();
        let b = Board::startpos();
        let m = legal_moves(&b).as_slice()[0];
        tt.store(b.hash(), m, 17, -3, 5, TtBound::Exact, false);
        let before = tt.probe(b.hash()).map(|h| (h.mv, h.score, h.eval, h.depth));
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for hash in [0, u64::MAX, b.hash()]
            .into_iter()
            .chain((0..1000).map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            }))
        {
            tt.prefetch(hash);
        }
        let after = tt.probe(b.hash()).map(|h| (h.mv, h.score, h.eval, h.depth));
        assert_eq!(before, after);
    }

    #[test]
    fn more_than_the_machine_has_is_an_error_not_a_kill() {
        if let Some(avail) = available_mb() {
            let e = Tt::new(avail + 1024).err().expect("refused");
            assert!(matches!(e, TtError::MoreThanAvailable { .. }), "{e}");
            assert!(e.to_string().contains("available"), "{e}");
        }
    }

    #[test]
    fn shallow_does_not_replace_deep_of_same_search() {
        let tt = Tt::new(1).unwrap();
        let h = 0xDEAD_BEEF_1234_5678;
        tt.store(h, Move::NULL, 10, 0, 12, TtBound::Lower, false);
        tt.store(h, Move::NULL, 20, 0, 2, TtBound::Upper, false);
        assert_eq!(tt.probe(h).unwrap().depth, 12);
        tt.new_search();
        tt.store(h, Move::NULL, 20, 0, 2, TtBound::Upper, false);
        assert_eq!(tt.probe(h).unwrap().depth, 2);
    }
}
