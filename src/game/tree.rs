//! The move tree: every move ever played or read, with its variations,
//! comments and NAGs. Nodes live in an arena and are named by `NodeId`, so
//! a cursor, an undo step or a cached evaluation can point at a node
//! cheaply and stays valid: a deleted branch is only detached from its
//! parent (undo attaches it again), never freed or renumbered.
//!
//! Each node keeps the board after its move, so walking the tree, drawing
//! a position or adding a move costs the same in a 20-ply game as in a
//! 20,000-ply one.

use super::nag::Nags;
use crate::chess::{to_san, Board, Move};

/// A node of one `GameTree` (the root is the start position).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(u32);

impl NodeId {
    /// The start position.
    pub const ROOT: NodeId = NodeId(0);

    /// The arena index, for tables kept beside the tree.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// One move and what was said about it.
#[derive(Clone, Debug)]
pub struct Node {
    /// The move that led here (`Move::NULL` at the root and for a `--`).
    mv: Move,
    /// Its SAN ("--" for a null move, empty at the root).
    san: String,
    /// The position after the move.
    board: Board,
    parent: Option<NodeId>,
    /// The first child is the main continuation; the others are variations.
    children: Vec<NodeId>,
    /// Moves from the root.
    ply: u32,
    /// Whether the node hangs in the tree (false once deleted).
    attached: bool,
    pub nags: Nags,
    /// Said before the move (PGN puts it ahead of the move number); only
    /// the first move of a variation gets one from a file.
    pub comment_before: String,
    /// Said after the move; at the root, the comment on the whole game.
    pub comment: String,
}

impl Node {
    pub fn mv(&self) -> Move {
        self.mv
    }

    pub fn san(&self) -> &str {
        &self.san
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    pub fn children(&self) -> &[NodeId] {
        &self.children
    }

    /// Moves from the start position.
    pub fn ply(&self) -> usize {
        self.ply as usize
    }

    /// Whether this node passes the move (`--` in PGN).
    pub fn is_null(&self) -> bool {
        self.parent.is_some() && self.mv.is_null()
    }

    /// Whether the node has a comment before or after it.
    pub fn has_comment(&self) -> bool {
        !self.comment.trim().is_empty() || !self.comment_before.trim().is_empty()
    }
}

/// A start position and every line played from it.
#[derive(Clone, Debug)]
pub struct GameTree {
    nodes: Vec<Node>,
}

impl GameTree {
    pub fn new(start: Board) -> GameTree {
        GameTree {
            nodes: vec![Node {
                mv: Move::NULL,
                san: String::new(),
                board: start,
                parent: None,
                children: Vec::new(),
                ply: 0,
                attached: true,
                nags: Nags::new(),
                comment_before: String::new(),
                comment: String::new(),
            }],
        }
    }

    pub fn start(&self) -> &Board {
        &self.nodes[0].board
    }

    pub fn root(&self) -> &Node {
        &self.nodes[0]
    }

    /// The node `id`. Ids come from this tree, so they are always in range.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    pub(crate) fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.index()]
    }

    /// A node id from an arena index, if there is such a node.
    pub fn id(&self, index: usize) -> Option<NodeId> {
        (index < self.nodes.len()).then_some(NodeId(index as u32))
    }

