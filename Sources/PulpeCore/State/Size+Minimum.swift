import PulpeDomain

/// The terminal's size as the core keeps it in state: some decisions (the « Terminal trop petit »
/// screen, the side-by-side layout) depend on it, and views must re-lay out from state alone after
/// a resize.
extension Size {
    /// Below this the app shows « Terminal trop petit » instead of a broken layout.
    public static let minimum = Size(width: 60, height: 20)

    public var isBelowMinimum: Bool { !contains(Self.minimum) }
}
