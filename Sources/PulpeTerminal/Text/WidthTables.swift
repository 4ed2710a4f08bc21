/// Compact range tables for terminal display width.
///
/// We do not call libc `wcwidth`: its answer depends on the process locale (it returns -1 for
/// every non-ASCII character under `LC_ALL=C`), and the pure layers must give the same layout
/// in tests as on screen. The tables follow Unicode 15 East Asian Width (Wide and Fullwidth)
/// plus Emoji_Presentation, which is also what glibc 2.36 `wcwidth` answers in `C.UTF-8`.
/// Matching glibc matters: ncursesw positions the cursor with `wcwidth`, so a character we
/// think is narrow but ncurses thinks is wide (or the reverse) would shift the rest of the row.
/// Unassigned gaps inside blocks are merged to keep the table short.
enum WidthTables {
    /// Scalars that occupy two cells. Sorted, non-overlapping; searched by bisection.
    static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F,   // Hangul Jamo initial consonants
        0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693,
        0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE,
        0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA,
        0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728, 0x274C...0x274C,
        0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797, 0x27B0...0x27B0,
        0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E,   // CJK radicals, Kangxi, ideographic description, CJK symbols
        0x3040...0xA4CF,   // Kana, Bopomofo, Hangul compatibility, CJK ideographs, Yi
        0xA960...0xA97F,   // Hangul Jamo extended-A
        0xAC00...0xD7A3,   // Hangul syllables
        0xF900...0xFAFF,   // CJK compatibility ideographs
        0xFE10...0xFE19,   // vertical forms
        0xFE30...0xFE6F,   // CJK compatibility forms, small form variants
        0xFF00...0xFF60,   // fullwidth forms
        0xFFE0...0xFFE6,   // fullwidth signs
        0x16FE0...0x16FE4, 0x16FF0...0x16FF1,
        0x17000...0x18CFF, 0x18D00...0x18D08,  // Tangut, Khitan
        0x1AFF0...0x1AFFF, 0x1B000...0x1B2FF,  // Kana supplement and extensions, Nushu
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
        0x1F200...0x1F2FF, // enclosed ideographic supplement
        // Emoji with default emoji presentation (text-presentation symbols in between stay narrow).
        0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393,
        0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4,
        0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D,
        0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596,
        0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC,
        0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC,
        0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A,
        0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF,
        0x20000...0x2FFFD, // CJK extensions B–F, compatibility supplement
        0x30000...0x3FFFD, // CJK extensions G–H
    ]

    /// Scalars that occupy no cell but are not marks or format characters by general
    /// category: Hangul medial vowels and final consonants, which join the preceding jamo.
    static let extraZero: [ClosedRange<UInt32>] = [
        0x1160...0x11FF, 0xD7B0...0xD7FF,
    ]

    /// Format characters (Cf) that are nonetheless visible and one cell wide: the Arabic,
    /// Syriac and Kaithi prepended concatenation marks (glibc agrees).
    static let visibleFormat: [ClosedRange<UInt32>] = [
        0x0600...0x0605, 0x06DD...0x06DD, 0x070F...0x070F, 0x0890...0x0891, 0x08E2...0x08E2,
        0x110BD...0x110BD, 0x110CD...0x110CD,
    ]

    /// True when `value` lies in one of the sorted `ranges`.
    static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var lo = 0, hi = ranges.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let r = ranges[mid]
            if value < r.lowerBound { hi = mid - 1 } else if value > r.upperBound { lo = mid + 1 } else { return true }
        }
        return false
    }
}
