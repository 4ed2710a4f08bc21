#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Frame-to-frame differences, so that backends write only what changed.
extension CellBuffer {
    /// The maximal runs of cells that differ from `previous`, row by row, left to right.
    ///
    /// Runs are minimal (one changed cell gives one run of one cell); they are not merged
    /// across unchanged gaps because ncurses already optimises cursor movement. When the
    /// sizes differ, every row is one full run (nothing can be reused).
    public func changes(since previous: CellBuffer) -> [ChangedRun] {
        guard previous.width == width, previous.height == height else {
            return (0..<height).compactMap { y in
                width == 0 ? nil : ChangedRun(row: y, columns: 0..<width, cells: Array(row(y)))
            }
        }
        guard width > 0 else { return [] }
        // One pass over both frames, comparing cells in place: an animation frame diffs the
        // whole screen ten times a second, so no copy of a cell is made unless it changed.
        return cells.withUnsafeBufferPointer { now in
            previous.cells.withUnsafeBufferPointer { before in
                var runs: [ChangedRun] = []
                let rowBytes = width * MemoryLayout<Cell>.stride
                for y in 0..<height {
                    let base = y * width
                    // Identical bytes are identical cells (a grapheme's bits are its string), so an
                    // unchanged row costs one `memcmp`. Different bytes prove nothing (padding,
                    // two copies of one long grapheme): those rows are compared cell by cell.
                    if memcmp(now.baseAddress! + base, before.baseAddress! + base, rowBytes) == 0 { continue }
                    var x = 0
                    while x < width {
                        guard now[base + x] != before[base + x] else { x += 1; continue }
                        var start = x
                        while x < width, now[base + x] != before[base + x] { x += 1 }
                        // A run starting on the right half of an unchanged wide character needs the
                        // left half too: writing a continuation cell alone draws nothing.
                        if now[base + start].isContinuation, start > 0 { start -= 1 }
                        runs.append(ChangedRun(row: y, columns: start..<x, cells: Array(now[(base + start)..<(base + x)])))
                    }
                }
                return runs
            }
        }
    }

    /// What a backend must write to show this buffer when it last showed `previous`
    /// (`nil` after start-up, a resize or a forced redraw).
    ///
    /// - Returns: `clearFirst` true when the screen must be erased before writing (no
    ///   usable previous frame); the runs are then the non-blank cells only, because an
    ///   erased screen is already blank.
    public func presentationPlan(after previous: CellBuffer?) -> (clearFirst: Bool, runs: [ChangedRun]) {
        if let previous, previous.width == width, previous.height == height {
            return (false, changes(since: previous))
        }
        return (true, changes(since: CellBuffer(width: width, height: height)))
    }
}
