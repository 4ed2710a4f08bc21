import Foundation
import PulpeDomain

/// An intent turned into what the outbox stores (`done`, in order), what storing puts back for `u`
/// (`undo`; empty when undoing means taking `done` back from the outbox), and the toast's news.
public struct ResolvedWrite: Hashable, Sendable {
    public var done: [ChangeDraft]
    public var undo: [ChangeDraft]
    public var news: GestureNews
    /// `.open` for a delete: the TUI holds it unsent while `u` may take it back.
    public var window: DeleteWindow?

    public init(done: [ChangeDraft], undo: [ChangeDraft], news: GestureNews, window: DeleteWindow? = nil) {
        self.done = done
        self.undo = undo
        self.news = news
        self.window = window
    }
}
