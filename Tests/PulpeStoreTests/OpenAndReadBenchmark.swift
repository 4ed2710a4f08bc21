import Foundation
import PulpeDomain
import Testing
@testable import PulpeStore

/// The figure quoted in the docs: open the cache file and read one month of 10 000 transactions
/// (and, for scale, a month of 200, a heavy real one).
///
/// A measurement, not an assertion (timings depend on the machine), so it only runs when asked:
/// `PULPE_STORE_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter OpenAndReadBenchmark`
/// (`-enable-testing` because the suites use `@testable import`). Serialized: the two sizes must not
/// compete for the CPU.
@Suite(.serialized) struct OpenAndReadBenchmark {
    static let enabled = ProcessInfo.processInfo.environment["PULPE_STORE_BENCH"] != nil

    @Test(.enabled(if: enabled), arguments: [10_000, 200])
    func openAndReadOneMonth(transactionCount: Int) throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("pulpe/cache.sqlite").path
        let details = Fixtures.details(transactionCount: transactionCount)
        let clock = ContinuousClock()

        let saveTime: Duration
        do {
            let store = CacheStore.open(at: path)
            saveTime = clock.measure {
                store.saveMonth(details, month: Fixtures.november, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
            }
            // Eleven other months and a year list, so the month is not alone in the file.
            for offset in 1...11 {
                store.saveMonth(Fixtures.details(month: Fixtures.november.advanced(by: -offset), transactionCount: 200),
                                month: Fixtures.november.advanced(by: -offset), scope: Fixtures.ana, fetchedAt: Fixtures.t0)
            }
            store.saveYear(Fixtures.yearList, year: 2026, scope: Fixtures.ana, fetchedAt: Fixtures.t0)
        }
        let payloadBytes = try #require(CacheStore.open(at: path).readEntry(key: .month(Fixtures.november),
                                                                           scope: Fixtures.ana)?.payload).count

        var opens: [Duration] = [], rows: [Duration] = [], totals: [Duration] = []
        for _ in 0..<15 {
            let start = clock.now
            let store = CacheStore.open(at: path)
            let opened = clock.now
            _ = store.readEntry(key: .month(Fixtures.november), scope: Fixtures.ana)
            let rowRead = clock.now
            let entry = store.month(Fixtures.november, scope: Fixtures.ana)
            let end = clock.now
            #expect(entry?.value.details?.transactions.count == transactionCount)
            opens.append(opened - start)
            rows.append(rowRead - opened)
            // open + one full read (row + decode); the extra row read above is not counted.
            totals.append((opened - start) + (end - rowRead))
        }
        func summary(_ values: [Duration]) -> String {
            let ms = values.map { Double($0.components.attoseconds) / 1e15 + Double($0.components.seconds) * 1000 }.sorted()
            return String(format: "median %.1f ms (min %.1f, max %.1f)", ms[ms.count / 2], ms[0], ms[ms.count - 1])
        }
        let label = "cache bench [\(transactionCount) tx]"
        print("\(label) payload \(payloadBytes / 1024) KiB; save \(saveTime)")
        print("\(label) open                 \(summary(opens))")
        print("\(label) read row (no decode) \(summary(rows))")
        print("\(label) open + read month    \(summary(totals))")
    }
}
