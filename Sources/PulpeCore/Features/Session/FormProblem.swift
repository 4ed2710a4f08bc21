import Foundation

/// What a form says under its fields: why it cannot be sent yet, or how sending it failed.
/// The view words it.
public enum FormProblem: Error, Hashable, Sendable {
    case emailMissing
    case emailInvalid
    case passwordMissing
    /// The saved session's file could not be read (damaged, or something else in its place):
    /// nobody is signed in, and the login form says why it is back.
    case savedSessionUnreadable
    case failed(Failure)
}
