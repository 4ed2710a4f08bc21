import Foundation
import GRDB
import Logging
import PulpeDomain

/// What the routes and middlewares share: storage, switches, clock and fixed settings.
struct SandboxServices: Sendable {
    let database: any DatabaseWriter
    let switches: RuntimeSwitches
    let clock: SandboxClock
    let tokenTTLSeconds: Int
    let anonKey: String?
    let validateKeyLimiter: RateLimiter
    let maxBodyBytes: Int
    let seed: UInt64
    let demoExtraTransactions: Int
    let fixedToday: CalendarDay?
    let logger: Logger
    /// Encoded details bodies until the next write (the sandbox's hottest read).
    let responses: EncodedResponseCache
    /// The deployed server's text search (`pulpe-api.md` §14.5): a quoted pattern in a plain
    /// `.ilike` that matches nothing. The client must find its hits in its replica (decision 81).
    var deployedSearch = false
    /// The demo account's history (`--demo-months`, `--demo-month-transactions`).
    var demoHistory = DemoHistory.standard

    var now: Date { clock.now() }

    /// The day demo data is built around.
    var today: CalendarDay {
        fixedToday ?? CalendarDay(now, in: DemoSeed.timeZone)
    }

    /// The demo household as every demo account gets it.
    func demoData(userId: String = "", today: CalendarDay? = nil) -> DemoData {
        DemoSeed.generate(userId: userId, today: today ?? self.today, seed: seed, extraTransactions: demoExtraTransactions,
                          history: demoHistory)
    }

    func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try await database.read(body)
    }

    func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try await database.write(body)
    }
}
