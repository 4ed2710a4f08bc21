import Testing
@testable import PulpeTerminal

@Suite struct KeyDecoderTests {
    typealias Decoded = KeyDecoder.Decoded
    static let k = NcursesKeyCodes.ncurses6

    @Test(arguments: [
        (10, Decoded.key(.enter)), (13, .key(.enter)),
        (9, .key(.tab)), (27, .key(.escape)),
        (127, .key(.backspace)), (8, .key(.backspace)),
        (1, .key(.ctrl("a"))), (12, .key(.ctrl("l"))), (3, .key(.ctrl("c"))), (26, .key(.ctrl("z"))),
        (0, .ignored), (28, .ignored), (31, .ignored), (0x85, .ignored),
        (0x71, .key(.char("q"))), (0x47, .key(.char("G"))), (0x20, .key(.char(" "))),
        (0xE9, .key(.char("é"))), (0x2019, .key(.char("’"))), (0x4E2D, .key(.char("中"))),
        (0x1F600, .key(.char("😀"))), (0xD800, .ignored),
    ] as [(UInt32, Decoded)])
    func characters(code: UInt32, expected: Decoded) {
        #expect(KeyDecoder.decode(isFunctionKey: false, code: code, constants: Self.k) == expected)
    }

    @Test(arguments: [
        (k.up, Decoded.key(.up)), (k.down, .key(.down)), (k.left, .key(.left)), (k.right, .key(.right)),
        (k.home, .key(.home)), (k.end, .key(.end)), (k.pageUp, .key(.pageUp)), (k.pageDown, .key(.pageDown)),
        (k.enter, .key(.enter)), (k.backspace, .key(.backspace)), (k.delete, .key(.delete)),
        (k.backTab, .key(.backTab)), (k.f0 + 1, .key(.function(1))), (k.f0 + 12, .key(.function(12))),
        (k.resize, .resize), (k.mouse, .mouse), (k.f0, .ignored), (0o777, .ignored),
    ] as [(UInt32, Decoded)])
    func functionKeys(code: UInt32, expected: Decoded) {
        #expect(KeyDecoder.decode(isFunctionKey: true, code: code, constants: Self.k) == expected)
    }

    @Test func sameCodeMeansDifferentThingsDependingOnTheReturnCode() {
        // 0o403 is KEY_UP as a function key but U+0103 (ă) as a character.
        #expect(KeyDecoder.decode(isFunctionKey: true, code: 0o403) == .key(.up))
        #expect(KeyDecoder.decode(isFunctionKey: false, code: 0o403) == .key(.char("ă")))
    }

    @Test func linkedNcursesMatchesTheTableConstants() {
        #expect(NcursesKeyCodes.current == .ncurses6)
        #expect(MouseDecoder.Masks.current == .ncurses6)
    }

    @Test func mouse() {
        let m = MouseDecoder.Masks.ncurses6
        #expect(MouseDecoder.decode(state: m.wheelUp, x: 3, y: 4) == .wheelUp)
        #expect(MouseDecoder.decode(state: m.wheelDown, x: 3, y: 4) == .wheelDown)
        #expect(MouseDecoder.decode(state: m.button1Pressed, x: 10, y: 5) == .click(x: 10, y: 5))
        #expect(MouseDecoder.decode(state: m.button1Clicked, x: 1, y: 2) == .click(x: 1, y: 2))
        #expect(MouseDecoder.decode(state: 0x1, x: 0, y: 0) == nil)       // button 1 released
    }

    @Test(arguments: [
        (Key.up, "↑", "Haut"), (.down, "↓", "Bas"), (.left, "←", "Gauche"), (.right, "→", "Droite"),
        (.pageUp, "PgUp", "PgUp"), (.pageDown, "PgDn", "PgDn"), (.home, "Début", "Debut"), (.end, "Fin", "Fin"),
        (.enter, "Entrée", "Entree"), (.escape, "Échap", "Echap"), (.tab, "Tab", "Tab"),
        (.backTab, "Maj-Tab", "Maj-Tab"), (.backspace, "⌫", "Retour"), (.delete, "Suppr", "Suppr"),
        (.ctrl("l"), "Ctrl-L", "Ctrl-L"), (.function(1), "F1", "F1"), (.char("q"), "q", "q"),
        (.char("?"), "?", "?"), (.char(" "), "Espace", "Espace"), (.char("é"), "é", "e"),
    ] as [(Key, String, String)])
    func labels(key: Key, unicode: String, ascii: String) {
        #expect(key.label == unicode)
        #expect(key.label(unicode: true) == unicode)
        #expect(key.label(unicode: false) == ascii)
    }
}
