import Testing
@testable import PulpeTerminal

@Suite struct StringWidthTests {
    @Test func truncationKeepsShortStrings() {
        #expect("Café".truncated(toWidth: 4) == "Café")
        #expect("Café".truncated(toWidth: 10) == "Café")
    }

    @Test func truncationAddsEllipsisWithinWidth() {
        #expect("Réessayer".truncated(toWidth: 5) == "Rées…")
        #expect("Réessayer".truncated(toWidth: 5, ellipsis: "...") == "Ré...")
        #expect("Réessayer".truncated(toWidth: 5, ellipsis: "...").displayWidth == 5)
        #expect("abc".truncated(toWidth: 0) == "")
        #expect("abcdef".truncated(toWidth: 2, ellipsis: "...") == "..")
    }

    @Test func truncationNeverSplitsAWideCharacter() {
        // 中文字 is 6 cells; 4 cells leave 3 for text + 1 ellipsis: 中 (2) then a space.
        let t = "中文字".truncated(toWidth: 4)
        #expect(t == "中 …")
        #expect(t.displayWidth == 4)
        for width in 1...7 {
            let s = "a中b文c字".truncated(toWidth: width)
            #expect(s.displayWidth == min(width, 9), "width \(width): \(s)")
        }
    }

    @Test func clippingIsHardAndPadsSplitWideCharacters() {
        #expect("abcdef".clipped(toWidth: 3) == "abc")
        #expect("中文".clipped(toWidth: 3) == "中 ")
        #expect("中文".clipped(toWidth: 1) == " ")
    }

    @Test func paddingAndAlignment() {
        #expect("ab".padded(toWidth: 5) == "ab   ")
        #expect("ab".rightAligned(toWidth: 5) == "   ab")
        #expect("ab".centered(toWidth: 5) == " ab  ")
        #expect("中".centered(toWidth: 5) == " 中  ")
        #expect("abcdef".padded(toWidth: 4) == "abc…")
        #expect("12.50".padded(toWidth: 8, alignment: .right) == "   12.50")
        #expect("x".padded(toWidth: 0) == "")
    }
}
