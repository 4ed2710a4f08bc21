import Foundation
import Logging
import PulpeCore
import PulpeDomain
import PulpeNetworking
import PulpeCurlTransport
import PulpeStore

/// No server is configured and the caller handed no launcher for the built-in sandbox.
public struct LocalServerUnavailable: Error, CustomStringConvertible {
    public var description: String { "no server configured and no built-in sandbox to start" }
}
