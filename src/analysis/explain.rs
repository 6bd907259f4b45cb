//! Why a move was bad, in one or two plain sentences from tapir's own
//! numbers: the search's scores and facts (a mate allowed or let go,
//! material hung or missed by static exchange, a fork or pin walked into
//! that the better line avoids, a fork missed), and the hand-crafted
//! trace of where the played line and the better line end, term by term.
//! Every number in the text is one of those: the search's score before
//! and after the move, a mate distance, or a difference of two traces'
//! tapered terms (the Deltas view's arithmetic). Nothing else is said.

use super::balance::{king_words, material_words, passed_words, promotions, term_words};
use super::classify::{Class, MateTurn};
use super::line::{and_list, can_take_back, piece_words, san_line, to_quiet};
use super::params::{
    HUNG_LOSS_MAX_SHARE, HUNG_LOSS_SHARE, HUNG_TAKEN_PLIES, LINE_DEEPER_STEP, LINE_DEEPEST_MIN,
    LINE_MIN_PLIES, LINE_SHOWN_SHARE, LOST_ANYWAY_PLIES, PROMOTION_PLIES, TERMS_NAMED, TERM_MIN_CP,
    TERM_WORDS_MAX,
};
use super::score::{signed_pawns, WhiteScore};
use super::tactics::{fork_by, kind_word, pins_of, targets_words, Fork, Pin};
use crate::chess::{legal_moves, Bitboard, Board, Color, Move, PieceType};
use crate::eval::hce::sink::Term;
use crate::eval::phase::taper;
use crate::eval::{trace, Trace};
use crate::search::params::SEE_VALUE;
use crate::search::see::{move_gain, see_ge};

/// An explanation and the numbers behind it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// Names the move: "23...Qxb2?? is a blunder (...). ...", for a list
    /// of the game's moves.
    pub text: String,
    /// The same without the move, "Blunder (...). ...": the comment
    /// written after the move itself.
    pub comment: String,
    /// The played move and the line after it, to its quiet end.
    pub played_line: Vec<Move>,
    /// The engine's line instead, to its quiet end.
    pub better_line: Vec<Move>,
    /// Where the two lines end (the Deltas view can compare them).
    pub played_end: Board,
    pub better_end: Board,
    /// Named term differences (played end minus better end, the mover's
    /// view, centipawns), largest first.
    pub terms: Vec<(Term, i32)>,
    /// The whole hand-crafted evaluation's difference, the mover's view.
    pub total: i32,
    /// Whether the sentence quotes the terms and `total`: not where a line
    /// ends in mate or stalemate, or a mate is allowed or let go (that is
    /// the whole story, and `terms` is then empty).
    pub terms_said: bool,
}

impl Explanation {
    /// The terms not named, together: what the sentence and the side by
    /// side view give as "the other terms", so the list adds up to `total`.
    pub fn other_terms(&self) -> i32 {
        unnamed(&self.terms, self.total)
    }
}

/// `total` less the `named` terms' differences.
fn unnamed(named: &[(Term, i32)], total: i32) -> i32 {
    total - named.iter().map(|&(_, d)| d).sum::<i32>()
}

/// Everything the explainer needs about one judged move.
pub struct Judged<'a> {
    /// The position before the move.
    pub board: &'a Board,
    pub played: Move,
    /// The search's line after the played move (the opponent's best first).
    pub reply: &'a [Move],
    /// The search's line from the position before the move.
    pub best: &'a [Move],
    pub before: WhiteScore,
    pub after: WhiteScore,
    pub class: Class,
    pub turn: MateTurn,
}

impl Judged<'_> {
    /// What the move loses by the search's scores, the mover's view, in
    /// centipawns (0 where a mate is allowed or let go: no pawns count).
    fn loss(&self) -> i32 {
        if self.turn == MateTurn::None {
            (self.before.cp_ceiled() - self.after.cp_ceiled()) * self.board.side_to_move().sign()
        } else {
            0
        }
    }
}

/// The term-by-term difference of two positions' traces for `mover`:
/// every term but tempo, tapered each at its own position's phase.
pub fn term_differences(played: &Trace, better: &Trace, mover: Color) -> Vec<(Term, i32)> {
    let mut v: Vec<(Term, i32)> = Term::ALL
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != Term::Tempo)
        .map(|(i, &t)| {
            let p = taper(played.terms[i].total(), played.phase);
            let b = taper(better.terms[i].total(), better.phase);
            (t, (p - b) * mover.sign())
        })
        .filter(|&(_, d)| d != 0)
        .collect();
    v.sort_by_key(|&(t, d)| (std::cmp::Reverse(d.abs()), t as u8));
    v
}

/// "23...Qxb2" for the move `m` from `b`.
pub fn move_label(b: &Board, m: Move) -> String {
    san_line(b, &[m])
}

/// What followed the class's name in explanations before 2026-12: a
/// file annotated then is still known (`holds_explanation`).
const OLD_SCORES_HEAD: &str = "(search, White's view: ";

/// The class's name as a comment starts with it: "Blunder".
fn class_word(class: Class) -> String {
    let name = class.name();
    format!("{}{}", name[..1].to_uppercase(), &name[1..])
}

/// Whether `comment` holds an explanation a report wrote (so that a
/// second report does not add another beside it): a class's name before
/// the scores in brackets, "Blunder (+0.43 → -4.39)", or the older
/// "Blunder (search, White's view: ...".
pub fn holds_explanation(comment: &str) -> bool {
    [Class::Inaccuracy, Class::Mistake, Class::Blunder]
        .into_iter()
        .any(|c| {
            let head = format!("{} (", class_word(c));
            comment.match_indices(&head).any(|(at, _)| {
                let inside = &comment[at + head.len()..];
                let inside = inside.split(')').next().unwrap_or("");
                inside.starts_with(&OLD_SCORES_HEAD[1..]) || inside.contains(" \u{2192} ")
            })
        })
}

