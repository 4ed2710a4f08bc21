/// Pure rules about the locale's character set, shared by the start-up code and tests.
public enum LocaleCodeset {
    /// True for UTF-8 in any of its spellings (`UTF-8`, `utf8`, `UTF8`).
    public static func isUTF8(_ codeset: String) -> Bool {
        let normalized = codeset.lowercased().filter { $0 != "-" && $0 != "_" }
        return normalized == "utf8"
    }

    /// Whether to switch to `C.UTF-8` after `setlocale(LC_ALL, "")` left a non-UTF-8 codeset.
    ///
    /// Yes when the user did not choose a locale (`LC_ALL`, `LC_CTYPE` and `LANG` all unset or
    /// empty: typical of CI, containers and `env -i`), and when the chosen locale *asked* for
    /// UTF-8 but is not installed (`LANG=fr_CH.UTF-8` on a system without it: setlocale fails
    /// and leaves "C"). No when the user explicitly chose a non-UTF-8 locale
    /// (`LANG=fr_CH.ISO-8859-1`, `LC_ALL=C`): we keep it and fall back to ASCII.
    public static func shouldFallBackToUTF8(env: [String: String], codeset: String) -> Bool {
        if isUTF8(codeset) { return false }
        // The variable that decides LC_CTYPE, in POSIX precedence order.
        let chosen = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { env[$0] }.first { !$0.isEmpty }
        guard let chosen else { return true }
        let lower = chosen.lowercased()
        return lower.contains("utf-8") || lower.contains("utf8")
    }

    /// Locale names tried, in order, when falling back to UTF-8.
    public static let utf8Fallbacks = ["C.UTF-8", "C.utf8", "en_US.UTF-8"]
}
