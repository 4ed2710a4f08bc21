import Testing
@testable import PulpeCore

/// docs/product.md §3: the status line's queue, minimum durations, errors, fading and spinner timing.
@Suite struct LoadingStatusTests {
    private func ms(_ value: Int) -> AppTime { .milliseconds(value) }

    @Test func a150msLoadNeverShowsTheSpinner() {
        var status = LoadingStatus()
        status.post(StatusEntry(.loadingMonth), now: ms(0))
        status.post(StatusEntry(.updated(at: at("14:32"))), now: ms(150))
        status.advance(now: ms(600))
        for time in stride(from: 0, through: 1000, by: 10) {
            #expect(!status.spinner.isVisible(at: ms(time)), "visible at \(time) ms")
        }
    }

    @Test func a250msLoadShowsTheSpinnerFrom200To700ms() {
        var status = LoadingStatus()
        status.post(StatusEntry(.loadingMonth), now: ms(0))
        status.post(StatusEntry(.updated(at: at("14:32"))), now: ms(250))
        status.advance(now: ms(600))    // the loading entry's minimum (600 ms) is over
        let visible = stride(from: 0, through: 1000, by: 10).filter { status.spinner.isVisible(at: ms($0)) }
        #expect(visible.first == 200)
        #expect(visible.last == 690)
        #expect(status.spinner.nextChange(after: ms(0)) == ms(200))
        #expect(status.spinner.nextChange(after: ms(300)) == ms(700))
        #expect(status.spinner.nextChange(after: ms(700)) == nil)
    }

    @Test func fiveQuickLoadsShowInOrderEachForItsMinimum() {
        var status = LoadingStatus()
        let entries: [StatusEntry] = [StatusEntry(.checkingService), StatusEntry(.connecting), StatusEntry(.loadingMonth),
                                      StatusEntry(.loadingYear), StatusEntry(.syncing(done: 1, total: 2))]
        for (offset, entry) in entries.enumerated() { status.post(entry, now: ms(offset * 10)) }
        var shown: [(StatusEntry, AppTime)] = []
        var now = ms(40)
        shown.append((status.current!, status.shownAt))
        while let deadline = status.nextDeadline(), status.current != entries.last {
            now = deadline
            status.advance(now: now)
            shown.append((status.current!, status.shownAt))
        }
        #expect(shown.map(\.0) == entries)
        #expect(shown.map(\.1) == [ms(0), ms(800), ms(1600), ms(2200), ms(2800)])
    }

    @Test func aLoadThatEndedWhileQueuedIsNeverAnnounced() {
        var status = LoadingStatus()
        status.post(StatusEntry(.checkingService), now: ms(0))
        status.post(StatusEntry(.loadingMonth), now: ms(10))
        status.post(StatusEntry(.loadingYear), now: ms(20))
        #expect(status.queue == [StatusEntry(.loadingMonth), StatusEntry(.loadingYear)])
        // The cached month is painted 40 ms later, while « Vérification du service… » still has
        // its minimum to run: the loads it ended leave the queue unseen.
        let cached = StatusEntry(.cached(at: at("08:00")))
        status.post(cached, now: ms(50))
        #expect(status.queue == [cached])
        #expect(status.current == StatusEntry(.checkingService), "what is shown keeps its minimum")
        #expect(status.nextDeadline() == ms(800))
        var seen: [StatusEntry] = [status.current!]
        for time in stride(from: 60, through: 3000, by: 10) {
            status.advance(now: ms(time))
            if let current = status.current, current != seen.last { seen.append(current) }
        }
        #expect(seen == [StatusEntry(.checkingService), cached])
        #expect(status.shownAt == ms(800))
    }