    pub fn board(&self, id: NodeId) -> &Board {
        &self.node(id).board
    }

    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).parent
    }

    pub fn children(&self, id: NodeId) -> &[NodeId] {
        &self.node(id).children
    }

    /// The main continuation after `id`.
    pub fn main_child(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).children.first().copied()
    }

    /// The moves after `id`: how many continue its line (main
    /// continuations one after another), and how many in all, the
    /// variations' included.
    pub fn plies_after(&self, id: NodeId) -> (usize, usize) {
        let mut line = 0;
        let mut at = id;
        while let Some(c) = self.main_child(at) {
            line += 1;
            at = c;
        }
        let mut all = 0;
        let mut stack = self.children(id).to_vec();
        while let Some(x) = stack.pop() {
            all += 1;
            stack.extend(self.children(x).iter().copied());
        }
        (line, all)
    }

    /// The child of `id` reached by `m`, if it was played before.
    pub fn child_with_move(&self, id: NodeId, m: Move) -> Option<NodeId> {
        self.node(id)
            .children
            .iter()
            .copied()
            .find(|&c| self.node(c).mv == m)
    }

    /// Every node reachable from the root has `attached` set; a deleted
    /// branch keeps its nodes for undo but is out of the tree.
    pub fn is_attached(&self, id: NodeId) -> bool {
        self.node(id).attached
    }

    /// The number of nodes in the arena, attached or not (an upper bound
    /// for tables indexed by `NodeId::index`).
    pub fn capacity(&self) -> usize {
        self.nodes.len()
    }

    /// The moves in the tree (attached nodes, the root not counted).
    pub fn move_count(&self) -> usize {
        self.nodes.iter().filter(|n| n.attached).count() - 1
    }

    /// The moves off the main line.
    pub fn variation_move_count(&self) -> usize {
        self.move_count() - self.mainline_len()
    }

    /// The nodes from the root's first move to `id`, in order.
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut out = Vec::with_capacity(self.node(id).ply());
        let mut cur = id;
        while let Some(p) = self.node(cur).parent {
            out.push(cur);
            cur = p;
        }
        out.reverse();
        out
    }

    /// The moves from the start position to `id`.
    pub fn moves_to(&self, id: NodeId) -> Vec<Move> {
        self.path(id).into_iter().map(|n| self.node(n).mv).collect()
    }

    /// Where the line through `id` ends, following main continuations.
    pub fn line_end(&self, id: NodeId) -> NodeId {
        let mut cur = id;
        while let Some(c) = self.main_child(cur) {
            cur = c;
        }
        cur
    }

    /// The main line's nodes (the root not included).
    pub fn mainline(&self) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(self.main_child(NodeId::ROOT), |&n| self.main_child(n))
    }

    pub fn mainline_len(&self) -> usize {
        self.node(self.line_end(NodeId::ROOT)).ply()
    }

    /// Whether `id` is on the main line (every node on its path is a first child).
    pub fn is_mainline(&self, id: NodeId) -> bool {
        let mut cur = id;
        while let Some(p) = self.node(cur).parent {
            if self.main_child(p) != Some(cur) {
                return false;
            }
            cur = p;
        }
        true
    }

    /// Whether `id` is the main line's last move (where a game's result
    /// belongs).
    pub fn is_main_line_end(&self, id: NodeId) -> bool {
        self.children(id).is_empty() && self.is_mainline(id)
    }

    /// How many variations deep `id` is (0 on the main line).
    pub fn depth(&self, id: NodeId) -> usize {
        let mut d = 0;
        let mut cur = id;
        while let Some(p) = self.node(cur).parent {
            if self.main_child(p) != Some(cur) {
                d += 1;
            }
            cur = p;
        }
        d
    }

    /// The moves played instead of `id` at the same point (itself included).
    pub fn siblings(&self, id: NodeId) -> &[NodeId] {
        match self.node(id).parent {
            Some(p) => &self.node(p).children,
            None => &ROOT_SLICE,
        }
    }

    /// The first move of the variation that `id` is in, or the root's first
    /// move on the main line: where that line leaves its parent line.
    pub fn line_start(&self, id: NodeId) -> NodeId {
        let mut cur = id;
        while let Some(p) = self.node(cur).parent {
            if self.main_child(p) != Some(cur) || self.node(p).parent.is_none() {
                return cur;
            }
            cur = p;
        }
        cur
    }

    /// Adds `m` (legal in `parent`'s position, or `Move::NULL` for a pass)
    /// as the last child of `parent`, whatever children it has.
    pub(crate) fn push(&mut self, parent: NodeId, m: Move) -> NodeId {
        let before = *self.board(parent);
        let (board, san) = if m.is_null() {
            (before.make_null(), "--".to_string())
        } else {
            (before.make(m), to_san(&before, m))
        };
        let id = NodeId(self.nodes.len() as u32);
        let ply = self.node(parent).ply + 1;
        self.nodes.push(Node {
            mv: m,
            san,
            board,
            parent: Some(parent),
            children: Vec::new(),
            ply,
            attached: true,
            nags: Nags::new(),
            comment_before: String::new(),
            comment: String::new(),
        });
        self.node_mut(parent).children.push(id);
        id
    }

    /// Takes `id` and its subtree out of the tree; returns its index among
    /// its parent's children. The root cannot be detached.
    pub(crate) fn detach(&mut self, id: NodeId) -> Option<usize> {
        let p = self.node(id).parent?;
        let i = self.node(p).children.iter().position(|&c| c == id)?;
        self.node_mut(p).children.remove(i);
        self.set_attached(id, false);
        Some(i)
    }

    /// Puts a detached `id` back at `index` among its parent's children.
    pub(crate) fn attach(&mut self, id: NodeId, index: usize) {
        let Some(p) = self.node(id).parent else {
            return;
        };
        if self.node(id).attached {
            return;
        }
        let kids = &mut self.node_mut(p).children;
        let index = index.min(kids.len());
        kids.insert(index, id);
        self.set_attached(id, true);
    }

    fn set_attached(&mut self, id: NodeId, on: bool) {
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            self.nodes[n.index()].attached = on;
            stack.extend(self.nodes[n.index()].children.iter().copied());
        }
    }

    /// Moves `parent`'s child at `from` to `to` (the rest keep their order).
    pub(crate) fn move_child(&mut self, parent: NodeId, from: usize, to: usize) {
        let kids = &mut self.node_mut(parent).children;
        if from < kids.len() && to < kids.len() {
            let c = kids.remove(from);
            kids.insert(to, c);
        }
    }

    /// Index of `id` among its parent's children (0 for the root).
    pub fn child_index(&self, id: NodeId) -> usize {
        self.node(id)
            .parent
            .and_then(|p| self.node(p).children.iter().position(|&c| c == id))
            .unwrap_or(0)
    }

    /// Every attached node in PGN order (a move, then its alternatives'
    /// subtrees, then the continuation): the order the move list shows.
    pub fn preorder(&self) -> Vec<NodeId> {
        let mut out = Vec::with_capacity(self.nodes.len());
        let mut stack = vec![NodeId::ROOT];
        while let Some(n) = stack.pop() {
            out.push(n);
            for &c in self.node(n).children.iter().rev() {
                stack.push(c);
            }
        }
        out
    }

    /// "12." or "12..." for the move that leads to `id`.
    pub fn move_number(&self, id: NodeId) -> (u16, crate::chess::Color) {
        let before = match self.node(id).parent {
            Some(p) => self.board(p),
            None => self.board(id),
        };
        (before.fullmove_number(), before.side_to_move())
    }
}

