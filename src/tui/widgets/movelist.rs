//! The move list: the game's header (players and ratings, the opening of
//! the shown position, the book's moves there with their shares, event,
//! site, date, round, ECO, when the tags have them), then the laid-out
//! move tree (`MoveText`, built by the reducer) scrolled so the shown move
//! is in view and marked. Variations are indented in parentheses, comments
//! in their own colour, glyphs after the moves. With a net loaded, a ◆
//! after a move says the hand-crafted and the network evaluations of the
//! position it reaches differ by more than `DISAGREE_CP`; a ° after a move
//! says the opening book has it.

use super::{put, titled};
use crate::chess::Move;
use crate::game::{Nag, NodeId, Tags};
use crate::tui::app::{App, Mode};
use crate::tui::document::Document;
use crate::tui::game_evals::GameEvals;
use crate::tui::movetext::{Kind, MoveText, Piece};
use crate::tui::params::DISAGREE_CP;
use crate::tui::theme::Theme;
use crate::tui::widgets::report::class_colour;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// After a move whose position the two evaluations disagree on.
pub const MARK: &str = "◆";
/// After a move the opening book has.
pub const BOOK_MARK: &str = "°";

/// The header's rows: the tags' names (`header`), then the shown
/// position's opening, the file's clocks and eval, and the book's moves.
pub fn header_rows(app: &App, width: u16) -> Vec<String> {
    header_with_book(app, width).0
}

/// The header's rows and which of them is the book's.
fn header_with_book(app: &App, width: u16) -> (Vec<String>, Option<usize>) {
    let opening = app.view.opening;
    let mut rows = header(&app.doc.game.tags, opening.is_some(), width);
    let at = usize::from(rows.first().is_some_and(|r| r.contains(" – ")));
    let mut extra = Vec::new();
    if let Some(o) = opening {
        // Drawn inside the pane's one-cell margins, as the players' row.
        let room = usize::from(width).saturating_sub(2);
        extra.push(fit_opening(&o.to_string(), room));
    }
    // The file's clocks before the book: with few rows, what the game
    // itself records stays.
    if let Some(f) = file_notes_row(app, usize::from(width).saturating_sub(2)) {
        extra.push(f);
    }
    let mut book_at = None;
    if let Some(b) = book_row(app) {
        book_at = Some(at + extra.len());
        extra.push(b);
    }
    rows.splice(at..at, extra);
    (rows, book_at)
}

/// An opening's name made to fit `width` columns where it can: the words
/// that say only what kind of name it is ("Defense", "Variation",
/// "Opening", "Game") go first, so at 80x24 "B90 Sicilian Defense: Najdorf
/// Variation" reads "B90 Sicilian: Najdorf" rather than "B90 Sicilian
/// Defense:…". The full name is `:tag`'s and the file's.
pub fn fit_opening(name: &str, width: usize) -> String {
    if name.chars().count() <= width {
        return name.to_string();
    }
    const KINDS: [&str; 5] = ["Defense", "Defence", "Variation", "Opening", "Game"];
    let short: Vec<String> = name
        .split(' ')
        .filter_map(|word| {
            let bare = word.trim_end_matches([':', ',']);
            if KINDS.contains(&bare) {
                // Its punctuation moves onto the word before.
                let tail = &word[bare.len()..];
                (!tail.is_empty()).then(|| tail.to_string())
            } else {
                Some(word.to_string())
            }
        })
        .collect();
    let mut out = String::new();
    for w in short {
        if !out.is_empty() && !matches!(w.as_str(), ":" | ",") {
            out.push(' ');
        }
        out.push_str(&w);
    }
    out
}

