//! The move list laid out as text: the main line flowing from row to row,
//! each variation of the main line and of those variations on its own
//! indented rows in parentheses (deeper ones inline, in parentheses, so
//! the indentation stays readable), comments in place, NAG glyphs after
//! the moves (and, while a game report exists, its verdicts ?!/?/?? after
//! the moves the player left unjudged, as each arrives). Built by the reducer when the tree or the width changes (not
//! per frame) and read by the move list widget and by mouse clicks, so a
//! click lands on the move that is drawn there.

use super::game_evals::GameEvals;
use crate::analysis::Class;
use crate::chess::Color;
use crate::game::annotations::text_without_commands;
use crate::game::{Game, Nag, NodeId};
use ratatui::text::Span;

/// Variations this deep (1: a variation of the main line) start a row of
/// their own; deeper ones run on inline.
const PARAGRAPH_DEPTH: usize = 2;
/// Cells of indentation per paragraph level.
const INDENT: u16 = 2;
/// Moves deeper than this are not looked up in the book (books stop
/// long before; a long game's layout stays cheap).
const BOOK_PLIES: usize = 60;

/// What a piece of the move list is, for its style.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// "12." or "12..." before a move.
    Number,
    /// A move's SAN; `depth` 0 on the main line.
    Move { depth: u8 },
    /// A move-quality glyph after the SAN (`!?`).
    Glyph(Nag),
    /// The game report's verdict on a move with no glyph of its own.
    Verdict(Class),
    /// A position glyph or any other NAG.
    Nag,
    /// A word of a comment.
    Comment,
    /// "(" or ")".
    Paren,
    /// The HCE/NNUE disagreement mark.
    Mark,
    /// The mark of a move the opening book has.
    Book,
    /// The game's result after the main line.
    Result,
}

/// One piece of text at a place on its row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub x: u16,
    pub text: String,
    pub kind: Kind,
    /// The node a click on it goes to.
    pub node: Option<NodeId>,
}

/// The laid-out move list.
#[derive(Clone, Debug, Default)]
pub struct MoveText {
    pub rows: Vec<Vec<Piece>>,
    /// The row of each node's move, by `NodeId::index` (`u32::MAX`: none).
    node_row: Vec<u32>,
    /// How many variations deep each node is (0: the main line), by
    /// `NodeId::index`; the tree would walk to the root to say.
    node_depth: Vec<u8>,
    /// The game report's verdict on each node's move, by `NodeId::index`.
    verdicts: Vec<Option<Class>>,
    /// The main line's length and the game's result token ("*" while it
    /// goes on): both walk the whole line, so they are kept per layout.
    pub mainline_len: usize,
    pub result: String,
    /// What it was laid out from: the document revision, the width,
    /// whether disagreement marks were drawn, the book's generation and
    /// the report's progress.
    pub key: Option<(u64, u16, bool, u64, u64)>,
    /// The first row shown.
    pub scroll: usize,
}

impl MoveText {
    /// Whether it was laid out with the HCE/NNUE disagreement marks.
    pub fn marked(&self) -> bool {
        self.key.is_some_and(|k| k.2)
    }

    /// The game report's verdict on `node`'s move, if it has one.
    pub fn verdict(&self, node: NodeId) -> Option<Class> {
        self.verdicts.get(node.index()).copied().flatten()
    }

    /// The row that shows `node`'s move.
    pub fn row_of(&self, node: NodeId) -> Option<usize> {
        self.node_row
            .get(node.index())
            .filter(|&&r| r != u32::MAX)
            .map(|&r| r as usize)
    }

    /// Whether `node` is on the main line (the root is).
    pub fn is_mainline(&self, node: NodeId) -> bool {
        self.node_depth.get(node.index()).is_none_or(|&d| d == 0)
    }

