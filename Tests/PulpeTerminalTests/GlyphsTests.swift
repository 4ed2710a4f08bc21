import Testing
@testable import PulpeTerminal

@Suite struct GlyphsTests {
    @Test func glyphSetsDiffer() {
        #expect(Glyphs.unicode.lightBox.topLeft == "┌" && Glyphs.ascii.lightBox.topLeft == "+")
        #expect(Glyphs.unicode.ellipsis == "…" && Glyphs.ascii.ellipsis == "...")
        #expect(Glyphs.unicode.spinnerFrames.count == 10 && Glyphs.ascii.spinnerFrames == ["|", "/", "-", "\\"])
        #expect(Glyphs.unicode.check == "✓" && Glyphs.ascii.check == "x")
        #expect(Glyphs.unicode.maskedDigit == "•" && Glyphs.ascii.maskedDigit == "*")
        #expect(Glyphs.forCapabilities(.minimal) == .ascii && Glyphs.forCapabilities(.full) == .unicode)
    }

    @Test func everyAsciiGlyphIsAscii() {
        let g = Glyphs.ascii
        let all = [g.shade, g.ellipsis, g.bullet, g.dot, g.arrowUp, g.arrowDown, g.arrowLeft, g.arrowRight,
                   g.check, g.maskedDigit] + g.barBlocks + g.spinnerFrames
            + [g.lightBox.topLeft, g.lightBox.horizontal, g.lightBox.vertical, g.lightBox.cross]
        #expect(all.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } })
    }

    @Test func everyUnicodeGlyphIsOneCell() {
        let g = Glyphs.unicode
        let all = [g.shade, g.ellipsis, g.bullet, g.dot, g.arrowUp, g.check, g.maskedDigit] + g.barBlocks + g.spinnerFrames
        #expect(all.allSatisfy { $0.displayWidth == 1 })
    }

    @Test func spinnerFramesWrap() {
        #expect(Glyphs.unicode.spinnerFrame(0) == "⠋")
        #expect(Glyphs.unicode.spinnerFrame(10) == "⠋")
        #expect(Glyphs.unicode.spinnerFrame(-1) == "⠏")
        #expect(Glyphs.ascii.spinnerFrame(5) == "/")
    }

    @Test func bars() {
        #expect(Glyphs.unicode.bar(fraction: 0.5, width: 4) == "██  ")
        #expect(Glyphs.unicode.bar(fraction: 0.3, width: 4) == "█▎  ")
        #expect(Glyphs.unicode.bar(fraction: 1.5, width: 3) == "███")
        #expect(Glyphs.unicode.bar(fraction: 0, width: 3, empty: "░") == "░░░")
        #expect(Glyphs.ascii.bar(fraction: 0.3, width: 4, empty: ".") == "#...")
        #expect(Glyphs.ascii.bar(fraction: .nan, width: 2) == "  ")
        #expect(Glyphs.unicode.bar(fraction: 0.5, width: 0) == "")
    }

    @Test(arguments: [
        ("Réessayer", "Reessayer"),
        ("à ç è ê ë î ï ô ù û ü ÿ", "a c e e e i i o u u u y"),
        ("ÀÇÉÈÊÎÔÙ", "ACEEEIOU"),
        ("Œuvre, cœur, Æ", "OEuvre, coeur, AE"),
        ("l’été", "l'ete"),
        ("Maintenance en cours — réessaie", "Maintenance en cours - reessaie"),
        ("«\u{202F}Terminal trop petit\u{202F}»", "\" Terminal trop petit \""),
        ("« Bonjour »", "\" Bonjour \""),
        ("CHF\u{00A0}1\u{202F}234.50", "CHF 1 234.50"),
        ("Chargement…", "Chargement..."),
        ("┌─┐│└┘├┤", "+-+|++++"),
        ("█▌░", "##."),
        ("✓ • ·", "x * ."),
        ("e\u{301}te\u{301}", "ete"),
        ("中 😀", "? ?"),
        ("plain ascii", "plain ascii"),
    ])
    func sanitize(input: String, expected: String) {
        #expect(Glyphs.sanitize(input) == expected)
        #expect(Glyphs.sanitize(input).utf8.allSatisfy { $0 < 0x80 })
    }

    @Test func textHelperOnlySanitizesInAscii() {
        #expect(Glyphs.unicode.text("Début") == "Début")
        #expect(Glyphs.ascii.text("Début") == "Debut")
    }

    @Test func cellFallbackIsOneAsciiCharacter() {
        #expect(Glyphs.asciiFallback(forCell: "…") == ".")
        #expect(Glyphs.asciiFallback(forCell: "é") == "e")
        #expect(Glyphs.asciiFallback(forCell: "中") == "?")
        #expect(Glyphs.asciiFallback(forCell: "─") == "-")
        #expect(Glyphs.asciiFallback(forCell: "") == " ")
        #expect(Glyphs.asciiFallback(forCell: "a") == "a")
    }
}
