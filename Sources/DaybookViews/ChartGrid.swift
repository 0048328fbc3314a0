import DaybookCore

/// The drawing surface of the charts: a grid of cells, each 2 dots wide and 4 high, drawn as
/// braille (U+2800 to U+28FF), or as one ASCII character a cell when the terminal cannot draw
/// braille. Each dot belongs to a layer; a cell takes the colour of the highest layer it holds.
struct ChartGrid {
    enum Layer: Int, CaseIterable {
        /// The goal's band, its edges dotted.
        case band
        /// The rolling mean.
        case line
        /// The values.
        case data
    }

    let columns: Int
    let rows: Int
    private var masks: [[UInt8]]

    init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        masks = Array(repeating: [UInt8](repeating: 0, count: self.columns * self.rows), count: Layer.allCases.count)
    }

    var dotColumns: Int { columns * 2 }
    var dotRows: Int { rows * 4 }

    /// The braille bit of each dot of a cell, by column (0, 1) and row (0 to 3).
    private static let bits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    mutating func set(_ x: Int, _ y: Int, _ layer: Layer) {
        guard x >= 0, y >= 0, x < dotColumns, y < dotRows else { return }
        masks[layer.rawValue][(y / 4) * columns + x / 2] |= Self.bits[x % 2][y % 4]
    }

    /// A line of dots from one dot to another.
    mutating func line(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ layer: Layer) {
        let steps = max(abs(x1 - x0), abs(y1 - y0))
        guard steps > 0 else { return set(x0, y0, layer) }
        for s in 0...steps {
            let t = Double(s) / Double(steps)
            set(x0 + Int((Double(x1 - x0) * t).rounded()), y0 + Int((Double(y1 - y0) * t).rounded()), layer)
        }
    }

    /// The dot column of point `index` of `count`, spread over the whole width.
    func x(_ index: Int, of count: Int) -> Int {
        count <= 1 ? 0 : Int((Double(index) * Double(dotColumns - 1) / Double(count - 1)).rounded())
    }

    /// The dot row of `position` on an axis from `low` (the bottom row) to `high` (the top).
    func y(_ position: Double, low: Double, high: Double) -> Int {
        guard high > low else { return dotRows - 1 }
        let f = max(0, min(1, (high - position) / (high - low)))
        return Int((f * Double(dotRows - 1)).rounded())
    }

    /// The cell row holding `position`.
    func row(_ position: Double, low: Double, high: Double) -> Int { y(position, low: low, high: high) / 4 }

    /// One line of text a row: braille, or ASCII (`*` a value, `.` the mean, `-` the band),
    /// each cell in its colour: `paint` gives a layer's colouring.
    func lines(unicode: Bool, paint: (Layer, String) -> String) -> [String] {
        (0..<rows).map { r in
            var out = ""
            var run = ""
            var runLayer: Layer? = nil
            func flush() {
                if let layer = runLayer { out += paint(layer, run) } else { out += run }
                run = ""
            }
            for c in 0..<columns {
                let i = r * columns + c
                let all = masks.reduce(UInt8(0)) { $0 | $1[i] }
                let top = Layer.allCases.last { masks[$0.rawValue][i] != 0 }
                let glyph: String
                if all == 0 {
                    glyph = " "
                } else if unicode {
                    glyph = String(Unicode.Scalar(0x2800 + UInt32(all))!)
                } else {
                    glyph = top == .data ? "*" : top == .line ? "." : "-"
                }
                if top != runLayer {
                    flush()
                    runLayer = top
                }
                run += glyph
            }
            flush()
            return out
        }
    }
}
