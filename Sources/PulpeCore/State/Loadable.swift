import PulpeDomain

/// Data that is being fetched, has arrived, or could not be fetched. Views draw placeholders
/// for `.loading`, never zeros.
public enum Loadable<Value: Hashable & Sendable>: Hashable, Sendable {
    case loading
    case loaded(Value)
    case failed(Failure)

    public var value: Value? {
        if case let .loaded(value) = self { return value }
        return nil
    }
}
