import Foundation
import PulpeDomain

/// One maintenance answer seen by the client (for the state machine and logs).
public struct MaintenanceEvent: Sendable, Hashable {
    public var method: String
    public var path: String
    public var requestId: String?
    /// The server's text (« Application en maintenance — réessaie plus tard »).
    public var message: String?

    public init(method: String, path: String, requestId: String? = nil, message: String? = nil) {
        self.method = method
        self.path = path
        self.requestId = requestId
        self.message = message
    }
}
