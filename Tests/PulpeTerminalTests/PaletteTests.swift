import Testing
@testable import PulpeTerminal

@Suite struct PaletteTests {
    @Test func monochromeUsesAttributesOnly() {
        for role in ColorRole.allCases {
            #expect(!Palette.base(for: role, depth: .none).usesColor, "\(role)")
        }
        #expect(Palette.base(for: .selection, depth: .none).reverse)
        #expect(Palette.base(for: .muted, depth: .none).dim)
        #expect(Palette.base(for: .placeholder, depth: .none).dim)
        #expect(Palette.base(for: .title, depth: .none).bold)
        #expect(Palette.base(for: .negative, depth: .none).bold)
        #expect(Palette.base(for: .normal, depth: .none) == ResolvedStyle())
    }

    @Test func colourDepthsUseColoursWithinRange() {
        for role in ColorRole.allCases {
            let c256 = Palette.base(for: role, depth: .ansi256)
            let c16 = Palette.base(for: role, depth: .ansi16)
            #expect((c256.foreground ?? 0) < 256 && (c256.background ?? 0) < 256)
            #expect((c16.foreground ?? 0) < 8 && (c16.background ?? 0) < 8, "\(role): 8 basic colours only")
        }
        #expect(!Palette.base(for: .normal, depth: .ansi256).usesColor)
        #expect(Palette.base(for: .negative, depth: .ansi16).foreground == 1)
        #expect(Palette.base(for: .positive, depth: .ansi16).foreground == 2)
        #expect(Palette.base(for: .selection, depth: .ansi16).reverse)
    }

    @Test func resolveAddsTheStyleAttributes() {
        let r = Palette.resolve(Style(role: .accent, underline: true), depth: .ansi256)
        #expect(r.foreground == 37 && r.underline && !r.bold)
        let t = Palette.resolve(Style.title, depth: .none)
        #expect(t.bold && !t.usesColor)
        let s = Palette.resolve(Style.muted.reversed, depth: .none)
        #expect(s.dim && s.reverse)
    }

    @Test func stylePresetsAndModifiers() {
        #expect(Style.title == Style(role: .title, bold: true))
        #expect(Style.accent.bolded == Style(role: .accent, bold: true))
        #expect(Style.normal.dimmed.underlined == Style(dim: true, underline: true))
        #expect(Style.strong.with(role: .negative) == Style(role: .negative, bold: true))
    }
}
