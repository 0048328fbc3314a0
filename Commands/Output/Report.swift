import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

/// The form a command's report takes on standard output.
public enum OutputFormat: Sendable, Equatable {
    /// Drawn for a person, at the terminal's width, in its colours and glyphs.
    case text
    /// `--json`: a stable interface.
    case json
    /// `--csv`: a row per day, for the commands whose data is a table.
    case csv
    /// `--markdown`: a document to keep or share, for the commands that write one.
    case markdown
}

extension Invocation {
    /// The form the line asks for, decided once for the whole command: `--json`, `--csv` or
    /// `--markdown` (where the command has them), else text. Two at once are refused.
    public func format() throws -> OutputFormat {
        let given = [(Option.json, OutputFormat.json), (.csv, .csv), (.markdown, .markdown)].filter {
            options[$0.0.name] != nil
        }
        if given.count > 1 { throw CommandError("give \(given[0].0.name) or \(given[1].0.name), not both") }
        return given.first?.1 ?? .text
    }
}

/// Where a report is drawn: the appearance (colours, glyphs, borders), the width in columns,
/// and what is known of the terminal.
public struct Canvas {
    public let appearance: Appearance
    public let width: Int
    public let facts: TerminalFacts
}

/// What a command shows on standard output, as each view draws it. A report gives the data to
/// its view; `Context.show` picks the form and passes the appearance and width, once.
public protocol Report {
    /// The lines for a person.
    func text(on canvas: Canvas) -> [String]
    /// The JSON for `--json`; nil for a report that has none.
    func json() -> String?
    /// The rows for `--csv`; nil for a report that has none.
    func csv() -> [String]?
    /// The document for `--markdown`; nil for a report that has none.
    func markdown() -> [String]?
}

extension Report {
    public func json() -> String? { nil }
    public func csv() -> [String]? { nil }
    public func markdown() -> [String]? { nil }
}

extension Context {
    /// Where views draw: this context's appearance and width.
    public var canvas: Canvas { Canvas(appearance: appearance, width: width, facts: facts) }

    /// Shows `report` on standard output in `format`: the one place a command's output meets
    /// its view. A form the report does not have falls back to its text.
    public func show(_ report: some Report, as format: OutputFormat = .text) {
        switch format {
        case .json:
            if let json = report.json() { return out.line(json) }
        case .csv:
            if let rows = report.csv() { return out.lines(rows) }
        case .markdown:
            // The document itself, to keep or share, not a view at the terminal's width.
            if let document = report.markdown() { return out.lines(document) }
        case .text:
            break
        }
        out.lines(report.text(on: canvas))
    }

    /// A line on standard error in every mode, after what standard output holds so far: what
    /// `undo` reverted, which a script should show too.
    public func tell(_ line: String) {
        out.flush()
        err.line(line)
        err.flush()
    }
}
