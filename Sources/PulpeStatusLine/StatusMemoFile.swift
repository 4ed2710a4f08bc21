#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension StatusMemo {
    /// Leaves the memo for the launcher when nothing it depends on moved while the answer was
    /// read: `before` was captured before the app opened anything, and is captured again now.
    /// Written whole (a temporary file renamed over the old one) and private (0600: it holds what
    /// is left to spend). Returns whether it was written.
    @discardableResult
    public static func leave(_ key: KeyCondition, figures: StatusFigures, before: LocalInputs, paths: StatusPaths,
                             environment: [String: String], now: Double) -> Bool {
        guard isStillTheAnswer(figures, before: before, paths: paths, environment: environment, now: now) else {
            forget(paths)
            return false
        }
        let text = StatusMemo(inputs: before, key: key, figures: figures).text
        let temporary = paths.memo + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count, rename(temporary, paths.memo) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// The agent's entry for the memo: one agent serves one state folder (`KeyAgentPaths`), so
    /// one name is enough; `KeptClientKeys.forget` drops it with the key.
    public static let agentEntry = "status-memo"

    /// Leaves the memo in the key agent's memory instead of a file (decision 106): the figures are
    /// never written to disk, and the launcher still answers without the app while the key is
    /// kept. Only when the agent at `socket` is the one the key condition names; for `ttlSeconds`
    /// (never longer than the key's own lifetime, so the agent does not outlive its key for it).
    @discardableResult
    public static func leaveInAgent(_ key: KeyCondition, figures: StatusFigures, before: LocalInputs, paths: StatusPaths,
                                    environment: [String: String], now: Double, ttlSeconds: Int) -> Bool {
        forget(paths)
        guard case let .agent(socket, _, _) = key, ttlSeconds > 0,
              isStillTheAnswer(figures, before: before, paths: paths, environment: environment, now: now) else { return false }
        let text = StatusMemo(inputs: before, key: key, figures: figures).text
        return KeyAgentClient(socket: socket).keep(entry: agentEntry, payload: text, ttlSeconds: ttlSeconds) != nil
    }

    /// The memo the agent of this state holds, if any (not a use of anything: `peek`).
    public static func textInAgent(paths: StatusPaths, environment: [String: String]) -> String? {
        let socket = KeyAgentPaths.socket(environment: environment, keptKeysPath: paths.keptKeys)
        return KeyAgentClient(socket: socket, timeoutMilliseconds: 200).payload(entry: agentEntry, renewing: false)
    }

    /// Whether `figures` may be left for the launcher: a fresh answer read from a cache, and
    /// nothing it depends on moved since `before` was captured.
    static func isStillTheAnswer(_ figures: StatusFigures, before: LocalInputs, paths: StatusPaths,
                                 environment: [String: String], now: Double) -> Bool {
        !figures.isStale && figures.fetchedAt != nil && before.cache != nil
            && LocalInputs.capture(paths, environment: environment, now: now) == before
    }

    /// Removes the memo: what the launcher would serve is no longer known to be the answer.
    public static func forget(_ paths: StatusPaths) {
        unlink(paths.memo)
    }
}
