import Foundation

/// The login screen (docs/product.md §2.5): email, masked password, or a demo session.
public struct LoginForm: Hashable, Sendable {
    public enum Focus: Hashable, Sendable, CaseIterable {
        case email, password, demo
    }

    public var email = TextField(maxLength: 254)
    public var password = TextField(isSecret: true, maxLength: 128)
    public var focus: Focus = .email
    /// True while the login request runs: input is ignored so nothing is sent twice.
    public var isSubmitting = false
    /// The last problem, shown under the form.
    public var error: FormProblem?

    public init(email: String = "") {
        self.email.text = email
        if !email.isEmpty { focus = .password }
    }

    public mutating func focusNext() {
        let all = Focus.allCases
        focus = all[(all.firstIndex(of: focus)! + 1) % all.count]
    }

    public mutating func focusPrevious() {
        let all = Focus.allCases
        focus = all[(all.firstIndex(of: focus)! + all.count - 1) % all.count]
    }

    /// What the form would submit, or why it cannot yet.
    public func validated() -> Result<(email: String, password: String), FormProblem> {
        let trimmed = email.text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .failure(.emailMissing) }
        if !trimmed.contains("@") || trimmed.hasPrefix("@") || trimmed.hasSuffix("@") {
            return .failure(.emailInvalid)
        }
        if password.text.isEmpty { return .failure(.passwordMissing) }
        return .success((trimmed, password.text))
    }
}
