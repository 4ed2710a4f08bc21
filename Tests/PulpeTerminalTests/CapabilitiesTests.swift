import Testing
@testable import PulpeTerminal

@Suite struct CapabilitiesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var env: [String: String] = [:]
        var codeset = "UTF-8"
        var colors = 256
        var flags = CapabilityFlags()
        var unicode = true
        var depth = ColorDepth.ansi256
        var reduced = false
        var name: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "capable terminal"),
        Case(env: ["NO_COLOR": ""], name: "empty NO_COLOR is ignored"),
        Case(env: ["NO_COLOR": "1"], depth: .none, name: "NO_COLOR=1"),
        Case(env: ["NO_COLOR": "0"], depth: .none, name: "NO_COLOR=0 still disables (any non-empty value)"),
        Case(flags: CapabilityFlags(noColor: true), depth: .none, name: "--no-color"),
        Case(colors: 16, depth: .ansi16, name: "16 colours"),
        Case(colors: 8, depth: .ansi16, name: "8 colours (linux console)"),
        Case(colors: 88, depth: .ansi16, name: "88 colours"),
        Case(colors: 2, depth: .none, name: "monochrome"),
        Case(colors: -1, depth: .none, name: "no colors capability"),
        Case(codeset: "ANSI_X3.4-1968", unicode: false, name: "C locale"),
        Case(codeset: "ISO-8859-1", unicode: false, name: "Latin-1 locale"),
        Case(codeset: "utf8", name: "lowercase utf8 spelling"),
        Case(env: ["PULPE_ASCII": "1"], unicode: false, name: "PULPE_ASCII=1"),
        Case(env: ["PULPE_ASCII": "0"], name: "PULPE_ASCII=0"),
        Case(flags: CapabilityFlags(ascii: true), unicode: false, name: "--ascii"),
        Case(env: ["PULPE_REDUCED_MOTION": "1"], reduced: true, name: "PULPE_REDUCED_MOTION=1"),
        Case(env: ["PULPE_REDUCED_MOTION": "TRUE"], reduced: true, name: "PULPE_REDUCED_MOTION=TRUE"),
        Case(env: ["PULPE_REDUCED_MOTION": "0"], name: "PULPE_REDUCED_MOTION=0"),
        Case(flags: CapabilityFlags(reducedMotion: true), reduced: true, name: "--reduced-motion"),
        Case(env: ["NO_COLOR": "x", "PULPE_ASCII": "yes"], codeset: "UTF-8", colors: 256,
             flags: CapabilityFlags(reducedMotion: true), unicode: false, depth: .none, reduced: true,
             name: "everything off"),
    ]

    @Test(arguments: cases)
    func resolve(_ c: Case) {
        let caps = Capabilities.resolve(env: c.env, codeset: c.codeset, colors: c.colors, flags: c.flags)
        #expect(caps == Capabilities(unicode: c.unicode, colorDepth: c.depth, reducedMotion: c.reduced))
        #expect(caps.glyphs == (c.unicode ? .unicode : .ascii))
    }

    @Test(arguments: [
        ([:], "ANSI_X3.4-1968", true),                                  // LANG unset: CI, env -i
        (["LANG": ""], "ANSI_X3.4-1968", true),
        (["LANG": "C"], "ANSI_X3.4-1968", false),                       // explicit C: keep, ASCII
        (["LANG": "fr_CH.ISO-8859-1"], "ISO-8859-1", false),
        (["LANG": "fr_CH.UTF-8"], "ANSI_X3.4-1968", true),              // asked for UTF-8, not installed
        (["LC_ALL": "C", "LANG": "fr_CH.UTF-8"], "ANSI_X3.4-1968", false), // LC_ALL wins
        (["LC_CTYPE": "en_US.utf8"], "ANSI_X3.4-1968", true),
        (["LANG": "C"], "UTF-8", false),                                // already UTF-8
        ([:], "UTF-8", false),
    ] as [([String: String], String, Bool)])
    func localeFallback(env: [String: String], codeset: String, expected: Bool) {
        #expect(LocaleCodeset.shouldFallBackToUTF8(env: env, codeset: codeset) == expected)
    }

    @Test func codesetSpellings() {
        #expect(LocaleCodeset.isUTF8("UTF-8") && LocaleCodeset.isUTF8("utf8") && LocaleCodeset.isUTF8("UTF_8"))
        #expect(!LocaleCodeset.isUTF8("ANSI_X3.4-1968") && !LocaleCodeset.isUTF8(""))
    }

    @Test func colorDepthThresholds() {
        #expect(ColorDepth.forTerminal(colors: 256) == .ansi256)
        #expect(ColorDepth.forTerminal(colors: 16_777_216) == .ansi256)
        #expect(ColorDepth.forTerminal(colors: 255) == .ansi16)
        #expect(ColorDepth.forTerminal(colors: 7) == .none)
    }
}
