/// The timers the core can arm. One case per purpose: arming it again replaces the previous one.
public enum TimerID: Hashable, Sendable, CaseIterable {
    /// The splash may leave once start-up work is done.
    case splashMinimum
    /// The splash leaves at the latest after `SplashPolicy.maximum`.
    case splashMaximum
    /// The status line's queue moves on (minimum durations, fading).
    case statusLine
    /// The maintenance screen checks the service again by itself.
    case maintenanceRecheck
    /// The next attempt to send what the outbox holds after a sync stopped on a transient failure.
    case outboxRetry
    /// No key pressed for `lock_after`: the amounts go behind the PIN screen. Armed again at every
    /// key press, so only the last arming fires.
    case idleLock
    /// The undo window of the newest held delete closes (5 s after its key press; a newer delete
    /// re-arms it): `u` is « trop tard » from then on, and the outbox is asked to send.
    case deleteWindow
    /// A shell command's status check ran out of its budget (`ShellAccess.checkTimeout`): the
    /// server counts as unreachable, and the write is only stored.
    case checkDeadline
    /// A shell command stops waiting for the server's copy of what it reads: the cache's, stale.
    case readDeadline
    /// A shell command stops waiting for its send (`pulpe add --wait`): what is stored waits.
    case sendDeadline
    /// The whole account is read again (every 15 minutes while the app runs, decision 81).
    case accountSync
}
