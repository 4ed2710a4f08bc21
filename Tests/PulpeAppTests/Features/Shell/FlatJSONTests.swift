import Foundation
import Testing
@testable import PulpeApp

/// `FlatJSON` writes the bytes `JSONSerialization` (`PanelJSON.text`) writes for the same flat
/// objects: sorted keys, unescaped slashes, the same escapes for quotes, backslashes and controls.
@Suite struct FlatJSONTests {
    @Test func theSameBytesAsJSONSerialization() {
        let names = ["Migros", "Café « du coin »", "a/b \"c\" \\d", "tab\there\nnew", "\u{1}\u{1f}\u{8}\u{c}\r", "", "😀 ü"]
        let objects: [[(key: String, value: FlatJSON.Value)]] = names.enumerated().map { index, name in
            [("name", .string(name)), ("id", .string("id-\(index)")), ("line", index.isMultiple(of: 2) ? .null : .string("L/\(index)"))]
        }
        let expected = PanelJSON.text(names.enumerated().map { index, name -> [String: Any] in
            ["name": name, "id": "id-\(index)", "line": index.isMultiple(of: 2) ? NSNull() as Any : "L/\(index)"]
        })
        #expect(FlatJSON.array(objects) == expected)
        #expect(FlatJSON.array([]) == PanelJSON.text([[String: Any]]()))
    }
}