/// What the game's own PGN annotations say at the shown move (a file's or a
/// report's), as Lichess shows
/// them: both players' clocks (`[%clk]` after this move and the one
/// before) and its `[%eval]` (not while a game hides the evaluation;
/// "report (HCE)" where this session's report wrote it).
/// The clocks not while a game against the engine draws its own: its
/// moves' `[%clk]`s would only repeat them. Made to fit `room` columns
/// where it can: the words go before the numbers ("W 2:50 · B 2:40 ·
/// +0.28" at 80x24, where the whole row would cut the evaluation off).
fn file_notes_row(app: &App, room: usize) -> Option<String> {
    use crate::game::annotations::{clock, eval, EvalNote};
    let tree = app.doc.game.tree();
    let node = app.doc.cursor;
    if node == NodeId::ROOT {
        return None;
    }
    let mover = !app.view.board.side_to_move();
    let mut clocks = [None, None];
    clocks[mover.index()] = clock(&tree.node(node).comment);
    clocks[(!mover).index()] = match tree.parent(node) {
        Some(before) if before != NodeId::ROOT => clock(&tree.node(before).comment),
        // At the first move the other side has its whole time, which the
        // `TimeControl` tag says ("180+2"; "-" untimed).
        _ => clocks[mover.index()].and(starting_time(&app.doc.game.tags)),
    };
    let mut parts = Vec::new();
    let live = (matches!(app.play.mode, Mode::Play { .. } | Mode::TwoPlayers)
        && app.play.clocks.is_some())
        || app.engine_game_on();
    for (side, c) in ["W", "B"].into_iter().zip(clocks).filter(|_| !live) {
        if let Some(c) = c {
            parts.push(format!("{side} {}", clock_text(c)));
        }
    }
    // The evaluation's long and short names, and its value.
    let mut value = None;
    if !app.eval_hidden() {
        let comment = &tree.node(node).comment;
        // This session's report wrote it: its search is the hand-crafted
        // one, whose number need not be the live (NNUE) analysis's.
        let whose = match app.report.written.last() {
            Some(w) if w.wrote_eval(node, comment) => ["report (HCE) ", "HCE "],
            _ => ["eval ", ""],
        };
        value = match eval(comment) {
            Some(EvalNote::Pawns(p)) => Some((whose, format!("{p:+.2}"))),
            Some(EvalNote::Mate(n)) => Some((whose, format!("#{n}"))),
            None => None,
        };
    }
    if parts.is_empty() && value.is_none() {
        return None;
    }
    let row = |name: usize, sep: &str| {
        let mut all = parts.clone();
        all.extend(value.as_ref().map(|(w, v)| format!("{}{v}", w[name])));
        all.join(sep)
    };
    let tries = [
        format!("PGN: {}", row(0, " · ")),
        row(0, " · "),
        row(1, " · "),
        row(1, " "),
    ];
    let fits = tries.iter().find(|t| t.chars().count() <= room);
    fits.or(tries.last()).cloned()
}

/// Each side's time at the start, from the `TimeControl` tag ("180+2",
/// "40/7200:3600" counts its first period).
fn starting_time(tags: &Tags) -> Option<std::time::Duration> {
    let first = tags.get("TimeControl")?.split(':').next()?;
    let base = first.rsplit('/').next()?.split('+').next()?;
    let secs: f64 = base.trim().parse().ok()?;
    std::time::Duration::try_from_secs_f64(secs).ok()
}

/// "1:02:03", "4:05" or "0:09.5" (tenths under ten seconds, as clocks show).
fn clock_text(d: std::time::Duration) -> String {
    let s = d.as_secs();
    let (h, m, sec) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{sec:02}")
    } else if s < 10 && d.subsec_millis() > 0 {
        format!("0:0{sec}.{}", d.subsec_millis() / 100)
    } else {
        format!("{m}:{sec:02}")
    }
}

/// "Book e5 41% · c5 28% · e6 9%", or why the book cannot say. Not
/// while a game against the engine hides the evaluation: it would
/// suggest the player's move as the evaluation would.
fn book_row(app: &App) -> Option<String> {
    if app.eval_hidden() {
        return None;
    }
    if let Some(e) = &app.view.book_error {
        return Some(format!("Book: {e}"));
    }
    let shares = book_shares(app);
    if shares.is_empty() {
        return None;
    }
    let words: Vec<&str> = shares.iter().map(|(_, w)| w.as_str()).collect();
    Some(format!("{}{}", book_head(), words.join(BOOK_SEP)))
}

/// What the book row starts with.
fn book_head() -> String {
    format!("Book {BOOK_MARK} ")
}

/// What stands between the book row's moves.
const BOOK_SEP: &str = " · ";

/// The book's moves in the shown position, each with its words in the
/// book row ("e5 41%").
fn book_shares(app: &App) -> Vec<(Move, String)> {
    crate::tui::book::shares(&app.view.board, &app.view.book)
}

