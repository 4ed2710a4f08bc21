import PulpeDomain
import Testing
@testable import PulpeTerminal

/// Sequences the terminfo entry did not know, as ncurses hands them over (ESC then loose
/// characters in one read), folded into keys or dropped — never `[` (« Mois préc. ») and
/// characters typed into a field.
@Suite struct UnknownSequencesTests {
    /// The events one read gives for `text` when ncurses knows none of its sequences.
    private func loose(_ text: String) -> [TerminalEvent] {
        text.map { $0 == "\u{1B}" ? .key(.escape) : .key(.char($0)) }
    }

    @Test(arguments: [
        ("\u{1B}[4~", Key.end), ("\u{1B}[8~", .end), ("\u{1B}[F", .end), ("\u{1B}OF", .end),
        ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[H", .home), ("\u{1B}OH", .home),
        ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[3~", .delete), ("\u{1B}[3;5~", .delete),
        ("\u{1B}[A", .up), ("\u{1B}OB", .down), ("\u{1B}[1;5C", .right), ("\u{1B}[1;2D", .left), ("\u{1B}[Z", .backTab),
    ])
    func editingAndCursorKeysOfEveryFamilyBecomeTheirKey(text: String, expected: Key) {
        #expect(UnknownSequences.fold(loose(text)) == [.key(expected)])
    }

    @Test(arguments: ["\u{1B}[2~", "\u{1B}[15~", "\u{1B}[24;2~", "\u{1B}OP", "\u{1B}[I", "\u{1B}[O", "\u{1B}[200~", "\u{1B}[?1;2c"])
    func otherWellFormedSequencesAreDropped(text: String) {
        #expect(UnknownSequences.fold(loose(text)) == [])
    }

    @Test func keysAroundASequenceAreKeptInOrder() {
        let events: [TerminalEvent] = [.key(.char("j"))] + loose("\u{1B}[4~") + [.key(.char("q")), .resize(Size(width: 80, height: 24))]
        #expect(UnknownSequences.fold(events) == [.key(.char("j")), .key(.end), .key(.char("q")), .resize(Size(width: 80, height: 24))])
        #expect(UnknownSequences.fold(loose("\u{1B}[6~\u{1B}[6~")) == [.key(.pageDown), .key(.pageDown)])
    }

    /// A lone Escape, Escape then a letter (Alt-x), or a sequence cut by the end of the read are
    /// left exactly as they came.
    @Test(arguments: ["\u{1B}", "\u{1B}x", "\u{1B}[", "\u{1B}[12", "\u{1B}[1é", "\u{1B}O"])
    func anythingElseIsLeftAsItCame(text: String) {
        #expect(UnknownSequences.fold(loose(text)) == loose(text))
    }
}
