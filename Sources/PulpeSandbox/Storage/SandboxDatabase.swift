import Foundation
import GRDB

/// Opens the sandbox's SQLite database and brings its schema up to date.
///
/// A file database is a `DatabasePool` (WAL: readers never wait for the writer, committed rows
/// survive a crash); the in-memory one is a `DatabaseQueue`, which is all a test or a throw-away
/// demo needs.
enum SandboxDatabase {
    /// The file inside the data directory.
    static let fileName = "sandbox.sqlite"

    /// Opens (creating the directory and file if needed) and migrates.
    static func open(_ storage: SandboxConfiguration.Storage) throws -> any DatabaseWriter {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.label = "pulpe-sandbox"
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