/// The book move whose words are drawn at (x, y) in the move list `area`:
/// a click on "e5 41%" plays e5, as Lichess's opening explorer does.
pub fn book_move_at(app: &App, area: Rect, x: u16, y: u16) -> Option<Move> {
    let inner_y = area.y.checked_add(1)?;
    let row = usize::from(y.checked_sub(inner_y)?);
    let room = area.width.saturating_sub(2);
    let (_, book_at) = header_with_book(app, area.width);
    let shown = usize::from(text_area(app, area).y - inner_y);
    if book_at != Some(row) || row >= shown {
        return None;
    }
    let col = usize::from(x.checked_sub(area.x + 1)?);
    if col >= usize::from(room) {
        return None;
    }
    let mut at = book_head().chars().count();
    for (mv, words) in book_shares(app) {
        let len = words.chars().count();
        // A move cut off by the row's end ("…") is not offered.
        if at + len > usize::from(room) {
            return None;
        }
        if (at..at + len).contains(&col) {
            return Some(mv);
        }
        at += len + BOOK_SEP.chars().count();
    }
    None
}

/// The header's rows for `tags` (none when the game has no names); the
/// tags' ECO and opening are left out when `named` (the shown position's
/// own name is shown instead).
pub fn header(tags: &Tags, named: bool, width: u16) -> Vec<String> {
    let player = |name: &str, elo: &str| Player {
        name: tags.known(name).unwrap_or("?"),
        elo: tags.known(elo),
    };
    let mut rows = Vec::new();
    if tags.known("White").is_some() || tags.known("Black").is_some() {
        // The row is drawn inside the pane's one-cell margins.
        let room = usize::from(width).saturating_sub(2);
        rows.push(players_row(
            player("White", "WhiteElo"),
            player("Black", "BlackElo"),
            room,
        ));
    }
    let mut facts: Vec<String> = Vec::new();
    for k in ["Event", "Site"] {
        if let Some(v) = tags.known(k) {
            facts.push(v.to_string());
        }
    }
    if let Some(d) = tags.known("Date") {
        facts.push(d.to_string());
    }
    if let Some(r) = tags.known("Round") {
        facts.push(format!("round {r}"));
    }
    match (tags.known("ECO"), tags.known("Opening")) {
        _ if named => {}
        (Some(e), Some(o)) => facts.push(format!("{e} {o}")),
        (Some(e), None) => facts.push(e.to_string()),
        (None, Some(o)) => facts.push(o.to_string()),
        (None, None) => {}
    }
    if !facts.is_empty() && width >= 30 {
        rows.push(facts.join(" · "));
    }
    rows
}

/// One side of the header's players row (and a games picker's row): a
/// name and its rating.
#[derive(Clone, Copy)]
pub struct Player<'a> {
    pub name: &'a str,
    pub elo: Option<&'a str>,
}

impl<'a> Player<'a> {
    /// "Name (elo)" in at most `room` cells, shortened step by step: first
    /// names to initials ("Carlsen, M. (2830)"), the surname alone with
    /// its rating, the surname alone, then the surname cut with "…".
    pub fn fit(self, room: usize) -> String {
        let last = self.surname();
        if let Some(t) = self.tries().into_iter().find(|t| t.chars().count() <= room) {
            return t;
        }
        let cut: String = last.chars().take(room.saturating_sub(1).max(1)).collect();
        format!("{}…", cut.trim_end())
    }

    /// The name before its first comma ("Carlsen" of "Carlsen, Magnus").
    fn surname(self) -> &'a str {
        self.name
            .split_once(", ")
            .map_or(self.name, |(last, _)| last)
    }

    /// Its forms, longest first: whole, initials, surname and rating,
    /// surname.
    fn tries(self) -> Vec<String> {
        let elo = self.elo.map_or(String::new(), |e| format!(" ({e})"));
        let last = self.surname();
        let first = self.name.split_once(", ").map_or("", |(_, f)| f);
        let initials: Vec<String> = first
            .split_whitespace()
            .filter_map(|w| w.chars().next().map(|c| format!("{c}.")))
            .collect();
        let mut tries = vec![format!("{}{elo}", self.name)];
        if !initials.is_empty() {
            tries.push(format!("{last}, {}{elo}", initials.join(" ")));
        }
        tries.push(format!("{last}{elo}"));
        tries.push(last.to_string());
        tries.dedup();
        tries
    }
}

