//! PGN, the text form of games: decoding a file's bytes (`text`), tokens
//! (`lexer`), the tag section both readers share (`tag_section`), game
//! trees from text (`read`) and back (`write`), and a quick
//! index of a many-game file for the picker (`index`).

pub mod index;
pub mod lexer;
pub mod read;
pub mod tag_section;
pub mod text;
pub mod write;

pub use index::{each_game, entries_at, index_games, IndexEntry};
pub use read::{
    holds_games, nothing_read, read_entry, read_first, read_games, read_span, split_games,
    PgnError, ReadGame,
};
pub use text::{
    crlf_majority, decode, encode_latin1, normalize_newlines, source_offsets, Encoding,
};
pub use write::{write_game, write_games, write_tree};
