import CKeyring

/// The launcher's side of `pulpe status`: the arguments it understands, and the memo's answer
/// when every input is as the app left it. Nil from either means « ask the app ».
public enum FastStatus {
    /// `pulpe status`'s own options; the server flags, `--help` and anything unknown are the app's.
    public struct Request: Sendable, Hashable {
        public var maxAge = 300
        public var format: String?
        public var json = false
    }

    /// The options after `status`, parsed as the app's parser would, or nil when the app must
    /// see them (another option, a repeated or missing value, a value that starts with `-`).
    public static func request(_ arguments: some Collection<String>) -> Request? {
        var request = Request()
        var seen: Set<String> = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--json" {
                guard seen.insert("json").inserted else { return nil }
                request.json = true
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard ["--max-age", "--timeout", "--format"].contains(name), seen.insert(name).inserted else { return nil }
            let value: String
            if parts.count == 2 {
                value = String(parts[1])
            } else {
                guard let next = rest.popFirst(), !next.hasPrefix("-") else { return nil }
                value = next
            }
            switch name {
            case "--max-age":
                guard let seconds = Int(value), seconds >= 0 else { return nil }
                request.maxAge = seconds
            case "--timeout":
                // Only the app waits for a server; the value is still checked as it would check it.
                guard Double(value) != nil else { return nil }
            default:
                request.format = value
            }
        }
        return request
    }

    /// The line (or JSON) for `request` from the memo's text, when the memo is whole, names the
    /// files these `paths` name, every input is unchanged, the key is still kept and the copy is
    /// no older than `--max-age`.
    public static func answer(_ request: Request, memoText: String?, paths: StatusPaths, environment: [String: String],
                              now: Double) -> String? {
        guard let memoText, let memo = StatusMemo(text: memoText), let fetchedAt = memo.figures.fetchedAt,
              now - fetchedAt <= Double(request.maxAge),
              // The home's set, or the account's own beside it (decision 111).
              let own = paths.following(memo.inputs.files.map(\.path)),
              memo.inputs.day == LocalInputs.localDay(now), memo.inputs.environment == LocalInputs.signature(environment),
              memo.inputs.files == own.inputFiles.map(FileStamp.init(path:)), keyIsStillKept(memo.key, now: now),
              // Last, the one read that opens a file.
              let digest = LocalInputs.cacheDigest(own.cache), digest == memo.inputs.cache else { return nil }
        return request.json ? memo.figures.json : memo.figures.line(format: request.format, now: now)
    }

    static func keyIsStillKept(_ key: StatusMemo.KeyCondition, now: Double) -> Bool {
        switch key {
        case .noneNeeded: return true
        case let .agent(socket, entry, serial):
            // One connect and one line to the agent's memory: the key itself is not sent.
            return KeyAgentClient(socket: socket, timeoutMilliseconds: 200).serial(ofEntryHex: entry) == serial
        case let .keyring(description, serial):
            guard ckr_available() != 0 else { return false }
            return ckr_search(-3, "user", description) == serial
        }
    }
}