    @Test func aShownLoadStaysForItsMinimumWhenItsWorkEndsAtOnce() {
        var status = LoadingStatus()
        status.post(StatusEntry(.loadingMonth), now: ms(0))
        let updated = StatusEntry(.updated(at: at("14:32")))
        status.post(updated, now: ms(30))
        #expect(status.current == StatusEntry(.loadingMonth), "no flicker: it was shown, it stays 600 ms")
        status.advance(now: ms(599))
        #expect(status.current == StatusEntry(.loadingMonth))
        status.advance(now: ms(600))
        #expect(status.current == updated)
    }

    @Test func aLoadPostedAfterTheCompletionStillWaitsItsTurn() {
        var status = LoadingStatus()
        status.post(StatusEntry(.checkingService), now: ms(0))
        status.post(StatusEntry(.cached(at: at("08:00"))), now: ms(10))
        status.post(StatusEntry(.loadingMonth), now: ms(20))
        #expect(status.queue == [StatusEntry(.cached(at: at("08:00"))), StatusEntry(.loadingMonth)],
                "only loads that ended before a later entry are skipped")
    }

    @Test func anErrorOvertakesTheQueueAndStays() {
        var status = LoadingStatus()
        status.post(StatusEntry(.loadingMonth), now: ms(0))
        status.post(StatusEntry(.loadingYear), now: ms(10))
        let error = StatusEntry(.error(.unreachable, retry: .browse(.refresh)))
        status.post(error, now: ms(20))
        #expect(status.current == error)
        #expect(status.queue.isEmpty)
        #expect(status.nextDeadline() == nil)
        status.post(StatusEntry(.loadingMonth), now: ms(30))
        status.advance(now: ms(10_000))
        #expect(status.current == error, "an error stays until the user acts")
        status.dismissError(now: ms(10_001))
        #expect(status.current == StatusEntry(.loadingMonth))
    }

    @Test func resetEmptiesTheLineAndTheQueue() {
        var status = LoadingStatus()
        status.post(StatusEntry(.loadingMonth), now: ms(0))
        status.post(StatusEntry(.loadingYear), now: ms(10))
        status.reset(now: ms(20))
        #expect(status.current == nil)
        #expect(status.queue.isEmpty)
        #expect(!status.spinner.isVisible(at: ms(500)))
    }

    @Test func rapidRepeatedRefreshesCollapse() {
        var status = LoadingStatus()
        status.post(StatusEntry(.loadingMonth), now: ms(0))
        for time in 1...20 {
            status.post(StatusEntry(.updated(at: at("10:\(10 + time)"))), now: ms(time))
            status.post(StatusEntry(.loadingMonth), now: ms(time))
        }
        #expect(status.queue.count <= 2)
        #expect(status.queue.contains(StatusEntry(.updated(at: at("10:30")))))
    }

    @Test func theCompletionFadesByItself() {
        var status = LoadingStatus()
        status.post(StatusEntry(.updated(at: at("14:32"))), now: ms(0))
        #expect(status.nextDeadline() == ms(4000))
        status.advance(now: ms(3999))
        #expect(status.current != nil)
        status.advance(now: ms(4000))
        #expect(status.current == nil)
    }

    @Test func theSameEntryTwiceIsShownOnce() {
        var status = LoadingStatus()
        status.post(StatusEntry(.offline(pending: 2)), now: ms(0))
        status.post(StatusEntry(.offline(pending: 2)), now: ms(5))
        #expect(status.queue.isEmpty)
        #expect(status.shownAt == ms(0))
    }

    @Test func theCoreArmsTheStatusTimerAtTheNextDeadline() {
        var session = Session()
        session.send(.started(at: .zero, size: standardSize))
        // checkingService is current; connecting queues behind its 800 ms minimum.
        let effects = session.send(.availability(.serviceChecked(.available, at: .milliseconds(100))))
        #expect(effects.contains(.schedule(TimerToken(id: .statusLine, generation: 2), after: .milliseconds(700))))
        #expect(session.state.status.current == StatusEntry(.checkingService))
        session.fire(.statusLine, at: .milliseconds(800))
        #expect(session.state.status.current == StatusEntry(.connecting))
    }
}
