import Foundation
@testable import PulpeNetworking
import PulpeDomain
import Testing

/// A fresh directory under the system's temporary directory, removed by `cleanUp()`.
struct ScratchDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-net-\(UUID().uuidString)")
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: url)
    }
}
