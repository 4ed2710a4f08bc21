/// The PIN screen (docs/product.md §2.6): four masked digits that unlock the client key.
public struct PinForm: Hashable, Sendable {
    public static let length = 4

    public private(set) var digits: String = ""
    /// True while the key is derived and validated (« Déverrouillage… »).
    public var isUnlocking = false
    public var error: FormProblem?
    /// Who is unlocking, shown so the user knows which account asks.
    public var email: String
    /// Why the PIN is asked again, when it is not the first time (said above the digits).
    public var notice: PinNotice?

    public init(email: String, notice: PinNotice? = nil) {
        self.email = email
        self.notice = notice
    }

    public var isComplete: Bool { digits.count == Self.length }

    /// Digits only; anything else is ignored rather than shown as an error mid-typing.
    public mutating func apply(_ edit: TextEdit) {
        switch edit {
        case let .insert(character):
            guard character.isASCII, character.isNumber, digits.count < Self.length else { return }
            digits.append(character)
            error = nil
        case .deleteBackward:
            if !digits.isEmpty { digits.removeLast() }
        case .clear, .deleteToStart:
            digits = ""
        case .deleteForward, .deleteToEnd, .deleteWordBackward, .moveLeft, .moveRight, .moveToStart, .moveToEnd:
            return   // masked digits have no cursor
        }
    }
}
