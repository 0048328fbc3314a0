/// What a terminal shows after a program's output: the output replayed on a grid of rows and
/// columns, as xterm (TERM=xterm) would draw it, so that a test sees what was drawn over or
/// cleared, not only what was written. It knows what libedit and daybook send on xterm:
/// printable text (one column a scalar; tests keep to ASCII), CR, LF, BS, BEL, cursor moves
/// (CSI A B C D G H), erasing (CSI K, J), deleting and inserting characters (CSI P, @),
/// insert mode (CSI 4 h/l), and modes and colours it ignores (CSI ? … h/l, CSI … m, ESC = and
/// ESC >). Anything else is listed in `unknown`, so that a test can tell that it did not
/// understand the output. A write into the last column leaves the cursor there until the next
/// character, which goes on the next row (xterm's pending wrap); rows that scroll off the top
/// are kept, so `lines` is the whole session.
struct Screen {
    let columns: Int
    let rows: Int
    private var grid: [[Unicode.Scalar]]
    private var scrolled: [[Unicode.Scalar]] = []
    private var row = 0
    private var column = 0
    private var pendingWrap = false
    private var insertMode = false
    /// Escape sequences it did not understand, in order.
    private(set) var unknown: [String] = []

    init(_ output: String, columns: Int, rows: Int = 24) {
        self.columns = columns
        self.rows = rows
        grid = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        feed(output)
    }

    /// Every row, from the first that scrolled off to the last on the screen, without trailing
    /// blanks; the blank rows at the bottom are left out.
    var lines: [String] {
        var all = (scrolled + grid).map { row -> String in
            var text = String(String.UnicodeScalarView(row))
            while text.last == " " { text.removeLast() }
            return text
        }
        while all.last == "" { all.removeLast() }
        return all
    }

    private mutating func lineFeed() {
        if row == rows - 1 {
            scrolled.append(grid.removeFirst())
            grid.append(Array(repeating: " ", count: columns))
        } else {
            row += 1
        }
    }

    private mutating func put(_ scalar: Unicode.Scalar) {
        if pendingWrap {
            pendingWrap = false
            column = 0
            lineFeed()
        }
        if insertMode {
            grid[row].insert(scalar, at: column)
            grid[row].removeLast()
        } else {
            grid[row][column] = scalar
        }
        if column == columns - 1 {
            pendingWrap = true
        } else {
            column += 1
        }
    }

    private mutating func erase(row r: Int, from start: Int, to end: Int) {
        guard start < end else { return }
        for c in start..<end { grid[r][c] = " " }
    }

    mutating func feed(_ output: String) {
        var scalars = Array(output.unicodeScalars)[...]
        while let c = scalars.popFirst() {
            switch c {
            case "\u{1B}":
                guard let next = scalars.popFirst() else { return }
                if next == "=" || next == ">" { continue }
                guard next == "[" else {
                    unknown.append("ESC " + String(next))
                    continue
                }
                var parameters = ""
                var final: Unicode.Scalar = " "
                while let p = scalars.popFirst() {
                    if (0x40...0x7E).contains(p.value) {
                        final = p
                        break
                    }
                    parameters.unicodeScalars.append(p)
                }
                csi(parameters, final)
            case "\r":
                column = 0
                pendingWrap = false
            case "\n":
                pendingWrap = false
                lineFeed()
            case "\u{08}":
                pendingWrap = false
                column = max(0, column - 1)
            case "\u{07}":
                continue
            default:
                if c.value < 0x20 || c.value == 0x7F {
                    unknown.append("control \(c.value)")
                } else {
                    put(c)
                }
            }
        }
    }

    private mutating func csi(_ parameters: String, _ final: Unicode.Scalar) {
        if parameters.hasPrefix("?") && (final == "h" || final == "l") { return }
        if final == "m" { return }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.allSatisfy({ $0 != nil }) || parameters.isEmpty else {
            unknown.append("CSI \(parameters)\(final)")
            return
        }
        let n = numbers.first.flatMap { $0 } ?? 0
        let count = max(1, n)
        switch final {
        case "A":
            row = max(0, row - count)
        case "B":
            row = min(rows - 1, row + count)
        case "C":
            column = min(columns - 1, column + count)
        case "D":
            column = max(0, column - count)
        case "G":
            column = min(columns - 1, count - 1)
        case "H":
            row = min(rows - 1, count - 1)
            column = min(columns - 1, max(1, numbers.count > 1 ? numbers[1] ?? 1 : 1) - 1)
        case "K":
            switch n {
            case 0: erase(row: row, from: column, to: columns)
            case 1: erase(row: row, from: 0, to: column + 1)
            default: erase(row: row, from: 0, to: columns)
            }
        case "J":
            switch n {
            case 0:
                erase(row: row, from: column, to: columns)
                for r in (row + 1)..<rows { erase(row: r, from: 0, to: columns) }
            default:
                unknown.append("CSI \(parameters)J")
            }
        case "P":
            for _ in 0..<min(count, columns - column) {
                grid[row].remove(at: column)
                grid[row].append(" ")
            }
        case "@":
            for _ in 0..<min(count, columns - column) {
                grid[row].insert(" ", at: column)
                grid[row].removeLast()
            }
        case "h" where parameters == "4":
            insertMode = true
        case "l" where parameters == "4":
            insertMode = false
        default:
            unknown.append("CSI \(parameters)\(final)")
            return
        }
        pendingWrap = false
    }
}
