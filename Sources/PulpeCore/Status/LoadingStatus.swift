/// The Apple-Mail-style status line (docs/product.md §3): a queue of entries, each shown for at least
/// its minimum duration so the line never flickers.
///
/// Rules: new entries queue behind the current one; an error is forced through at once (the queue
/// is dropped) and stays until the user acts; a completion (« Mis à jour à … ») fades by itself;
/// `reset()` on retry empties everything; a newer entry of the same kind replaces a queued one, so
/// rapid refreshes collapse; a load that ended while still queued is skipped (`canSkip`), so the
/// line never announces loading what is already painted. Pure: every operation takes `now`, and `nextDeadline` tells the core
/// when to call `advance` again.
public struct LoadingStatus: Hashable, Sendable {
    public private(set) var current: StatusEntry?
    public private(set) var shownAt: AppTime = .zero
    public private(set) var queue: [StatusEntry] = []
    public private(set) var spinner = SpinnerTiming()

    public init() {}

    /// Shows `entry` now if the line is free, else queues it.
    ///
    /// The spinner follows the work, not the text: posting a loading entry means work started,
    /// posting anything else means it ended, even if the text of the load still has to stay up
    /// for its minimum duration. So a 150 ms load never shows a spinner.
    public mutating func post(_ entry: StatusEntry, now: AppTime) {
        if entry.isLoading {
            spinner.loadingStarted(at: now)
        } else {
            spinner.loadingEnded(at: now)
        }
        if entry.isError {
            queue.removeAll()
            show(entry, now: now)
            return
        }
        if case .gesture = entry.kind, current?.isError != true {
            // A gesture's toast is the answer to a key just pressed: it shows at once (replacing
            // the previous toast, or a load's news, which waits behind it) — only an error keeps
            // the line. It then holds for its undo window.
            queue.removeAll { if case .gesture = $0.kind { true } else { false } }
            show(entry, now: now)
            return
        }
        if !entry.isLoading {
            // The work ended before its turn came (it waited behind another entry's minimum):
            // what it loaded is on screen, so announcing it now would only say something stale.
            // What is shown keeps its minimum; only the unseen entries leave.
            queue.removeAll(where: \.canSkip)
        }
        if let current, current == entry, queue.isEmpty { return }   // already saying it
        if let index = queue.lastIndex(where: { $0.isSameKind(as: entry) }) {
            queue[index] = entry
        } else {
            queue.append(entry)
        }
        advance(now: now)
    }

    /// Moves the queue along: the current entry leaves once its minimum time is over and
    /// something waits, or once it has faded. Call at `nextDeadline`.
    public mutating func advance(now: AppTime) {
        while true {
            guard let current else {
                if queue.isEmpty { return }
                show(queue.removeFirst(), now: now)
                continue
            }
            if current.isError {
                if queue.isEmpty { return }
                // An error stays until the user acts: only an explicit post after a retry
                // (which resets) replaces it.
                return
            }
            let elapsed = now - shownAt
            if !queue.isEmpty, elapsed >= current.minimumDuration {
                show(queue.removeFirst(), now: now)
                continue
            }
            if queue.isEmpty, let fade = current.fadesAfter, elapsed >= fade {
                self.current = nil
            }
            return
        }
    }

    /// Empties the line and the queue (the user pressed « Réessayer »).
    public mutating func reset(now: AppTime) {
        current = nil
        queue.removeAll()
        spinner = SpinnerTiming()
    }

    /// Clears an error once the user acted on it, letting queued entries through.
    public mutating func dismissError(now: AppTime) {
        guard current?.isError == true else { return }
        current = nil
        advance(now: now)
    }

    /// When `advance` must run again for the line to stay right (nil: nothing pending).
    public func nextDeadline() -> AppTime? {
        guard let current, !current.isError else { return nil }
        if !queue.isEmpty { return shownAt + current.minimumDuration }
        if let fade = current.fadesAfter { return shownAt + fade }
        return nil
    }

    private mutating func show(_ entry: StatusEntry, now: AppTime) {
        current = entry
        shownAt = now
    }
}