const ROOT_SLICE: [NodeId; 1] = [NodeId::ROOT];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::parse_move;

    fn add(t: &mut GameTree, at: NodeId, san: &str) -> NodeId {
        let m = parse_move(t.board(at), san).unwrap();
        t.push(at, m)
    }

    #[test]
    fn lines_paths_and_variations() {
        let mut t = GameTree::new(Board::startpos());
        let e4 = add(&mut t, NodeId::ROOT, "e4");
        let e5 = add(&mut t, e4, "e5");
        let c5 = add(&mut t, e4, "c5");
        let nf3 = add(&mut t, c5, "Nf3");
        let d4 = add(&mut t, NodeId::ROOT, "d4");
        assert_eq!(t.mainline().collect::<Vec<_>>(), [e4, e5]);
        assert_eq!(t.path(nf3), [e4, c5, nf3]);
        assert_eq!(t.node(nf3).ply(), 3);
        assert_eq!(t.node(nf3).san(), "Nf3");
        assert!(t.is_mainline(e5) && !t.is_mainline(nf3) && !t.is_mainline(d4));
        assert_eq!(t.depth(nf3), 1);
        assert_eq!(t.line_start(nf3), c5);
        assert_eq!(t.line_start(e5), e4);
        assert_eq!(t.siblings(c5), [e5, c5]);
        assert_eq!(t.siblings(NodeId::ROOT), [NodeId::ROOT]);
        assert_eq!(t.line_end(c5), nf3);
        assert_eq!(t.child_with_move(e4, t.node(c5).mv()), Some(c5));
        assert_eq!(t.move_count(), 5);
        assert_eq!(t.variation_move_count(), 3);
        assert_eq!(t.preorder(), [NodeId::ROOT, e4, e5, c5, nf3, d4]);
        assert_eq!(t.move_number(c5), (1, crate::chess::Color::Black));

        let i = t.detach(c5).unwrap();
        assert_eq!(i, 1);
        assert!(!t.is_attached(nf3));
        assert_eq!(t.move_count(), 3);
        t.attach(c5, i);
        assert!(t.is_attached(nf3));
        t.move_child(e4, 1, 0);
        assert_eq!(t.mainline().collect::<Vec<_>>(), [e4, c5, nf3]);
    }

    #[test]
    fn null_moves_count_the_move_number_on() {
        let mut t = GameTree::new(Board::startpos());
        let e4 = add(&mut t, NodeId::ROOT, "e4");
        let pass = t.push(e4, Move::NULL);
        assert!(t.node(pass).is_null());
        assert_eq!(t.node(pass).san(), "--");
        assert_eq!(t.board(pass).fullmove_number(), 2);
        assert_eq!(t.board(pass).side_to_move(), crate::chess::Color::White);
    }
}
