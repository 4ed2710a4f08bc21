public enum PinAction: Hashable, Sendable, CaseIterable {
    /// Leave the PIN screen for another account.
    case signOut
}
