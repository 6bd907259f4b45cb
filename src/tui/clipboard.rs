//! The system clipboard, where a tool for it is at hand: `wl-copy` under
//! Wayland, `xclip` or `xsel` under X, `pbcopy` on macOS. The board also
//! sends OSC 52 to the terminal, which reaches the clipboard only where
//! the terminal (and tmux, with `set-clipboard on`) passes it on, so the
//! status line says which way the text went instead of claiming a copy.

use std::io::Write;
use std::process::{Command, Stdio};

/// The tools to try, in order, with their arguments and the environment
/// variable that says they can work here.
const TOOLS: [(&str, &[&str], Option<&str>); 4] = [
    ("wl-copy", &[], Some("WAYLAND_DISPLAY")),
    ("xclip", &["-selection", "clipboard"], Some("DISPLAY")),
    ("xsel", &["--clipboard", "--input"], Some("DISPLAY")),
    ("pbcopy", &[], None),
];

/// Puts `text` on the system clipboard with the first tool that starts;
/// returns its name. Never waits for the tool (some stay to serve the
/// selection): it is reaped on a thread of its own.
pub fn copy(text: &str) -> Option<&'static str> {
    for (tool, args, needs) in TOOLS {
        if needs.is_some_and(|v| std::env::var_os(v).is_none_or(|x| x.is_empty())) {
            continue;
        }
        if needs.is_none() && !cfg!(target_os = "macos") {
            continue;
        }
        let Ok(mut child) = Command::new(tool)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
        else {
            continue;
        };
        let wrote = child
            .stdin
            .take()
            .is_some_and(|mut i| i.write_all(text.as_bytes()).is_ok());
        std::thread::spawn(move || {
            let _ = child.wait();
        });
        if wrote {
            return Some(tool);
        }
    }
    None
}
