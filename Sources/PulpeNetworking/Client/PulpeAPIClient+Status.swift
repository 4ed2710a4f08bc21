import PulpeDomain

extension PulpeAPIClient {
    /// `GET /health` at the server root (no auth, never in maintenance).
    public func health() async throws(PulpeError) -> HealthStatus {
        try await perform(APIRequest(.get, .serverRoot("health"), access: .anonymous)).plain(HealthStatus.self)
    }

    /// `GET /api/v1/maintenance/status` — startup step 1 and the maintenance screen's poll.
    /// Never raises `MaintenanceSignal` (the screen that polls it is the one the signal opens).
    public func maintenanceStatus() async throws(PulpeError) -> MaintenanceStatus {
        var request = APIRequest(.get, .api("maintenance/status"), access: .anonymous)
        request.signalsMaintenance = false
        return try await perform(request).plain(MaintenanceStatus.self)
    }

    /// `GET /api/v1/app/version` (enveloped; never in maintenance).
    public func appVersion() async throws(PulpeError) -> AppVersionInfo {
        try await perform(APIRequest(.get, .api("app/version"), access: .anonymous)).enveloped(AppVersionInfo.self)
    }
}
