//! Zobrist keys: one random 64-bit number per (piece, square), castling state,
//! en-passant file and side to move. Generated at compile time from a fixed
//! seed, so hashes are the same on every run and every machine.

use super::types::{Piece, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

pub struct Keys {
    pub pieces: [[u64; 64]; 12],
    pub castling: [u64; 16],
    pub ep_file: [u64; 8],
    pub side: u64,
}

const fn build() -> Keys {
    let mut k = Keys {
        pieces: [[0; 64]; 12],
        castling: [0; 16],
        ep_file: [0; 8],
        side: 0,
    };
    let mut state = 0x7A91_2026_C0FF_EE00u64;
    let mut p = 0;
    while p < 12 {
        let mut s = 0;
        while s < 64 {
            let (ns, v) = splitmix(state);
            state = ns;
            k.pieces[p][s] = v;
            s += 1;
        }
        p += 1;
    }
    // Castling keys are the XOR of one key per right, so any subset combines.
    let mut rights = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (ns, v) = splitmix(state);
        state = ns;
        rights[i] = v;
        i += 1;
    }
    let mut c = 0;
    while c < 16 {
        let mut bit = 0;
        while bit < 4 {
            if c >> bit & 1 != 0 {
                k.castling[c] ^= rights[bit];
            }
            bit += 1;
        }
        c += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (ns, v) = splitmix(state);
        state = ns;
        k.ep_file[f] = v;
        f += 1;
    }
    k.side = splitmix(state).1;
    k
}

pub static KEYS: Keys = build();

#[inline(always)]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[piece.index()][sq.index()]
}
