import Foundation
import Logging
import PulpeServices

/// Where `pulpe-server` is: beside the running `pulpe` (a build directory, an install prefix), else
/// on `PATH`.
enum ServerExecutable {
    static let name = "pulpe-server"

    /// The directory of the running `pulpe`, read once (`/proc/self/exe`).
    static let ownDirectory: String? = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        .map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }

    static func locate(environment: [String: String]) -> String? {
        var candidates = ownDirectory.map { ["\($0)/\(name)"] } ?? []
        for directory in (environment["PATH"] ?? "").split(separator: ":") where !directory.isEmpty {
            candidates.append("\(directory)/\(name)")
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let missingMessage = "the built-in sandbox needs \(name), found neither beside pulpe (\(ownDirectory ?? "?")) "
        + "nor on PATH: install it there, or configure a server (--api-url or PULPE_API_URL)"
}