/// "White (elo) – Black (elo)" in `room` cells: the two sides shortened
/// alike as far as they must be (whole names, initials, surnames with
/// ratings, surnames), then each cut to its half, so a long name never
/// hides the other player. Where both have a rating, both show it or
/// neither does: one player's alone would read as the other's missing.
fn players_row(white: Player, black: Player, room: usize) -> String {
    const DASH: usize = 3; // " – "
    let avail = room.saturating_sub(DASH);
    let (w, b) = (white.tries(), black.tries());
    let rated = |p: &Player, t: &str| p.elo.is_some_and(|e| t.ends_with(&format!(" ({e})")));
    let both_rated = white.elo.is_some() && black.elo.is_some();
    let mut pairs: Vec<(usize, usize)> = (0..w.len())
        .flat_map(|i| (0..b.len()).map(move |j| (i, j)))
        .filter(|&(i, j)| !both_rated || rated(&white, &w[i]) == rated(&black, &b[j]))
        .collect();
    // Least shortening first, and of two as short, the more even.
    pairs.sort_by_key(|&(i, j)| (i + j, i.max(j)));
    let fits = pairs
        .into_iter()
        .find(|&(i, j)| w[i].chars().count() + b[j].chars().count() <= avail);
    match fits {
        Some((i, j)) => format!("{} – {}", w[i], b[j]),
        None => format!(
            "{} – {}",
            white.fit(avail - avail / 2),
            black.fit(avail / 2)
        ),
    }
}

/// The move list's pane, and the heatmap legend's above it while one
/// shows: the slot under the board less the rows a wrapped status line
/// covers, so the shown move is never scrolled under it.
pub fn panes(app: &App, areas: &crate::tui::layout::Areas) -> (Option<Rect>, Rect) {
    let status = super::status::area(app, areas.status);
    let mut moves = areas.moves;
    let covered = (moves.y + moves.height).saturating_sub(status.y);
    moves.height = moves.height.saturating_sub(covered);
    super::heat::split_moves(app.ui.heat.is_some(), moves)
}

/// The rows under the title left for the moves, after the header.
pub fn text_area(app: &App, area: Rect) -> Rect {
    let inner = Rect::new(
        area.x,
        area.y.saturating_add(1),
        area.width,
        area.height.saturating_sub(1),
    );
    // The header gets at most a third of the rows. The text keeps one
    // column on its left and two on its right: the scroll marks' margin,
    // then a blank gutter, so a mark never touches the next pane's text.
    let h = (header_rows(app, inner.width).len() as u16).min(inner.height / 3);
    Rect::new(
        inner.x + 1,
        inner.y + h,
        inner.width.saturating_sub(3),
        inner.height - h,
    )
}

/// The node of the move drawn at (x, y) in the move list `area`.
pub fn node_at(app: &App, area: Rect, x: u16, y: u16) -> Option<NodeId> {
    let text = text_area(app, area);
    if !text.contains(ratatui::layout::Position::new(x, y)) {
        return None;
    }
    let m = &app.ui.moves;
    m.node_at(m.scroll + (y - text.y) as usize, x - text.x)
}

/// The title: the shown move, where it is, the result.
fn title(doc: &Document, moves: &MoveText, evals: &GameEvals, mode: Mode, room: usize) -> String {
    let len = moves.mainline_len;
    let result = moves.result.as_str();
    // The shown move, and where it is (in full, and short).
    let (label, place) = if doc.cursor == NodeId::ROOT {
        let start = format!("start of {}", crate::game::plies(len));
        (None, (len > 0).then(|| (start, "start".to_string())))
    } else {
        let ply = doc.ply();
        let place = if moves.is_mainline(doc.cursor) {
            (format!("ply {ply}/{len}"), format!("{ply}/{len}"))
        } else {
            (format!("variation, ply {ply}"), "var.".to_string())
        };
        (Some(doc.game.label(doc.cursor)), Some(place))
    };
    let mut extras = Vec::new();
    // Which game of a many-game file or pasted text this is (`<` `>` walk
    // them): first of the extras, as the one said nowhere else on the
    // screen. A pasted game saved to a file is the file's from then on.
    let numbered = match (&doc.origin, &doc.pasted) {
        (Some(o), _) => o.index.map(|i| match o.games {
            Some(n) => format!("game {}/{n}", i + 1),
            None => format!("game {}", i + 1),
        }),
        (None, Some(p)) => Some(format!("game {}/{}", p.index + 1, p.games.spans.len())),
        (None, None) => None,
    };
    extras.extend(numbered.iter().cloned());
    if result != "*" {
        extras.push(super::result_display(result).to_string());
    }
    if let Mode::Play { .. } = mode {
        // Nothing more: the clocks and the mode say the rest.
    } else if moves.marked() && evals.any_disagreement() {
        extras.push(format!("{MARK} HCE/NNUE differ > {DISAGREE_CP}"));
    }
    // The longest form that fits the pane: the place shortened first, then
    // the extras dropped from the end (before the game's number, the last
    // of them, goes, the pane's name "Moves" does), then the place; a cut
    // head ends in "…" rather than in a wrong number.
    let join = |named: bool, place: Option<&str>, extras: &[String]| {
        let parts: Vec<&str> = named
            .then_some("Moves")
            .into_iter()
            .chain(label.as_deref())
            .chain(place)
            .chain(extras.iter().map(String::as_str))
            .collect();
        parts.join(" · ")
    };
    let full = place.as_ref().map(|p| p.0.as_str());
    let short = place.as_ref().map(|p| p.1.as_str());
    let mut forms = vec![join(true, full, &extras)];
    for keep in (0..=extras.len()).rev() {
        forms.push(join(true, short, &extras[..keep]));
        if numbered.is_some() && keep == 1 {
            forms.push(join(false, short, &extras[..keep]));
        }
    }
    forms.push(join(true, None, &[]));
    super::status::first_fit(&forms, room)
}

