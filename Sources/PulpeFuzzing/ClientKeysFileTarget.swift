import Foundation
import PulpeDomain
import PulpeNetworking

/// `client-keys.json` (`KeptClientKeys`), as a damaged or hand-edited file would be read.
enum ClientKeysFileTarget {
    static let target = FuzzTarget(name: "client-keys-file",
                                   feeds: "any bytes as `client-keys.json` (`KeptClientKeys.decode`, lookup, rewrite)",
                                   run: run)

    static func run(_ data: Data) throws(FuzzViolation) {
        let contents: KeptClientKeys.FileContents
        do {
            contents = try KeptClientKeys.decode(data, path: "/fuzz/client-keys.json")
        } catch {
            try check(error.description.contains("/fuzz/client-keys.json"), "an error that does not name the file: \(error)")
            return
        }
        for (entry, raw) in contents.keys {
            let parts = entry.split(separator: " ", maxSplits: 1)
            let server = parts.first.map(String.init) ?? ""
            let user = parts.count > 1 ? String(parts[1]) : ""
            let found = KeptClientKeys.wellFormed(contents.key(server: server, userId: user))
            if let found {
                try check(KeptClientKeys.wellFormed(found) == found && found.utf8.count == 64, "lookup gave a malformed key")
                try check(found == raw || contents.keys[KeptClientKeys.FileContents.entry(server: server, userId: user)] == found,
                          "lookup of \(entry) gave another entry's key")
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try RoundTrip.json(contents, "client keys", encoder: encoder, decoder: JSONDecoder())
    }
}
