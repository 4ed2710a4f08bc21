import Foundation

/// How many items the outbox holds, in clear beside the sealed file (`outbox.sqlite.count`,
/// 0600): a number, never a name or an amount — what `pulpe pending` says while locked
/// (« 2 en attente · verrouillé », decision 83). Rewritten after every commit.
enum OutboxCount {
    static let suffix = ".count"

    static func record(_ count: Int, besides path: String) {
        let file = path + suffix
        let temporary = file + ".new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        let text = Array("\(count)\n".utf8)
        let written = text.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        if written != text.count || rename(temporary, file) != 0 { unlink(temporary) }
    }

    static func read(besides path: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: path + suffix) else { return nil }
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

extension OutboxStore {
    /// While locked: how many items wait, as the last commit left it (nil when unknown); nil too
    /// when the outbox is open (its items say more).
    public var lockedCount: Int? {
        guard let path, !isUnsealed else { return nil }
        return OutboxCount.read(besides: path) ?? 0
    }
}

extension OutboxStore {
    /// How many items the outbox at `path` held at its last commit, from the clear hint beside it,
    /// without opening it (nil when unknown): what is said of an outbox set aside (decision 99).
    public static func waitingHint(at path: String) -> Int? {
        OutboxCount.read(besides: path)
    }
}
