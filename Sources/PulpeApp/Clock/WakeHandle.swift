import Dispatch
import PulpeCore

/// Cancels a wake-up armed with `AppClock.wake(at:_:)`. Used on the main actor only.
@MainActor
public struct WakeHandle {
    private let cancelBody: @MainActor () -> Void

    public init(cancel: @escaping @MainActor () -> Void) { cancelBody = cancel }

    public func cancel() { cancelBody() }
}
