import Foundation
import Hummingbird
import PulpeDomain

/// The backend's maintenance middleware (`docs/contract.md` §4): while maintenance is on, every request
/// answers 503 with exactly `MiddlewareErrorBody.maintenance.jsonText` — unknown paths included —
/// except `GET /health`, `GET /`, `GET /api/v1/maintenance/status` and `GET /api/v1/app/version`.
///
/// Also exempt: the sandbox's admin routes (so maintenance can be switched off again) and the auth
/// server's `/auth/v1/*` (GoTrue is a separate service the backend's maintenance does not stop).
struct MaintenanceMiddleware: RouterMiddleware {
    typealias Context = SandboxContext
    let switches: RuntimeSwitches

    static let exemptGETPaths: Set<String> = ["/health", "/", "/api/v1/maintenance/status", "/api/v1/app/version"]

    /// The body, byte for byte (member order and the em dash matter to byte-level comparisons).
    static let body = Data(MiddlewareErrorBody.maintenance.jsonText.utf8)

    func handle(_ request: Request, context: SandboxContext,
                next: (Request, SandboxContext) async throws -> Response) async throws -> Response {
        guard switches.maintenance, !Self.isExempt(request) else { return try await next(request, context) }
        return JSONResponse.raw(Self.body, status: 503)
    }

    static func isExempt(_ request: Request) -> Bool {
        let path = request.uri.path
        if RoutePaths.isAdmin(path) || RoutePaths.isAuth(path) { return true }
        return request.method == .get && exemptGETPaths.contains(RoutePaths.normalized(path))
    }
}
