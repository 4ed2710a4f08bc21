import Foundation
import GRDB

/// Opens the sandbox's SQLite database and brings its schema up to date.
///
/// A file database is a `DatabasePool` (WAL: readers never wait for the writer) with
/// `synchronous = FULL`, so a commit is on disk before the route answers: a row the client got a
/// 201 for (or lost the answer of, with `created-drop`) survives a SIGKILL of the server *and* a
/// power cut. SQLite's usual default is FULL already, but distributions may build it with NORMAL
/// in WAL mode, which can lose the last commits on a power cut; stating it removes the doubt. The
/// in-memory one is a `DatabaseQueue`, which is all a test or a throw-away
/// demo needs.
enum SandboxDatabase {
    /// The file inside the data directory.
    static let fileName = "sandbox.sqlite"

    /// Opens (creating the directory and file if needed) and migrates.
    static func open(_ storage: SandboxConfiguration.Storage) throws -> any DatabaseWriter {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.label = "pulpe-sandbox"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        let writer: any DatabaseWriter
        switch storage {
        case .inMemory:
            writer = try DatabaseQueue(configuration: configuration)
        case .directory(let path):
            guard !path.isEmpty else { throw SandboxStartError.dataDirectory(path: path, reason: "empty path") }
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw SandboxStartError.dataDirectory(path: path, reason: error.localizedDescription)
            }
            let file = (path as NSString).appendingPathComponent(fileName)
            do {
                writer = try DatabasePool(path: file, configuration: configuration)
            } catch {
                throw SandboxStartError.dataDirectory(path: path, reason: "\(error)")
            }
        }
        try Migrations.migrator.migrate(writer)
        return writer
    }
}
