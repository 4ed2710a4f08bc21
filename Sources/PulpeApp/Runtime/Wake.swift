import PulpeCore

/// Why the main loop woke up. Everything that can change the screen funnels into one stream,
/// so the loop is a single `for await` and ncurses is only touched on the main actor; animation
/// frames alone skip the stream (the clock's main-actor wake-up calls `step` directly).
public enum Wake: Sendable {
    /// Bytes are waiting on stdin: drain them with the terminal's non-blocking read.
    case input
    /// A message from an effect (a timer, later a network result).
    case message(Msg)
    /// A signal, delivered through Dispatch rather than a C handler.
    case signal(Int32)
    /// An animation frame is due: nothing changed but the time.
    case frameDue
}
