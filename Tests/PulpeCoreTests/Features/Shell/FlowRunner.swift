@testable import PulpeCore

/// Runs a headless flow on scripted answers, synchronously, as `HeadlessDriver` would in order:
/// each effect's events (timers are never fired: a test fires them itself), then its end.
enum FlowRunner {
    /// The commands asked, in order, until the flow has an outcome or nothing is left to run.
    @discardableResult
    static func run<Flow: HeadlessFlow>(_ flow: inout Flow, _ effects: [Effect], answer: (Effect) -> [Msg]) -> [Effect] {
        var queue = effects
        var asked: [Effect] = []
        while !queue.isEmpty, flow.outcome == nil {
            let effect = queue.removeFirst()
            if case .schedule = effect { continue }
            asked.append(effect)
            for msg in answer(effect) where flow.outcome == nil { queue += flow.receive(msg) }
            queue += flow.receiveEnd(of: effect)
        }
        return asked
    }
}
