/// Receives the outcome of every request attempt (the connectivity monitor).
public protocol RequestOutcomeObserver: Sendable {
    func record(_ outcome: RequestOutcome) async
}
