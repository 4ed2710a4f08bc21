import ArgumentParser
import Foundation

/// ArgumentParser's own `main`, with its messages written through `ShellText` (decision 96): a usage
/// error quotes the argument it could not read (`pulpe month $'\e[2J'`), and an argument can come
/// from a script holding a name from elsewhere — its controls are shown, never obeyed.
extension PulpeCommand {
    public static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            let message = fullMessage(for: error)
            let code = exitCode(for: error)
            if !message.isEmpty {
                let stream = code == .success ? FileHandle.standardOutput : FileHandle.standardError
                stream.write(Data(ShellText.line(message)))
            }
            Foundation.exit(code.rawValue)
        }
    }
}
