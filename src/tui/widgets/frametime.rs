//! The F12 overlay: how long the last frames took to draw. The runtime
//! measures; this only shows the numbers it is handed.

use super::{popup, put};
use crate::tui::params::FRAME_HISTORY;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use std::collections::VecDeque;
use std::time::Duration;

/// Draw times of the latest frames.
#[derive(Clone, Debug, Default)]
pub struct FrameStats {
    pub recent: VecDeque<Duration>,
    pub frames: u64,
}

impl FrameStats {
    pub fn record(&mut self, d: Duration) {
        if self.recent.len() == FRAME_HISTORY {
            self.recent.pop_front();
        }
        self.recent.push_back(d);
        self.frames += 1;
    }

    pub fn last(&self) -> Duration {
        self.recent.back().copied().unwrap_or_default()
    }

    pub fn mean(&self) -> Duration {
        if self.recent.is_empty() {
            return Duration::ZERO;
        }
        self.recent.iter().sum::<Duration>() / self.recent.len() as u32
    }

    pub fn max(&self) -> Duration {
        self.recent.iter().max().copied().unwrap_or_default()
    }
}

pub fn render(stats: &FrameStats, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let w = 36;
    let corner = Rect::new(area.x + area.width.saturating_sub(w + 1), area.y + 1, w, 6);
    let (_, inner) = popup(buf, corner, w, 6, "Frame time", theme);
    let us = |d: Duration| format!("{:>7.3} ms", d.as_secs_f64() * 1e3);
    let rows = [
        format!("last  {}", us(stats.last())),
        format!("mean  {}", us(stats.mean())),
        format!("max   {}  ({} frames)", us(stats.max()), stats.recent.len()),
        format!("drawn {}", stats.frames),
    ];
    for (i, r) in rows.iter().enumerate() {
        put(
            buf,
            inner.x + 1,
            inner.y + i as u16,
            r,
            Style::new().fg(theme.text),
            inner.width - 1,
        );
    }
}
