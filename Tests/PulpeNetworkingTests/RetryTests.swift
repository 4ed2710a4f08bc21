import Clocks
import Foundation
@testable import PulpeNetworking
import PulpeDomain
import Testing

@Suite("Retries: schedules on an immediate clock, Retry-After, and the no-retry rules")
struct RetryTests {
    /// A transport that replays `replies` and records the virtual instant of each request.
    func recordingTransport(_ replies: [ScriptedTransport.Reply], recorder: InstantRecorder) -> ScriptedTransport {
        let queue = Locked(replies)
        return ScriptedTransport(fallback: { _ in
            recorder.mark()
            let reply = queue.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            switch reply {
            case .response(let response)?: return response
            case .failure(let failure)?: throw failure
            default: throw TransportFailure(.other, message: "script exhausted")
            }
        })
    }

    func ms(_ values: Int...) -> [Duration] { values.map { .milliseconds($0) } }

    @Test("Ceilings grow ×2.5 from 200 ms and stop at 2 s")
    func ceilings() {
        let policy = RetryPolicy.standard
        #expect((0..<6).map(policy.backoff.ceiling(afterRetries:)) == ms(200, 500, 1250, 2000, 2000, 2000))
        #expect(policy.backoff.delay(afterRetries: 1, fraction: 0.5) == .milliseconds(250))
        #expect(policy.backoff.delay(afterRetries: 0, fraction: 7) == .milliseconds(200))
    }

