/// What the fault injector decided for one request: the kind, and for `slow` how long to hold the
/// answer. Both come from the seeded generator, so a run is reproducible for a `--seed` and a
/// request order.
struct InjectedFault: Sendable, Equatable {
    let kind: FaultKind
    /// Only for `.slow` (within `FaultKind.slowDelayMilliseconds`); 0 otherwise.
    let delayMilliseconds: Int
}
