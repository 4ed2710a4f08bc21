import Hummingbird

/// Delays every answer except the admin routes' by the current latency setting, to show loading
/// states and to test client timeouts.
struct LatencyMiddleware: RouterMiddleware {
    typealias Context = SandboxContext
    let switches: RuntimeSwitches

    func handle(_ request: Request, context: SandboxContext,
                next: (Request, SandboxContext) async throws -> Response) async throws -> Response {
        let delay = switches.latencyMilliseconds
        if delay > 0, !RoutePaths.isAdmin(request.uri.path) {
            try await Task.sleep(for: .milliseconds(delay))
        }
        return try await next(request, context)
    }
}
