//! Both static evaluations of every position in the game's tree, for the
//! move list's "HCE and NNUE disagree here" markers. Kept in step with the
//! tree by `sync` after each change: a table by node, so a node evaluated
//! once is never evaluated again, and a new move costs one evaluation of
//! each kind.

use super::params::DISAGREE_CP;
use crate::eval::nnue::Network;
use crate::eval::teach::{hce_white, nnue_white};
use crate::game::{GameTree, NodeId};
use std::sync::Arc;

/// One position's evaluations, White's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlyEvals {
    pub hce: i32,
    pub nnue: i32,
}

/// By node (`NodeId::index`), while a net is loaded.
#[derive(Clone, Debug, Default)]
pub struct GameEvals {
    nodes: Vec<Option<PlyEvals>>,
    net: Option<Arc<Network>>,
    /// How many attached nodes disagree.
    disagreements: usize,
    /// The document revision last synced (with the same net).
    revision: Option<u64>,
}

impl GameEvals {
    /// Brings the table in line with `tree` (at document `revision`)
    /// evaluated by `net`; nothing to do when neither changed.
    pub fn sync(&mut self, tree: &GameTree, net: Option<&Arc<Network>>, revision: u64) {
        let same_net = match (&self.net, net) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if same_net && self.revision == Some(revision) {
            return;
        }
        self.revision = Some(revision);
        if !same_net {
            self.nodes.clear();
            self.net = net.cloned();
        }
        let Some(net) = &self.net else {
            self.disagreements = 0;
            return;
        };
        self.nodes.resize(tree.capacity(), None);
        let mut disagreements = 0;
        for id in tree.preorder() {
            let slot = &mut self.nodes[id.index()];
            let e = *slot.get_or_insert_with(|| {
                let b = tree.board(id);
                PlyEvals {
                    hce: hce_white(b),
                    nnue: nnue_white(net, b),
                }
            });
            disagreements += usize::from((e.hce - e.nnue).abs() > DISAGREE_CP);
        }
        self.disagreements = disagreements;
    }

    /// The evaluations at `node`, if a net is loaded.
    pub fn at(&self, node: NodeId) -> Option<PlyEvals> {
        self.nodes.get(node.index()).copied().flatten()
    }

    /// Whether the two evaluations differ by more than `DISAGREE_CP` at `node`.
    pub fn disagree(&self, node: NodeId) -> bool {
        self.at(node)
            .is_some_and(|p| (p.hce - p.nnue).abs() > DISAGREE_CP)
    }

    /// Whether any position of the tree is marked.
    pub fn any_disagreement(&self) -> bool {
        self.disagreements > 0
    }

    /// Whether a net is loaded (so there are marks to draw).
    pub fn active(&self) -> bool {
        self.net.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::parse_move;
    use crate::game::Game;

    #[test]
    fn follows_the_tree_and_the_net() {
        let mut g = Game::default();
        let mut e = GameEvals::default();
        e.sync(g.tree(), None, 0);
        assert_eq!(e.at(NodeId::ROOT), None);
        let net = Arc::new(Network::random(9));
        e.sync(g.tree(), Some(&net), 0);
        assert_eq!(
            e.at(NodeId::ROOT).unwrap().nnue,
            nnue_white(&net, g.board(NodeId::ROOT))
        );
        let mut at = NodeId::ROOT;
        for san in ["e4", "e5", "Nf3"] {
            let m = parse_move(g.board(at), san).unwrap();
            at = g.play(at, m).0;
        }
        e.sync(g.tree(), Some(&net), 1);
        let mut count = 0;
        for id in g.tree().preorder() {
            let p = e.at(id).unwrap();
            assert_eq!(p.hce, hce_white(g.board(id)));
            assert_eq!(p.nnue, nnue_white(&net, g.board(id)));
            assert_eq!(e.disagree(id), (p.hce - p.nnue).abs() > DISAGREE_CP);
            count += usize::from(e.disagree(id));
        }
        assert_eq!(e.any_disagreement(), count > 0);
        e.sync(g.tree(), None, 1);
        assert_eq!(e.at(NodeId::ROOT), None);
    }
}
