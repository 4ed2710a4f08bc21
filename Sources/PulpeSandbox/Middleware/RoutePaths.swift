import Hummingbird

/// Path classification shared by the middlewares.
enum RoutePaths {
    /// The sandbox's own control routes: exempt from maintenance, latency and faults.
    static let adminPrefix = "/__sandbox"

    /// The path without a trailing slash (Express routes `/health/` like `/health`).
    static func normalized(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    static func isAdmin(_ path: String) -> Bool {
        let path = normalized(path)
        return path == adminPrefix || path.hasPrefix(adminPrefix + "/")
    }

    /// The auth server's routes (GoTrue lives on Supabase, not behind the backend's middlewares).
    static func isAuth(_ path: String) -> Bool {
        normalized(path).hasPrefix("/auth/v1/")
    }

    /// Backend API routes: the only ones fault injection touches.
    static func isAPI(_ path: String) -> Bool {
        let path = normalized(path)
        return path == "/api/v1" || path.hasPrefix("/api/v1/")
    }
}

extension RoutePaths {
    /// `POST /api/v1/transactions`: the only request the `created-*` faults apply to.
    static func isTransactionCreate(_ request: Request) -> Bool {
        request.method == .post && normalized(request.uri.path) == "/api/v1/transactions"
    }
}
