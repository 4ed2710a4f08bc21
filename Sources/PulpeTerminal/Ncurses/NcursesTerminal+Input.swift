import CNcursesw

/// Reading keys, mouse and resize events.
extension NcursesTerminal {
    /// Drains pending input without blocking (the window is in `nodelay` mode), decoding
    /// keys, mouse events (`KEY_MOUSE` → `getmouse`) and `KEY_RESIZE`. Reads at most 512
    /// events per call so a huge paste cannot starve the loop; the `InputWaker` fires again
    /// while bytes remain.
    ///
    /// `.resize` only appears if ncurses itself saw a SIGWINCH, which the runtime prevents by
    /// ignoring the signal; resizes normally come from `resizeFromKernel()`.
    ///
    /// A lone ESC costs one ESCDELAY (25 ms) here: ncurses waits that long to tell it from
    /// the start of an arrow-key sequence. A sequence its terminfo entry does not list comes out
    /// as ESC and loose characters; `UnknownSequences` folds it back.
    public func readEvents() -> [TerminalEvent] {
        guard isActive else { return [] }
        let win = cnc_stdscr()
        var events: [TerminalEvent] = []
        var wch: wint_t = 0
        for _ in 0..<512 {
            let rc = wget_wch(win, &wch)
            if rc == ERR { break }
            switch KeyDecoder.decode(isFunctionKey: rc == KEY_CODE_YES, code: wch, constants: keyCodes) {
            case .key(let key):
                events.append(.key(key))
            case .resize:
                lastPresented = nil
                events.append(.resize(updateSizeFromCurses()))
            case .mouse:
                var event = MEVENT()
                if getmouse(&event) == OK,
                   let mouse = MouseDecoder.decode(state: UInt(event.bstate), x: Int(event.x), y: Int(event.y), masks: mouseMasks) {
                    events.append(.mouse(mouse))
                }
            case .ignored:
                break
            }
        }
        // A sequence the terminfo entry did not know arrives as loose characters: fold it.
        return UnknownSequences.fold(events)
    }
}
