import Foundation

/// When the account replica was last complete, kept in clear beside the sealed cache
/// (`cache.sqlite.replica`, 0600): a month count and a time, no name, no amount — what `pulpe
/// config` and a locked status say without the key (decision 83).
enum ReplicaStamp {
    static let suffix = ".replica"

    struct Stamp: Codable {
        var months: Int
        var completeAt: Double
    }

    static func record(_ record: ReplicaRecord, at date: Date, besides path: String) {
        guard let data = try? JSONEncoder().encode(Stamp(months: record.months, completeAt: date.timeIntervalSince1970)) else { return }
        let file = path + suffix
        let temporary = file + ".new"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        let written = data.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        if written != data.count || rename(temporary, file) != 0 { unlink(temporary) }
    }

    static func read(besides path: String) -> Cached<ReplicaRecord>? {
        guard let data = FileManager.default.contents(atPath: path + suffix),
              let stamp = try? JSONDecoder().decode(Stamp.self, from: data) else { return nil }
        return Cached(value: ReplicaRecord(months: stamp.months), fetchedAt: Date(timeIntervalSince1970: stamp.completeAt))
    }

    static func forget(besides path: String) {
        unlink(path + suffix)
    }
}

extension CacheStore {
    /// When the cache at `path` last held a complete replica, read without opening (or
    /// unsealing) it.
    public static func replicaStamp(at path: String) -> Cached<ReplicaRecord>? {
        ReplicaStamp.read(besides: path)
    }
}
