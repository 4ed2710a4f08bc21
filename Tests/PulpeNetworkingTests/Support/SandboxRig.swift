import Foundation
@testable import PulpeNetworking
import PulpeDomain
import PulpeSandbox
import PulpeCurlTransport

/// The in-process sandbox on an ephemeral loopback port, and the real networking stack
/// (`CurlHTTPTransport`, real clocks) pointed at it, with its session file in a scratch directory.
struct SandboxRig: Sendable {
    let server: RunningSandbox
    let network: PulpeNetwork
    let sessionStore: SessionStore
    /// The sandbox's notion of now (token expiry, rate limits); starts at the real time.
    let serverNow: Locked<Date>

    var client: PulpeAPIClient { network.client }

    /// Starts a sandbox configured by `configure`, runs `body`, always stops it.
    static func with(timing: RequestTiming = RequestTiming(jitter: .constant(0)),
                     configure: (inout SandboxConfiguration) -> Void = { _ in },
                     _ body: (SandboxRig) async throws -> Void) async throws {
        let serverNow = Locked(Date())
        var configuration = SandboxConfiguration()
        configuration.port = 0
        configuration.storage = .inMemory
        configuration.seedsDemoAccount = true
        configuration.logLevel = .critical
        configuration.clock = SandboxClock { serverNow.current }
        configure(&configuration)
        let server = try await SandboxServer.start(configuration)
        let scratch = ScratchDirectory()
        let store = SessionStore(fileURL: scratch.url.appendingPathComponent("state/pulpe/session.json"))
        let network = await PulpeNetwork.make(configuration: APIConfiguration.sandbox(baseURL: server.baseURL),
                                              transport: CurlHTTPTransport(), sessionStore: store, timing: timing)
        let rig = SandboxRig(server: server, network: network, sessionStore: store, serverNow: serverNow)
        do {
            try await body(rig)
        } catch {
            await network.connectivity.stop()
            await server.stop()
            scratch.cleanUp()
            throw error
        }
        await network.connectivity.stop()
        await server.stop()
        scratch.cleanUp()
    }

    /// Logs the seeded demo account in and unlocks it with its PIN (real PBKDF2, 600 000 rounds).
    func logInDemoAccount() async throws {
        try await network.sessions.logIn(email: DemoAccount.email, password: DemoAccount.password)
        try await network.clientKeys.unlock(pin: DemoAccount.pin)
    }
}
