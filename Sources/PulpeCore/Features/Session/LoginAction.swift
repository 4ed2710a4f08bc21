public enum LoginAction: Hashable, Sendable, CaseIterable {
    case nextField
    case previousField
    /// `Entrée`: send the form (in the email field with no password yet: the next field).
    case submit
    /// « Essayer la démo ».
    case startDemo
}