/// The explanation of a judged move: its head ("23...Qxb2?? is a blunder
/// (+0.43 → -4.39)." with the search's scores, White's view, as Lichess
/// shows them), the search's facts, then how the two lines' ends differ.
pub fn explain(j: &Judged) -> Explanation {
    let scores = format!("({} \u{2192} {}).", j.before.display(), j.after.display());
    let article = if j.class == Class::Inaccuracy {
        "an"
    } else {
        "a"
    };
    let head = format!(
        "{}{} is {article} {} {scores}",
        move_label(j.board, j.played),
        j.class.glyph(),
        j.class.name()
    );
    let comment_head = format!("{} {scores}", class_word(j.class));
    let mut played_full = vec![j.played];
    played_full.extend_from_slice(j.reply);
    // What follows the head, the same in both texts.
    let mut rest = move_facts(j, &played_full);
    let mover = j.board.side_to_move();
    let loss = j.loss();
    let ends = compared_ends(j.board, &played_full, j.best, loss);
    let total = (ends.played_trace.tapered - ends.better_trace.tapered) * mover.sign();
    let terms: Vec<(Term, i32)> = term_differences(&ends.played_trace, &ends.better_trace, mover)
        .into_iter()
        .filter(|&(_, d)| d.abs() >= TERM_MIN_CP)
        .take(TERMS_NAMED)
        .collect();
    let terminal = game_over(&ends.played_end) || game_over(&ends.better_end);
    // The move to play instead, as Lichess names it, unless a fact did.
    if let Some(&best) = j.best.first() {
        let label = move_label(j.board, best);
        if !names_move(&rest, &label) {
            rest.push_str(&format!(" Best was {label}."));
        }
    }
    // A mate or stalemate at the end of a line says more than terms, and a
    // mate allowed or let go is the whole story: the terms of where the
    // lines stop would only blur it.
    let terms_said = !terminal && !ends.better_line.is_empty() && j.turn == MateTurn::None;
    if terminal {
        rest.push_str(&game_over_sentences(j, &ends));
    } else if terms_said {
        rest.push_str(&comparison_sentence(j, &ends, &terms, total, loss));
    }
    let terms = if terms_said { terms } else { Vec::new() };
    Explanation {
        comment: format!("{comment_head}{rest}"),
        text: format!("{head}{rest}"),
        played_line: ends.played_line,
        better_line: ends.better_line,
        played_end: ends.played_end,
        better_end: ends.better_end,
        terms,
        total,
        terms_said,
    }
}

/// Whether `text` names the move `label` ("29...Bf6"), not a later
/// move that ends the same way ("1.e4" in "31.e4").
fn names_move(text: &str, label: &str) -> bool {
    text.match_indices(label)
        .any(|(at, _)| !text[..at].ends_with(|c: char| c.is_ascii_digit()))
}

/// The search's facts about the move, and (no mate in sight) the tactic
/// or promotion the two lines differ by: " It hangs a bishop: ...".
fn move_facts(j: &Judged, played_full: &[Move]) -> String {
    let mut rest = String::new();
    if let Some(fact) = search_fact(j, &j.board.make(j.played)) {
        rest.push(' ');
        rest.push_str(&fact);
    }
    if j.turn == MateTurn::None {
        let (short_played, _) = to_quiet(j.board, played_full, LINE_MIN_PLIES);
        let (short_better, _) = to_quiet(j.board, j.best, LINE_MIN_PLIES);
        let fact = tactic_fact(j.board, &short_played, &short_better)
            .or_else(|| promotion_fact(j.board, played_full, j.best));
        if let Some(fact) = fact {
            rest.push(' ');
            rest.push_str(&fact);
        }
    }
    rest
}

/// " 24.Qxf7 ends in mate." for each line that ends the game, unless the
/// search's mate already said so.
fn game_over_sentences(j: &Judged, ends: &Ends) -> String {
    let mut out = String::new();
    for (line, end) in [
        (&ends.played_line, &ends.played_end),
        (&ends.better_line, &ends.better_end),
    ] {
        let said = j.turn != MateTurn::None && end.in_check();
        if !line.is_empty() && game_over(end) && !said {
            let what = if end.in_check() { "mate" } else { "stalemate" };
            out.push_str(&format!(" {} ends in {what}.", san_line(j.board, line)));
        }
    }
    out
}

