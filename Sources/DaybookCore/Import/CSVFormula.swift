/// Keeps a spreadsheet from running a CSV cell as a formula, as OWASP recommends: a cell that
/// starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, which
/// spreadsheets read as "text" and do not show. A number (`-12`, `1e-05`) is left as it is: it
/// cannot be a formula, and stays a number in the spreadsheet.
///
/// The change reads back losslessly: a cell that already starts with quotes before such a
/// character gets one more, and `restored` takes exactly one away.
public enum CSVFormula {
    /// The cell as it is written to a file a spreadsheet may open.
    public static func neutralised(_ cell: String) -> String {
        let quotes = cell.utf8.prefix { $0 == quote }.count
        guard startsFormula(cell.utf8.dropFirst(quotes)) else { return cell }
        if quotes == 0 && parseExportNumber(cell) != nil { return cell }
        return "'" + cell
    }

    /// The cell as it was before `neutralised`.
    public static func restored(_ cell: String) -> String {
        let quotes = cell.utf8.prefix { $0 == quote }.count
        guard quotes > 0, startsFormula(cell.utf8.dropFirst(quotes)) else { return cell }
        return String(cell.dropFirst())
    }

    private static let quote = UInt8(ascii: "'")

    private static func startsFormula(_ bytes: Substring.UTF8View) -> Bool {
        guard let first = bytes.first else { return false }
        return first == UInt8(ascii: "=") || first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
            || first == UInt8(ascii: "@") || first == 0x09 || first == 0x0D
    }
}
