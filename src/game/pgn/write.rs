//! Writing games in PGN export format: the seven-tag roster first, then
//! the other tags in their order; movetext in lines of at most 80 columns
//! (a comment longer than a line stays whole), with every comment, NAG and
//! variation. The layout is the one python-chess's exporter writes, token
//! for token, so the test fixtures it produced are byte-for-byte checks:
//! a move number is repeated after a comment or a variation, NAGs are
//! written as `$n`, comments as `{ text }`.

use crate::chess::Color;
use crate::game::tags::{result_token, Tags};
use crate::game::tree::{GameTree, NodeId};
use crate::game::Game;

/// Export-format lines are at most this wide (but for one long token).
pub const COLUMNS: usize = 80;

/// The game as PGN text, ending in a newline.
pub fn write_game(game: &Game) -> String {
    write_tree(&game.tags, game.tree())
}

/// A tree with the given tags as PGN text (the board writes its game with
/// tags filled in for the file, without changing the game).
pub fn write_tree(tags: &Tags, tree: &GameTree) -> String {
    let mut out = Out::default();
    for (k, v) in tags.export_order() {
        out.line(&format!("[{k} \"{}\"]", escape_tag(&v)));
    }
    out.line("");
    let root = tree.root();
    if !root.comment.is_empty() {
        out.comment(&root.comment);
    }
    if let Some(first) = tree.main_child(NodeId::ROOT) {
        movetext(tree, first, &mut out);
    }
    out.token(&format!("{} ", result_token(tags)));
    out.finish()
}

/// Several games, a blank line between them.
pub fn write_games<'a>(games: impl IntoIterator<Item = &'a Game>) -> String {
    games
        .into_iter()
        .map(write_game)
        .collect::<Vec<_>>()
        .join("\n")
}

