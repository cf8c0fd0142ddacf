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

/// How every stepped page's first caption ends: words true with a keyboard and on a touch
/// screen alike (a phone has no → key), naming the button by its name.
pub const STEP_TO_BEGIN: &str = "Step forward to begin.";

/// Speeds offered while playing: (milliseconds per step, name).
pub const SPEEDS: [(u32, &str); 4] = [
    (1500, "Slow"),
    (800, "Normal"),
    (300, "Fast"),
    (60, "Very fast"),
];

impl Control {
    /// The control a key stands for: → forward, ← back, Space play or pause, Home the start,
    /// End the end; in lecture mode (`presenting`) Page Down forward and Page Up back.
    pub fn for_key(key: &str, presenting: bool) -> Option<Control> {
        Some(match key {
            "ArrowRight" => Control::Forward,
            "ArrowLeft" => Control::Back,
            // A presenter's clicker sends Page Down and Page Up: in lecture mode they step (they
            // scroll the page otherwise).
            "PageDown" if presenting => Control::Forward,
            "PageUp" if presenting => Control::Back,
            " " | "Spacebar" => Control::TogglePlay,
            "Home" => Control::Start,
            "End" => Control::End,
            _ => return None,
        })
    }
}

/// Where a stepped view stands: the step (0 to the number of steps), playing or not, and the
/// speed. Every stepped view applies the controls and the play timer's ticks through it.
#[derive(Debug, PartialEq, Eq)]
pub struct Playback<'a> {
    /// Steps done.
    pub step: &'a mut usize,
    /// Stepping on its own.
    pub playing: &'a mut bool,
    /// Milliseconds between steps while playing.
    pub speed: &'a mut u32,
}

impl Playback<'_> {
    /// Applies a control, `len` being the number of steps.
    pub fn apply(self, control: Control, len: usize) {
        let step = self.step;
        match control {
            Control::Start => *step = 0,
            Control::Back => *step = step.saturating_sub(1),
            Control::Forward => *step = (*step + 1).min(len),
            Control::End => *step = len,
            Control::Seek(k) => *step = k.min(len),
            Control::Speed(ms) => *self.speed = ms,
            Control::TogglePlay => *self.playing = !*self.playing && *step < len,
        }
    }

    /// The play timer fired: one step on, stopping at the end.
    pub fn tick(self, len: usize) {
        *self.step = (*self.step + 1).min(len);
        if *self.step >= len {
            *self.playing = false;
        }
    }
}

/// A stepped view that keeps nothing else: the step, playing, the speed (the practice page's
/// replay of the real run).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stepping {
    /// Steps done.
    pub step: usize,
    /// Stepping on its own.
    pub playing: bool,
    /// Milliseconds between steps while playing.
    pub speed: u32,
}

/// What happens to a [`Stepping`]: a control or a tick, with the number of steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SteppingAction {
    /// A control, and the number of steps.
    Control(Control, usize),
    /// The play timer fired, and the number of steps.
    Tick(usize),
}

impl crate::Reducer for Stepping {
    type Action = SteppingAction;

    fn ignores(&self, action: &SteppingAction) -> bool {
        match *action {
            SteppingAction::Control(c, len) => {
                !changes(self.step, self.playing, self.speed, len, c)
            }
            SteppingAction::Tick(_) => !ticks(self.playing),
        }
    }

    fn apply(&mut self, action: SteppingAction) {
        let playback = Playback {
            step: &mut self.step,
            playing: &mut self.playing,
            speed: &mut self.speed,
        };
        match action {
            SteppingAction::Control(c, len) => playback.apply(c, len),
            SteppingAction::Tick(len) => playback.tick(len),
        }
    }
}

/// Whether a control changes where a stepped view stands (`len` steps): one that does not is
/// ignored, and the view is not drawn again.
pub fn changes(step: usize, playing: bool, speed: u32, len: usize, control: Control) -> bool {
    let (mut s, mut p, mut v) = (step, playing, speed);
    Playback {
        step: &mut s,
        playing: &mut p,
        speed: &mut v,
    }
    .apply(control, len);
    (s, p, v) != (step, playing, speed)
}

/// Whether the play timer's tick changes anything: only while playing (a tick that arrives
/// after Pause steps no further).
pub fn ticks(playing: bool) -> bool {
    playing
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_step_keys_are_the_arrows_space_home_and_end() {
        assert_eq!(
            Control::for_key("ArrowRight", false),
            Some(Control::Forward)
        );
        assert_eq!(Control::for_key("ArrowLeft", false), Some(Control::Back));
        assert_eq!(Control::for_key(" ", false), Some(Control::TogglePlay));
        assert_eq!(Control::for_key("Home", false), Some(Control::Start));
        assert_eq!(Control::for_key("End", false), Some(Control::End));
        assert_eq!(Control::for_key("a", false), None);
        assert_eq!(Control::for_key("ArrowUp", false), None);
        assert_eq!(Control::for_key("PageDown", true), Some(Control::Forward));
        assert_eq!(Control::for_key("PageUp", true), Some(Control::Back));
        assert_eq!(Control::for_key("PageDown", false), None);
    }

    #[test]
    fn controls_keep_the_step_within_the_run_and_play_stops_at_the_end() {
        let (mut step, mut playing, mut speed) = (0, false, 800);
        let mut go = |c: Control| {
            Playback {
                step: &mut step,
                playing: &mut playing,
                speed: &mut speed,
            }
            .apply(c, 3);
            (step, playing, speed)
        };
        assert_eq!(go(Control::Back), (0, false, 800));
        assert_eq!(go(Control::Forward), (1, false, 800));
        assert_eq!(go(Control::End), (3, false, 800));
        assert_eq!(go(Control::Forward), (3, false, 800));
        // Play at the end does not start.
        assert_eq!(go(Control::TogglePlay), (3, false, 800));
        assert_eq!(go(Control::Seek(9)), (3, false, 800));
        assert_eq!(go(Control::Start), (0, false, 800));
        assert_eq!(go(Control::Speed(60)), (0, false, 60));
        assert_eq!(go(Control::TogglePlay), (0, true, 60));
        for want in [(1, true), (2, true), (3, false), (3, false)] {
            Playback {
                step: &mut step,
                playing: &mut playing,
                speed: &mut speed,
            }
            .tick(3);
            assert_eq!((step, playing), want);
        }
    }
}
