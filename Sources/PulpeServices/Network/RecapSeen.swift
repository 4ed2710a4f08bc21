import PulpeDomain

/// « Bilan du mois » (decision 122): the period whose recap was last shown, kept sealed with the
/// account's other entries (a month number, but the account's).
extension NetworkBudgets {
    func recapSeen() async -> BudgetMonth? {
        guard let scope = await context.cacheScope() else { return nil }
        return cache.recapSeen(scope: scope)
    }

    func markRecapSeen(_ month: BudgetMonth) async {
        guard let scope = await context.cacheScope() else { return }
        cache.saveRecapSeen(month, scope: scope, at: context.clock.now())
    }
}
