//! Plain sentences on what each hand-crafted term measures and which
//! squares produce it, for the term explainer and `tapir eval --explain`.
//! Kept next to the evaluation so that a changed term changes its text in
//! the same commit.

use crate::eval::hce::sink::Term;

/// What a term measures, in a few sentences.
pub fn about(term: Term) -> &'static str {
    match term {
        Term::Material => {
            "What the pieces are worth by kind alone: every pawn, knight, \
             bishop, rook and queen has a midgame and an endgame value (the \
             king has none). Each side counts its own pieces; the difference \
             is usually the largest part of the evaluation."
        }
        Term::Placement => {
            "Where each piece stands. Every piece type has a table with a \
             bonus or penalty per square, read from the owner's side, so \
             Black's tables are White's mirrored. The two halves differ: a \
             king wants its castled corner in the midgame and the centre in \
             the endgame."
        }
        Term::Mobility => {
            "How many safe squares each knight, bishop, rook and queen \
             attacks: squares not taken by its own pawns or king and not \
             guarded by enemy pawns. A table per piece type turns the count \
             into a score: a trapped piece costs a lot, each extra square \
             helps a little less."
        }
        Term::Pawns => {
            "Strengths and weaknesses of the pawns alone: doubled pawns (an \
             own pawn ahead on the same file), isolated pawns (no own pawn \
             on a neighbouring file), backward pawns (no own pawn can ever \
             defend them and an enemy pawn guards the square ahead), and \
             bonuses for pawns defended by a pawn or standing beside one, \
             larger further up the board."
        }
        Term::Passed => {
            "A pawn with no enemy pawn ahead of it on its own or a \
             neighbouring file may run to promotion. The bonus grows with \
             its rank; in the endgame it also grows with the enemy king's \
             distance from the square in front of it and shrinks with the \
             own king's. An empty path adds more, a path no enemy piece \
             attacks more still."
        }
        Term::BishopPair => {
            "Two bishops on squares of both colours reach every square \
             between them. The bonus is earned by the pair, not by one \
             bishop, and is larger in the endgame, when the board is open."
        }
        Term::Rooks => {
            "A rook on a file with no pawns (open) or with enemy pawns only \
             (semi-open) can use the whole file to attack."
        }
        Term::KingSafety => {
            "Charged to the side whose king it is: enemy pieces attacking \
             the squares around the king (per square, and more the more \
             attackers), squares from which an enemy piece could give check \
             unopposed, missing shield pawns in front of the king and enemy \
             pawns storming it. Mostly a midgame term: without queens the \
             king becomes a fighting piece."
        }
        Term::Threats => {
            "Credited to the attacking side: pieces attacked by pawns, rooks \
             and queens attacked by knights or bishops, a queen attacked by \
             a rook, and pieces that are attacked and not defended at all."
        }
        Term::Tempo => {
            "A small bonus for the side to move: having the move is worth \
             something in almost every position. It belongs to no square."
        }
    }
}

/// What the highlighted squares are, for each term.
pub fn squares_hint(term: Term) -> &'static str {
    match term {
        Term::Material => "every piece but the kings",
        Term::Placement => "every piece, kings included",
        Term::Mobility => "each knight, bishop, rook and queen",
        Term::Pawns => "the pawns that are doubled, isolated, backward, defended or side by side",
        Term::Passed => "the passed pawns",
        Term::BishopPair => "the two bishops, together",
        Term::Rooks => "rooks on open and semi-open files",
        Term::KingSafety => {
            "the attackers of the king zone, unopposed checking squares, \
             shield and storm pawns, and the king"
        }
        Term::Threats => "the pieces under threat",
        Term::Tempo => "none: the side to move gets it",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_term_is_explained() {
        for term in Term::ALL {
            assert!(about(term).len() > 60, "{term:?}");
            assert!(about(term).ends_with('.'), "{term:?}");
            assert!(!about(term).contains("  "), "{term:?}: double space");
            assert!(!squares_hint(term).is_empty());
        }
    }
}
