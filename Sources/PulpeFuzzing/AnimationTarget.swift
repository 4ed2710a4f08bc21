import Foundation
import PulpeDomain
import PulpeTerminal
import PulpeUI

/// The animation files (`assets/animations/*.anim`, `docs/animation-format.md`): parsed, written
/// back, parsed again, and drawn as the splash draws them.
enum AnimationTarget {
    static let target = FuzzTarget(name: "animation",
                                   feeds: "any text as an animation file (`AnimationParser.parse`, then `AnimationView.draw`)",
                                   run: run)

    static let context = ViewContext(capabilities: Capabilities(unicode: true, colorDepth: .ansi256, reducedMotion: false),
                                     animations: AnimationLibrary(animations: [:]), timeZone: .utc)

    static func run(_ data: Data) throws(FuzzViolation) {
        let text = data.lossyText
        let lineCount = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
        let animation: Animation
        do {
            animation = try AnimationParser.parse(text, file: "fuzz.anim")
        } catch {
            try check(error.line >= 1 && error.line <= max(1, lineCount + 1), "error line \(error.line) of \(lineCount): \(error)")
            return
        }
        try check((1...60).contains(animation.framesPerSecond), "fps \(animation.framesPerSecond)")
        try check(!animation.name.isEmpty, "empty name")
        try check(!animation.frames.isEmpty, "no frames")
        for (index, frame) in animation.frames.enumerated() {
            try check(frame.lines.contains { $0.contains { $0 != " " && $0 != "\t" } }, "frame \(index) is blank")
            try check(!frame.lines.contains { $0.contains("\t") }, "frame \(index) holds a tab")
            try check(frame.roleHints.count <= frame.lines.count, "frame \(index): more role lines than lines")
            for hint in frame.roleHints {
                try check(hint.allSatisfy { $0 == " " || AnimationRoleHint(rawValue: $0) != nil }, "unknown role in \(hint)")
            }
        }
        // Written back in the documented format, it reads back the same.
        let written = write(animation)
        do {
            let again = try AnimationParser.parse(written, file: "rewritten.anim")
            try check(again == animation, "parse ∘ write differs:\n\(written)")
        } catch let error as AnimationParseError {
            throw FuzzViolation("its own rewriting does not parse: \(error)\n\(written)")
        } catch let violation as FuzzViolation {
            throw violation
        } catch {
            throw FuzzViolation("\(error)")
        }
        // Drawn at a few instants into a small and a large screen.
        for reducedMotion in [false, true] {
            let player = AnimationPlayer(animation: animation, reducedMotion: reducedMotion)
            for ms in [0, 1, 999, 60_000, 86_400_000] {
                let elapsed = Duration.milliseconds(ms)
                let index = player.frameIndex(at: elapsed)
                try check(animation.frames.indices.contains(index), "frame index \(index) of \(animation.frames.count)")
                if let next = player.nextChange(after: elapsed) {
                    try check(next > elapsed, "next change \(next) not after \(elapsed)")
                }
                for (width, height) in [(7, 3), (80, 24)] {
                    var painter = Painter(width: width, height: height, context: context)
                    AnimationView.draw(player, at: elapsed, in: painter.bounds, into: &painter, style: Style(role: .accent))
                    try check(painter.buffer.width == width && painter.buffer.height == height, "the buffer changed size")
                }
            }
        }
    }

    /// The documented format, as a person would write it.
    static func write(_ animation: Animation) -> String {
        var lines = [AnimationParser.magic, "name: \(animation.name)", "fps: \(animation.framesPerSecond)",
                     "loop: \(animation.loops)"]
        for frame in animation.frames {
            lines.append(AnimationParser.frameMarker)
            lines += frame.lines
            if !frame.roleHints.isEmpty {
                lines.append(AnimationParser.rolesMarker)
                lines += frame.roleHints
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
