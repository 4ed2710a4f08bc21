import Foundation
import PulpeTestSupport

/// A benchmarked command could not be started.
struct BenchSpawnError: Error, CustomStringConvertible {
    var binary: String
    var code: Int32
    var description: String { "cannot start \(binary): \(String(cString: strerror(code)))" }
}
