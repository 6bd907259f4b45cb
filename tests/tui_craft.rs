//! The board on every terminal: no colour (NO_COLOR), 16 colours, the
//! light theme and big terminals, drawn into a TestBackend and read cell by
//! cell (symbols, colours and attributes); the wording the screen uses
//! (bound marks from White's side, the clipboard, the headline, a move
//! while in check).

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

mod common;
use common::status_line;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use ratatui::Terminal;
use tapir::chess::Square;
use tapir::engine::{Bound, Score, SearchEvent, SearchInfo};
use tapir::game::Game;
use tapir::tui::action::{Action, Clip};
use tapir::tui::app::App;
use tapir::tui::config::{ColorSetting, Config, ThemeName};
use tapir::tui::layout;
use tapir::tui::theme::ColorDepth;
use tapir::tui::ui;
use tapir::tui::widgets::frametime::FrameStats;

fn app_fen(fen: &str) -> App {
    let b = tapir::chess::Board::from_fen(fen).unwrap();
    let mut a = App::new(Config::default(), Game::new(b));
    a.take_effects();
    a
}

fn draw(app: &mut App, w: u16, h: u16) -> Buffer {
    app.update(Action::Resize(w, h));
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| ui::draw(f, app, &FrameStats::default()))
        .unwrap();
    term.backend().buffer().clone()
}

fn text(buf: &Buffer) -> Vec<String> {
    let a = buf.area;
    (0..a.height)
        .map(|y| {
            (0..a.width)
                .map(|x| buf[(x, y)].symbol().replace('\u{fe0e}', ""))
                .collect()
        })
        .collect()
}

