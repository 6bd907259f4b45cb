//! Terminal events to actions. What a key means depends on what is open:
//! a prompt takes text, a dialog takes its own keys, otherwise the board
//! keys apply (see the help overlay for the list).

use super::action::{Action, TeachAction};
use super::app::{App, Overlay};
use crate::chess::{Color, PieceType};
use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// The action for a terminal event, if it means anything now.
pub fn map_event(app: &App, ev: &Event) -> Option<Action> {
    match ev {
        Event::Key(k) if k.kind != KeyEventKind::Release => map_key(app, k),
        Event::Mouse(m) => map_mouse(app, m),
        Event::Resize(w, h) => Some(Action::Resize(*w, *h)),
        Event::Paste(s) => Some(Action::Paste(s.clone())),
        _ => None,
    }
}

pub fn map_key(app: &App, k: &KeyEvent) -> Option<Action> {
    let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl && matches!(k.code, KeyCode::Char('c') | KeyCode::Char('C')) {
        return Some(Action::ForceQuit);
    }
    if app.prompt.is_some() {
        return match k.code {
            KeyCode::Enter => Some(Action::PromptSubmit),
            KeyCode::Esc => Some(Action::Cancel),
            KeyCode::Backspace => Some(Action::PromptBackspace),
            KeyCode::Char(c) if !ctrl => Some(Action::PromptChar(c)),
            _ => None,
        };
    }
    match &app.overlay {
        Overlay::None => {}
        Overlay::Help => return Some(Action::ToggleHelp),
        Overlay::Promotion { .. } => {
            return match k.code {
                KeyCode::Char('q') | KeyCode::Char('Q') => Some(Action::Promote(PieceType::Queen)),
                KeyCode::Char('r') | KeyCode::Char('R') => Some(Action::Promote(PieceType::Rook)),
                KeyCode::Char('b') | KeyCode::Char('B') => Some(Action::Promote(PieceType::Bishop)),
                KeyCode::Char('n') | KeyCode::Char('N') => Some(Action::Promote(PieceType::Knight)),
                KeyCode::Left | KeyCode::Up => Some(Action::ChoiceMove(-1)),
                KeyCode::Right | KeyCode::Down | KeyCode::Tab => Some(Action::ChoiceMove(1)),
                KeyCode::Enter | KeyCode::Char(' ') => Some(Action::ChoiceConfirm),
                KeyCode::Esc => Some(Action::Cancel),
                _ => None,
            };
        }
        Overlay::Play(_) => {
            return match k.code {
                KeyCode::Char('w') | KeyCode::Char('W') => Some(Action::PlaySide(Color::White)),
                KeyCode::Char('b') | KeyCode::Char('B') => Some(Action::PlaySide(Color::Black)),
                KeyCode::Char('c') | KeyCode::Char('C') => Some(Action::PlayClock),
                KeyCode::Left | KeyCode::Down | KeyCode::Char('-') => Some(Action::ChoiceMove(-1)),
                KeyCode::Right | KeyCode::Up | KeyCode::Char('+') => Some(Action::ChoiceMove(1)),
                KeyCode::Enter => Some(Action::ChoiceConfirm),
                KeyCode::Esc | KeyCode::Char('q') => Some(Action::Cancel),
                _ => None,
            };
        }
        Overlay::Picker { .. } => {
            return match k.code {
                KeyCode::Up | KeyCode::Char('k') => Some(Action::ChoiceMove(-1)),
                KeyCode::Down | KeyCode::Char('j') => Some(Action::ChoiceMove(1)),
                KeyCode::PageUp => Some(Action::ChoiceMove(-10)),
                KeyCode::PageDown => Some(Action::ChoiceMove(10)),
                KeyCode::Enter => Some(Action::ChoiceConfirm),
                KeyCode::Esc | KeyCode::Char('q') => Some(Action::Cancel),
                _ => None,
            };
        }
        Overlay::Confirm(_) => {
            return match k.code {
                // Only y drops moves: a stray Enter must not.
                KeyCode::Char('y') | KeyCode::Char('Y') => Some(Action::Confirm(true)),
                KeyCode::Char('n') | KeyCode::Char('N') | KeyCode::Esc => {
                    Some(Action::Confirm(false))
                }
                _ => None,
            };
        }
    }
    let cursor = app.cursor.is_some();
    Some(match k.code {
        KeyCode::Left if cursor => Action::CursorMove(-1, 0),
        KeyCode::Right if cursor => Action::CursorMove(1, 0),
        KeyCode::Left => Action::Prev,
        KeyCode::Right => Action::Next,
        KeyCode::Up => Action::CursorMove(0, 1),
        KeyCode::Down => Action::CursorMove(0, -1),
        KeyCode::Home => Action::First,
        KeyCode::End => Action::Last,
        KeyCode::Enter | KeyCode::Char(' ') => Action::CursorPick,
        KeyCode::Esc => Action::Cancel,
        KeyCode::F(12) => Action::ToggleFrameTimes,
        KeyCode::Tab => Action::Teach(TeachAction::Item(1)),
        KeyCode::BackTab => Action::Teach(TeachAction::Item(-1)),
        KeyCode::Char(c) => match c {
            'q' => Action::Quit,
            'u' => Action::TakeBack,
            'f' => Action::Flip,
            'a' => Action::ToggleAnalysis,
            'n' => Action::NewGame,
            'p' => Action::OpenPlayDialog,
            '2' => Action::TwoPlayers,
            '+' | '=' => Action::MultiPvUp,
            '-' | '_' => Action::MultiPvDown,
            'e' => Action::ToggleEvalView,
            '?' | 'h' => Action::ToggleHelp,
            'y' => Action::CopyFen,
            'v' => Action::Teach(TeachAction::View(1)),
            'V' => Action::Teach(TeachAction::View(-1)),
            'b' => Action::Teach(TeachAction::Second),
            'g' => Action::Teach(TeachAction::TogglePhase),
            '[' => Action::Teach(TeachAction::Phase(-1)),
            ']' => Action::Teach(TeachAction::Phase(1)),
            '{' => Action::Teach(TeachAction::Phase(-crate::eval::phase::MAX_PHASE)),
            '}' => Action::Teach(TeachAction::Phase(crate::eval::phase::MAX_PHASE)),
            'c' => Action::Teach(TeachAction::Heat),
            'o' => Action::Teach(TeachAction::HeatPiece),
            ':' => Action::OpenCommand,
            'm' | '/' => Action::OpenMovePrompt(None),
            'N' | 'B' | 'R' | 'Q' | 'K' | 'O' => Action::OpenMovePrompt(Some(c)),
            _ => return None,
        },
        _ => return None,
    })
}

