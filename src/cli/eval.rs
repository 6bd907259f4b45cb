//! `tapir eval`: the static evaluation of one position, term by term, or
//! with `--explain` the teaching views as text (see `explain.rs`), or
//! (with `--speed` / `--gain-bench`) the evaluation benchmarks.

use super::eval_bench;
use crate::chess::{parse_move, Board, START_FEN};
use crate::eval::nnue::{default_net_checked, explain, format_explain, Network};
use crate::eval::{trace, Trace, S};
use anyhow::{anyhow, bail, Context, Result};
use std::path::PathBuf;
use std::sync::Arc;

/// `tapir eval` arguments.
#[derive(clap::Args)]
pub struct EvalArgs {
    /// Position to evaluate (default: the initial position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Benchmark the capture-gain lookups (ns per call).
    #[arg(long)]
    pub gain_bench: bool,
    /// Benchmark the static evaluation (ns per call).
    #[arg(long)]
    pub speed: bool,
    /// Also show this NNUE net's evaluation and per-piece values.
    #[arg(long, value_name = "PATH")]
    pub net: Option<PathBuf>,
    /// Explain every term: what it measures, its squares, its packed arithmetic.
    #[arg(long)]
    pub explain: bool,
    /// With --explain: also what this move (SAN or UCI) changes, term by term.
    #[arg(long = "move", value_name = "MOVE")]
    pub mv: Option<String>,
}

pub fn run(args: EvalArgs) -> Result<()> {
    if args.mv.is_some() && !args.explain {
        bail!("--move goes with --explain");
    }
    if args.gain_bench || args.speed {
        if args.explain {
            bail!("--explain cannot be combined with --speed or --gain-bench");
        }
        if args.fen.is_some() {
            bail!(
                "--fen cannot be combined with --speed or --gain-bench (they use fixed positions)"
            );
        }
        if args.net.is_some() {
            bail!("--net cannot be combined with --speed or --gain-bench (they time the built-in evaluators)");
        }
        let boards = eval_bench::positions()?;
        if args.speed {
            eval_bench::speed(&boards);
        }
        if args.gain_bench {
            eval_bench::gain(&boards);
        }
        return Ok(());
    }
    let fen = args.fen.as_deref().unwrap_or(START_FEN);
    let board = Board::from_fen(fen).with_context(|| format!("--fen '{fen}'"))?;
    // Load the net before printing anything: a bad file is a one-line error.
    let net = match &args.net {
        Some(p) => Some(Arc::new(Network::load_named(p).map_err(|e| anyhow!(e))?)),
        None => default_net_checked().map_err(|e| anyhow!("the built-in net is invalid: {e}"))?,
    };
    if args.explain {
        let m = match &args.mv {
            Some(t) => Some(parse_move(&board, t).map_err(|e| anyhow!("--move '{t}': {e}"))?),
            None => None,
        };
        out!("{}", super::explain::render(&board, net.as_deref(), m));
        return Ok(());
    }
    out!("{}", render(&trace(&board), &board));
    out!("{}", opening_lines(&board));
    if let Some(net) = net {
        outln!();
        out!("{}", format_explain(&explain(&net, &board), &board));
    }
    Ok(())
}

/// The position's opening name (ECO and name, when the lichess list
/// names exactly this position) and the built-in book's moves here.
pub fn opening_lines(board: &Board) -> String {
    let name = match crate::game::openings::openings().get(board) {
        Some(o) => format!("Opening: {} {}\n", o.eco, o.name),
        None => "Opening: not a named position\n".to_string(),
    };
    let book = match crate::book::builtin().moves(board) {
        Ok(moves) if !moves.is_empty() => {
            let total: u64 = moves
                .iter()
                .map(|m| u64::from(m.weight))
                .sum::<u64>()
                .max(1);
            let shares: Vec<String> = moves
                .iter()
                .map(|m| {
                    let pct = (u64::from(m.weight) * 100 + total / 2) / total;
                    format!("{} {pct}%", crate::chess::to_san(board, m.mv))
                })
                .collect();
            format!("Book: {}\n", shares.join(" · "))
        }
        _ => "Book: no book moves\n".to_string(),
    };
    name + &book
}