    @Test("Refused three times then answered: four attempts at the exact jittered instants")
    func recoversAfterRetries() async throws {
        let clock = ImmediateClock()
        let recorder = InstantRecorder(clock: clock)
        let transport = recordingTransport([.refused, .dropped, .timedOut, .json(200, #"{"status":"healthy"}"#)], recorder: recorder)
        let client = await Fixture.client(transport, timing: Fixture.timing(clock: clock, jitter: .sequence([0.5, 0.2, 1.0])))
        #expect(try await client.health().isHealthy)
        // 0.5 × 200 ms, then 0.2 × 500 ms, then 1.0 × 1250 ms.
        #expect(recorder.instants == ms(0, 100, 200, 1450))
    }

    @Test("Gives up after three retries with the last error")
    func givesUp() async {
        let clock = ImmediateClock()
        let recorder = InstantRecorder(clock: clock)
        let transport = recordingTransport(Array(repeating: .refused, count: 6), recorder: recorder)
        let client = await Fixture.client(transport, timing: Fixture.timing(clock: clock))
        let error = await pulpeError { _ = try await client.health() }
        #expect(error?.kind == .offline(.cannotConnect))
        #expect(recorder.instants == ms(0, 200, 700, 1950))
    }

    @Test("A seeded jitter gives the same schedule every run")
    func seededJitter() async {
        func run() async -> [Duration] {
            let clock = ImmediateClock()
            let recorder = InstantRecorder(clock: clock)
            let transport = recordingTransport(Array(repeating: .refused, count: 4), recorder: recorder)
            let client = await Fixture.client(transport, timing: Fixture.timing(clock: clock, jitter: .seeded(2026)))
            _ = await pulpeError { _ = try await client.health() }
            return recorder.instants
        }
        let first = await run()
        #expect(first.count == 4)
        #expect(await run() == first)
        let gaps = zip(first.dropFirst(), first).map { $0 - $1 }
        for (index, gap) in gaps.enumerated() {
            #expect(gap >= .zero && gap <= RetryPolicy.standard.backoff.ceiling(afterRetries: index))
        }
    }

    @Test("Retry-After in seconds is honoured exactly (no jitter)")
    func retryAfterSeconds() async throws {
        let clock = ImmediateClock()
        let recorder = InstantRecorder(clock: clock)
        let transport = recordingTransport([
            .json(503, Fixture.errorJSON(status: 503, code: "HTTP_503"), headers: ["Retry-After": "1"]),
            .json(429, Fixture.errorJSON(status: 429, code: "HTTP_429"), headers: ["Retry-After": "3"]),
            .json(200, #"{"status":"healthy"}"#),
        ], recorder: recorder)
        let client = await Fixture.client(transport, timing: Fixture.timing(clock: clock, jitter: .constant(0)))
        _ = try await client.health()
        #expect(recorder.instants == ms(0, 1000, 4000))
    }

    @Test("Retry-After as an HTTP date is relative to now")
    func retryAfterDate() async throws {
        let clock = ImmediateClock()
        let recorder = InstantRecorder(clock: clock)
        // Fixture.now is Sat, 21 Nov 2026 12:00:00 GMT.
        let transport = recordingTransport([
            .json(429, "", headers: ["Retry-After": "Sat, 21 Nov 2026 12:00:04 GMT"]),
            .json(200, #"{"status":"healthy"}"#),
        ], recorder: recorder)
        let client = await Fixture.client(transport, timing: Fixture.timing(clock: clock))
        _ = try await client.health()
        #expect(recorder.instants == ms(0, 4000))
    }

    @Test("A Retry-After beyond the cap is not waited for: the error comes back with it")
    func retryAfterTooLong() async {
        let transport = ScriptedTransport([.json(429, Fixture.errorJSON(status: 429, code: "ERR_RATE_LIMIT_EXCEEDED"),
                                                 headers: ["Retry-After": "60"])])
        let client = await Fixture.client(transport)
        let error = await pulpeError { _ = try await client.health() }
        #expect(error?.kind == .rateLimited(retryAfter: .seconds(60)))
        #expect(transport.requests.count == 1)
    }

    @Test("Retry-After parsing", arguments: [
        ("120", Duration.seconds(120)), ("-5", .zero), ("0", .zero),
        ("Sat, 21 Nov 2026 12:00:30 GMT", .seconds(30)), ("Sat, 21 Nov 2026 11:00:00 GMT", .zero),
    ])
    func retryAfterParsing(value: String, expected: Duration) {
        #expect(RetryAfter.parse(value, now: Fixture.now) == expected)
    }

    @Test("Unreadable Retry-After values are ignored", arguments: ["soon", "", "1.5", "Tomorrow"])
    func retryAfterGarbage(value: String) {
        #expect(RetryAfter.parse(value, now: Fixture.now) == nil)
    }

    @Test("The 30 s budget also bounds the waits: no retry that would end past it")
    func budgetBoundsWaits() async {
        let clock = ImmediateClock()
        let recorder = InstantRecorder(clock: clock)
        let busy = ScriptedTransport.Reply.json(503, "", headers: ["Retry-After": "10"])
        let transport = recordingTransport([busy, busy, busy, busy], recorder: recorder)
        let client = await Fixture.client(transport, timing: Fixture.timing(clock: clock))
        let error = await pulpeError { _ = try await client.health() }
        #expect(error?.kind == .serverError)
        #expect(recorder.instants == ms(0, 10_000, 20_000))
    }

    static let retried: [ScriptedTransport.Reply] = [
        .refused, .dropped, .timedOut, .json(502, ""), .json(503, ""), .json(504, ""), .json(429, ""), .json(408, ""),
    ]

    @Test("Transient failures are retried", arguments: 0..<retried.count)
    func transientRetried(index: Int) async throws {
        let transport = ScriptedTransport([Self.retried[index], .json(200, #"{"status":"healthy"}"#)])
        let client = await Fixture.client(transport)
        _ = try await client.health()
        #expect(transport.requests.count == 2)
    }

    static let final: [ScriptedTransport.Reply] = [
        .json(400, Fixture.errorJSON(status: 400, code: "ERR_VALIDATION_FAILED")),
        .json(403, Fixture.errorJSON(status: 403, code: "ERR_USER_ACCOUNT_BLOCKED")),
        .json(404, ""), .json(409, ""), .json(422, ""),
        .json(500, Fixture.errorJSON(status: 500, code: "ERR_INTERNAL_SERVER")),
        .json(503, Fixture.maintenanceJSON),
        .failure(TransportFailure(.hostNotFound, code: -1003)),
        .failure(TransportFailure(.notConnectedToInternet, code: -1009)),
        .failure(TransportFailure(.secureConnectionFailed, code: -1202)),
    ]

    @Test("4xx, 500, maintenance, DNS and no-network failures are not retried", arguments: 0..<final.count)
    func finalNotRetried(index: Int) async {
        let transport = ScriptedTransport([Self.final[index], .json(200, #"{"status":"healthy"}"#)])
        let client = await Fixture.client(transport)
        let error = await pulpeError { _ = try await client.health() }
        #expect(error != nil)
        #expect(transport.requests.count == 1)
    }

    @Test("A POST without a client id is sent once; with one it is retried and 409 means done")
    func postIdempotency() async throws {
        let withoutId = ScriptedTransport([.refused, .json(201, Fixture.success(Fixture.transactionJSON()))])
        let client = await Fixture.client(withoutId, authorizer: FixedAuthorizer())
        let error = await pulpeError {
            _ = try await client.createTransaction(NewTransaction(budgetId: Fixture.budgetId, name: "x", amount: 1, kind: .expense))
        }
        #expect(error?.kind == .offline(.cannotConnect))
        #expect(withoutId.requests.count == 1)

        let withId = ScriptedTransport([
            .dropped, .json(500, Fixture.errorJSON(status: 500, code: "ERR_TRANSACTION_CREATE_FAILED")),
            .json(409, Fixture.errorJSON(status: 409, code: "ERR_TRANSACTION_ALREADY_EXISTS")),
        ])
        let retrying = await Fixture.client(withId, authorizer: FixedAuthorizer())
        let body = NewTransaction(id: Fixture.transactionId, budgetId: Fixture.budgetId, name: "x", amount: 1, kind: .expense)
        #expect(try await retrying.createTransaction(body) == .alreadyExisted(id: Fixture.transactionId))
        let requests = withId.requests
        #expect(requests.count == 3)
        #expect(Set(requests.compactMap(\.body)).count == 1)
        #expect(Set(requests.compactMap { $0.headers["X-Request-Id"] }).count == 3)
    }

    @Test("Toggle-check, budget creation, login, refresh and key validation are never retried")
    func neverRetried() async {
        let transport = ScriptedTransport(fallback: { _ in throw TransportFailure(.cannotConnect, code: -1004) })
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer())
        _ = await pulpeError { _ = try await client.toggleCheck(transactionId: "t") }
        _ = await pulpeError { _ = try await client.createBudget(NewBudget(month: 1, year: 2027, templateId: "t")) }
        _ = await pulpeError { _ = try await client.passwordGrant(email: "a", password: "b") }
        _ = await pulpeError { _ = try await client.refreshGrant(refreshToken: "r") }
        _ = await pulpeError { try await client.validateClientKey(Fixture.clientKey) }
        _ = await pulpeError { _ = try await client.demoSession() }
        #expect(transport.requests.count == 6)
    }

    @Test("PATCH and DELETE are idempotent and retried")
    func idempotentMethods() async throws {
        let transport = ScriptedTransport([.refused, .json(200, Fixture.success(Fixture.transactionJSON())), .refused, .empty(200)])
        let client = await Fixture.client(transport, authorizer: FixedAuthorizer())
        _ = try await client.updateTransaction(id: "t", TransactionChanges(name: "y"))
        try await client.deleteTransaction(id: "t")
        #expect(transport.requests.count == 4)
    }
}