/// " After LINE rather than LINE, WORDS; the hand-crafted terms ...": the
/// board's words first (material, a passed pawn, the king), then the named
/// terms' numbers as their size, and where they fall short of the search's
/// loss, that the loss lies deeper.
fn comparison_sentence(
    j: &Judged,
    ends: &Ends,
    terms: &[(Term, i32)],
    total: i32,
    loss: i32,
) -> String {
    let mover = j.board.side_to_move();
    let side = mover.name();
    let lines = format!(
        "After {} rather than {}",
        san_line(j.board, &ends.played_line),
        san_line(j.board, &ends.better_line)
    );
    // Words only for a loss the sentence names with its number.
    let term_lost = |term: Term| terms.iter().any(|&(t, d)| t == term && d < 0);
    let material = material_words(
        &ends.played_end,
        &ends.better_end,
        mover,
        promotions(j.board, &ends.played_line, &ends.better_line),
    );
    let wins_material = material.as_ref().is_some_and(|&(_, v)| v > 0);
    let mut words: Vec<String> = material.map(|(w, _)| w).into_iter().collect();
    if term_lost(Term::Passed) {
        let named = !words.is_empty();
        words.extend(passed_words(
            &ends.played_end,
            &ends.better_end,
            mover,
            named,
        ));
    }
    if term_lost(Term::KingSafety) {
        words.extend(king_words(&ends.played_end, &ends.better_end, mover));
    }
    // The other named losses in a player's words, the largest first: the
    // numbers in brackets then say what the words mean, not stand alone.
    let plain: Vec<String> = (terms.iter())
        .filter(|&&(_, d)| d < 0)
        .filter_map(|&(t, _)| term_words(t, &ends.played_end, &ends.better_end, mover))
        .take(TERM_WORDS_MAX)
        .collect();
    // "White's pieces stand on worse squares and have fewer moves", not
    // the pieces named twice.
    let pieces = format!("{side}'s pieces ");
    match plain.as_slice() {
        [a, b] if a.starts_with(&pieces) && b.starts_with(&pieces) => {
            words.push(format!("{a} and {}", &b[pieces.len()..]));
        }
        _ => words.extend(plain),
    }
    let words = and_list(&words);
    let mut named: Vec<String> = terms
        .iter()
        .map(|&(t, d)| format!("{} {}", lowercase_first(t.name()), signed_pawns(d)))
        .collect();
    // The terms not named, as one number: the list adds up to "in all".
    let others = unnamed(terms, total);
    if !named.is_empty() && others != 0 {
        named.push(format!("the other terms {}", signed_pawns(others)));
    }
    let named = named.join(", ");
    let all = signed_pawns(total);
    let deeper = "the loss lies deeper than these lines";
    let shows = shows_the_loss(total, loss);
    let then = if words.is_empty() { "" } else { "; " };
    match (terms.is_empty(), words.is_empty()) {
        (true, true) => format!(
            " {lines}, the hand-crafted terms hardly differ for {side} ({all} in all): {deeper}."
        ),
        (true, false) => format!(
            " {lines}, {words}; the hand-crafted terms hardly differ for {side} ({all} in all): {deeper}."
        ),
        _ if total >= 0 => format!(
            " {lines}, {words}{then}the hand-crafted terms even favour the move for {side} ({named}; {all} in all): {deeper}."
        ),
        _ if !shows => format!(
            " {lines}, {words}{then}the hand-crafted terms show only {all} for {side}, under half of what the search says the move loses ({named}): {deeper}."
        ),
        (false, true) => {
            format!(" {lines}, the hand-crafted terms say for {side}: {named}; {all} in all.")
        }
        // Material won that the rest takes back.
        (false, false) if wins_material => format!(
            " {lines}, {words}, but the hand-crafted terms for {side} take more back: {named}; {all} in all."
        ),
        (false, false) => format!(
            " {lines}, {words} (the hand-crafted terms for {side}: {named}; {all} in all)."
        ),
    }
}

/// Mate or stalemate: a line's end where the terms say nothing.
fn game_over(b: &Board) -> bool {
    crate::chess::legal_moves(b).is_empty()
}

/// Where the two compared lines end, and the traces there.
struct Ends {
    played_line: Vec<Move>,
    played_end: Board,
    better_line: Vec<Move>,
    better_end: Board,
    played_trace: Trace,
    better_trace: Trace,
}

/// Whether a trace difference of `total` (the mover's view) shows at
/// least `LINE_SHOWN_SHARE` percent of a search loss of `loss` centipawns.
fn shows_the_loss(total: i32, loss: i32) -> bool {
    loss <= 0 || -total * 100 >= loss * LINE_SHOWN_SHARE
}

/// The played line (the move and the search's reply) and the better line
/// from `board`, each to a quiet end, and the traces there: the shortest
/// such lines, or, when their ends do not show the search's `loss`,
/// longer ones of the same lines up to the first ends that do (none that
/// do: the shortest).
fn compared_ends(board: &Board, played: &[Move], better: &[Move], loss: i32) -> Ends {
    let mover = board.side_to_move();
    let at = |min: usize| {
        let (mut played_line, mut played_end) = to_quiet(board, played, min);
        let (mut better_line, mut better_end) = to_quiet(board, better, min);
        // Ends the same number of moves on, where the lines have them: a
        // line stopped a move before the other's capture would count a
        // pawn the other line loses too (44.Nf4 Nxb3+ 45.Kb1 against
        // 44.Rg7+ Kb6, where 45.g6 Nxb3+ follows).
        if better_line.len() < played_line.len() {
            (better_line, better_end) = to_quiet(board, better, played_line.len());
        } else if played_line.len() < better_line.len() {
            (played_line, played_end) = to_quiet(board, played, better_line.len());
        }
        Ends {
            played_trace: trace(&played_end),
            better_trace: trace(&better_end),
            played_line,
            played_end,
            better_line,
            better_end,
        }
    };
    let total = |e: &Ends| (e.played_trace.tapered - e.better_trace.tapered) * mover.sign();
    let first = at(LINE_MIN_PLIES);
    if shows_the_loss(total(&first), loss) {
        return first;
    }
    let mut last = (first.played_line.len(), first.better_line.len());
    let mut min = LINE_MIN_PLIES + LINE_DEEPER_STEP;
    while min <= LINE_DEEPEST_MIN {
        let next = at(min);
        let lengths = (next.played_line.len(), next.better_line.len());
        // The same ends as the step before (a quiet end further on than
        // `min`) hold nothing new; lines that stopped short of `min` both
        // cannot grow.
        if lengths != last && (shows_the_loss(total(&next), loss) || game_over(&next.played_end)) {
            return next;
        }
        if lengths.0 < min && lengths.1 < min {
            break;
        }
        last = lengths;
        min += LINE_DEEPER_STEP;
    }
    first
}

