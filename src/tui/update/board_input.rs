//! Moves from the keyboard, the cursor and the mouse: typed SAN or UCI,
//! picking a piece and its target, clicks and drags on the board and the
//! move list, and Esc closing what is open.

use crate::chess::{parse_move, Color, Move, MoveError, Square};
use crate::tui::app::{App, Mode, Overlay, PromptKind};

impl App {
    /// A typed or pasted move, or a line of them (`text_line`). Returns
    /// where a line of several moves went wrong when it did not play (the
    /// move prompt keeps it, the caret there); a single move's error is
    /// said and nothing comes back.
    pub(super) fn text_move(&mut self, text: &str) -> Option<usize> {
        let mut words = line_words(text);
        // A result ends the line: moves after it would be another game's
        // (or a slip), so they are not played on as if it were not there.
        if let Some(end) = words.iter().position(|w| is_result(w)) {
            if let Some(after) = words.get(end + 1) {
                let at = offset_in(text, after);
                self.error(format!(
                    "nothing played: '{after}' comes after the result {}, which ends the line",
                    words[end]
                ));
                return Some(at);
            }
            words.truncate(end);
        }
        match words.as_slice() {
            [_, _, ..] => return self.text_line(text, &words).err(),
            // One move, with its number or the game's result around it
            // ("12. Nf3", "Qxf7# 1-0"), is that move.
            [one] => self.one_text_move(one),
            [] => self.one_text_move(without_move_number(text.trim())),
        }
        None
    }

    fn one_text_move(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        if self.looking_back() {
            self.looking_back_error();
            return;
        }
        if is_null_move(text) {
            self.play_null();
            return;
        }
        // A glyph typed after the move ("Ke2!!", "Nf3?!") annotates it.
        let (text, glyph) = match split_glyph(text) {
            Ok(split) => split,
            Err(typed) => {
                return self.error(format!(
                    "'{typed}' is not a move glyph: ! ? !! ?? !? ?! go after a move (others: the ! key)"
                ))
            }
        };
        match parse_move(&self.view.board, text) {
            Ok(m) => {
                let at = self.doc.cursor;
                self.play(m);
                let node = self.doc.cursor;
                if let Some(nag) = glyph.filter(|_| node != at) {
                    if !self.tree().node(node).nags.contains(nag) {
                        self.toggle_nag(nag);
                    }
                }
            }
            Err(MoveError::Ambiguous(s, c)) => self.error(format!(
                "'{s}' is ambiguous: {} - say which",
                c.join(" or ")
            )),
            Err(MoveError::Syntax(s)) => self.error(format!(
                "'{s}' is not a move: type SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3)"
            )),
            Err(e @ MoveError::Illegal(_)) => {
                // UCI without the piece ("b7b8") for a promotion: ask for
                // it, as "b8" does.
                if let Some((from, to)) = self.promotion_squares(text) {
                    return self.try_from_to(from, to, None);
                }
                let hint = if self.view.legal.is_empty() {
                    " (no legal moves: the game is over)".to_string()
                } else if self.view.board.in_check() {
                    " (the king is in check: the move must answer the check)".to_string()
                } else {
                    // A White move typed on Black's turn reads as a mistake
                    // of the board's unless it says whose turn it is.
                    format!(" ({} to move)", self.view.board.side_to_move().name())
                };
                self.error(format!("{e}{hint}"))
            }
        }
    }

    /// The squares of `text` when it is a UCI move ("b7b8") whose piece
    /// is missing and that promotes here.
    fn promotion_squares(&self, text: &str) -> Option<(Square, Square)> {
        if text.len() != 4 || !text.is_ascii() {
            return None;
        }
        let (from, to) = (Square::parse(&text[..2])?, Square::parse(&text[2..])?);
        let promotes = self
            .view
            .legal
            .iter()
            .any(|m| m.from() == from && m.to() == to && m.promotion().is_some());
        promotes.then_some((from, to))
    }