/// The symbol at the middle of `sq`'s cells.
fn piece_cell(buf: &Buffer, sq: &str, w: u16, h: u16) -> String {
    let a = layout::compute(w, h);
    let r = a.square_rect(Square::parse(sq).unwrap(), false);
    buf[(r.x + r.width / 2, r.y + r.height / 2)]
        .symbol()
        .to_string()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

#[test]
fn no_colour_keeps_pieces_and_squares_apart() {
    let mut app = App::new(Config::default(), Game::default());
    app.update(Action::MoveText("e4".into()));
    app.config.colors = ColorSetting::Mono;
    for (w, h) in [(80u16, 24u16), (120, 40)] {
        let buf = draw(&mut app, w, h);
        // Not one colour anywhere.
        for c in buf.content() {
            assert!(
                matches!(c.fg, Color::Reset) && matches!(c.bg, Color::Reset),
                "{w}x{h}: a colour under NO_COLOR: {c:?}"
            );
        }
        // White outlined, Black solid.
        assert_eq!(piece_cell(&buf, "e1", w, h), "♔");
        assert_eq!(piece_cell(&buf, "e8", w, h), "♚");
        assert_eq!(piece_cell(&buf, "e4", w, h), "♙");
        assert!(piece_cell(&buf, "e7", w, h).starts_with('♟'));
        // Dark squares are shaded, light ones blank.
        let a = layout::compute(w, h);
        let d4 = a.square_rect(Square::parse("d4").unwrap(), false);
        let e4 = a.square_rect(Square::parse("c4").unwrap(), false);
        assert_eq!(buf[(d4.x, d4.y)].symbol(), "░", "d4 is dark");
        assert_eq!(buf[(e4.x, e4.y)].symbol(), " ", "c4 is light");
        // The last move is marked without colour.
        assert!(buf[(
            a.square_rect(Square::parse("e4").unwrap(), false).x + a.sq_w / 2,
            a.square_rect(Square::parse("e4").unwrap(), false).y + a.sq_h / 2
        )]
            .modifier
            .contains(Modifier::UNDERLINED));
    }
    // A king in check is reversed, not underlined as the last move is.
    app.update(Action::MoveText("f6".into()));
    app.update(Action::MoveText("Qh5+".into()));
    let buf = draw(&mut app, 80, 24);
    let a = layout::compute(80, 24);
    let middle = |sq: &str| {
        let r = a.square_rect(Square::parse(sq).unwrap(), false);
        buf[(r.x + a.sq_w / 2, r.y + a.sq_h / 2)].modifier
    };
    assert!(middle("e8").contains(Modifier::REVERSED));
    assert!(!middle("e8").contains(Modifier::UNDERLINED));
    assert!(middle("h5").contains(Modifier::UNDERLINED));
    assert!(!middle("h5").contains(Modifier::REVERSED));
    // The depth follows the environment's NO_COLOR.
    assert_eq!(
        ColorDepth::detect(Some("1"), None, Some("xterm-256color")),
        ColorDepth::Mono
    );
}

/// In 16 colours every square state has a colour of its own among the
/// eight low colours, the only backgrounds the Linux console shows apart
/// (it folds bright yellow onto yellow: a last move on a light square
/// would look like a dark square).
#[test]
fn sixteen_colour_squares_are_eight_colour_backgrounds_apart() {
    use tapir::tui::theme::Theme;
    let low = [
        Color::Black,
        Color::Red,
        Color::Green,
        Color::Yellow,
        Color::Blue,
        Color::Magenta,
        Color::Cyan,
        Color::Gray,
    ];
    for name in [ThemeName::Classic, ThemeName::Ocean, ThemeName::Light] {
        let t = Theme::get(name, ColorDepth::Ansi16);
        let squares = [
            t.light,
            t.dark,
            t.light_last,
            t.dark_last,
            t.selected,
            t.check,
        ];
        for c in squares {
            assert!(low.contains(&c), "{name:?}: {c:?}");
        }
        for (i, a) in squares[..5].iter().enumerate() {
            for b in &squares[i + 1..5] {
                assert_ne!(a, b, "{name:?}: two square states share a colour");
            }
        }
    }
}

#[test]
fn sixteen_colours_and_the_light_theme_read() {
    let mut app = app_fen(START);
    app.config.colors = ColorSetting::Ansi16;
    let buf = draw(&mut app, 120, 40);
    // Both sides in black ink on squares light enough for it, told apart
    // by shape: no white piece on a grey square.
    for sq in ["e1", "e8", "a2", "h7"] {
        let a = layout::compute(120, 40);
        let r = a.square_rect(Square::parse(sq).unwrap(), false);
        let c = &buf[(r.x + r.width / 2, r.y + r.height / 2)];
        assert_eq!(c.fg, Color::Black, "{sq}");
        assert!(
            matches!(
                c.bg,
                Color::Gray | Color::Yellow | Color::Cyan | Color::Green
            ),
            "{sq}: {:?}",
            c.bg
        );
    }
    assert_eq!(piece_cell(&buf, "e1", 120, 40), "♔");
    assert!(buf
        .content()
        .iter()
        .all(|c| !matches!(c.fg, Color::Rgb(..)) && !matches!(c.bg, Color::Rgb(..))));

    // 256 colours: every colour from the palette.
    app.config.colors = ColorSetting::Ansi256;
    let buf = draw(&mut app, 120, 40);
    assert!(buf
        .content()
        .iter()
        .all(|c| !matches!(c.bg, Color::Rgb(..))));

    // The light theme: the eval bar's White part stays visible on a white
    // background, and text is dark.
    app.config.colors = ColorSetting::Truecolor;
    app.update(Action::Command("theme light".into()));
    assert_eq!(app.config.theme, ThemeName::Light);
    assert!(app.config_changed, "the choice is kept");
    let buf = draw(&mut app, 120, 40);
    let a = layout::compute(120, 40);
    let bar = &buf[(a.bar.x, a.bar.y + a.bar.height - 1)];
    let Color::Rgb(r, g, b) = bar.bg else {
        panic!("{bar:?}")
    };
    assert!(
        (r as u32 + g as u32 + b as u32) / 3 < 230,
        "the bar's White part is grey"
    );
    // T cycles the themes.
    app.update(Action::NextTheme);
    assert_eq!(app.config.theme, ThemeName::Classic);
}

#[test]
fn big_terminals_get_big_squares_and_drawn_pieces() {
    let mut app = app_fen(START);
    let buf = draw(&mut app, 200, 60);
    let a = layout::compute(200, 60);
    assert_eq!((a.sq_w, a.sq_h), (11, 5));
    let s = text(&buf);
    // A king drawn in three rows on e1.
    let r = a.square_rect(Square::parse("e1").unwrap(), false);
    let rows: Vec<String> = (0..3)
        .map(|k| {
            s[(r.y + 1 + k) as usize]
                .chars()
                .skip(r.x as usize + 3)
                .take(5)
                .collect()
        })
        .collect();
    assert_eq!(rows, [" ▄█▄ ", "▀▀█▀▀", "▄███▄"]);
    assert_eq!(layout::compute(130, 46).sq_w, 9);
}

fn feed(app: &mut App, score: i32, bound: Bound, pv: &str) {
    let token = app.engine.search.as_ref().unwrap().token;
    let mut b = *app.board();
    let mut moves = Vec::new();
    for s in pv.split_whitespace() {
        let m = tapir::chess::parse_move(&b, s).unwrap();
        moves.push(m);
        b = b.make(m);
    }
    app.update(Action::Engine {
        token,
        event: SearchEvent::Info {
            id: 1,
            info: SearchInfo {
                depth: 20,
                seldepth: 25,
                multipv: 1,
                score: Score::Cp(score),
                bound,
                nodes: 1,
                nps: 1,
                hashfull: 0,
                tbhits: 0,
                time: std::time::Duration::from_millis(1),
                pv: moves,
            },
        },
    });
}

#[test]
fn bounds_and_scores_read_from_whites_side() {
    // Black to move, the engine says "at least +50 for Black": from White's
    // side that is at most -0.50.
    let mut app = app_fen(START);
    feed(&mut app, 50, Bound::Lower, "e5 Nf3 Nc6");
    let s = text(&draw(&mut app, 120, 40));
    assert!(
        s.iter()
            .any(|l| l.contains("≤-0.50 d20 1... e5 2. Nf3 Nc6")),
        "{}",
        s[27..].join("\n")
    );
    assert_eq!(app.headline(), "d20 -0.50");
    // A move number never ends a row: "2." stays with "Nf3".
    let mut app = app_fen(START);
    feed(
        &mut app,
        10,
        Bound::Exact,
        "e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4",
    );
    for (w, h) in [(80u16, 24u16), (120, 40)] {
        let s = text(&draw(&mut app, w, h));
        for l in &s {
            let t = l.trim_end();
            assert!(
                !t.split_whitespace()
                    .last()
                    .is_some_and(|x| x.ends_with('.')
                        && x[..x.len() - 1].chars().all(|c| c.is_ascii_digit())),
                "{w}x{h}: a row ends in a move number: {t}"
            );
        }
    }
}

#[test]
fn wording_says_what_happened() {
    // The clipboard: said how, never "copied" unless a tool took it.
    let mut app = app_fen(START);
    app.update(Action::CopyFen);
    let m = status_line(&app);
    assert!(m.contains("OSC 52") && !m.contains("(copied)"), "{m}");
    app.update(Action::CopiedWith("xclip".into(), Clip::Fen));
    assert!(status_line(&app).contains("copied with xclip"));
    // A move that leaves the king in check says so.
    let mut app = app_fen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    app.update(Action::Resize(120, 40));
    let mut a = app_fen("4k3/8/8/8/8/8/3P4/r3K3 w - - 0 1");
    a.update(Action::MoveText("d3".into()));
    let e = a.dialogs.message.clone().unwrap();
    assert!(e.error && e.text.contains("in check"), "{}", e.text);
    // The headline says which number it is, and the result at the end.
    assert!(app.headline().starts_with("static "), "{}", app.headline());
    let mut mate = App::new(Config::default(), Game::default());
    for m in ["f3", "e5", "g4", "Qh4#"] {
        mate.update(Action::MoveText(m.into()));
    }
    assert_eq!(mate.headline(), "0-1");
    // Take-backs count plies.
    let mut two = App::new(Config::default(), Game::default());
    two.update(Action::TwoPlayers);
    two.update(Action::ChoiceConfirm);
    two.update(Action::MoveText("e4".into()));
    two.update(Action::TakeBack);
    assert!(status_line(&two).contains("took back 1. e4"));
}

#[test]
fn analysis_at_start_is_a_setting() {
    let config = Config {
        autostart_analysis: false,
        ..Config::default()
    };
    let mut app = App::new(config, Game::default());
    assert!(app.engine.search.is_none(), "no search until a");
    assert!(app
        .take_effects()
        .iter()
        .all(|e| !matches!(e, tapir::tui::action::Effect::Search { .. })));
    app.update(Action::ToggleAnalysis);
    assert!(app.engine.search.is_some());
    let parsed = Config::parse(
        "autostart_analysis = false\nplayer = \"Ann\"\ncolors = \"16\"\ntheme = \"light\"\n",
    )
    .unwrap();
    assert!(!parsed.autostart_analysis);
    assert_eq!(parsed.player_name(), "Ann");
    assert_eq!(parsed.colors, ColorSetting::Ansi16);
    assert_eq!(parsed.theme, ThemeName::Light);
}

/// Without colours a capture the selected piece can make is marked beside
/// the piece (a colour theme says it with the square's background), as a
/// quiet move's square gets its dot.
#[test]
fn no_colour_marks_the_captures_of_the_selected_piece() {
    let mut app = App::new(Config::default(), Game::default());
    for m in ["e4", "d5"] {
        app.update(Action::MoveText(m.into()));
    }
    app.config.colors = ColorSetting::Mono;
    app.ui.selected = Some(Square::parse("e4").unwrap());
    for (w, h) in [(80u16, 24u16), (120, 40)] {
        let buf = draw(&mut app, w, h);
        let a = layout::compute(w, h);
        let d5 = a.square_rect(Square::parse("d5").unwrap(), false);
        assert_eq!(buf[(d5.x, d5.y + d5.height / 2)].symbol(), "×", "{w}x{h}");
        let e5 = a.square_rect(Square::parse("e5").unwrap(), false);
        assert_eq!(
            buf[(e5.x + e5.width / 2, e5.y + e5.height / 2)].symbol(),
            "•"
        );
        let f5 = a.square_rect(Square::parse("f5").unwrap(), false);
        assert_ne!(buf[(f5.x, f5.y + f5.height / 2)].symbol(), "×");
    }
}