/// A pawn of the opponent's that promotes in the played line within
/// `PROMOTION_PLIES` and none in the better line: "It lets White's g-pawn
/// promote: 44...Rd1 45.f7 Rf8 46.g7 Rxf7+ 47.Kxf7 Kh5 48.g8=Q."
pub fn promotion_fact(board: &Board, played: &[Move], better: &[Move]) -> Option<String> {
    let mover = board.side_to_move();
    // The legal start of a line, at most `PROMOTION_PLIES` long, and
    // where it ends.
    let legal = |line: &[Move]| -> (usize, Board) {
        let mut b = *board;
        for (k, &m) in line.iter().enumerate().take(PROMOTION_PLIES) {
            if !b.is_legal(m) {
                return (k, b);
            }
            b = b.make(m);
        }
        (line.len().min(PROMOTION_PLIES), b)
    };
    // The opponent's first promotion in the line's first `plies` whose
    // new piece is not taken at once (a queen taken back is no queen),
    // unless its taker is taken in turn (47.g8=Q Rxg8 48.Rxg8: the pawn
    // cost the rook): its index, and the last move the words quote.
    let promotes = |line: &[Move], plies: usize| -> Option<(usize, usize)> {
        let mut b = *board;
        for (k, &m) in line[..plies].iter().enumerate() {
            // The captures on its square that follow at once: an odd
            // number leaves the last piece there the mover's.
            let on = |i: usize| line.get(i).is_some_and(|&r| r.to() == m.to());
            let taken = (k + 1..).take_while(|&i| on(i)).count();
            if m.is_promotion() && b.side_to_move() != mover && taken % 2 == 0 {
                return Some((k, k + taken));
            }
            b = b.make(m);
        }
        None
    };
    let (k, quoted) = promotes(played, legal(played).0)?;
    let (reach, end) = legal(better);
    if promotes(better, reach).is_some() {
        return None;
    }
    // A better line too short to reach as far says nothing of it, unless
    // the pawn is gone there.
    let file = played[k].from().file();
    let pawn_stays = (end.colored(!mover, PieceType::Pawn) & Bitboard::file(file)).any();
    if reach <= k && pawn_stays {
        return None;
    }
    let file = char::from(b'a' + file);
    Some(format!(
        "It lets {}'s {file}-pawn promote: {}.",
        (!mover).name(),
        san_line(board, &played[..=quoted])
    ))
}

/// The search's fact about the move, if one stands out: a mate allowed, a
/// mate let go, material hung, a winning capture missed.
fn search_fact(j: &Judged, after_move: &Board) -> Option<String> {
    match j.turn {
        MateTurn::MateCreated => {
            let n = j.after.mate_moves().map_or(0, i32::abs);
            let line = san_line(after_move, &j.reply[..j.reply.len().min(6)]);
            return Some(format!("It allows mate in {n}: {line}."));
        }
        MateTurn::MateLost => {
            let n = j.before.mate_moves().map_or(0, i32::abs);
            let line = san_line(j.board, &j.best[..j.best.len().min(6)]);
            return Some(format!("It lets mate in {n} go: {line}."));
        }
        MateTurn::None => {}
    }
    if let Some(&r) = j.reply.first() {
        if after_move.is_legal(r) {
            if let Some(victim) = after_move.captured(r) {
                // A recapture of what the move took is a trade, and what
                // the better line loses too was lost before the move.
                let taken = move_gain(j.board, j.played);
                let lost_anyway = j.best.first().is_some_and(|&best| {
                    best != j.played && j.board.is_legal(best) && {
                        let after_best = j.board.make(best);
                        after_best.is_legal(r)
                            && after_best.captured(r) == Some(victim)
                            && see_ge(&after_best, r, move_gain(j.board, best) + 1)
                    }
                }) || taken_later(j.board, j.best, r.to(), victim.kind());
                if see_ge(after_move, r, taken + 1) && !lost_anyway {
                    let label = move_label(after_move, r);
                    return Some(if can_take_back(after_move, r) {
                        format!(
                            "It loses material on {}: the exchanges after {label} favour {}.",
                            r.to(),
                            after_move.side_to_move().name()
                        )
                    } else {
                        hangs_words(j, r, victim.kind(), &label)
                    });
                }
            }
        }
    }
    if let Some(words) = moved_piece_hangs(j, after_move) {
        return Some(words);
    }
    let best = *j.best.first()?;
    if best != j.played && j.board.is_legal(best) && !see_ge(j.board, j.played, 1) {
        if let Some(victim) = j.board.captured(best) {
            if see_ge(j.board, best, 1) {
                let label = move_label(j.board, best);
                return Some(if can_take_back(j.board, best) {
                    format!(
                        "It misses {label}, which wins material: the exchanges on {} favour {}.",
                        best.to(),
                        j.board.side_to_move().name()
                    )
                } else {
                    format!(
                        "It misses {label}, which takes {} for nothing.",
                        piece_words(victim.kind())
                    )
                });
            }
        }
    }
    None
}

/// The piece the move put on its square, where the opponent's cheapest
/// capture of it wins its whole worth by static exchange, the search's
/// own line takes it within `HUNG_TAKEN_PLIES`, the move took less than
/// the rest of its worth, and the search's loss is about that much: "It
/// hangs a bishop: 5...bxa6 takes it for nothing." The search may prefer
/// another reply first (5...Qa5+, a check that takes the bishop two moves
/// later), and the piece hangs all the same. A promotion's new piece was
/// never on the board to hang.
fn moved_piece_hangs(j: &Judged, after_move: &Board) -> Option<String> {
    let to = j.played.to();
    let piece = after_move.piece_at(to)?;
    let kind = piece.kind();
    if kind == PieceType::King || j.played.is_promotion() {
        return None;
    }
    let worth = SEE_VALUE[kind.index()];
    let loss = j.loss();
    let about = worth * HUNG_LOSS_SHARE..=worth * HUNG_LOSS_MAX_SHARE;
    let taken = move_gain(j.board, j.played);
    if !about.contains(&(loss * 100)) || taken * 100 > worth * (100 - HUNG_LOSS_SHARE) {
        return None;
    }
    // The search's line takes it there, while it still stands there.
    let mut b = *after_move;
    let mut taken_in_line = false;
    for &m in j.reply.iter().take(HUNG_TAKEN_PLIES) {
        if !b.is_legal(m) || (m.from() == to && b.side_to_move() == piece.color()) {
            break;
        }
        if m.to() == to && b.side_to_move() != piece.color() {
            taken_in_line = b.piece_at(to) == Some(piece);
            break;
        }
        b = b.make(m);
    }
    if !taken_in_line {
        return None;
    }
    // The cheapest taker, the king last.
    let taker_worth = |m: &Move| match after_move.piece_at(m.from()).map(|p| p.kind()) {
        Some(PieceType::King) | None => i32::MAX,
        Some(k) => SEE_VALUE[k.index()],
    };
    let capture = legal_moves(after_move)
        .iter()
        .copied()
        .filter(|&m| m.to() == to && see_ge(after_move, m, worth))
        .min_by_key(taker_worth)?;
    Some(hangs_words(
        j,
        capture,
        kind,
        &move_label(after_move, capture),
    ))
}

