/// A shell flow that reads only what this machine keeps for the saved account (`pulpe export`,
/// `pulpe tag list`, `pulpe import rules`): its first step — whose account, from the saved session
/// alone, else « not signed in » — is written here once; the flow says what it reads then
/// (`accountKnown`) and how it takes the answers (`handleLocally`). The gate stays closed.
protocol LocalAccountFlow: HeadlessFlow {
    /// The effects once the saved session names an account.
    mutating func accountKnown() -> [Effect]
    /// No saved session: the flow ends « not signed in ».
    mutating func noAccount()
    /// The flow's own events after the first step.
    mutating func handleLocally(_ msg: Msg) -> [Effect]
}

extension LocalAccountFlow {
    public var allowsRequests: Bool { false }

    public mutating func start() -> [Effect] { [.session(.checkOfflineData)] }

    public mutating func handle(_ msg: Msg) -> [Effect] {
        guard case let .session(.offlineDataChecked(summary)) = msg else { return handleLocally(msg) }
        guard outcome == nil else { return [] }
        guard summary != nil else {
            noAccount()
            return []
        }
        return accountKnown()
    }

    public mutating func finished(_ effect: Effect) -> [Effect] { [] }
}
