import Foundation
import Hummingbird

/// Fails a fraction of `/api/v1` requests on purpose: 500 `ERR_INTERNAL_SERVER`, a 503 *without*
/// the maintenance code, or a dropped connection. Never the admin, health or auth routes.
struct FaultInjectionMiddleware: RouterMiddleware {
    typealias Context = SandboxContext
    let switches: RuntimeSwitches

    func handle(_ request: Request, context: SandboxContext,
                next: (Request, SandboxContext) async throws -> Response) async throws -> Response {
        guard RoutePaths.isAPI(request.uri.path), let fault = switches.drawFault() else {
            return try await next(request, context)
        }
        switch fault {
        case .internalError:
            throw APIError.internalError
        case .unavailable:
            throw APIError.injectedUnavailable
        case .drop:
            context.dropConnection()
            // The write of this response fails on the closed channel; the client sees the connection close.
            return Response(status: .internalServerError)
        }
    }
}
