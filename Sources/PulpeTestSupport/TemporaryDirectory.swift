import Foundation
import Glibc

/// A private directory under `$TMPDIR` (or `/tmp`) that is deleted when the object goes away.
///
/// End-to-end tests and benchmark runs give the app a fresh `HOME` and XDG directories so that
/// no configuration, cache or database leaks from one run into the next or from the developer's account.
public final class TemporaryDirectory {
    public let url: URL
    public var path: String { url.path }
    private var removed = false

    /// Creates a new unique directory with `mkdtemp`, named `<prefix>.XXXXXX`.
    public init(prefix: String = "pulpe-test") throws {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/\(prefix).XXXXXX".utf8CString)
        let made: String? = template.withUnsafeMutableBufferPointer { buf in
            guard let p = mkdtemp(buf.baseAddress!) else { return nil }
            return String(cString: p)
        }
        guard let made else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        url = URL(fileURLWithPath: made, isDirectory: true)
    }

    /// Deletes the directory tree now (idempotent; errors are ignored because this is cleanup).
    public func remove() {
        guard !removed else { return }
        removed = true
        try? FileManager.default.removeItem(at: url)
    }

    deinit { remove() }
}
