import Foundation
import Testing
@testable import PulpeNetworking

/// The export's digest (decision 117): the same but for `exportDate` is the same digest; any other
/// byte changes it; a body without the key is hashed whole.
struct ExportDigestTests {
    @Test func onlyTheExportDateIsLeftOut() {
        let body = { (date: String, name: String) in
            Data(#"{"success":true,"data":{"exportDate":"\#(date)","budgets":[{"name":"\#(name)"}]}}"#.utf8)
        }
        let first = ExportDigest.of(body("2026-12-07T10:00:00.000Z", "Loyer"))
        #expect(first != nil)
        #expect(ExportDigest.of(body("2026-12-07T10:00:01.123Z", "Loyer")) == first)
        #expect(ExportDigest.of(body("2026-12-07T10:00:00.000Z", "Loyer ")) != first)
        let bare = Data(#"{"budgets":[]}"#.utf8)
        #expect(ExportDigest.of(bare) != nil && ExportDigest.of(bare) != first)
        #expect(ExportDigest.find(Array("ab".utf8), in: UnsafeRawBufferPointer(start: nil, count: 0)) == nil)
        let text = Array("x\"a\"exportDate\":\"".utf8)
        #expect(text.withUnsafeBytes { ExportDigest.find(ExportDigest.key, in: $0) } == 3)
    }
}
