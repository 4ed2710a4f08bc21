import PulpeCore
import PulpeTerminal

/// The status line above the footer on main screens (docs/product.md §3): spinner, the current
/// state's text, errors in the error colour with their retry key, and badges on the right.
enum StatusLineView {
    /// Draws row `row`; returns when it changes by itself (spinner frames, appear/hide).
    static func draw(_ state: AppState, now: AppTime, context: ViewContext, into painter: inout Painter, row: Int) -> AppTime? {
        var schedule = RedrawSchedule()
        let width = painter.buffer.width
        guard row >= 0, row < painter.buffer.height, width > 0 else { return nil }
        let status = state.status
        var x = 1
        let spinner = status.spinner
        if !context.plain, spinner.isVisible(at: now), let start = spinner.startedAt {
            let glyph = SpinnerGlyph.glyph(since: start, now: now, context: context)
            x += painter.text(glyph, x: x, y: row, style: Style(role: .accent))
            x += 1
            schedule.add(SpinnerGlyph.nextFrame(since: start, now: now, context: context))
        }
        schedule.add(spinner.nextChange(after: now))
        let badges = self.badges(state)
        var right = width - 1
        for badge in badges.reversed() {
            let text = painter.shown(" \(badge.text) ")
            right -= text.displayWidth
            guard right > x else { break }
            painter.text(text, x: right, y: row, style: badge.style)
            right -= 1
        }
        let room = max(0, right - x - 1)   // keep a space before the badges
        if let entry = status.current {
            let style = entry.isError ? Style(role: .negative, bold: true) : Style(role: .muted)
            let words = StatusText(state, context: context)
            let text = context.plain ? words.sentence(entry) : words.text(entry)
            painter.text(painter.shown(text).truncated(toWidth: room, ellipsis: painter.glyphs.ellipsis),
                         x: x, y: row, style: style)
        } else if let notice = state.writes.outbox.notice {
            // The outbox's file itself is in trouble: said whenever the line is free, for the whole
            // run, so it is seen without hiding loads, errors or refusals.
            painter.text(painter.shown(notice.text).truncated(toWidth: room, ellipsis: painter.glyphs.ellipsis),
                         x: x, y: row, style: Style(role: .warning, bold: true))
        }
        return schedule.earliest
    }

    /// Right-hand badges: offline, and expenses waiting to be sent (none until the outbox lands).
    static func badges(_ state: AppState) -> [(text: String, style: Style)] {
        var badges: [(text: String, style: Style)] = []
        if state.pendingCount > 0 {
            let noun = PendingText.noun(state.pendingCount, onlyExpenses: state.writes.outbox.onlyExpensesPending)
            badges.append(("\(state.pendingCount) \(noun) en attente", Style(role: .warning)))
        }
        if state.isOffline { badges.append(("Hors ligne", Style(role: .warning, reverse: true))) }
        return badges
    }
}