/// "It hangs a knight: 24.Bxf7 takes it for nothing.", or, where the
/// move itself took a piece and the reply takes the taker, the trade it
/// is: "It gives a rook for a knight: 21.Qxf7 takes it and nothing takes
/// back." (20...Rxf7 took the knight on f7; the rook was not given for
/// nothing.)
fn hangs_words(j: &Judged, reply: Move, victim: PieceType, label: &str) -> String {
    let took = j.board.captured(j.played).map(|p| p.kind());
    match took {
        Some(took) if reply.to() == j.played.to() => {
            let minor = matches!(took, PieceType::Knight | PieceType::Bishop);
            let trade = if victim == PieceType::Rook && minor {
                "gives up the exchange,"
            } else {
                "gives"
            };
            format!(
                "It {trade} {} for {}: {label} takes it and nothing takes back.",
                piece_words(victim),
                piece_words(took)
            )
        }
        _ => format!(
            "It hangs {}: {label} takes it for nothing.",
            piece_words(victim)
        ),
    }
}

/// Whether the opponent of the side to move on `board` takes a `kind` on
/// `square` within the first `LOST_ANYWAY_PLIES` of `line` (its own moves
/// only): what a better line gives up too, a move later, was not hung by
/// the played move (Kasparov-Deep Blue 1997 game 5: 44.Rg7+ Kb6 45.g6
/// Nxb3+ loses the b3-pawn as 44.Nf4 Nxb3+ does).
fn taken_later(
    board: &Board,
    line: &[Move],
    square: crate::chess::Square,
    kind: PieceType,
) -> bool {
    let mover = board.side_to_move();
    let mut b = *board;
    for &m in line.iter().take(LOST_ANYWAY_PLIES) {
        if !b.is_legal(m) {
            return false;
        }
        let taken = b.captured(m);
        if b.side_to_move() != mover && m.to() == square && taken.map(|p| p.kind()) == Some(kind) {
            return true;
        }
        b = b.make(m);
    }
    false
}

/// The first fork the opponent of the side to move at `start` makes in
/// `line`: the index of the forking move and the fork.
pub fn opponent_fork(start: &Board, line: &[Move]) -> Option<(usize, Fork)> {
    let mover = start.side_to_move();
    let mut b = *start;
    for (k, &m) in line.iter().enumerate() {
        if !b.is_legal(m) {
            break;
        }
        let by_opponent = b.side_to_move() != mover;
        b = b.make(m);
        if by_opponent && !m.is_castle() {
            if let Some(f) = fork_by(&b, m.to()) {
                return Some((k, f));
            }
        }
    }
    None
}

/// The first pin of the side to move at `start` that a position of `line`
/// has and `start` has not: the index of the move that leads there and
/// the pin.
pub fn new_pin(start: &Board, line: &[Move]) -> Option<(usize, Pin)> {
    let mover = start.side_to_move();
    let old = pins_of(start, mover);
    let mut b = *start;
    for (k, &m) in line.iter().enumerate() {
        if !b.is_legal(m) {
            break;
        }
        b = b.make(m);
        if let Some(p) = pins_of(&b, mover).into_iter().find(|p| !old.contains(p)) {
            return Some((k, p));
        }
    }
    None
}

/// A fork or pin, when one is true in the lines' positions: the played
/// line lets the opponent fork (or pins a piece of the mover's) and the
/// better line does not, or the better line's first move forks and the
/// played move does not.
pub fn tactic_fact(board: &Board, played: &[Move], better: &[Move]) -> Option<String> {
    let best = *better.first()?;
    let &first = played.first()?;
    let side = |b: &Board, sq| {
        b.piece_at(sq)
            .map_or("a piece", |p| kind_word(p.kind()))
            .to_string()
    };
    let end_of = |line: &[Move]| {
        let mut b = *board;
        for &m in line {
            b = b.make(m);
        }
        b
    };
    if let Some((k, f)) = opponent_fork(board, played) {
        if opponent_fork(board, better).is_none() {
            return Some(format!(
                "It walks into a fork: after {}, {} on {} attacks {}; {} avoids it.",
                san_line(board, &played[..=k]),
                kind_word(f.piece.kind()),
                f.square,
                targets_words(&f),
                san_line(board, better)
            ));
        }
    }
    if board.is_legal(best) && !best.is_castle() && best != first {
        if let Some(f) = fork_by(&board.make(best), best.to()) {
            let played_forks = board.is_legal(first)
                && !first.is_castle()
                && fork_by(&board.make(first), first.to()).is_some();
            if !played_forks {
                return Some(format!(
                    "It misses a fork: {} attacks {} at once.",
                    move_label(board, best),
                    targets_words(&f)
                ));
            }
        }
    }
    if let Some((k, p)) = new_pin(board, played) {
        if new_pin(board, better).is_none() {
            let at = end_of(&played[..=k]);
            return Some(format!(
                "It walks into a pin: after {}, {} on {} is pinned to {} on {} by {} on {}; {} avoids it.",
                san_line(board, &played[..=k]),
                side(&at, p.pinned),
                p.pinned,
                side(&at, p.behind),
                p.behind,
                side(&at, p.pinner),
                p.pinner,
                san_line(board, better)
            ));
        }
    }
    None
}

