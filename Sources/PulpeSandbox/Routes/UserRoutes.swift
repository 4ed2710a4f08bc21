import Hummingbird
import PulpeDomain

/// `GET /users/settings` (`docs/contract.md` §6) and `PUT` (§16.6).
struct UserRoutes {
    let services: SandboxServices

    func register(on router: Router<SandboxContext>) {
        let auth = Authenticator(services: services)
        router.get("/api/v1/users/settings") { request, _ in
            let caller = try await auth.authenticate(request)
            return JSONResponse.success(caller.user.settings)
        }
        // `PUT /users/settings` (§16.6): strict; the pay day read live by every later period.
        router.put("/api/v1/users/settings") { request, _ in
            let caller = try await auth.authenticate(request)
            let object = try await RequestBodyReader.object(of: request, limit: services.maxBodyBytes)
            var reader = BodyReader(object, allowedKeys: ["payDayOfMonth", "currency", "showCurrencySelector"])
            var settings = caller.user.settings
            switch reader.integerOrNull("payDayOfMonth", range: 1...31) {
            case .absent: break
            case .null: settings.payDayOfMonth = nil
            case let .value(day): settings.payDayOfMonth = day
            }
            if let currency = reader.option("currency", required: false, options: ["CHF", "EUR"]).value {
                settings.currency = Currency(rawValue: currency) ?? settings.currency
            }
            if let shown = reader.bool("showCurrencySelector", required: false).value { settings.showCurrencySelector = shown }
            guard reader.issues.isEmpty else { throw APIError.validation(reader.issues) }
            let saved = settings
            try await services.write { db in try UserStore.setSettings(saved, userId: caller.user.id, in: db) }
            return JSONResponse.success(saved)
        }
    }
}
