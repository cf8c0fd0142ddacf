//! Replaying a recorded search (filled in with the visualiser).