    /// Tries the move `from`-`to`, asking for the piece when it promotes.
    pub(super) fn try_from_to(
        &mut self,
        from: Square,
        to: Square,
        promo: Option<crate::chess::PieceType>,
    ) {
        let candidates: Vec<Move> = self
            .view
            .legal
            .iter()
            .copied()
            .filter(|m| m.from() == from && m.to() == to)
            .collect();
        match candidates.as_slice() {
            [] if self.view.board.in_check() => self.error(format!(
                "{from}-{to} is not legal: the king is in check and the move must answer it"
            )),
            [] => self.error(format!("{from}-{to} is not legal here")),
            [m] => self.play(*m),
            many => match promo {
                Some(k) => {
                    if let Some(m) = many.iter().find(|m| m.promotion() == Some(k)) {
                        self.play(*m)
                    }
                }
                None => {
                    self.dialogs.overlay = Overlay::Promotion {
                        from,
                        to,
                        choice: 0,
                    }
                }
            },
        }
    }

    /// Whether `sq` holds a piece of the side to move in the shown position.
    fn own_piece_at(&self, sq: Square) -> bool {
        let board = &self.view.board;
        board
            .piece_at(sq)
            .is_some_and(|p| p.color() == board.side_to_move())
    }

    /// Click or Enter on a square: select a piece, or move the selected one.
    pub(super) fn pick_square(&mut self, sq: Square) {
        let own = self.own_piece_at(sq);
        match self.ui.selected {
            Some(from) if from == sq => self.ui.selected = None,
            Some(_) if own => self.select(sq),
            Some(from) => {
                self.ui.selected = None;
                self.try_from_to(from, sq, None);
            }
            None => self.select(sq),
        }
    }

    fn select(&mut self, sq: Square) {
        if self.looking_back() {
            self.looking_back_error();
            return;
        }
        let b = &self.view.board;
        if matches!(self.play.mode, Mode::Play { human, .. } if human != b.side_to_move()) {
            self.error("it is the engine's turn");
            return;
        }
        match b.piece_at(sq) {
            None => self.error(format!("no piece on {sq}")),
            Some(p) if p.color() != b.side_to_move() => {
                self.error(format!("{} is to move", b.side_to_move().name()))
            }
            Some(_) if !self.view.legal.iter().any(|m| m.from() == sq) => {
                self.error(format!("the piece on {sq} has no legal move"))
            }
            Some(_) => {
                self.ui.selected = Some(sq);
                self.dialogs.message = None;
            }
        }
    }

    /// Where the keyboard cursor appears: on a piece of the side to move
    /// that can move (the e-pawn's home square, else the king, else any),
    /// so the first Enter picks something up.
    pub(super) fn default_cursor(&self) -> Square {
        let b = &self.view.board;
        let king = b.king(b.side_to_move());
        let home = match b.side_to_move() {
            Color::White => Square::from_coords(4, 1),
            Color::Black => Square::from_coords(4, 6),
        };
        let movable = |sq: Square| self.view.legal.iter().any(|m| m.from() == sq);
        [home, king]
            .into_iter()
            .find(|&sq| movable(sq))
            .or_else(|| self.view.legal.first().map(|m| m.from()))
            .unwrap_or(king)
    }

    pub(super) fn move_cursor(&mut self, dx: i8, dy: i8) {
        let Some(c) = self.ui.cursor else {
            self.ui.cursor = Some(self.default_cursor());
            return;
        };
        let (dx, dy) = if self.ui.flipped {
            (-dx, -dy)
        } else {
            (dx, dy)
        };
        let f = (c.file() as i8 + dx).clamp(0, 7) as u8;
        let r = (c.rank() as i8 + dy).clamp(0, 7) as u8;
        self.ui.cursor = Some(Square::from_coords(f, r));
    }