    /// The node whose piece covers column `x` of row `row`.
    pub fn node_at(&self, row: usize, x: u16) -> Option<NodeId> {
        let pieces = self.rows.get(row)?;
        pieces
            .iter()
            .filter(|p| p.node.is_some())
            .find(|p| x >= p.x && x < p.x + width(&p.text) as u16)
            .and_then(|p| p.node)
    }

    /// Scrolls as little as needed to show `node` in `height` rows, and
    /// as much of its comment as fits below it.
    pub fn scroll_to(&mut self, node: NodeId, height: usize) {
        let height = height.max(1);
        let max_scroll = self.rows.len().saturating_sub(height);
        match self.row_of(node) {
            Some(r) if r < self.scroll => self.scroll = r,
            Some(r) => {
                // The rows after the move's that still hold its comment.
                let mut last = r;
                while (self.rows.get(last + 1))
                    .is_some_and(|row| row.iter().any(|p| p.node == Some(node)))
                {
                    last += 1;
                }
                if last >= self.scroll + height {
                    self.scroll = r.min(last + 1 - height);
                }
            }
            None if node == NodeId::ROOT => self.scroll = 0,
            _ => {}
        }
        self.scroll = self.scroll.min(max_scroll);
    }
}

fn width(s: &str) -> usize {
    Span::raw(s).width()
}

/// One token before wrapping.
struct Token {
    text: String,
    kind: Kind,
    node: Option<NodeId>,
    /// Written right after the token before it (no space, no break).
    glued: bool,
}

enum Item {
    Token(Token),
    /// Start a new row at this indentation.
    Break(u16),
}

/// What the walk still has to lay out.
enum Job {
    Node {
        id: NodeId,
        /// Variations deep (0 on the main line), carried down the walk:
        /// asking the tree walks to the root, which made a long game's
        /// layout quadratic.
        depth: usize,
        sidelines: bool,
    },
    Open {
        paragraph: bool,
        indent: u16,
    },
    Close,
    /// Back to the parent line's rows after paragraph variations.
    Resume(u16),
}

/// Lays out `game`'s tree for `width` cells; `verdicts` are the game
/// report's so far.
pub fn layout(
    game: &Game,
    width: u16,
    evals: Option<&GameEvals>,
    book: Option<&crate::book::Book>,
    verdicts: &[(NodeId, Class)],
) -> MoveText {
    let mut node_depth = vec![0u8; game.tree().capacity()];
    let mut by_node: Vec<Option<Class>> = vec![None; game.tree().capacity()];
    for &(n, c) in verdicts {
        if let Some(slot) = by_node.get_mut(n.index()) {
            *slot = Some(c);
        }
    }
    let mut items = items(game, evals, book, &by_node, &mut node_depth);
    let result = game.result();
    if result != "*" {
        items.push(Item::Token(Token {
            text: super::widgets::result_display(&result).to_string(),
            kind: Kind::Result,
            node: None,
            glued: false,
        }));
    }
    let mut rows: Vec<Vec<Piece>> = vec![Vec::new()];
    let mut node_row = vec![u32::MAX; game.tree().capacity()];
    let mut indent = 0u16;
    let mut x = 0u16;
    let width = width.max(8);
    let mut i = 0;
    while i < items.len() {
        match &items[i] {
            Item::Break(n) => {
                indent = *n;
                if !rows.last().is_some_and(Vec::is_empty) {
                    rows.push(Vec::new());
                }
                x = indent;
                i += 1;
            }
            Item::Token(_) => {
                // A group: this token and the ones glued to it.
                let mut end = i + 1;
                while let Some(Item::Token(t)) = items.get(end) {
                    if !t.glued {
                        break;
                    }
                    end += 1;
                }
                let group: Vec<&Token> = items[i..end]
                    .iter()
                    .filter_map(|it| match it {
                        Item::Token(t) => Some(t),
                        Item::Break(_) => None,
                    })
                    .collect();
                let w: usize = group.iter().map(|t| width_of(&t.text)).sum();
                let room = width.saturating_sub(indent).max(1) as usize;
                if let [t] = group.as_slice() {
                    if t.kind == Kind::Comment && w > room {
                        // A word wider than the pane (a URL) goes over
                        // rows of its own: none of it is cut off.
                        for part in split_to_width(&t.text, room) {
                            if !rows.last().is_none_or(Vec::is_empty) {
                                rows.push(Vec::new());
                            }
                            x = indent + width_of(&part) as u16;
                            let r = rows.len() - 1;
                            rows[r].push(Piece {
                                x: indent,
                                text: part,
                                kind: t.kind,
                                node: t.node,
                            });
                        }
                        i = end;
                        continue;
                    }
                }
                let row_empty = rows.last().is_none_or(Vec::is_empty);
                let space = u16::from(!row_empty);
                if !row_empty && x as usize + space as usize + w > width as usize {
                    rows.push(Vec::new());
                    x = indent;
                } else {
                    x += space;
                }
                if rows.last().is_none_or(Vec::is_empty) {
                    x = x.max(indent);
                }
                let r = rows.len() - 1;
                for t in group {
                    if let (Some(n), Kind::Move { .. }) = (t.node, t.kind) {
                        node_row[n.index()] = r as u32;
                    }
                    let tw = width_of(&t.text) as u16;
                    rows[r].push(Piece {
                        x,
                        text: t.text.clone(),
                        kind: t.kind,
                        node: t.node,
                    });
                    x = x.saturating_add(tw);
                }
                i = end;
            }
        }
    }
    if rows.last().is_some_and(Vec::is_empty) {
        rows.pop();
    }
    MoveText {
        rows,
        node_row,
        node_depth,
        verdicts: by_node,
        mainline_len: game.tree().mainline_len(),
        result,
        key: None,
        scroll: 0,
    }
}

