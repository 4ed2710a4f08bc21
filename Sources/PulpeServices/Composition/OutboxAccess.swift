import Foundation
import Logging
import PulpeCore
import PulpeDomain
import PulpeNetworking
import PulpeCurlTransport
import PulpeStore

/// How a command uses the outbox: every command that may store or send opens it for writing (and
/// sets a damaged file aside); the read-only ones only read it.
public enum OutboxAccess: Sendable {
    case readWrite
    case readOnly
}
