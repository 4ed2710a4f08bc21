/// A text picture of the screen's renditions, for the optional style section of golden files.
extension MiniVT {
    /// One string per row with one letter per cell naming its style (`.` = plain; a wide character's two
    /// cells share a letter), followed by a legend line per letter such as `a = bold fg=1`.
    ///
    /// Letters are given in order of first appearance (row by row), so the snapshot is deterministic and
    /// a colour change shows up both in the grid and in the legend.
    public func styleSnapshot() -> [String] {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var assigned: [VTStyle: Character] = [.plain: "."]
        var legend: [String] = []
        var grid: [String] = []
        for y in 0..<rows {
            var line = ""
            for cell in cells[y] {
                if let letter = assigned[cell.style] {
                    line.append(letter)
                    continue
                }
                let letter: Character = legend.count < letters.count ? letters[legend.count] : "?"
                if letter != "?" { assigned[cell.style] = letter }
                legend.append("\(letter) = \(cell.style)")
                line.append(letter)
            }
            grid.append(line)
        }
        return grid + legend
    }
}
