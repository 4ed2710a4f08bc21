import Foundation
import Hummingbird
import PulpeDomain

/// `POST /demo/session`: a fresh, ephemeral demo account with the seeded demo data, whose client
/// key is the public demo key (`docs/contract.md` §5). No captcha in the sandbox: any token is accepted.
struct DemoRoutes {
    let services: SandboxServices

    func register(on router: Router<SandboxContext>) {
        router.post("/api/v1/demo/session") { request, _ in
            try SmallBodies.demoSession(try await RequestBodyReader.object(of: request, limit: services.maxBodyBytes))
            let session = try await DemoAccounts.createDemoSession(services: services)
            return JSONResponse.success(DemoSession(session: session), status: 201,
                                        message: "Demo session created successfully")
        }
    }
}
