import Foundation
import PulpeStatusLine

/// `~/.cache/pulpe/status-line`, the memo `pulpe status` leaves its launcher (decision 64), as a
/// damaged, cut or hand-edited file would be read — and `status`'s options as the launcher reads
/// them. What parses writes back to the same memo, and what the launcher would print from it is a
/// line, or a JSON object with the six keys.
enum StatusMemoTarget {
    static let target = FuzzTarget(name: "status-memo",
                                   feeds: "any bytes as the status memo (`StatusMemo(text:)`, rewrite, line, JSON) and as `status` options",
                                   run: run)

    static func run(_ data: Data) throws(FuzzViolation) {
        let text = data.lossyText
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).prefix(16).map(String.init)
        if let request = FastStatus.request(words) {
            try check(request.maxAge >= 0, "a negative --max-age taken: \(words)")
        }
        guard let memo = StatusMemo(text: text) else { return }
        try check(StatusMemo(text: memo.text) == memo, "the memo does not read back as itself")
        try check(memo.figures.isPlain, "a memo with values JSON would need escaped was taken")
        let now = memo.figures.fetchedAt.map { $0.isFinite ? $0 + 60 : 0 } ?? 0
        let line = memo.figures.line(format: words.first, now: now)
        try check(!line.contains("\n") || text.contains("\\n") || words.first?.contains("\n") == true, "a line with a newline")
        let json = memo.figures.json
        let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        try check(object.map { Set($0.keys) == ["currency", "fetchedAt", "month", "pending", "remaining", "stale"] } == true,
                  "not a JSON object with the six keys: \(json)")
    }
}
