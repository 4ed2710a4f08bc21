import Foundation

/// Body of `POST <auth>/auth/v1/token?grant_type=password`.
public struct PasswordGrantRequest: Sendable, Hashable, Codable {
    public var email: String
    public var password: String

    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }
}
