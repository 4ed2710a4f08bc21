import Hummingbird

/// Delays every answer except the admin routes' by the current latency setting (optionally only
/// under a path prefix, e.g. the budgets while the status check stays fast), to show loading
/// states, cached data shown while the server is slow, and to test client timeouts.
struct LatencyMiddleware: RouterMiddleware {
    typealias Context = SandboxContext
    let switches: RuntimeSwitches

    func handle(_ request: Request, context: SandboxContext,
                next: (Request, SandboxContext) async throws -> Response) async throws -> Response {
        let delay = switches.latency(for: request.uri.path)
        if delay > 0 {
            try await switches.holding { try await Task.sleep(for: .milliseconds(delay)) }
        }
        return try await next(request, context)
    }
}
