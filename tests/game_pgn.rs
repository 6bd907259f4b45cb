//! PGN round trips over every file in `tests/data/pgn`: each reads with
//! nothing lost, writes exactly what python-chess's exporter wrote for the
//! same games (`tests/data/pgn/expected`, made once by
//! `scripts/pgn_fixtures.py`), and reads back as the same tree.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use std::path::PathBuf;
use tapir::game::pgn::{decode, encode_latin1, read_games, write_games, Encoding};
use tapir::game::{Game, NodeId};

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn")
}

fn pgn_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    files.sort();
    assert!(files.len() >= 13, "the fixtures are missing");
    files
}

fn read_all(text: &str, name: &str) -> Vec<Game> {
    read_games(text)
        .into_iter()
        .map(|g| {
            let g = g.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(g.problems.is_empty(), "{name}: {:?}", g.problems);
            g.game
        })
        .collect()
}

/// Everything a node says, in PGN order, to compare two trees.
fn shape(g: &Game) -> Vec<String> {
    let t = g.tree();
    t.preorder()
        .into_iter()
        .map(|id| {
            let n = t.node(id);
            let parent = n.parent().map_or(usize::MAX, NodeId::index);
            let parent_pos = t.preorder().iter().position(|&x| x.index() == parent);
            format!(
                "{:?} {} {:?} [{}] [{}] {}",
                parent_pos,
                n.san(),
                n.nags.iter().map(|x| x.0).collect::<Vec<_>>(),
                n.comment_before.trim(),
                n.comment.trim(),
                t.child_index(id)
            )
        })
        .collect()
}

#[test]
fn every_file_round_trips_and_matches_python_chess() {
    for path in pgn_files() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let (text, enc) = decode(&std::fs::read(&path).unwrap());
        if name == "latin1.pgn" {
            assert_eq!(enc, Encoding::Latin1);
        }
        let games = read_all(&text, &name);
        assert!(!games.is_empty(), "{name}");
        let written = write_games(&games);
        let expected = std::fs::read_to_string(data_dir().join("expected").join(&name)).unwrap();
        assert_eq!(written, expected, "{name}: differs from python-chess");
        assert!(
            written
                .lines()
                .all(|l| l.chars().count() <= 80 || !l.contains(' ') || l.contains('{')),
            "{name}: a line over 80 columns"
        );
        let again = read_all(&written, &name);
        assert_eq!(again.len(), games.len(), "{name}");
        for (a, b) in games.iter().zip(&again) {
            assert_eq!(shape(a), shape(b), "{name}: the tree changed");
            assert_eq!(
                a.tags.export_order(),
                b.tags.export_order(),
                "{name}: the tags changed"
            );
        }
        assert_eq!(write_games(&again), written, "{name}: not stable");
    }
}

#[test]
fn the_annotated_file_keeps_every_comment_nag_and_variation() {
    let text =
        std::fs::read_to_string(data_dir().join("variations-nags-and-comments.pgn")).unwrap();
    let g = &read_all(&text, "variations")[0];
    let t = g.tree();
    assert_eq!(t.mainline_len(), 13);
    // Three alternatives to 1... c5, one of them with its own variation.
    let c5 = t.mainline().nth(1).unwrap();
    assert_eq!(t.siblings(c5).len(), 4);
    let comments = t
        .preorder()
        .iter()
        .filter(|&&n| t.node(n).has_comment())
        .count();
    assert_eq!(comments, 9);
    let nags: usize = t
        .preorder()
        .iter()
        .map(|&n| t.node(n).nags.iter().count())
        .sum();
    assert_eq!(nags, 8);
}

/// A variation before the first move is not kept, and its ')' closes it
/// alone: the main line after it is read whole (the ')' once closed the
/// main line too, and every move after the first went to the start).
#[test]
fn a_variation_before_the_first_move_leaves_the_main_line_whole() {
    for text in [
        "(1. e4 e5) 1. d4 d5 2. c4 *",
        "( 1. e4 ( 1. c4 ) ) 1. d4 d5 2. c4 *",
        "(1. e4) ) 1. d4 d5 2. c4 *",
    ] {
        let r = tapir::game::pgn::read_first(text).unwrap();
        let sans: Vec<String> = r
            .game
            .tree()
            .mainline()
            .map(|id| r.game.tree().node(id).san().to_string())
            .collect();
        assert_eq!(sans, ["d4", "d5", "c4"], "{text}: {:?}", r.problems);
        assert!(
            r.problems[0].contains("before the first move was not kept"),
            "{text}: {:?}",
            r.problems
        );
    }
}

/// A game with a great many tags (a broken export, a hostile file) is
/// read whole and written back in its own order. (Reading once compared every
/// tag with every other: a file of this size took minutes.)
#[test]
fn a_game_of_a_hundred_thousand_tags_keeps_them_all_in_order() {
    let n = 100_000;
    let mut text: String = (0..n).map(|i| format!("[T{i} \"{i}\"]\n")).collect();
    text.push_str("\n1. e4 e5 *\n");
    let games = read_all(&text, "tags");
    let tags = &games[0].tags;
    assert_eq!(tags.get("T7"), Some("7"));
    assert_eq!(tags.get(&format!("T{}", n - 1)), Some("99999"));
    let names: Vec<&str> = tags.iter().map(|(k, _)| k).take(3).collect();
    assert_eq!(names, ["T0", "T1", "T2"]);
    // Written back: the seven-tag roster first, then these in their order.
    let out = write_games(&games);
    let again = read_all(&out, "tags written");
    let ours = |t: &tapir::game::Tags| -> Vec<(String, String)> {
        t.iter()
            .filter(|(k, _)| k.starts_with('T'))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    };
    assert_eq!(ours(&again[0].tags), ours(tags));
    assert_eq!(ours(tags).len(), n);
}

/// A Cyrillic (cp1251) or Czech (cp1250) file is read as Windows-1252,
/// where five of its letters' bytes (0x81, 0x8D, 0x8F, 0x90, 0x9D) are no
/// character; a save writes every tag byte back as it was, and a tab in a
/// tag stays a tab.
#[test]
fn a_tag_keeps_the_bytes_windows_1252_leaves_undefined() {
    // "Ђорђевић" in cp1251, "Šťastný" and "Źółć" in cp1250, a tab.
    let tags: [&[u8]; 3] = [
        b"[White \"\x80\xee\xf0\x90\xe5\xe2\xe8\x9e\"]",
        b"[Black \"\x8a\x9dastn\xfd, \x8f\xf3\xb3\xe6\"]",
        b"[Annotator \"Smith\tJr\"]",
    ];
    let file = [tags.join(&b"\n"[..]), b"\n\n1. e4 e5 1-0\n".to_vec()].concat();
    let (text, enc) = decode(&file);
    assert_eq!(enc, Encoding::Latin1);
    let games = read_all(&text, "cp1251");
    let (bytes, _) = encode_latin1(&write_games(&games)).unwrap();
    for tag in tags {
        assert!(
            bytes.windows(tag.len()).any(|w| w == tag),
            "{} lost in {}",
            String::from_utf8_lossy(tag),
            String::from_utf8_lossy(&bytes)
        );
    }
}
