import PulpeCore

extension AvailabilityService {
    /// The availability concern's commands, as `EffectRunner` hands them over: the one place a
    /// command becomes calls, and its answers events.
    public func run(_ command: AvailabilityCommand, now: @escaping @Sendable () -> AppTime,
                    send: @escaping @Sendable (AvailabilityEvent) -> Void) async {
        switch command {
        case .checkService:
            send(.serviceChecked(await checkService(), at: now()))
        }
    }
}
