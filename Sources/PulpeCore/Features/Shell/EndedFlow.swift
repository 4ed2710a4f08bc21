/// A flow whose outcome comes with the flow as it ended, for a verb that prints what the flow
/// read on its way (a plan's months already there) beside what became of its write.
public struct EndedFlow<Flow: HeadlessFlow>: HeadlessFlow {
    public private(set) var flow: Flow

    public init(_ flow: Flow) { self.flow = flow }

    public var outcome: (outcome: Flow.Outcome, flow: Flow)? { flow.outcome.map { ($0, flow) } }
    public var allowsRequests: Bool { flow.allowsRequests }

    public mutating func start() -> [Effect] { flow.start() }
    public mutating func handle(_ msg: Msg) -> [Effect] { flow.handle(msg) }
    public mutating func finished(_ effect: Effect) -> [Effect] { flow.finished(effect) }
}