    pub(super) fn cancel(&mut self) {
        if let Overlay::Picker { filter, .. } = &self.dialogs.overlay {
            // Esc first empties a filter: the whole list comes back.
            if !filter.is_empty() {
                return self.edit_picker_filter(String::clear);
            }
        }
        if self.dialogs.overlay != Overlay::None {
            // The picker's "pick one" would otherwise outlive it.
            if let Overlay::Picker { source, .. } =
                std::mem::replace(&mut self.dialogs.overlay, Overlay::None)
            {
                // A file other than the board's stays within reach (a
                // `:load` of a many-game file over a game from another).
                let board_file = self.doc.origin.as_ref().map(|o| &o.path);
                match &source.path {
                    Some(path) if board_file != Some(path) => {
                        self.dialogs.closed_picker_file = Some(path.clone());
                        self.info(format!(
                            "{}: no game opened (:games lists them again)",
                            source.name
                        ));
                    }
                    _ => {
                        // The board's own file: `:games` lists it anyway.
                        self.dialogs.closed_picker_file = None;
                        self.info(format!("{}: no game opened", source.name));
                    }
                }
            }
        } else if let Some(p) = self.dialogs.prompt.take() {
            // The prompt's own hint goes with it.
            match p.kind {
                PromptKind::Comment { .. } => {
                    // Emptied and left: this move's typing is given up.
                    self.dialogs.comment_drafts.retain(|d| d.kind != p.kind);
                    if !p.text.trim().is_empty() && p.text != p.opened_with {
                        self.dialogs
                            .comment_drafts
                            .push(crate::tui::app::CommentDraft {
                                kind: p.kind,
                                text: p.text,
                                opened_with: p.opened_with,
                            });
                        self.info("comment not saved: i brings back what you typed");
                        // Kept in the autosave too, for a board that closes next.
                        self.autosave();
                    } else {
                        self.info("comment unchanged");
                    }
                }
                _ => self.dialogs.message = None,
            }
        } else if self.ui.selected.is_some() {
            self.ui.selected = None;
        } else if self.ui.cursor.is_some() {
            self.ui.cursor = None;
        } else if !self.close_teaching() {
            self.dialogs.message = None;
        }
    }

    // ---- mouse ---------------------------------------------------------

    pub(super) fn square_at(&self, x: u16, y: u16) -> Option<Square> {
        let areas = self.areas();
        areas.square_at(x, y, self.ui.flipped)
    }

    /// Enter: the keyboard cursor picks up or drops, or appears.
    pub(super) fn cursor_pick(&mut self) {
        match self.ui.cursor {
            Some(sq) => self.pick_square(sq),
            None => {
                self.ui.cursor = Some(self.default_cursor());
                self.info(
                    "keyboard cursor: arrows move it, Enter picks up and drops, Esc hides it",
                );
            }
        }
    }

    /// A dragged piece hovers over a new square. Returns false when the
    /// square is the same (nothing to redraw).
    pub(super) fn mouse_drag(&mut self, x: u16, y: u16) -> bool {
        let sq = self.square_at(x, y);
        match &mut self.ui.drag {
            Some((_, hover)) if *hover != sq => {
                *hover = sq;
                true
            }
            _ => false,
        }
    }

    /// A dragged piece is dropped: on another square it is a move.
    pub(super) fn mouse_up(&mut self, x: u16, y: u16) {
        if let Some((from, _)) = self.ui.drag.take() {
            match self.square_at(x, y) {
                Some(sq) if sq != from && self.ui.selected == Some(from) => self.pick_square(sq),
                _ => {}
            }
        }
    }

