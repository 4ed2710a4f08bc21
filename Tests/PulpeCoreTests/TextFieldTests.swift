import Testing
@testable import PulpeCore

/// The line editor under the forms: a cursor counted in characters, readline's basics.
@Suite struct TextFieldTests {
    private func field(_ text: String, edits: [TextEdit] = []) -> TextField {
        var field = TextField(text: text)
        for edit in edits { field.apply(edit) }
        return field
    }

    @Test func typingAppendsAtTheEndLikeBefore() {
        var field = TextField(maxLength: 3)
        for character in "abcd" { field.apply(.insert(character)) }
        #expect(field.text == "abc")
        field.apply(.deleteBackward)
        #expect(field.text == "ab")
        field.apply(.clear)
        #expect(field.text.isEmpty && field.cursor == 0)
    }

    @Test func settingTheTextPutsTheCursorAtItsEnd() {
        var field = TextField()
        field.text = "Café"
        #expect(field.cursor == 4 && field.isCursorAtEnd)
    }

    @Test func insertAndDeleteAtTheCursor() {
        let moved = field("Cafe", edits: [.moveLeft, .insert("x")])
        #expect(moved.text == "Cafxe" && moved.cursor == 4)
        let backspace = field("Cafe", edits: [.moveLeft, .deleteBackward])
        #expect(backspace.text == "Cae" && backspace.cursor == 2)
        let delete = field("Cafe", edits: [.moveToStart, .deleteForward])
        #expect(delete.text == "afe" && delete.cursor == 0)
        #expect(field("Cafe", edits: [.deleteForward]).text == "Cafe", "nothing under the cursor at the end")
        #expect(field("", edits: [.deleteBackward, .moveLeft]).cursor == 0)
    }

    @Test func homeEndAndArrowsStayInside() {
        var edited = field("abc", edits: [.moveToStart, .moveLeft])
        #expect(edited.cursor == 0)
        edited.apply(.moveToEnd)
        edited.apply(.moveRight)
        #expect(edited.cursor == 3)
    }

    @Test func ctrlUKAndWKillLikeReadline() {
        let u = field("Café du coin", edits: [.moveLeft, .moveLeft, .moveLeft, .moveLeft, .deleteToStart])
        #expect(u.text == "coin" && u.cursor == 0)
        let k = field("Café du coin", edits: [.moveToStart, .moveRight, .deleteToEnd])
        #expect(k.text == "C" && k.cursor == 1)
        let w = field("Café du coin  ", edits: [.deleteWordBackward])
        #expect(w.text == "Café du " && w.cursor == 8)
        let w2 = field("Café du coin", edits: [.moveLeft, .moveLeft, .deleteWordBackward])
        #expect(w2.text == "Café du in" && w2.cursor == 8)
    }

    @Test func wideAndAccentedCharactersAreOneStep() {
        var edited = field("寿司e\u{301}", edits: [.moveLeft])
        #expect(edited.text.count == 3)
        #expect(edited.cursor == 2)
        #expect(edited.textBeforeCursor == "寿司")
        edited.apply(.deleteBackward)
        #expect(edited.text == "寿e\u{301}")
        edited.apply(.moveToEnd)
        edited.apply(.deleteBackward)
        #expect(edited.text == "寿", "the accented e goes as one")
    }

    @Test func thePinIgnoresCursorMoves() {
        var pin = PinForm(email: "a@b.ch")
        pin.apply(.insert("1"))
        pin.apply(.moveLeft)
        pin.apply(.insert("2"))
        #expect(pin.digits == "12")
    }
}
