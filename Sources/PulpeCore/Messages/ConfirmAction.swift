public enum ConfirmAction: Hashable, Sendable, CaseIterable {
    /// « Oui ».
    case yes
    /// « Non ».
    case no
}
