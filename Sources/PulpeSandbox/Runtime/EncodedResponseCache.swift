import Foundation
import GRDB
import PulpeDomain

/// Encoded bodies of the heaviest read, `GET /budgets/:id/details`, kept until the next committed
/// write to the database.
///
/// Why: encoding a budget of 500 transactions with Foundation's `JSONEncoder` (sorted keys) cost
/// ~60 % of a request and held the sandbox to 104–173 req/s; tests and demos read the same
/// budgets over and over between writes. Why invalidate on *any* commit: a write to one budget
/// moves the rollover chain of every later budget of that user, and the commit hook sees every
/// write whatever route (or test) made it — a finer rule would be one more thing to keep right for
/// a sandbox. Read-your-writes holds: the generation moves inside the commit, before the write's
/// answer leaves, and a body is filed under the generation read *before* its data was read, so a
/// body computed across a commit is never served after it.
final class EncodedResponseCache: Sendable {
    /// Whose body, which budget, and whether amounts were visible to the caller's key.
    struct Key: Hashable, Sendable {
        let userId: String
        let budgetId: String
        let amountsVisible: Bool
    }

    private struct Contents: Sendable {
        var generation: UInt64 = 0
        var bodies: [Key: Data] = [:]
    }

    /// Enough for every budget a handful of test users read between two writes; beyond it the
    /// cache starts over rather than track recency.
    private let capacity: Int
    private let contents = Locked(Contents())
    private let observer: CommitObserver

    init(capacity: Int = 256) {
        self.capacity = capacity
        let contents = self.contents
        self.observer = CommitObserver {
            contents.withLock { state in
                state.generation &+= 1
                state.bodies.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Watches every commit of `writer` for as long as this cache lives.
    func attach(to writer: any DatabaseWriter) throws {
        let observer = self.observer
        try writer.write { db in db.add(transactionObserver: observer, extent: .databaseLifetime) }
    }

    /// The generation to file a body under: read it *before* reading the data the body encodes.
    var generation: UInt64 { contents.withLock { $0.generation } }

    func body(for key: Key) -> Data? {
        contents.withLock { $0.bodies[key] }
    }

    /// Keeps `body` unless a commit happened since `generation` was read.
    func store(_ body: Data, for key: Key, generation: UInt64) {
        contents.withLock { state in
            guard state.generation == generation else { return }
            if state.bodies.count >= capacity { state.bodies.removeAll(keepingCapacity: true) }
            state.bodies[key] = body
        }
    }
}

/// GRDB calls this on the writer's queue for every transaction; only commits that changed
/// something matter (a read-only or rolled-back transaction moves nothing).
private final class CommitObserver: TransactionObserver, @unchecked Sendable {
    private let onCommit: @Sendable () -> Void
    /// Touched only on the writer's serial queue.
    private var changed = false

    init(onCommit: @escaping @Sendable () -> Void) {
        self.onCommit = onCommit
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }

    func databaseDidChange(with event: DatabaseEvent) {
        changed = true
    }

    func databaseDidCommit(_ db: Database) {
        if changed { onCommit() }
        changed = false
    }

    func databaseDidRollback(_ db: Database) {
        changed = false
    }
}