    pub(super) fn mouse_down(&mut self, x: u16, y: u16) {
        let areas = self.areas();
        if !areas.fits {
            return; // the screen only asks for a larger terminal
        }
        if let Overlay::Promotion { .. } = self.dialogs.overlay {
            // A click on a piece of the box promotes to it, as its letter
            // key does; elsewhere it is waited out.
            if let Some(i) = crate::tui::widgets::overlays::promotion_choice_at(areas.squares, x, y)
            {
                self.promote_to(crate::tui::app::PROMOTION_CHOICES[i]);
            }
            return;
        }
        let Some(sq) = self.square_at(x, y) else {
            if self.report_click(x, y) {
                return;
            }
            // A click on an engine line's move plays the line up to it.
            if self.editor.is_none() {
                let pane = crate::tui::widgets::lines::pane_area(self, areas.lines);
                if let Some((line, ply)) = crate::tui::widgets::lines::move_at(self, pane, x, y) {
                    self.play_line_to(line, ply);
                    return;
                }
            }
            let (_, moves) = crate::tui::widgets::movelist::panes(self, &areas);
            // A click on a book move plays it.
            if let Some(m) = crate::tui::widgets::movelist::book_move_at(self, moves, x, y) {
                self.play(m);
                return;
            }
            // A click in the move list goes to that move.
            if let Some(node) = crate::tui::widgets::movelist::node_at(self, moves, x, y) {
                self.go_to(node);
                self.say_where();
            }
            return;
        };
        self.ui.cursor = None;
        let own = self.own_piece_at(sq);
        match self.ui.selected {
            Some(from) if from != sq && !own => {
                self.ui.selected = None;
                self.try_from_to(from, sq, None);
            }
            Some(from) if from == sq => {
                // Second click on the same piece: start a drag, drop it on release.
                self.ui.drag = Some((sq, Some(sq)));
            }
            _ => {
                self.select(sq);
                if self.ui.selected == Some(sq) {
                    self.ui.drag = Some((sq, Some(sq)));
                }
            }
        }
    }
}

/// `text` without a trailing move glyph (`!`, `?`, `!!`, `??`, `!?`,
/// `?!`), and the glyph's NAG; `Err` with the marks after a move that
/// make no glyph (`!!!`), which are not dropped in silence.
fn split_glyph(text: &str) -> Result<(&str, Option<crate::game::Nag>), &str> {
    let core = text.trim_end_matches(['!', '?']);
    let marks = &text[core.len()..];
    if core.is_empty() || marks.is_empty() {
        return Ok((text, None));
    }
    match crate::game::Nag::from_suffix(marks) {
        Some(nag) => Ok((core, Some(nag))),
        None => Err(marks),
    }
}