fn lowercase_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::parse_san;

    /// A pawn the better line gives up a move later was not hung.
    #[test]
    fn a_piece_the_better_line_loses_too_is_taken_later() {
        let (b, l) = setup(
            "k7/8/8/8/8/1P6/3n4/7K w - - 0 1",
            &[&["Kg2", "Nxb3"], &["Kg2", "Nf3"], &["b4", "Nb3"]],
        );
        let b3 = crate::chess::Square::from_coords(1, 2);
        assert!(taken_later(&b, &l[0], b3, PieceType::Pawn));
        assert!(!taken_later(&b, &l[1], b3, PieceType::Pawn));
        assert!(!taken_later(&b, &l[2], b3, PieceType::Pawn), "moved away");
    }

    #[test]
    fn an_earlier_reports_explanation_is_known_in_both_forms() {
        assert!(holds_explanation(
            "Blunder (+0.43 \u{2192} -4.39). It hangs"
        ));
        assert!(holds_explanation(
            "my note [%eval 0.3] Inaccuracy (+0.90 \u{2192} #-3)."
        ));
        assert!(holds_explanation(
            "Mistake (search, White's view: +0.43 \u{2192} -1.39). After"
        ));
        // A player's own words that merely start alike are not one.
        assert!(!holds_explanation("Blunder (I think) but bold"));
        assert!(!holds_explanation("Mistake ("));
        assert!(!holds_explanation("a blunder (+1 \u{2192} -1)"));
    }

    /// The position of `fen` and the lines `lines` (SAN, from it).
    fn setup(fen: &str, lines: &[&[&str]]) -> (Board, Vec<Vec<Move>>) {
        let start = Board::from_fen(fen).unwrap();
        let moves = lines
            .iter()
            .map(|sans| {
                let mut b = start;
                sans.iter()
                    .map(|s| {
                        let m = parse_san(&b, s).unwrap_or_else(|e| panic!("{s}: {e:?}"));
                        b = b.make(m);
                        m
                    })
                    .collect()
            })
            .collect();
        (start, moves)
    }

    const FORK_INTO: &str = "4k3/1r6/8/1N6/8/8/8/4K3 b - - 0 1";
    const FORK_MISSED: &str = "r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1";
    const PIN_INTO: &str = "4k3/8/2n5/8/8/3B4/8/4K3 b - - 0 1";

    #[test]
    fn forks_and_pins_said_only_when_true() {
        let (b, l) = setup(FORK_INTO, &[&["Kf7", "Nd6+"], &["Kd7", "Ke2"]]);
        assert_eq!(
            tactic_fact(&b, &l[0], &l[1]).as_deref(),
            Some(
                "It walks into a fork: after 1...Kf7 2.Nd6+, the knight on d6 attacks \
                 the king on f7 and the rook on b7; 1...Kd7 2.Ke2 avoids it."
            )
        );
        // The better line forks too: nothing is said.
        assert_eq!(tactic_fact(&b, &l[0], &l[0]), None);
        let (b, l) = setup(FORK_MISSED, &[&["Ke2", "Kd7"], &["Nc7+", "Kd7"]]);
        assert_eq!(
            tactic_fact(&b, &l[0], &l[1]).as_deref(),
            Some("It misses a fork: 1.Nc7+ attacks the king on e8 and the rook on a8 at once.")
        );
        // Played the fork itself, or a line with no fork in it.
        assert_eq!(tactic_fact(&b, &l[1], &l[1]), None);
        let (b2, l2) = setup(FORK_MISSED, &[&["Ke2", "Kd7"], &["Kf2", "Kd7"]]);
        assert_eq!(tactic_fact(&b2, &l2[0], &l2[1]), None);
        let (b, l) = setup(PIN_INTO, &[&["Kd7", "Bb5"], &["Kf7", "Bb5"]]);
        assert_eq!(
            tactic_fact(&b, &l[0], &l[1]).as_deref(),
            Some(
                "It walks into a pin: after 1...Kd7 2.Bb5, the knight on c6 is pinned to \
                 the king on d7 by the bishop on b5; 1...Kf7 2.Bb5 avoids it."
            )
        );
        assert_eq!(tactic_fact(&b, &l[0], &l[0]), None, "both lines pin");
    }

    fn judged<'a>(b: &'a Board, played: &'a [Move], best: &'a [Move]) -> Judged<'a> {
        Judged {
            board: b,
            played: played[0],
            reply: &played[1..],
            best,
            before: WhiteScore(0),
            after: WhiteScore(-100),
            class: Class::Inaccuracy,
            turn: MateTurn::None,
        }
    }

    /// "It hangs" only for material the reply wins on balance: taking
    /// back what the move took is a trade, and a piece the better line
    /// loses as well was not hung by the move.
    #[test]
    fn a_trade_or_a_piece_lost_anyway_is_not_hung() {
        let (b, l) = setup("1rk5/8/8/8/8/8/8/1R2K3 w - - 0 1", &[&["Rxb8+", "Kxb8"]]);
        assert_eq!(search_fact(&judged(&b, &l[0], &[]), &b.make(l[0][0])), None);
        // The pawn on a2 falls to the bishop whatever White plays.
        let fen = "4k3/5b2/8/8/8/8/P7/4K2R w - - 0 1";
        let (b, l) = setup(fen, &[&["Kf2", "Bxa2"], &["Rh8+", "Kd7"], &["Kd2", "Bxa2"]]);
        let after = b.make(l[0][0]);
        assert!(search_fact(&judged(&b, &l[0], &l[1]), &after).is_some());
        assert_eq!(search_fact(&judged(&b, &l[0], &l[2]), &after), None);
        // A real hang still is one.
        let (b, l) = setup("1r2k3/8/8/8/8/8/8/1R2K3 w - - 0 1", &[&["Rb4", "Rxb4"]]);
        let x = search_fact(&judged(&b, &l[0], &[]), &b.make(l[0][0]));
        assert_eq!(
            x.as_deref(),
            Some("It hangs a rook: 1...Rxb4 takes it for nothing.")
        );
        // Defended, but not enough: the exchanges are named, not a piece.
        let (b, l) = setup("1r2k3/8/8/8/8/8/3B4/1R2K3 w - - 0 1", &[&["Rb4", "Rxb4"]]);
        let x = search_fact(&judged(&b, &l[0], &[]), &b.make(l[0][0]));
        assert_eq!(x, None, "a rook for a rook is a trade");
        let (b, l) = setup("4k3/3b4/8/8/8/8/8/1R1NK3 w - - 0 1", &[&["Rb5", "Bxb5"]]);
        let x = search_fact(&judged(&b, &l[0], &[]), &b.make(l[0][0]));
        assert_eq!(
            x.as_deref(),
            Some("It hangs a rook: 1...Bxb5 takes it for nothing."),
            "the knight cannot take back on b5"
        );
        let (b, l) = setup("3bk3/8/8/8/8/8/8/1R2K1B1 w - - 0 1", &[&["Rb6", "Bxb6"]]);
        let x = search_fact(&judged(&b, &l[0], &[]), &b.make(l[0][0]));
        assert_eq!(
            x.as_deref(),
            Some("It loses material on b6: the exchanges after 1...Bxb6 favour Black.")
        );
        // A rook that took a knight and is then taken was not given for
        // nothing: the trade is named (20...Rxf7 21.Qxf7 of a real game).
        let (b, l) = setup("5rk1/8/8/8/8/8/7K/3Q1N2 b - - 0 1", &[&["Rxf1+", "Qxf1"]]);
        let x = search_fact(&judged(&b, &l[0], &[]), &b.make(l[0][0]));
        assert_eq!(
            x.as_deref(),
            Some(
                "It gives up the exchange, a rook for a knight: 2.Qxf1 takes it and nothing \
                 takes back."
            )
        );
        let (b, l) = setup("4k3/8/8/8/8/3q4/3P4/3QK3 b - - 0 1", &[&["Qxd2+", "Qxd2"]]);
        let x = search_fact(&judged(&b, &l[0], &[]), &b.make(l[0][0]));
        assert_eq!(
            x.as_deref(),
            Some("It gives the queen for a pawn: 2.Qxd2 takes it and nothing takes back.")
        );
    }

    /// A queen taken at once is no promotion, unless its taker is taken in
    /// turn: then the pawn cost the taker, and the words quote the trade
    /// (44...Rd1 45.g7 of Kasparov-Deep Blue 1997, game 1).
    #[test]
    fn a_promotion_that_costs_the_taker_is_said() {
        let fen = "r7/6P1/8/8/2k5/8/8/1K4R1 b - - 0 1";
        let (b, l) = setup(
            fen,
            &[
                &["Kd4", "g8=Q", "Rxg8", "Rxg8"],
                &["Rg8", "Kb2"],
                &["Kd4", "g8=Q", "Rxg8", "Rf1"],
            ],
        );
        assert_eq!(
            promotion_fact(&b, &l[0], &l[1]).as_deref(),
            Some("It lets White's g-pawn promote: 1...Kd4 2.g8=Q Rxg8 3.Rxg8.")
        );
        assert_eq!(
            promotion_fact(&b, &l[2], &l[1]),
            None,
            "taken back, not retaken"
        );
        // Taken, retaken and taken again: the pawn went for nothing.
        let (b, l) = setup(
            "r7/6P1/5n2/8/2k5/8/8/1K4R1 b - - 0 1",
            &[&["Kd4", "g8=Q", "Rxg8", "Rxg8", "Nxg8"], &["Rg8", "Kb2"]],
        );
        assert_eq!(promotion_fact(&b, &l[0], &l[1]), None);
    }

    /// A piece put where a pawn takes it for nothing hangs, though the
    /// search's reply is a check first (5.Ba6?? Qa5+ of a real game, where
    /// 5...bxa6 wins the bishop as well); not where the search's loss is
    /// too small for the piece to be it.
    #[test]
    fn a_piece_put_en_prise_hangs_whatever_the_reply() {
        let fen = "3qk3/1p6/8/8/8/8/8/4KB2 w - - 0 1";
        let (b, l) = setup(
            fen,
            &[
                &["Ba6", "Qa5+", "Kf2", "Qxa6"],
                &["Ba6", "Qa5+", "Kf2", "Qd5"],
            ],
        );
        let after = b.make(l[0][0]);
        let loses = |line: usize, cp: i32| Judged {
            after: WhiteScore(-cp),
            ..judged(&b, &l[line], &[])
        };
        assert_eq!(
            search_fact(&loses(0, 300), &after).as_deref(),
            Some("It hangs a bishop: 1...bxa6 takes it for nothing.")
        );
        assert_eq!(
            search_fact(&loses(0, 100), &after),
            None,
            "too small a loss"
        );
        assert_eq!(search_fact(&loses(0, 900), &after), None, "something else");
        assert_eq!(
            search_fact(&loses(1, 300), &after),
            None,
            "the line leaves it"
        );
        // Defended on a6, the bishop does not hang.
        let (b, l) = setup("3qk3/1p6/8/8/8/8/8/R3KB2 w - - 0 1", &[&["Ba6", "Qa5+"]]);
        let j = Judged {
            after: WhiteScore(-300),
            ..judged(&b, &l[0], &[])
        };
        assert_eq!(search_fact(&j, &b.make(l[0][0])), None);
        // The king takes last: the pawn is named, as the cheapest taker.
        let line: &[&str] = &["Ba6", "Qd4", "Ke2", "Kxa6"];
        let (b, l) = setup("3q4/kp6/8/8/8/8/8/4KB2 w - - 0 1", &[line]);
        let j = Judged {
            after: WhiteScore(-300),
            ..judged(&b, &l[0], &[])
        };
        assert_eq!(
            search_fact(&j, &b.make(l[0][0])).as_deref(),
            Some("It hangs a bishop: 1...bxa6 takes it for nothing.")
        );
    }

    const RUNNER: &str = "7k/8/6P1/8/8/8/2r5/K7 b - - 0 1";
    /// From `RUNNER`: a line that lets the g-pawn queen, and one that takes it.
    const RUNNER_LINES: &[&[&str]] = &[
        &["Rc1+", "Kb2", "Rc8", "g7+", "Kh7", "g8=Q+", "Kh6", "Qg2"],
        &["Rg2", "Kb1", "Rxg6", "Kc1"],
    ];

    /// The opponent's pawn queening in the played line is said, with the
    /// line; not when the better line lets it queen too.
    #[test]
    fn a_pawn_let_through_is_said() {
        let (b, l) = setup(RUNNER, RUNNER_LINES);
        assert_eq!(
            promotion_fact(&b, &l[0], &l[1]).as_deref(),
            Some("It lets White's g-pawn promote: 1...Rc1+ 2.Kb2 Rc8 3.g7+ Kh7 4.g8=Q+.")
        );
        assert_eq!(promotion_fact(&b, &l[0], &l[0]), None);
        assert_eq!(promotion_fact(&b, &l[1], &l[0]), None);
        // A better line that stops before the promotion's ply proves nothing.
        assert_eq!(promotion_fact(&b, &l[0], &l[1][..2]), None);
        // A queen taken back at once is not said.
        let (b, l) = setup(
            RUNNER,
            &[
                &["Rc8", "g7+", "Kxg7", "Kb2"],
                &["Kg7", "Kb1", "Rg2", "Ka1", "Rxg6"],
                &["Rc1+", "Kb2", "Rg1", "g7+", "Kh7", "g8=Q+", "Rxg8"],
            ],
        );
        assert_eq!(promotion_fact(&b, &l[2], &l[1]), None);
        assert_eq!(promotion_fact(&b, &l[0], &l[1]), None);
    }

    /// When the shortest lines' ends do not show the search's loss, the
    /// lines are followed on to ends that do, and the board's words come
    /// before the numbers.
    #[test]
    fn the_lines_go_on_until_the_loss_shows() {
        let (b, l) = setup(RUNNER, RUNNER_LINES);
        let judged = |after: i32| Judged {
            board: &b,
            played: l[0][0],
            reply: &l[0][1..],
            best: &l[1],
            before: WhiteScore(-500),
            after: WhiteScore(after),
            class: Class::Blunder,
            turn: MateTurn::None,
        };
        let x = explain(&judged(800));
        assert!(
            x.text.contains(
                "After 1...Rc1+ 2.Kb2 Rc8 3.g7+ Kh7 4.g8=Q+ Kh6 rather than \
                 1...Rg2 2.Kb1 Rxg6 3.Kc1, Black ends a queen worse off, more of White's \
                 pieces bear on Black's king and Black's pieces have fewer moves (the \
                 hand-crafted terms for Black: material"
            ),
            "{}",
            x.text
        );
        assert!(
            x.text.contains("It lets White's g-pawn promote"),
            "{}",
            x.text
        );
        // The move to play instead comes before the lines, once.
        assert!(
            x.text.contains("promote") && x.text.contains(". Best was 1...Rg2. After 1...Rc1+"),
            "{}",
            x.text
        );
        assert_eq!(x.text.matches("Best was").count(), 1, "{}", x.text);
        assert_eq!(x.played_line.len(), 7);
        assert!(x.total < -800, "{}", x.total);
        // A loss the shortest lines already show keeps them short: as
        // long as the better line's capture of the g-pawn (1...Rg2 2.Kb1
        // Rxg6 3.Kc1), which the played line is compared at, a move on.
        let short = explain(&judged(-480));
        assert!(
            short.played_line.len() < x.played_line.len(),
            "{}",
            short.text
        );
        assert_eq!(short.better_line.len(), 4, "{}", short.text);
        assert!(short.played_line.len().abs_diff(4) <= 1, "{}", short.text);
    }

    /// A mate let go is said with its line, and no term numbers blur it.
    #[test]
    fn a_mate_let_go_is_the_whole_story() {
        let (b, l) = setup(
            "7k/8/6K1/8/8/8/8/R7 w - - 0 1",
            &[&["Kf6", "Kg8"], &["Ra7", "Kg8", "Ra8#"]],
        );
        let x = explain(&Judged {
            board: &b,
            played: l[0][0],
            reply: &l[0][1..],
            best: &l[1],
            before: WhiteScore(crate::search::score::MATE - 3),
            after: WhiteScore(0),
            class: Class::Blunder,
            turn: MateTurn::MateLost,
        });
        assert!(
            x.text.contains("It lets mate in 2 go: 1.Ra7 Kg8 2.Ra8#."),
            "{}",
            x.text
        );
        assert!(!x.text.contains("hand-crafted"), "{}", x.text);
        // The mate's line names the move: no "Best was 1.Ra7." beside it.
        assert!(!x.text.contains("Best was"), "{}", x.text);
        assert!(names_move("It lets mate in 2 go: 1.Ra7 Kg8", "1.Ra7"));
        assert!(!names_move("after 31.e4 e5", "1.e4"));
    }

    #[test]
    fn the_fact_is_in_the_explanation() {
        let (b, l) = setup(FORK_INTO, &[&["Kf7", "Nd6+", "Ke7"], &["Kd7", "Ke2"]]);
        let x = explain(&Judged {
            board: &b,
            played: l[0][0],
            reply: &l[0][1..],
            best: &l[1],
            before: WhiteScore(0),
            after: WhiteScore(400),
            class: Class::Blunder,
            turn: MateTurn::None,
        });
        assert!(
            x.text
                .contains("It walks into a fork: after 1...Kf7 2.Nd6+, the knight on d6"),
            "{}",
            x.text
        );
        let (b, l) = setup(PIN_INTO, &[&["Kd7", "Bb5", "Kd6"], &["Kf7", "Bb5"]]);
        let x = explain(&Judged {
            board: &b,
            played: l[0][0],
            reply: &l[0][1..],
            best: &l[1],
            before: WhiteScore(0),
            after: WhiteScore(100),
            class: Class::Inaccuracy,
            turn: MateTurn::None,
        });
        assert!(x.text.contains("It walks into a pin"), "{}", x.text);
    }
}