fn cells(v: S) -> String {
    format!("{:>6} {:>6}", v.mg(), v.eg())
}

/// The table and summary lines, as printed.
pub fn render(t: &Trace, b: &Board) -> String {
    let mut out = String::new();
    let line = format!("{:-<16}-+-{:-<13}-+-{:-<13}-+-{:-<13}\n", "", "", "", "");
    out += &format!(
        "{:<16} | {:^13} | {:^13} | {:^13}\n",
        "Term", "White", "Black", "Total"
    );
    out += &format!(
        "{:<16} | {:>6} {:>6} | {:>6} {:>6} | {:>6} {:>6}\n",
        "", "mg", "eg", "mg", "eg", "mg", "eg"
    );
    out += &line;
    for term in &t.terms {
        out += &format!(
            "{:<16} | {} | {} | {}\n",
            term.name,
            cells(term.white),
            cells(term.black),
            cells(term.total())
        );
    }
    out += &line;
    out += &format!(
        "{:<16} | {:13} | {:13} | {}\n",
        "Sum",
        "",
        "",
        cells(t.total)
    );
    out += "\n";
    out += &format!("Phase:         {} / 24 (24 = opening material)\n", t.phase);
    out += &format!("Tapered:       {} cp (White's view)\n", t.unscaled);
    if t.scale != 64 {
        out += &format!("Drawish scale: {} / 64 -> {} cp\n", t.scale, t.tapered);
    }
    out += &format!(
        "Score:         {} cp ({} to move)\n",
        t.score,
        b.side_to_move().name()
    );
    out += &format!("Packed total:  {:#010x}\n", t.total.packed() as u32);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_shows_every_term_and_the_summary() {
        let b = Board::startpos();
        let s = render(&trace(&b), &b);
        for name in [
            "Material",
            "Mobility",
            "King safety",
            "Tempo",
            "Phase:",
            "Packed total:",
        ] {
            assert!(s.contains(name), "{name} missing:\n{s}");
        }
        // The start position is symmetric: only the side to move's tempo
        // counts, at full opening phase its midgame half.
        let tempo = crate::eval::hce::Params::DEFAULT.tempo.mg();
        let line = format!("Score:         {tempo} cp (White to move)");
        assert!(s.contains(&line), "{line} missing:\n{s}");
    }

    #[test]
    fn bad_fen_is_an_error() {
        let r = run(EvalArgs {
            fen: Some("not a fen".into()),
            gain_bench: false,
            speed: false,
            net: None,
            explain: false,
            mv: None,
        });
        assert!(r.is_err());
    }

    #[test]
    fn move_needs_explain_and_must_be_legal() {
        let args = |explain: bool, mv: &str| EvalArgs {
            fen: None,
            gain_bench: false,
            speed: false,
            net: None,
            explain,
            mv: Some(mv.to_string()),
        };
        let e = run(args(false, "e4")).unwrap_err().to_string();
        assert!(e.contains("--move goes with --explain"), "{e}");
        let e = run(args(true, "e5")).unwrap_err().to_string();
        assert!(e.contains("--move 'e5'"), "{e}");
        assert!(run(args(true, "Nf3")).is_ok());
    }

    #[test]
    fn bad_net_file_is_an_error() {
        let r = run(EvalArgs {
            fen: None,
            gain_bench: false,
            speed: false,
            net: Some("/nonexistent/tapir.nnue".into()),
            explain: true,
            mv: None,
        });
        let msg = format!("{:#}", r.unwrap_err());
        assert!(msg.contains("/nonexistent/tapir.nnue"), "{msg}");
    }
}