impl App {
    /// Several moves typed or pasted at once ("e4 e5 Nf3", "1. e4 e5 2.
    /// Nf3!? Nc6 $1"): played from the shown position as one undo step,
    /// each glyph (after its move or standing alone, `!?`, `$14`) going on
    /// the move before it, the moves the tree has walked into. Checked
    /// whole first: a move that does not read or is not legal plays none
    /// of them, and its byte offset in `text` comes back (the prompt keeps
    /// the text there). A game on a clock or against the engine takes its
    /// moves one at a time.
    fn text_line(&mut self, text: &str, words: &[&str]) -> Result<(), usize> {
        let offset = |w: &str| offset_in(text, w);
        if let Some(at) = text.find(['{', '(', ';', '[']) {
            self.error(
                "moves and glyphs only here: a game with comments, variations or tags opens when pasted whole (from its tags or 1.) with no prompt open",
            );
            return Err(at);
        }
        if self.tracks_game_end() {
            self.error("in a game the moves go one at a time: type one move");
            return Err(0);
        }
        if !self.may_move() {
            return Err(0);
        }
        let at = self.doc.cursor;
        let mut board = *self.doc.game.board(at);
        let mut line: Vec<(Move, Vec<crate::game::Nag>)> = Vec::new();
        let count = words.len();
        // The first move number that is not the board's there, said with
        // what came of the line: the moves play from the shown position
        // whatever their numbers, and a line numbered for another move
        // was most likely meant for another position.
        let mut misnumbered: Option<String> = None;
        for word in words {
            if misnumbered.is_none() {
                misnumbered = number_before(text, word).and_then(|(n, black)| {
                    let (here, side) = (board.fullmove_number(), board.side_to_move());
                    let named = crate::chess::move_number_text(here, side);
                    (u32::from(here) != n || (black && side == crate::chess::Color::White)).then(
                        || {
                            let dots = if black { "..." } else { "." };
                            format!("numbered from {n}{dots}, the board at {named}")
                        },
                    )
                });
            }
            // A glyph standing alone goes on the move before it.
            if let (Some(last), Some(nag)) = (line.last_mut(), crate::game::Nag::parse(word)) {
                if parse_move(&board, word).is_err() {
                    last.1.push(nag);
                    continue;
                }
            }
            let named = format!(
                "{}{word}",
                crate::chess::move_number_text(board.fullmove_number(), board.side_to_move())
            );
            if is_null_move(word) {
                // A pass, as `--` alone plays it.
                let why = if !self.null_move_allowed() {
                    Some(super::game::NULL_IN_A_GAME)
                } else if board.in_check() {
                    Some(super::game::NULL_IN_CHECK)
                } else {
                    None
                };
                if let Some(why) = why {
                    self.error(format!(
                        "nothing played: at {named} ({} of the {count} given): {why}",
                        line.len() + 1
                    ));
                    return Err(offset(word));
                }
                line.push((Move::NULL, Vec::new()));
                board = board.make_null();
                continue;
            }
            let (typed, glyph) = match split_glyph(word) {
                Ok(split) => split,
                Err(marks) => {
                    self.error(format!(
                        "nothing played: '{marks}' after {named} is not a move glyph (! ? !! ?? !? ?!)"
                    ));
                    return Err(offset(word));
                }
            };
            match parse_move(&board, typed) {
                Ok(m) => {
                    line.push((m, glyph.into_iter().collect()));
                    board = board.make(m);
                }
                Err(e) => {
                    if let Some(say) = promotion_without_piece(&board, typed) {
                        self.error(format!(
                            "nothing played: at {named} ({} of the {count} given): {say}",
                            line.len() + 1
                        ));
                        return Err(offset(word));
                    }
                    let whose = if crate::chess::legal_moves(&board).is_empty() {
                        "the game is over there".to_string()
                    } else {
                        format!("{} to move", board.side_to_move().name())
                    };
                    let whose = match &misnumbered {
                        Some(note) => format!("{whose}; {note}"),
                        None => whose,
                    };
                    self.error(format!(
                        "nothing played: at {named} ({} of the {count} given): {e} ({whose})",
                        line.len() + 1
                    ));
                    return Err(offset(word));
                }
            }
        }
        let moves: Vec<Move> = line.iter().map(|(m, _)| *m).collect();
        let known = {
            let mut node = at;
            moves
                .iter()
                .map_while(|&m| {
                    node = self.tree().child_with_move(node, m)?;
                    Some(())
                })
                .count()
        };
        let (mut last, mut glyphs) = (at, 0);
        self.doc
            .game
            .in_one_step_ending("add the typed moves", |g| {
                let end = g.add_line(at, &moves).ok()?;
                last = end;
                let mut node = at;
                for (m, nags) in &line {
                    let Some(next) = g.tree().child_with_move(node, *m) else {
                        return Some(end);
                    };
                    node = next;
                    for &nag in nags {
                        if !g.tree().node(node).nags.contains(nag) {
                            g.toggle_nag(node, nag);
                            glyphs += 1;
                        }
                    }
                }
                Some(end)
            });
        self.tree_changed();
        self.go_to(last);
        let label = self.doc.game.label(last);
        let added = moves.len() - known;
        let mut glyphs = match glyphs {
            0 => String::new(),
            1 => ", 1 glyph set".to_string(),
            n => format!(", {n} glyphs set"),
        };
        if let Some(note) = misnumbered {
            glyphs = format!("{glyphs} ({note}: played from the shown position)");
        }
        self.info(match added {
            0 => format!(
                "{label}: the {} moves given were in the game{glyphs}",
                moves.len()
            ),
            _ => format!(
                "{label}: {added} of the {} moves given added{glyphs} (Ctrl-Z takes them out)",
                moves.len()
            ),
        });
        if let Some(r) = self.result_text() {
            self.game_over_on_board();
            self.info(r);
        }
        Ok(())
    }
}

