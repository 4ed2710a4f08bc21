/// The shell commands' recurring sentences: French for the user (tutoiement), then an English
/// detail for scripts and bug reports (decision 34).
enum ShellCopy {
    static let notSignedIn = "Pas connecté — lance pulpe et connecte-toi (not signed in)"
    static let locked = "Session verrouillée — lance `pulpe unlock` (locked: the PIN is needed)"
    /// A name typed with an escape, tab or line break (`ExpenseRules`, `TagRules`): refused, not cleaned (decision 96).
    static let controlInName = "the name holds a control character (shown as \\u001b…): a terminal would obey it"
    static let keyChanged = "Code d'accès modifié — lance `pulpe unlock` (the kept key was refused: the PIN was changed elsewhere)"
}
