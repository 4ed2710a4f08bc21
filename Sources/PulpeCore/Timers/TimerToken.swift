/// A fired or scheduled timer: which one, and which arming of it.
public struct TimerToken: Hashable, Sendable {
    public var id: TimerID
    public var generation: Int

    public init(id: TimerID, generation: Int) {
        self.id = id
        self.generation = generation
    }
}
