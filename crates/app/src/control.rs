//! The step controls every stepped page shares, as actions.

/// What the controls ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// Back to step 0.
    Start,
    /// One step back.
    Back,
    /// Play or pause.
    TogglePlay,
    /// One step forward.
    Forward,
    /// To the last step.
    End,
    /// To this step.
    Seek(usize),
    /// Milliseconds between steps while playing.
    Speed(u32),
}

/// Speeds offered while playing: (milliseconds per step, name).
pub const SPEEDS: [(u32, &str); 4] = [
    (1500, "Slow"),
    (800, "Normal"),
    (300, "Fast"),
    (60, "Very fast"),
];

impl Control {
    /// The control a key stands for: → forward, ← back, Space play or pause, Home the start,
    /// End the end.
    pub fn for_key(key: &str) -> Option<Control> {
        Some(match key {
            "ArrowRight" => Control::Forward,
            "ArrowLeft" => Control::Back,
            " " | "Spacebar" => Control::TogglePlay,
            "Home" => Control::Start,
            "End" => Control::End,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_step_keys_are_the_arrows_space_home_and_end() {
        assert_eq!(Control::for_key("ArrowRight"), Some(Control::Forward));
        assert_eq!(Control::for_key("ArrowLeft"), Some(Control::Back));
        assert_eq!(Control::for_key(" "), Some(Control::TogglePlay));
        assert_eq!(Control::for_key("Home"), Some(Control::Start));
        assert_eq!(Control::for_key("End"), Some(Control::End));
        assert_eq!(Control::for_key("a"), None);
        assert_eq!(Control::for_key("ArrowUp"), None);
    }
}
