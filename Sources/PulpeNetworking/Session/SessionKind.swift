import Foundation
import PulpeDomain

/// How a session was opened: demo sessions use the public demo client key and skip the PIN.
public enum SessionKind: String, Sendable, Hashable, Codable {
    case password
    case demo
}
