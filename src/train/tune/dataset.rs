//! Every training position in linear form, stored column-wise so that an
//! epoch streams through flat arrays: one shared list of entries with
//! per-position offsets, and per-position phase, scale, result and score.
//! Built once from the records, in parallel, in record order.

use super::linear_form::{Entry, LinearForm};
use crate::train::record::Record;
use anyhow::{Context, Result};

/// The training positions (see the module comment).
#[derive(Default)]
pub struct Dataset {
    /// Position `i`'s entries are `entries[offsets[i]..offsets[i + 1]]`.
    offsets: Vec<u64>,
    entries: Vec<Entry>,
    phase: Vec<u8>,
    scale: Vec<u8>,
    /// Game result, White's view: 0, 0.5 or 1.
    result: Vec<f32>,
    /// Search score, White's view, centipawns.
    score: Vec<i16>,
}

impl Dataset {
    /// Converts every record (on `threads` threads; the result does not
    /// depend on the count). A record that is not a legal position is an
    /// error naming its index.
    pub fn build(records: &[Record], threads: usize) -> Result<Dataset> {
        let threads = threads.clamp(1, records.len().max(1));
        let per = records.len().div_ceil(threads);
        let parts: Vec<Result<Dataset>> = std::thread::scope(|s| {
            let handles: Vec<_> = records
                .chunks(per.max(1))
                .enumerate()
                .map(|(t, chunk)| s.spawn(move || Dataset::build_serial(chunk, t * per)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("conversion thread panicked"))
                .collect()
        });
        let mut all = Dataset {
            offsets: vec![0],
            ..Dataset::default()
        };
        for part in parts {
            all.append(part?);
        }
        Ok(all)
    }

    fn build_serial(records: &[Record], first: usize) -> Result<Dataset> {
        let mut d = Dataset {
            offsets: Vec::with_capacity(records.len() + 1),
            entries: Vec::with_capacity(records.len() * 64),
            ..Dataset::default()
        };
        d.offsets.push(0);
        for (i, r) in records.iter().enumerate() {
            let board = r
                .to_board()
                .with_context(|| format!("record {} is not a legal position", first + i))?;
            d.push(
                &LinearForm::from_board(&board),
                r.result.white_score(),
                r.score,
            );
        }
        Ok(d)
    }

    /// Adds one position.
    pub fn push(&mut self, row: &LinearForm, result: f32, score: i16) {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        self.entries.extend_from_slice(&row.entries);
        self.offsets.push(self.entries.len() as u64);
        self.phase.push(row.phase);
        self.scale.push(row.scale);
        self.result.push(result);
        self.score.push(score);
    }

    fn append(&mut self, other: Dataset) {
        let base = self.entries.len() as u64;
        self.offsets
            .extend(other.offsets.iter().skip(1).map(|o| o + base));
        self.entries.extend_from_slice(&other.entries);
        self.phase.extend_from_slice(&other.phase);
        self.scale.extend_from_slice(&other.scale);
        self.result.extend_from_slice(&other.result);
        self.score.extend_from_slice(&other.score);
    }

    pub fn len(&self) -> usize {
        self.phase.len()
    }

    pub fn is_empty(&self) -> bool {
        self.phase.is_empty()
    }

    /// Entries over all positions (a measure of the work per epoch).
    pub fn entry_count(&self) -> usize {
        self.entries.len()
    }

    /// Position `i`'s entries.
    #[inline(always)]
    pub fn entries(&self, i: usize) -> &[Entry] {
        &self.entries[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    /// Position `i`'s (midgame, endgame) multipliers; see `LinearForm::factors`.
    #[inline(always)]
    pub fn factors(&self, i: usize) -> (f64, f64) {
        LinearForm::factors(self.phase[i], self.scale[i])
    }

    #[inline(always)]
    pub fn result(&self, i: usize) -> f64 {
        self.result[i] as f64
    }

    #[inline(always)]
    pub fn score(&self, i: usize) -> f64 {
        self.score[i] as f64
    }

    /// Position `i`'s evaluation with float weights (see `LinearForm::eval`).
    #[inline(always)]
    pub fn eval(&self, i: usize, w: &[f64]) -> f64 {
        let (fm, fe) = self.factors(i);
        let (mut mg, mut eg) = (0.0, 0.0);
        for e in self.entries(i) {
            let j = 2 * e.index as usize;
            let n = e.count as f64;
            mg += w[j] * n;
            eg += w[j + 1] * n;
        }
        fm * mg + fe * eg
    }

    /// Adds `slope` (dLoss/dEval) times position `i`'s derivative of the
    /// evaluation by each weight to `grad`.
    #[inline(always)]
    pub fn add_gradient(&self, i: usize, slope: f64, grad: &mut [f64]) {
        let (fm, fe) = self.factors(i);
        let (gm, ge) = (slope * fm, slope * fe);
        for e in self.entries(i) {
            let j = 2 * e.index as usize;
            let n = e.count as f64;
            grad[j] += gm * n;
            grad[j + 1] += ge * n;
        }
    }

    /// Position `i` as a `LinearForm` again (for checks).
    pub fn row(&self, i: usize) -> LinearForm {
        LinearForm {
            entries: self.entries(i).to_vec(),
            phase: self.phase[i],
            scale: self.scale[i],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::record::GameResult;

    #[test]
    fn build_matches_rows_for_any_thread_count() {
        let boards = crate::eval::tests::playout_positions(500, 21);
        let records: Vec<Record> = boards
            .iter()
            .filter(|b| b.occupied().count() <= 32)
            .enumerate()
            .map(|(i, b)| {
                let result = [GameResult::BlackWin, GameResult::Draw, GameResult::WhiteWin][i % 3];
                Record::from_board(b, (i as i16) - 250, result).unwrap()
            })
            .collect();
        let one = Dataset::build(&records, 1).unwrap();
        let three = Dataset::build(&records, 3).unwrap();
        assert_eq!(one.len(), records.len());
        assert_eq!(three.len(), records.len());
        for (i, r) in records.iter().enumerate() {
            let row = LinearForm::from_board(&r.to_board().unwrap());
            assert_eq!(one.row(i), row);
            assert_eq!(three.row(i), row);
            assert_eq!(three.result(i), r.result.white_score() as f64);
            assert_eq!(three.score(i), r.score as f64);
        }
    }
}
