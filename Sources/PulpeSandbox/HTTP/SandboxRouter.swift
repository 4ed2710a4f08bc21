import Hummingbird

/// Assembles the router: middlewares first (outermost first — they also wrap the not-found
/// responder, so unknown paths get the envelope and maintenance too), then every route group.
/// HEAD is answered for every GET route, as Express does.
enum SandboxRouter {
    static func make(services: SandboxServices) -> Router<SandboxContext> {
        let router = Router(context: SandboxContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: CompressionMiddleware(switches: services.switches))
        router.add(middleware: ErrorEnvelopeMiddleware(services: services))
        router.add(middleware: LatencyMiddleware(switches: services.switches))
        router.add(middleware: MaintenanceMiddleware(switches: services.switches))
        router.add(middleware: FaultInjectionMiddleware(switches: services.switches))

        AdminRoutes(services: services).register(on: router)
        AdminTransactionRoutes(services: services).register(on: router)
        AdminTemplateRoutes(services: services).register(on: router)
        SpreadRoutes(services: services).register(on: router)
        WithdrawalRoutes(services: services).register(on: router)
        AdminPinRoutes(services: services).register(on: router)
        AdminUserRoutes(services: services).register(on: router)
        PublicRoutes(services: services).register(on: router)
        AuthRoutes(services: services).register(on: router)
        EncryptionRoutes(services: services).register(on: router)
        DemoRoutes(services: services).register(on: router)
        UserRoutes(services: services).register(on: router)
        BudgetRoutes(services: services).register(on: router)
        TemplateRoutes(services: services).register(on: router)
        TagRoutes(services: services).register(on: router)
        SavingsGoalRoutes(services: services).register(on: router)
        BudgetLineRoutes(services: services).register(on: router)
        SearchRoutes(services: services).register(on: router)
        TransactionRoutes(services: services).register(on: router)
        return router
    }
}
