import Foundation
import PulpeNetworking
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the PIN for `pulpe unlock`: from the controlling terminal without echo, or one line of
/// standard input (`--pin-stdin`, or when there is no terminal) for scripts and tests.
enum PinPrompt {
    enum Answer: Equatable {
        case pin(String)
        /// Ctrl-C or Ctrl-D at the prompt.
        case cancelled
    }

    static func read(fromStdin: Bool) -> Answer {
        if !fromStdin {
            let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
            if tty >= 0 {
                defer { close(tty) }
                return readWithoutEcho(tty)
            }
        }
        guard let line = readLine(strippingNewline: true) else { return .cancelled }
        return .pin(line.trimmingCharacters(in: .whitespaces))
    }

    /// Byte by byte with echo, line editing and signals off, so Ctrl-C cannot leave the terminal
    /// without echo: it is read as a byte, the modes are restored, and the caller exits.
    private static func readWithoutEcho(_ tty: Int32) -> Answer {
        var saved = termios()
        let canRestore = tcgetattr(tty, &saved) == 0
        if canRestore {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
            _ = tcsetattr(tty, TCSAFLUSH, &quiet)
        }
        defer {
            if canRestore { _ = tcsetattr(tty, TCSAFLUSH, &saved) }
            say("\n", to: tty)
        }
        say("Code PIN : ", to: tty)
        var pin = ""
        var byte: UInt8 = 0
        while true {
            let count = posixRead(tty, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { return .cancelled }
            switch byte {
            case 0x0A, 0x0D: return .pin(pin)
            case 0x03, 0x04: return .cancelled
            case 0x7F, 0x08: if !pin.isEmpty { pin.removeLast() }
            case 0x15: pin = ""
            default:
                if pin.count < 16 { pin.append(Character(Unicode.Scalar(byte))) }
            }
        }
    }

    private static func say(_ text: String, to tty: Int32) {
        _ = text.withCString { posixWrite(tty, $0, strlen($0)) }
    }
}