/// The style of a glyph: good moves green, bad ones red, the doubtful ones
/// in the accent colour.
fn glyph_style(n: Nag, theme: &Theme) -> Style {
    let c = match n.0 {
        1 | 3 => theme.good,
        2 | 4 => theme.error,
        _ => theme.accent,
    };
    Style::new().fg(c).add_modifier(Modifier::BOLD)
}

/// A token's style: the shown move highlighted, the report's verdicts in
/// their colours, main-line moves plain and side lines dim, glyphs by
/// kind, comments in italics; the game's last move underlined in a game
/// when it is not the one shown.
fn token_style(
    p: &Piece,
    m: &MoveText,
    cursor: NodeId,
    in_game: Option<NodeId>,
    theme: &Theme,
) -> Style {
    let normal = Style::new().fg(theme.text);
    let side = Style::new().fg(theme.dim);
    let comment = Style::new()
        .fg(theme.comment)
        .add_modifier(Modifier::ITALIC);
    let current = theme.highlight();
    // The game report's verdict colours its move and glyph.
    let verdict = p.node.and_then(|n| m.verdict(n)).map(class_colour);
    let style = match p.kind {
        Kind::Move { .. } if p.node == Some(cursor) => current,
        Kind::Move { .. } | Kind::Glyph(_) if verdict.is_some() => Style::new()
            .fg(verdict.unwrap_or(theme.text))
            .add_modifier(Modifier::BOLD),
        // A verdict the game does not hold (the report still running, or
        // its step undone): italic, never bold like a glyph a save writes.
        Kind::Verdict(c) => Style::new()
            .fg(class_colour(c))
            .add_modifier(Modifier::ITALIC),
        Kind::Move { depth: 0 } => normal,
        Kind::Move { .. } => side,
        Kind::Number => theme.dim_style(),
        Kind::Glyph(n) => glyph_style(n, theme),
        Kind::Nag => Style::new().fg(theme.accent),
        Kind::Comment => comment,
        Kind::Paren => theme.dim_style(),
        Kind::Mark => Style::new().fg(theme.error).add_modifier(Modifier::BOLD),
        Kind::Book => theme.dim_style(),
        Kind::Result => theme.title(),
    };
    // The game's last move against the engine, when not shown.
    if in_game.is_some() && p.node == in_game && p.node != Some(cursor) {
        style.add_modifier(Modifier::UNDERLINED)
    } else {
        style
    }
}

