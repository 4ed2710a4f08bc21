/// How writes waiting to be sent are named, the same on the status line, its badge and the quit
/// question: « dépenses » when all of them are new expenses (the spec's « 2 dépenses en
/// attente »), « modifications » as soon as a check, an edit or a delete waits too.
enum PendingText {
    /// « dépense », « dépenses », « modification » or « modifications » (both feminine).
    static func noun(_ count: Int, onlyExpenses: Bool) -> String {
        let noun = onlyExpenses ? "dépense" : "modification"
        return count == 1 ? noun : noun + "s"
    }
}
