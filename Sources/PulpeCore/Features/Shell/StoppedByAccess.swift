/// An outcome a shell flow ends with when `ShellAccess` stops it: its three cases of the same
/// names witness the requirements, and `init(_:)` maps a stop once for every flow.
protocol StoppedByAccess {
    static var notSignedIn: Self { get }
    static var locked: Self { get }
    static var keyChanged: Self { get }
}

extension StoppedByAccess {
    init(_ stop: ShellAccess.Stop) {
        switch stop {
        case .notSignedIn: self = .notSignedIn
        case .locked: self = .locked
        case .keyChanged: self = .keyChanged
        }
    }
}