fn map_mouse(app: &App, m: &MouseEvent) -> Option<Action> {
    if app.overlay != Overlay::None || app.prompt.is_some() {
        return None;
    }
    match m.kind {
        MouseEventKind::Down(MouseButton::Left) => Some(Action::MouseDown(m.column, m.row)),
        MouseEventKind::Drag(MouseButton::Left) => Some(Action::MouseDrag(m.column, m.row)),
        MouseEventKind::Up(MouseButton::Left) => Some(Action::MouseUp(m.column, m.row)),
        MouseEventKind::ScrollUp => Some(Action::Prev),
        MouseEventKind::ScrollDown => Some(Action::Next),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::config::Config;
    use crate::tui::game::Game;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn name(a: Option<Action>) -> String {
        format!("{a:?}")
    }

    #[test]
    fn keys_depend_on_what_is_open() {
        let mut app = App::new(Config::default(), Game::default());
        assert_eq!(name(map_key(&app, &key(KeyCode::Left))), "Some(Prev)");
        assert_eq!(name(map_key(&app, &key(KeyCode::Char('q')))), "Some(Quit)");
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char('N')))),
            "Some(OpenMovePrompt(Some('N')))"
        );
        assert_eq!(name(map_key(&app, &key(KeyCode::Char('z')))), "None");
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char('v')))),
            "Some(Teach(View(1)))"
        );
        assert_eq!(
            name(map_key(&app, &key(KeyCode::BackTab))),
            "Some(Teach(Item(-1)))"
        );
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char('}')))),
            "Some(Teach(Phase(24)))"
        );
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char('c')))),
            "Some(Teach(Heat))"
        );
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(name(map_key(&app, &ctrl_c)), "Some(ForceQuit)");

        app.cursor = Some(crate::chess::Square::E1);
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Left))),
            "Some(CursorMove(-1, 0))"
        );

        app.update(Action::OpenMovePrompt(None));
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char('q')))),
            "Some(PromptChar('q'))"
        );
        assert_eq!(name(map_key(&app, &ctrl_c)), "Some(ForceQuit)");
        app.update(Action::Cancel);

        app.overlay = Overlay::Promotion {
            from: crate::chess::Square::E1,
            to: crate::chess::Square::E8,
            choice: 0,
        };
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char('n')))),
            "Some(Promote(Knight))"
        );
        app.overlay = Overlay::Help;
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char('x')))),
            "Some(ToggleHelp)"
        );
        app.overlay = Overlay::Confirm(crate::tui::app::ConfirmWhat::Quit);
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char('y')))),
            "Some(Confirm(true))"
        );
        assert_eq!(name(map_key(&app, &key(KeyCode::Enter))), "None");
        let release = KeyEvent {
            kind: KeyEventKind::Release,
            ..key(KeyCode::Char('y'))
        };
        assert_eq!(name(map_event(&app, &Event::Key(release))), "None");
        assert_eq!(
            name(map_event(&app, &Event::Resize(100, 30))),
            "Some(Resize(100, 30))"
        );
    }
}
