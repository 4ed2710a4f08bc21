/// What the log may say of a value: its case's name, never its payload (decision 100). The log is
/// the one file that is never sealed, so an enum case that carries a name, a label, an amount or
/// the server's words is written as `dependsOn`, not `dependsOn(label: "Loyer")`.
public enum LogToken {
    /// The case name of an enum value (`refused`, `item`), its associated values dropped.
    public static func caseName(_ value: Any) -> String {
        // The description is built in memory only; what follows the case name never leaves here.
        let text = String(describing: value)
        let name = text.prefix { $0 != "(" }
        // A qualified description (`Module.Type.case`) keeps its last part.
        return String(name.split(separator: ".").last ?? name)
    }
}