fn width_of(s: &str) -> usize {
    width(s)
}

/// `word` in parts at most `room` cells wide (a wide character that
/// would not fit starts the next part).
fn split_to_width(word: &str, room: usize) -> Vec<String> {
    let mut parts = vec![String::new()];
    let mut used = 0;
    for c in word.chars() {
        let cw = width_of(c.encode_utf8(&mut [0; 4]));
        if used + cw > room && used > 0 {
            parts.push(String::new());
            used = 0;
        }
        if let Some(p) = parts.last_mut() {
            p.push(c);
        }
        used += cw;
    }
    parts
}

/// Where `items` writes the tokens, and what it needs to know about the
/// tokens already written.
struct Emitter<'a> {
    game: &'a Game,
    evals: Option<&'a GameEvals>,
    book: Option<&'a crate::book::Book>,
    verdicts: &'a [Option<Class>],
    out: Vec<Item>,
    /// The next token sticks to the one before (after an opening paren).
    glue_next: bool,
    /// The next Black move needs its number ("12...").
    force_number: bool,
}

impl Emitter<'_> {
    fn push(&mut self, text: String, kind: Kind, node: Option<NodeId>, glued: bool) {
        self.out.push(Item::Token(Token {
            text,
            kind,
            node,
            glued,
        }));
    }

    /// A comment's words, each a token of its own.
    fn comment(&mut self, text: &str, node: NodeId) {
        for w in text_without_commands(text).split_whitespace() {
            let glued = std::mem::take(&mut self.glue_next);
            self.push(w.to_string(), Kind::Comment, Some(node), glued);
            self.force_number = true;
        }
    }

    /// One move with everything around it: the comment before, its number,
    /// the SAN, the book mark, its quality glyph (or the report's verdict),
    /// the disagreement mark, the other NAGs and the comment after. A
    /// comment before a move that does not start a variation (one promoted
    /// to the main line) shows after the move, where a save writes it: PGN
    /// holds a comment before a move only at a variation's start.
    fn node(&mut self, id: NodeId, depth: usize, starts_variation: bool) {
        let tree = self.game.tree();
        let node = tree.node(id);
        if starts_variation {
            self.comment(&node.comment_before, id);
        }
        let (n, side) = tree.move_number(id);
        let mut glued = std::mem::take(&mut self.glue_next);
        if side == Color::White || self.force_number {
            let number = crate::chess::move_number_text(n, side);
            self.push(number, Kind::Number, Some(id), glued);
            glued = true;
        }
        let kind = Kind::Move {
            depth: depth.min(255) as u8,
        };
        self.push(node.san().to_string(), kind, Some(id), glued);
        self.force_number = false;
        let in_book = node.ply() <= BOOK_PLIES
            && node.parent().is_some_and(|p| {
                self.book
                    .is_some_and(|b| b.contains(tree.board(p), node.mv()))
            });
        if in_book {
            let mark = super::widgets::movelist::BOOK_MARK.to_string();
            self.push(mark, Kind::Book, Some(id), true);
        }
        for nag in node.nags.iter().filter(|n| n.is_move_quality()) {
            self.push(nag.display(), Kind::Glyph(nag), Some(id), true);
        }
        // The report's verdict, where the player gave none (the finished
        // report writes the same NAG there).
        let verdict = self.verdicts.get(id.index()).copied().flatten();
        if let (Some(c), false) = (verdict, node.nags.iter().any(|n| n.is_move_quality())) {
            self.push(c.glyph().to_string(), Kind::Verdict(c), Some(id), true);
        }
        if self.evals.is_some_and(|e| e.disagree(id)) {
            let mark = super::widgets::movelist::MARK.to_string();
            self.push(mark, Kind::Mark, Some(id), true);
        }
        for nag in node.nags.iter().filter(|n| !n.is_move_quality()) {
            self.push(nag.display(), Kind::Nag, Some(id), false);
        }
        if !starts_variation {
            self.comment(&node.comment_before, id);
        }
        for w in text_without_commands(&node.comment).split_whitespace() {
            self.push(w.to_string(), Kind::Comment, Some(id), false);
            self.force_number = true;
        }
    }
}

