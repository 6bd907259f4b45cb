//! What the board's teaching views and `tapir eval --explain` show, built
//! from the evaluation without changing it: plain sentences per term
//! (`about`), each piece's worth by removal (`piece_values`), what a move
//! changes term by term (`move_delta`) and the packed arithmetic spelled
//! out (`packed`). Which squares produced a term is `hce::attribution`.

pub mod about;
pub mod move_delta;
pub mod packed;
pub mod piece_values;

pub use about::{about, squares_hint};
pub use move_delta::MoveDelta;
pub use piece_values::{exposing_pieces, hce_piece_values, hce_white, nnue_white};

/// A term added to a sum, its sign as the operator: "+ 48", "- 48" (not
/// "+ -48").
pub fn plus(v: impl Into<i64>) -> String {
    let v = v.into();
    if v < 0 {
        format!("- {}", -v)
    } else {
        format!("+ {v}")
    }
}

/// Breaks `text` at spaces into lines of at most `width` characters (a
/// longer word gets a line of its own, cut by the caller's clipping).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    #[test]
    fn wrap_breaks_at_spaces() {
        assert_eq!(
            super::wrap("one two three four", 9),
            ["one two", "three", "four"]
        );
        assert!(super::wrap("", 5).is_empty());
    }
}
