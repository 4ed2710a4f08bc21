import CNcursesw

/// Writing frames: only the cells that changed since the last one.
extension NcursesTerminal {
    /// Shows `buffer`. Diffs it against the last presented frame and writes only the changed
    /// runs with `mvadd_wch` (continuation cells are covered by their wide character), then
    /// `refresh()`. After start-up, a resize or `forceFullRedraw()`, the screen is erased and
    /// every non-blank cell written. Cells outside the current screen are skipped, so a frame
    /// rendered just before a resize is harmless.
    ///
    /// In ASCII mode every grapheme goes through `Glyphs.asciiFallback(forCell:)` as a last
    /// line of defence: under a non-UTF-8 locale ncursesw would drop or garble anything else.
    public func present(_ buffer: CellBuffer) {
        guard isActive else { return }
        let win = cnc_stdscr()
        let plan = buffer.presentationPlan(after: lastPresented)
        if plan.clearFirst { _ = werase(win) }
        let rows = Int(getmaxy(win)), cols = Int(getmaxx(win))
        let ascii = !capabilities.unicode
        var written = 0
        for run in plan.runs where run.row < rows {
            for (x, cell) in zip(run.columns, run.cells) where x < cols {
                if cell.isContinuation {
                    // In Unicode the wide character drew both cells; in ASCII it became one
                    // narrow character, so the second cell needs its own space.
                    guard ascii else { continue }
                    put(" ", style: cell.style, x: x, y: run.row, win: win)
                } else if ascii {
                    put(Glyphs.asciiFallback(forCell: cell.grapheme), style: cell.style, x: x, y: run.row, win: win)
                } else if cell.isWide, x + 1 >= cols {
                    put(" ", style: cell.style, x: x, y: run.row, win: win)  // would wrap: screen narrower than frame
                } else {
                    put(cell.grapheme, style: cell.style, x: x, y: run.row, win: win)
                }
                written += 1
            }
        }
        _ = wrefresh(win)
        lastCellsWritten = written
        totalCellsWritten += written
        lastPresented = buffer
    }

    /// Repaints the whole screen from scratch on the next refresh (Ctrl-L, after resume),
    /// in case something else wrote to the terminal. ncurses still holds the frame, so this
    /// repaints immediately without waiting for a new `present`.
    public func forceFullRedraw() {
        guard isActive else { return }
        _ = clearok(cnc_curscr(), true)
        _ = wrefresh(cnc_stdscr())
    }

    /// Writes one cell: the grapheme's first scalar plus its combining marks (at most
    /// `CCHARW_MAX` = 5 scalars; further spacing scalars of a cluster, such as the second
    /// half of a ZWJ emoji sequence, cannot be stored in one ncurses cell and are dropped).
    private func put<S: StringProtocol>(_ grapheme: S, style: Style, x: Int, y: Int, win: UnsafeMutablePointer<WINDOW>?) {
        wcharScratch.removeAll(keepingCapacity: true)
        for scalar in grapheme.unicodeScalars {
            if wcharScratch.isEmpty {
                wcharScratch.append(wchar_t(bitPattern: scalar.value))
            } else if scalar.isZeroWidth, scalar.properties.generalCategory != .format, wcharScratch.count < 5 {
                wcharScratch.append(wchar_t(bitPattern: scalar.value))
            } else {
                break
            }
        }
        if wcharScratch.isEmpty { wcharScratch.append(wchar_t(bitPattern: 0x20)) }
        wcharScratch.append(0)
        let look = cursesAttributes(for: style)
        var cc = cchar_t()
        _ = setcchar(&cc, wcharScratch, look.attributes, look.pair, nil)
        _ = mvwadd_wch(win, Int32(y), Int32(x), &cc)
    }

    private func put(_ character: Character, style: Style, x: Int, y: Int, win: UnsafeMutablePointer<WINDOW>?) {
        put(String(character), style: style, x: x, y: y, win: win)
    }
}