/// The moves of a typed or pasted line: its words without move numbers
/// ("1.", "12...", the "1." of "1.e4") and without a result ("*",
/// "1-0"), which say nothing of the moves.
fn line_words(text: &str) -> Vec<&str> {
    text.split_whitespace()
        .map(without_move_number)
        .filter(|w| !w.is_empty())
        .collect()
}

/// Where `word`, a slice of `text` (one of its words), starts in it.
fn offset_in(text: &str, word: &str) -> usize {
    (word.as_ptr() as usize).saturating_sub(text.as_ptr() as usize)
}

/// The move number written just before `word` (a slice of `text`), as
/// "12." or "12..." (`true`: Black's move), if there is one: "1.e4" and
/// "1. e4" both number e4.
fn number_before(text: &str, word: &str) -> Option<(u32, bool)> {
    let before = text.get(..offset_in(text, word))?.trim_end();
    // The last word before it, a number and nothing else ("a1." is none).
    let last = before.rsplit(char::is_whitespace).next()?;
    match split_move_number(last)? {
        (digits, black, "") => Some((digits.parse().ok()?, black)),
        _ => None,
    }
}

/// Whether a word is a game's result ("1-0", "*"), which ends a line.
fn is_result(word: &str) -> bool {
    matches!(word, "*" | "1-0" | "0-1" | "1/2-1/2" | "½-½")
}

/// PGN's null move ("--"; "Z0" in some programs, "0000" in UCI).
fn is_null_move(word: &str) -> bool {
    matches!(word, "--" | "Z0" | "0000")
}

/// When `typed` names a pawn's move to the last rank without the piece
/// ("a8", "a7a8", "bxa8+"), how to say it with one: players leave the
/// piece out, and "not legal" would send them looking for another fault.
fn promotion_without_piece(board: &crate::chess::Board, typed: &str) -> Option<String> {
    let bare = typed.trim_end_matches(['+', '#']);
    let to = Square::parse(bare.get(bare.len().checked_sub(2)?..)?)?;
    let uci = bare.len() == 4 && bare.get(..2).and_then(Square::parse).is_some();
    let pawn = uci || bare.starts_with(|c: char| ('a'..='h').contains(&c));
    let promotes = crate::chess::legal_moves(board)
        .iter()
        .any(|m| m.to() == to && m.promotion().is_some());
    (pawn && promotes).then(|| match uci {
        true => format!("'{typed}' promotes: say the piece ({bare}q, {bare}n, {bare}r, {bare}b)"),
        false => {
            format!("'{typed}' promotes: say the piece ({bare}=Q, {bare}=N, {bare}=R, {bare}=B)")
        }
    })
}

/// A move as books print it, "12. Nf3" or "12... Nf6": the number goes.
fn without_move_number(text: &str) -> &str {
    split_move_number(text).map_or(text, |(_, _, rest)| rest.trim_start())
}

/// The move number `text` starts with ("12.", "12...", "12…"): its digits,
/// whether it is Black's move (more than one dot), and what follows.
fn split_move_number(text: &str) -> Option<(&str, bool, &str)> {
    let after = text.trim_start_matches(|c: char| c.is_ascii_digit());
    let rest = after.trim_start_matches(['.', '…']);
    let (digits, dots) = (
        &text[..text.len() - after.len()],
        &after[..after.len() - rest.len()],
    );
    (!digits.is_empty() && !dots.is_empty()).then_some((digits, dots.len() > 1, rest))
}
