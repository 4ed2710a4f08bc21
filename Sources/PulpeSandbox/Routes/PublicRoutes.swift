import Foundation
import Hummingbird
import PulpeDomain

/// Routes without authentication: health, root, maintenance status, app version.
struct PublicRoutes {
    let services: SandboxServices

    /// `GET /api/v1/app/version` payload: the oldest and newest app versions per platform.
    struct AppVersions: Encodable {
        struct Platform: Encodable {
            var minVersion: String
            var latestVersion: String
        }

        var ios: Platform
        var web: Platform
    }

    static let appVersions = AppVersions(ios: .init(minVersion: "1.0.0", latestVersion: "1.0.0"),
                                         web: .init(minVersion: "1.0.0", latestVersion: "1.0.0"))

    func register(on router: Router<SandboxContext>) {
        router.get("/health") { _, _ in
            JSONResponse.encoded(HealthStatus())
        }
        router.get("/") { _, _ in
            JSONResponse.encoded(["message": "Pulpe Budget API", "status": "running"])
        }
        router.get("/api/v1/maintenance/status") { _, _ in
            JSONResponse.encoded(services.switches.maintenance ? MaintenanceStatus.on : MaintenanceStatus.off)
        }
        router.get("/api/v1/app/version") { _, _ in
            JSONResponse.success(Self.appVersions)
        }
    }
}
