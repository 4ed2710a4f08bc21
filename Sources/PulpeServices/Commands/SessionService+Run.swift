import PulpeCore

extension SessionService {
    /// The session concern's commands, as `EffectRunner` hands them over.
    public func run(_ command: SessionCommand, now: @escaping @Sendable () -> AppTime,
                    send: @escaping @Sendable (SessionEvent) -> Void) async {
        switch command {
        case .restoreSession:
            let summary = await restoreSession()
            if summary == nil, await savedSessionUnreadable() { send(.savedSessionUnreadable) }
            send(.sessionRestored(summary, at: now()))
        case let .logIn(email, password):
            send(.loginFinished(await logIn(email: email, password: password), at: now()))
        case .startDemo:
            send(.loginFinished(await startDemo(), at: now()))
        case let .unlock(pin):
            send(.unlockFinished(await unlock(pin: pin), at: now()))
        case let .unlockLocally(pin):
            send(.unlockFinished(await unlockLocally(pin: pin), at: now()))
        case .unlockDemo:
            send(.unlockFinished(await unlockDemo(), at: now()))
        case .signOut:
            await signOut()
        case .lock:
            _ = await lock()
        case .checkOfflineData:
            send(.offlineDataChecked(await offlineSession()))
        case .readSavedSession:
            send(.savedSessionRead(await savedSession()))
        }
    }
}