/// A tag value with `\` and `"` escaped, a line break made a space (a
/// value must stay on its line to be read back) and a NUL left out (see
/// `Out::comment`). Every other character is kept: a tab, and the C1 codes
/// that a Cyrillic or Czech file's letters become when it is read as
/// Windows-1252 and that turn back into the same bytes when it is written.
fn escape_tag(v: &str) -> String {
    v.chars()
        .filter(|&c| c != '\0')
        .map(|c| if matches!(c, '\n' | '\r') { ' ' } else { c })
        .collect::<String>()
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

/// What the walk over the tree still has to write.
enum Job {
    /// A move; with `sidelines`, its alternatives follow it in parentheses.
    Node(NodeId, bool),
    Open,
    Close,
}

/// The moves from `first` on, variations in place: each move, then the
/// alternatives to it, then the continuation. An explicit stack, so a
/// 100,000-ply game cannot overflow the call stack.
fn movetext(tree: &GameTree, first: NodeId, out: &mut Out) {
    let mut jobs = vec![Job::Node(first, true)];
    while let Some(job) = jobs.pop() {
        match job {
            Job::Open => {
                out.token("( ");
                out.force_number = true;
            }
            Job::Close => {
                out.token(") ");
                out.force_number = true;
            }
            Job::Node(id, sidelines) => {
                // A variation's first move is the one written with
                // `sidelines` false, straight after its "(".
                write_node(tree, id, !sidelines, out);
                if let Some(next) = tree.main_child(id) {
                    jobs.push(Job::Node(next, true));
                }
                if sidelines {
                    let parent = tree.parent(id).unwrap_or(NodeId::ROOT);
                    for &alt in tree.children(parent).iter().skip(1).rev() {
                        jobs.push(Job::Close);
                        jobs.push(Job::Node(alt, false));
                        jobs.push(Job::Open);
                    }
                }
            }
        }
    }
}

/// One move with its glyphs and comments. A comment before the move reads
/// back as the move's own only at a variation's start (anywhere else a
/// reader gives it to the move before, or to the game), so elsewhere (a
/// variation promoted to the main line) it is written after the move,
/// ahead of the move's own comment: it stays with its move.
fn write_node(tree: &GameTree, id: NodeId, starts_variation: bool, out: &mut Out) {
    let node = tree.node(id);
    let before = &node.comment_before;
    if starts_variation && !before.is_empty() {
        out.comment(before);
    }
    let (number, side) = tree.move_number(id);
    if side == Color::White {
        out.token(&format!("{number}. "));
    } else if out.force_number {
        out.token(&format!("{number}... "));
    }
    out.token(&format!("{} ", node.san()));
    out.force_number = false;
    for nag in node.nags.iter() {
        out.token(&format!("${} ", nag.0));
    }
    if !starts_variation && !before.is_empty() {
        out.comment(before);
    }
    if !node.comment.is_empty() {
        out.comment(&node.comment);
    }
}

/// Lines being filled, python-chess's way: a token that does not fit in
/// what is left of the line starts a new one; lines lose trailing blanks.
struct Out {
    lines: Vec<String>,
    current: String,
    /// Characters (not bytes) in `current`.
    width: usize,
    /// The next Black move needs its "12..." (after a comment or a variation).
    force_number: bool,
}

impl Default for Out {
    fn default() -> Self {
        Out {
            lines: Vec::new(),
            current: String::new(),
            width: 0,
            force_number: true,
        }
    }
}

impl Out {
    fn flush(&mut self) {
        if !self.current.is_empty() {
            self.lines.push(self.current.trim_end().to_string());
        }
        self.current.clear();
        self.width = 0;
    }

    fn token(&mut self, t: &str) {
        let w = t.chars().count();
        if COLUMNS.saturating_sub(self.width) < w {
            self.flush();
        }
        self.current.push_str(t);
        self.width += w;
    }

    fn line(&mut self, l: &str) {
        self.flush();
        self.lines.push(l.trim_end().to_string());
    }

    /// A comment in braces; one holding a `}` (from a `;` comment), which
    /// braces cannot hold, as `;` comments, a line each. A NUL is left
    /// out: a file holding one reads as binary data to many programs (to
    /// tapir, when many), and one came in with a pasted comment.
    fn comment(&mut self, c: &str) {
        let without_nul;
        let c = if c.contains('\0') {
            without_nul = c.replace('\0', "");
            without_nul.as_str()
        } else {
            c
        };
        if c.contains('}') {
            for line in c.lines().map(str::trim).filter(|l| !l.is_empty()) {
                self.token(&format!("; {line}"));
                self.flush();
            }
        } else {
            self.token(&format!("{{ {} }} ", c.trim()));
        }
        self.force_number = true;
    }

    fn finish(mut self) -> String {
        self.flush();
        let mut s = self.lines.join("\n").trim_end().to_string();
        s.push('\n');
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::pgn::read_first;

    #[test]
    fn export_layout() {
        let g = read_first(
            "[White \"A \\\"Q\\\"\"]\n[ECO \"C20\"]\n{start} 1. e4 e5 (1... c5 {x} 2. Nf3 (2. c3) d6) 2. Nf3 $14 Nc6 *",
        )
        .unwrap()
        .game;
        let text = write_game(&g);
        assert_eq!(
            text,
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
             [White \"A \\\"Q\\\"\"]\n[Black \"?\"]\n[Result \"*\"]\n[ECO \"C20\"]\n\n\
             { start } 1. e4 e5 ( 1... c5 { x } 2. Nf3 ( 2. c3 ) 2... d6 ) 2. Nf3 $14 Nc6 *\n"
        );
        let again = read_first(&text).unwrap().game;
        assert_eq!(write_game(&again), text);
    }

    #[test]
    fn no_nul_byte_is_written() {
        let g = read_first("[Annotator \"A\0B\"]\n\n1. e4 {pasted\0x} *")
            .unwrap()
            .game;
        let text = write_game(&g);
        assert!(!text.contains('\0'), "{text:?}");
        assert!(text.contains("[Annotator \"AB\"]"), "{text}");
        assert!(text.contains("{ pastedx }"), "{text}");
    }

    #[test]
    fn a_comment_holding_a_brace_is_written_as_line_comments() {
        // `; see {note}` is a legal line comment; braces cannot hold it.
        let g = read_first("1. e4 ; see {note} here\n1... e5 {plain} 2. Nf3 *")
            .unwrap()
            .game;
        let text = write_game(&g);
        assert!(text.contains("1. e4 ; see {note} here\n1... e5 { plain } 2. Nf3 *"));
        let again = read_first(&text).unwrap();
        assert!(again.problems.is_empty(), "{:?}", again.problems);
        let e4 = again.game.tree().mainline().next().unwrap();
        assert_eq!(again.game.tree().node(e4).comment, "see {note} here");
        assert_eq!(write_game(&again.game), text);
    }

    #[test]
    fn a_comment_with_line_breaks_and_a_brace_reads_back_whole() {
        let mut g = read_first("1. e4 e5 *").unwrap().game;
        let e4 = g.tree().mainline().next().unwrap();
        g.set_comment(e4, false, "falls for\nmate x } y");
        let text = write_game(&g);
        assert!(
            text.contains("1. e4 ; falls for\n; mate x } y\n1... e5"),
            "{text}"
        );
        let back = read_first(&text).unwrap().game;
        let e4 = back.tree().mainline().next().unwrap();
        assert_eq!(back.tree().node(e4).comment, "falls for\nmate x } y");
        assert_eq!(write_game(&back), text);
    }

    #[test]
    fn a_promoted_variations_opening_comment_stays_with_its_move() {
        let mut g = read_first("1. e4 {King pawn} e5 ({The Sicilian:} 1... c5 2. Nf3) 2. Nf3 *")
            .unwrap()
            .game;
        let c5 = g.tree().siblings(g.tree().mainline().nth(1).unwrap())[1];
        g.promote(c5).unwrap();
        let text = write_game(&g);
        assert!(
            text.contains(
                "1. e4 { King pawn } 1... c5 { The Sicilian: } ( 1... e5 2. Nf3 ) 2. Nf3 *"
            ),
            "{text}"
        );
        // Read back, the comment is c5's, not e4's.
        let back = read_first(&text).unwrap().game;
        let t = back.tree();
        let main: Vec<NodeId> = t.mainline().collect();
        assert_eq!(t.node(main[0]).comment, "King pawn");
        assert_eq!(t.node(main[1]).comment, "The Sicilian:");
    }

    #[test]
    fn lines_wrap_at_80_and_a_long_game_does_not_overflow_the_stack() {
        let mut g = Game::default();
        let mut at = NodeId::ROOT;
        // 40,000 plies of knight shuffles.
        let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
        for i in 0..40_000 {
            let m = crate::chess::parse_move(g.board(at), shuffle[i % 4]).unwrap();
            at = g.play(at, m).0;
        }
        let text = write_game(&g);
        assert!(text.lines().all(|l| l.chars().count() <= COLUMNS));
        let back = read_first(&text).unwrap().game;
        assert_eq!(back.tree().mainline_len(), 40_000);
    }
}