pub fn render(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let doc = &app.doc;
    // The title is drawn with a space each side, over the border's row.
    let room = usize::from(area.width).saturating_sub(2);
    let title = title(doc, &app.ui.moves, &app.ui.game_evals, app.play.mode, room);
    let inner = titled(buf, area, &title, theme);
    if inner.height == 0 || inner.width < 12 {
        return;
    }
    let head = header_rows(app, inner.width);
    let text = text_area(app, area);
    for (i, row) in head.iter().take((text.y - inner.y) as usize).enumerate() {
        let style = if i == 0 && row.contains(" – ") {
            theme.title()
        } else {
            theme.dim_style()
        };
        let w = inner.width.saturating_sub(2);
        let row = super::status::fit_row(row, w as usize);
        put(buf, inner.x + 1, inner.y + i as u16, &row, style, w);
    }
    let m: &MoveText = &app.ui.moves;
    if m.rows.is_empty() {
        // Wrapped over the rows there are: a narrow pane says it whole.
        let hint = "no moves yet - type m then a move, or use the mouse";
        let widths = vec![text.width as usize; text.height as usize];
        for (y, row) in (text.y..).zip(super::status::fit_rows(hint, &widths)) {
            put(buf, text.x, y, &row, theme.dim_style(), text.width);
        }
        return;
    }
    let in_game = app.tracks_game_end().then_some(app.play.game_end);
    for (k, row) in m
        .rows
        .iter()
        .skip(m.scroll)
        .take(text.height as usize)
        .enumerate()
    {
        let y = text.y + k as u16;
        for p in row {
            if p.x >= text.width {
                continue;
            }
            let style = token_style(p, m, doc.cursor, in_game, theme);
            put(buf, text.x + p.x, y, &p.text, style, text.width - p.x);
        }
    }
    // Rows out of sight are marked in the right margin: ▲ above, ▼ below.
    let margin = text.x + text.width;
    if text.height > 0 && margin < area.x + area.width {
        if m.scroll > 0 {
            put(buf, margin, text.y, "▲", theme.dim_style(), 1);
        }
        if m.rows.len() > m.scroll + text.height as usize {
            let y = text.y + text.height - 1;
            put(buf, margin, y, "▼", theme.dim_style(), 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{fit_opening, players_row, Player};
    use crate::tui::book::share;

    #[test]
    fn an_opening_name_sheds_its_kind_words_before_it_is_cut() {
        let najdorf = "B90 Sicilian Defense: Najdorf Variation";
        assert_eq!(fit_opening(najdorf, 40), najdorf, "it fits");
        assert_eq!(fit_opening(najdorf, 28), "B90 Sicilian: Najdorf");
        assert_eq!(
            fit_opening(
                "E62 King's Indian Defense: Fianchetto Variation, Kavalek Defense",
                28
            ),
            "E62 King's Indian: Fianchetto, Kavalek"
        );
        assert_eq!(fit_opening("B10 Caro-Kann Defense", 12), "B10 Caro-Kann");
    }

    #[test]
    fn a_long_name_never_hides_the_other_player() {
        let long = Player {
            name: "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine Maximilian",
            elo: Some("2701"),
        };
        let short = Player {
            name: "Ding, Liren",
            elo: Some("2788"),
        };
        let row = players_row(long, short, 60);
        assert_eq!(
            row, "Wolfeschlegelsteinhausenbergerdorff (2701) – Ding, L. (2788)",
            "both shortened alike, ratings kept"
        );
        assert!(row.chars().count() <= 60, "{row}");
        let row = players_row(long, short, 80);
        assert_eq!(
            row, "Wolfeschlegelsteinhausenbergerdorff, H. B. M. (2701) – Ding, Liren (2788)",
            "initials first"
        );
        let row = players_row(long, long, 40);
        assert_eq!(row, "Wolfeschlegelstein… – Wolfeschlegelstei…");
        let both = players_row(short, short, 60);
        assert_eq!(
            both, "Ding, Liren (2788) – Ding, Liren (2788)",
            "whole where they fit"
        );
        let initials = Player {
            name: "Nepomniachtchi, Ian Alexandrovich",
            elo: None,
        };
        assert_eq!(
            players_row(initials, short, 42),
            "Nepomniachtchi, I. A. – Ding, Liren (2788)"
        );
        // At 80 columns: surnames, without ratings where they must go.
        let nepo = Player {
            name: "Nepomniachtchi, Ian",
            elo: Some("2795"),
        };
        assert_eq!(players_row(nepo, short, 26), "Nepomniachtchi – Ding");
        // One name without first names: the ratings still go together
        // (this was "Anastasian – Lewis (2269)" at 80x24).
        let (anastasian, lewis) = (
            Player {
                name: "Anastasian, A.",
                elo: Some("2532"),
            },
            Player {
                name: "Lewis, An",
                elo: Some("2269"),
            },
        );
        assert_eq!(players_row(anastasian, lewis, 27), "Anastasian – Lewis");
        assert_eq!(
            players_row(anastasian, lewis, 40),
            "Anastasian, A. (2532) – Lewis, An (2269)"
        );
    }

    #[test]
    fn a_book_share_is_never_rounded_to_all_or_nothing() {
        assert_eq!(share(199, 200), "99");
        assert_eq!(share(1, 1000), "<1");
        assert_eq!(share(1, 200), "1");
        assert_eq!(share(200, 200), "100");
        assert_eq!(share(0, 200), "0");
        assert_eq!(share(82, 200), "41");
    }
}
