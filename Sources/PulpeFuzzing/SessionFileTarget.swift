import Foundation
import PulpeDomain
import PulpeNetworking

/// `session.json` (`SessionStore`): tokens per server, read back from a damaged or edited file.
enum SessionFileTarget {
    static let target = FuzzTarget(name: "session-file",
                                   feeds: "any bytes as `session.json` (`SessionStore.decode`, `StoredSession`, rewrite)",
                                   run: run)

    static let now = Date(timeIntervalSince1970: 1_767_225_600)

    static func run(_ data: Data) throws(FuzzViolation) {
        let contents: SessionStore.FileContents
        do {
            contents = try SessionStore.decode(data, path: "/fuzz/session.json")
        } catch {
            try check(error.description.contains("/fuzz/session.json"), "an error that does not name the file: \(error)")
            return
        }
        for (_, stored) in contents.servers {
            let info = stored.info
            try check(info.userId == stored.session.user.id, "info names another user")
            _ = stored.needsRefresh(now: now, margin: 60)
            // No textual view of a session shows a token.
            let views = [stored.description, stored.debugDescription, String(describing: stored), String(reflecting: stored),
                         dumped(stored)]
            let visible = [stored.session.user.id, stored.session.user.email ?? ""]
            for token in [stored.session.accessToken, stored.session.refreshToken] where token.count >= 8 {
                guard !visible.contains(where: { $0.contains(token) }) else { continue }
                for view in views {
                    try check(!view.contains(token), "a token shows in a textual view: \(view)")
                }
            }
        }
        do {
            let first = try SessionStore.encode(contents, path: "/fuzz/session.json")
            let again = try SessionStore.decode(first, path: "/fuzz/session.json")
            let second = try SessionStore.encode(again, path: "/fuzz/session.json")
            try check(first == second, "encode ∘ decode is not stable:\n\(first.lossyText)\n\(second.lossyText)")
        } catch let violation as FuzzViolation {
            throw violation
        } catch {
            throw FuzzViolation("a session file read back does not write and read again: \(error)")
        }
    }

    static func dumped(_ value: some Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }
}
