/// « Se déconnecter » / « Changer de compte » from the home screen, as the apps offer it (decision 101):
/// the key asks first, saying what waits in the outbox; a yes takes the same session path as the
/// PIN screen's Échap and `pulpe forget` (`SessionCommand.signOut`), which drops the account's
/// replica and its kept key but keeps its outbox and sealed files for its next sign-in
/// (decision 99). The login screen follows, where another account or the demo (Ctrl-D) is chosen.
extension Core {
    /// `D` on the home screen: « Se déconnecter ? » over it.
    static func signOutAsked(_ state: inout AppState) -> [Effect] {
        guard state.session != nil, state.overlay == nil, homeOnScreen(state) != nil else { return [] }
        state.overlay = .confirm(.signOut(pending: state.pendingCount, onlyExpenses: state.writes.outbox.onlyExpensesPending))
        return []
    }

    /// The yes: nothing of this account stays in memory for the next one — its home, what `u`
    /// could take back, its outbox as last read, its replica's tags — and nothing of it is
    /// armed to run later.
    static func signOutConfirmed(_ state: inout AppState) -> [Effect] {
        guard let session = state.session else { return [] }
        return signOut(&state, email: session.isDemo ? "" : session.email)
    }

    /// Signs out to the login screen (`email` pre-filled): the PIN screen's Échap and `D`'s yes.
    static func signOut(_ state: inout AppState, email: String) -> [Effect] {
        state.session = nil
        state.home = nil
        // The home waiting behind the PIN was this account's: the next one must not be shown it.
        state.resumeScreen = nil
        state.overlayBehindPin = nil
        state.overlay = nil
        state.writes = WriteState()
        state.replica = ReplicaSync()
        for timer in [TimerID.idleLock, .outboxRetry, .deleteWindow, .accountSync] { state.timers.cancel(timer) }
        state.status.reset(now: state.now)
        leave(to: .login(LoginForm(email: email)), &state)
        return [.session(.signOut)]
    }
}
