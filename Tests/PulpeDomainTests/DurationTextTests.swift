import Foundation
import PulpeDomain
import Testing

struct DurationTextTests {
    @Test(arguments: [("90", 1, 90), ("90s", 1, 90), ("15m", 1, 900), ("8h", 1, 28_800), ("2d", 1, 172_800),
                      ("15", 60, 900), (" 8H ", 1, 28_800), ("0", 1, 0), ("0", 60, 0), ("366d", 1, 366 * 86_400)])
    func durationsRead(text: String, bareUnit: Int, seconds: Int) {
        #expect(DurationText.seconds(text, bareUnit: bareUnit) == seconds)
    }

    @Test(arguments: ["", "h", "-5", "1.5h", "8 h", "8hours", "367d", "99999999999", "1e3", "٣"])
    func notDurations(text: String) {
        #expect(DurationText.seconds(text) == nil)
    }

    @Test func theShortestExactFormIsWritten() {
        #expect(DurationText.format(seconds: 28_800) == "8h")
        #expect(DurationText.format(seconds: 900) == "15m")
        #expect(DurationText.format(seconds: 90) == "90s")
        #expect(DurationText.format(seconds: 86_400) == "1d")
        #expect(DurationText.format(seconds: 0) == "0")
    }
}
