//! Both static evaluations of every position of the game, for the move
//! list's "HCE and NNUE disagree here" markers. Kept in step with the game
//! by `sync` after each change: positions already evaluated are found by
//! hash and kept, so a new move costs one evaluation of each kind.

use super::game::Game;
use super::params::DISAGREE_CP;
use crate::eval::nnue::Network;
use crate::eval::teach::{hce_white, nnue_white};
use std::sync::Arc;

/// One position's evaluations, White's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlyEvals {
    hash: u64,
    pub hce: i32,
    pub nnue: i32,
}

/// Per ply of the game (0 = the start position), while a net is loaded.
#[derive(Clone, Debug, Default)]
pub struct GameEvals {
    plies: Vec<PlyEvals>,
    net: Option<Arc<Network>>,
}

impl GameEvals {
    /// Brings the list in line with `game` evaluated by `net`.
    pub fn sync(&mut self, game: &Game, net: Option<&Arc<Network>>) {
        let same_net = match (&self.net, net) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if !same_net {
            self.plies.clear();
            self.net = net.cloned();
        }
        let Some(net) = &self.net else {
            return;
        };
        // Keep the common prefix, then evaluate what is new.
        let keep = (0..=game.len())
            .take_while(|&i| {
                self.plies
                    .get(i)
                    .is_some_and(|p| p.hash == game.board_at(i).hash())
            })
            .count();
        self.plies.truncate(keep);
        for i in keep..=game.len() {
            let b = game.board_at(i);
            self.plies.push(PlyEvals {
                hash: b.hash(),
                hce: hce_white(b),
                nnue: nnue_white(net, b),
            });
        }
    }

    /// The evaluations after `ply` moves, if a net is loaded.
    pub fn at(&self, ply: usize) -> Option<PlyEvals> {
        self.plies.get(ply).copied()
    }

    /// Whether the two evaluations differ by more than `DISAGREE_CP` after
    /// `ply` moves.
    pub fn disagree(&self, ply: usize) -> bool {
        self.at(ply)
            .is_some_and(|p| (p.hce - p.nnue).abs() > DISAGREE_CP)
    }

    /// Whether any position of the game is marked.
    pub fn any_disagreement(&self) -> bool {
        (0..self.plies.len()).any(|i| self.disagree(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::parse_move;

    #[test]
    fn follows_the_game_and_the_net() {
        let mut g = Game::default();
        let mut e = GameEvals::default();
        e.sync(&g, None);
        assert_eq!(e.at(0), None);
        let net = Arc::new(Network::random(9));
        e.sync(&g, Some(&net));
        assert_eq!(e.at(0).unwrap().nnue, nnue_white(&net, g.board_at(0)));
        for san in ["e4", "e5", "Nf3"] {
            let m = parse_move(g.last_board(), san).unwrap();
            g.push(m);
        }
        e.sync(&g, Some(&net));
        for i in 0..=3 {
            let p = e.at(i).unwrap();
            assert_eq!(p.hce, hce_white(g.board_at(i)));
            assert_eq!(p.nnue, nnue_white(&net, g.board_at(i)));
            assert_eq!(e.disagree(i), (p.hce - p.nnue).abs() > DISAGREE_CP);
        }
        g.truncate(1);
        e.sync(&g, Some(&net));
        assert!(e.at(2).is_none() && e.at(1).is_some());
        e.sync(&g, None);
        assert_eq!(e.at(0), None);
    }
}
