import Foundation
import PulpeDomain

/// `status_figures = on`: whether the current month's figures may wait on disk in clear for the
/// status bar's fast path (the launcher's memo, decision 64), like a phone widget. Off by default:
/// every other byte of the user's data is sealed (decision 83), and a memo with the
/// month's remaining amount would be the one figure readable without the PIN. Off, `pulpe status`
/// answers from the sealed cache (the app, not the launcher). `PULPE_STATUS_FIGURES` > the config
/// file's `status_figures` > off.
public struct StatusFiguresSetting: Sendable, Hashable {
    public var isOn: Bool
    /// "default", "env: PULPE_STATUS_FIGURES" or "file: …", for `pulpe config`.
    public var origin: String

    public static func resolve(environment: [String: String], file: ConfigFile?) -> StatusFiguresSetting {
        if let value = environment["PULPE_STATUS_FIGURES"], let on = Self.parse(value) {
            return StatusFiguresSetting(isOn: on, origin: "env: PULPE_STATUS_FIGURES")
        }
        if let file, let value = file.values["status_figures"] {
            let on: Bool? = switch value {
            case let .bool(flag): flag
            case let .string(text): Self.parse(text)
            default: nil
            }
            if let on { return StatusFiguresSetting(isOn: on, origin: "file: \(file.path)") }
        }
        return StatusFiguresSetting(isOn: false, origin: "default")
    }

    static func parse(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "on", "true", "yes", "1": true
        case "off", "false", "no", "0": false
        default: nil
        }
    }
}
