import PulpeCore
import PulpeServices

/// Runs a `HeadlessFlow` — a shell command's workflow — the way `AppRuntime` runs the TUI's core:
/// each effect through the same `EffectRunner` (timers on the clock, commands routed to their
/// service), each event fed back to the flow one at a time, until the flow has an outcome. What
/// still runs then is cancelled (a timer, a send past `--wait`: the outbox keeps what it stored).
public enum HeadlessDriver {
    /// What reaches the flow: a command's event or a timer's tick, or the end of an effect.
    private enum Input: Sendable {
        case msg(Msg)
        case ended(Effect)
    }

    /// Nil only if every effect ended without the flow deciding (a flow's bug, said by the caller).
    public static func run<Flow: HeadlessFlow>(_ flow: Flow, services: ServiceSet,
                                               clock: any AppClock = SystemClock()) async -> Flow.Outcome? {
        var flow = flow
        let (inputs, feed) = AsyncStream.makeStream(of: Input.self)
        let runner = EffectRunner(clock: clock, services: ServiceProvider(ready: services)) { feed.yield(.msg($0)) }
        var running: [Task<Void, Never>] = []
        var inFlight = 0
        func launch(_ effects: [Effect]) {
            for effect in effects {
                guard let task = runner.run(effect) else { continue }
                inFlight += 1
                running.append(task)
                // Yielded after the command's last event: the stream keeps their order.
                running.append(Task {
                    await task.value
                    feed.yield(.ended(effect))
                })
            }
        }
        launch(flow.begin())
        defer {
            running.forEach { $0.cancel() }
            feed.finish()
        }
        if flow.outcome != nil || inFlight == 0 { return flow.outcome }
        for await input in inputs {
            switch input {
            case let .msg(msg):
                launch(flow.receive(msg))
            case let .ended(effect):
                inFlight -= 1
                launch(flow.receiveEnd(of: effect))
            }
            if let outcome = flow.outcome { return outcome }
            if inFlight == 0 { return nil }
        }
        return flow.outcome
    }
}