/// The tokens and breaks of the whole tree, in PGN order: the main line
/// with each move's alternatives in parentheses right after it, the first
/// levels as indented paragraphs, deeper ones inline.
fn items(
    game: &Game,
    evals: Option<&GameEvals>,
    book: Option<&crate::book::Book>,
    verdicts: &[Option<Class>],
    node_depth: &mut [u8],
) -> Vec<Item> {
    let tree = game.tree();
    let mut e = Emitter {
        game,
        evals,
        book,
        verdicts,
        out: Vec::with_capacity(tree.capacity() * 2),
        glue_next: false,
        force_number: true,
    };
    for w in text_without_commands(&tree.root().comment).split_whitespace() {
        e.push(w.to_string(), Kind::Comment, Some(NodeId::ROOT), false);
    }
    let Some(first) = tree.main_child(NodeId::ROOT) else {
        return e.out;
    };
    let mut jobs = vec![Job::Node {
        id: first,
        depth: 0,
        sidelines: true,
    }];
    // The indentation of the line being laid out, per open variation.
    let mut indents: Vec<u16> = vec![0];
    while let Some(job) = jobs.pop() {
        match job {
            Job::Open { paragraph, indent } => {
                if paragraph {
                    e.out.push(Item::Break(indent));
                }
                indents.push(if paragraph {
                    indent
                } else {
                    *indents.last().unwrap_or(&0)
                });
                e.push("(".to_string(), Kind::Paren, None, false);
                e.glue_next = true;
                e.force_number = true;
            }
            Job::Close => {
                e.push(")".to_string(), Kind::Paren, None, true);
                indents.pop();
                e.force_number = true;
            }
            Job::Resume(indent) => {
                // The end of an enclosing variation closes on this row
                // rather than standing alone on the next.
                while let Some(Job::Close) = jobs.last() {
                    jobs.pop();
                    e.push(")".to_string(), Kind::Paren, None, true);
                    indents.pop();
                }
                e.out.push(Item::Break(*indents.last().unwrap_or(&indent)));
                e.force_number = true;
            }
            Job::Node {
                id,
                depth,
                sidelines,
            } => {
                if let Some(d) = node_depth.get_mut(id.index()) {
                    *d = depth.min(255) as u8;
                }
                e.node(id, depth, !sidelines);
                // Continuation last (a stack): alternatives come first.
                if let Some(next) = tree.main_child(id) {
                    jobs.push(Job::Node {
                        id: next,
                        depth,
                        sidelines: true,
                    });
                }
                if sidelines {
                    let parent = tree.node(id).parent().unwrap_or(NodeId::ROOT);
                    let alts = &tree.children(parent)[1..];
                    let alt_depth = depth + 1;
                    let paragraph = alt_depth <= PARAGRAPH_DEPTH;
                    let here = *indents.last().unwrap_or(&0);
                    if paragraph && !alts.is_empty() {
                        jobs.push(Job::Resume(here));
                    }
                    for &alt in alts.iter().rev() {
                        jobs.push(Job::Close);
                        jobs.push(Job::Node {
                            id: alt,
                            depth: alt_depth,
                            sidelines: false,
                        });
                        jobs.push(Job::Open {
                            paragraph,
                            indent: INDENT * alt_depth as u16,
                        });
                    }
                }
            }
        }
    }
    e.out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::pgn::read_first;

    fn text(m: &MoveText) -> Vec<String> {
        m.rows
            .iter()
            .map(|r| {
                let mut s = String::new();
                for p in r {
                    while s.chars().count() < p.x as usize {
                        s.push(' ');
                    }
                    s.push_str(&p.text);
                }
                s
            })
            .collect()
    }

    #[test]
    fn report_verdicts_show_where_the_player_gave_none() {
        let g = read_first("1. e4 e5 2. Nf3?! Nc6 3. Bb5 *").unwrap().game;
        let t = g.tree();
        let ids: Vec<NodeId> = t.mainline().collect();
        let verdicts = [
            (ids[1], Class::Mistake),
            (ids[2], Class::Blunder),
            (ids[4], Class::Inaccuracy),
        ];
        let m = layout(&g, 40, None, None, &verdicts);
        // 2.Nf3 keeps the player's ?!; e5 and Bb5 get the report's.
        assert_eq!(text(&m), ["1.e4 e5? 2.Nf3?! Nc6 3.Bb5?!"]);
        assert_eq!(m.verdict(ids[2]), Some(Class::Blunder));
        assert_eq!(m.verdict(ids[0]), None);
        assert!(m.rows[0]
            .iter()
            .any(|p| p.kind == Kind::Verdict(Class::Mistake) && p.node == Some(ids[1])));
    }

    #[test]
    fn variations_get_rows_and_comments_flow() {
        let g = read_first(
            "1. e4 e5 (1... c5 {Sicilian} 2. Nf3 (2. c3 d5) (2. Nc3) 2... d6 (2... Nc6 3. d4 (3. Bb5)) 3. d4) 2. Nf3?! Nc6 $14 3. Bb5 *",
        )
        .unwrap()
        .game;
        let m = layout(&g, 40, None, None, &[]);
        assert_eq!(
            text(&m),
            [
                "1.e4 e5",
                "  (1...c5 Sicilian 2.Nf3",
                "    (2.c3 d5)",
                "    (2.Nc3)",
                "  2...d6",
                "    (2...Nc6 3.d4 (3.Bb5))",
                "  3.d4)",
                "2.Nf3?! Nc6 += 3.Bb5",
            ]
        );
        let t = g.tree();
        let bb5 = t.line_end(NodeId::ROOT);
        assert_eq!(m.row_of(bb5), Some(7));
        let x = m.rows[7].iter().find(|p| p.text == "Bb5").unwrap().x;
        assert_eq!(m.node_at(7, x), Some(bb5));
        assert_eq!(m.node_at(7, x + 2), Some(bb5));
        // The number before a move goes to the move too.
        assert_eq!(m.node_at(7, x - 1), Some(bb5));
    }

    /// A comment before a variation's first move shows before it; once the
    /// variation is the main line, it shows after the move, where a save
    /// writes it (PGN has no place before a main-line move for it).
    #[test]
    fn a_promoted_moves_comment_before_shows_where_it_is_written() {
        let mut g = read_first("1. e4 e5 ( {Sicilian} 1... c5 2. Nf3) 2. Nf3 *")
            .unwrap()
            .game;
        let m = layout(&g, 40, None, None, &[]);
        assert_eq!(text(&m), ["1.e4 e5", "  (Sicilian 1...c5 2.Nf3)", "2.Nf3"]);
        let t = g.tree();
        let c5 = t.children(t.mainline().next().unwrap())[1];
        g.promote(c5).unwrap();
        let m = layout(&g, 40, None, None, &[]);
        assert_eq!(text(&m), ["1.e4 c5 Sicilian", "  (1...e5 2.Nf3)", "2.Nf3"]);
        let written = crate::game::pgn::write_game(&g);
        assert!(
            written.contains("1. e4 c5 { Sicilian } ( 1... e5"),
            "{written}"
        );
    }

    /// A comment word wider than the pane (a URL) is split over rows of
    /// its own, every character kept, none past the width.
    #[test]
    fn a_word_wider_than_the_pane_is_split_not_cut() {
        let url = "https://lichess.org/study/abcdefghijklmnop/qrstuvwxyz0123456789";
        let g = read_first(&format!("1. e4 {{see {url} here}} e5 *"))
            .unwrap()
            .game;
        let m = layout(&g, 20, None, None, &[]);
        assert!(
            m.rows.iter().all(|r| r
                .last()
                .is_none_or(|p| p.x as usize + width_of(&p.text) <= 20)),
            "{:?}",
            m.rows
        );
        let parts: String = (m.rows.iter().flatten())
            .filter(|p| p.kind == Kind::Comment && p.text != "see" && p.text != "here")
            .map(|p| p.text.as_str())
            .collect();
        assert_eq!(parts, url);
        assert_eq!(split_to_width("ab漢字c", 3), ["ab", "漢", "字c"]);
    }

    #[test]
    fn wraps_at_the_width_and_scrolls_to_the_cursor() {
        let g =
            read_first("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 *")
                .unwrap()
                .game;
        let mut m = layout(&g, 16, None, None, &[]);
        assert!(m
            .rows
            .iter()
            .all(|r| r.last().is_none_or(|p| p.x as usize + p.text.len() <= 16)));
        let last = g.tree().line_end(NodeId::ROOT);
        let row = m.row_of(last).unwrap();
        m.scroll_to(last, 2);
        assert_eq!(m.scroll, row - 1);
        m.scroll_to(NodeId::ROOT, 2);
        assert_eq!(m.scroll, 0);
    }

    /// The shown move's comment comes into view below it, as much of it
    /// as the rows hold; the move itself never scrolls away.
    #[test]
    fn the_shown_moves_comment_scrolls_into_view() {
        let g = read_first(
            "1. e4 e5 2. Nf3 Nc6 3. g3 {a long comment that takes several rows of the \
             narrow move list to say all it has to say} *",
        )
        .unwrap()
        .game;
        let mut m = layout(&g, 16, None, None, &[]);
        let last = g.tree().line_end(NodeId::ROOT);
        let row = m.row_of(last).unwrap();
        let end = m.rows.len() - 1;
        assert!(end > row + 2, "{:?}", m.rows);
        assert!(row >= 1, "{:?}", m.rows);
        // Room for the move, its comment and one row before.
        let h = end - row + 2;
        m.scroll_to(last, h);
        assert_eq!(m.scroll, row - 1, "the comment's end in view");
        m.scroll_to(NodeId::ROOT, 2);
        m.scroll_to(last, 2);
        // Too long to show with the move: the move stays in view, on top.
        assert_eq!(m.scroll, row);
    }
}
