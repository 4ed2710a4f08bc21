import Foundation
import PulpeDomain
import PulpeServices
import PulpeStore

/// A test's way into a home's sealed files (decision 83), as a second pulpe would open them: the
/// data key unwrapped with the client key the home's session used — the demo's, or one its key
/// agent holds (decision 103).
enum SealedHome {
    struct NoDataKey: Error, CustomStringConvertible {
        let home: String
        var description: String { "no client key of \(home) opens its data key" }
    }

    static func dataKey(home: String) throws -> DataKey {
        let vault = DataKeyVault(path: home + "/.local/share/pulpe/data-key.json")
        for clientKey in clientKeys(home: home) {
            if let key = vault.existingKey(clientKey: clientKey) { return key }
        }
        throw NoDataKey(home: home)
    }

    /// The home's outbox, opened for reading and writing with its data key.
    static func outbox(home: String) throws -> OutboxStore {
        try OutboxStore.sealed(at: home + "/.local/share/pulpe/outbox.sqlite", key: dataKey(home: home))
    }

    /// The demo's key, then every key the home's agent holds.
    private static func clientKeys(home: String) -> [String] {
        [DemoSession.clientKey] + HomeKeyAgent.clientKeys(home: home)
    }
}
