import PulpeDomain
import CNcursesw
import Foundation

/// Resize and job control, driven by the runtime's signal sources.
extension NcursesTerminal {
    /// Reads the window size from the kernel (`TIOCGWINSZ` on stdout) and resizes ncurses to
    /// it with `resize_term`. Call on SIGWINCH: the runtime ignores that signal so ncurses
    /// never learns about resizes by itself. Forces a full repaint, because terminal emulators
    /// reflow their contents on resize and ncurses' idea of the screen is then stale.
    ///
    /// - Returns: the new size (render the next frame at it).
    @discardableResult
    public func resizeFromKernel() -> Size {
        guard isActive else { return size }
        var ws = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_row > 0, ws.ws_col > 0 {
            _ = resize_term(Int32(ws.ws_row), Int32(ws.ws_col))
        }
        lastPresented = nil
        _ = clearok(cnc_curscr(), true)
        return updateSizeFromCurses()
    }

    /// Suspends the process for Ctrl-Z (the runtime calls this on SIGTSTP).
    ///
    /// Gives the terminal back (`endwin`), stops the process with the default SIGTSTP
    /// action, and on SIGCONT restores the previous SIGTSTP disposition (the runtime's
    /// `SIG_IGN`, or libdispatch's handler when a signal source is installed), re-enters
    /// curses mode and repaints. SIGTSTP is unblocked on this thread for the duration:
    /// libdispatch blocks signals it watches, and a blocked SIGTSTP would never stop us.
    ///
    /// - Returns: the size after resuming (the window may have changed while stopped).
    @discardableResult
    public func suspend() -> Size {
        guard isActive else { return size }
        _ = endwin()
        TerminalRestore.setScreenActive(false)

        var defaultAction = sigaction()
        defaultAction.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&defaultAction.sa_mask)
        var previousAction = sigaction()
        _ = sigaction(SIGTSTP, &defaultAction, &previousAction)
        var tstp = sigset_t()
        sigemptyset(&tstp)
        sigaddset(&tstp, SIGTSTP)
        var previousMask = sigset_t()
        _ = pthread_sigmask(SIG_UNBLOCK, &tstp, &previousMask)

        _ = kill(getpid(), SIGTSTP)     // stops here until SIGCONT

        _ = pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        _ = sigaction(SIGTSTP, &previousAction, nil)
        TerminalRestore.setScreenActive(true)
        _ = wrefresh(cnc_stdscr())      // re-enters curses mode (program tty modes, alternate screen)
        let newSize = resizeFromKernel()
        _ = wrefresh(cnc_stdscr())
        return newSize
    }
}
