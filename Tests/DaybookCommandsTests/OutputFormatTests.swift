import DaybookCommandLine
import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookViews
import Foundation
import Testing

/// The form of a command's output is decided once from the line, and `Context.show` draws a
/// report in it, with the context's appearance and width.
@Suite struct OutputFormatTests {
    let parser = Parser(table: .standard)

    func format(_ line: String) throws -> OutputFormat {
        try parser.parse(Tokenizer.tokenize(line)).format()
    }

    @Test func theLineDecidesTheFormat() throws {
        #expect(try format("week") == .text)
        #expect(try format("week --json") == .json)
        #expect(try format("week --csv") == .csv)
        #expect(try format("calendar 2026 --csv") == .csv)
        #expect(try format("show yesterday --json") == .json)
        #expect(try format("review month --markdown") == .markdown)
        #expect(try format("help") == .text)
    }

    @Test func twoFormsTogetherAreRefusedInOneLine() throws {
        for line in ["week --json --csv", "calendar --csv --json"] {
            let error = #expect(throws: CommandError.self, "\(line)") { try format(line) }
            #expect(error?.description == "give --json or --csv, not both", "\(line)")
        }
        for line in ["review --json --markdown", "review month --markdown --json"] {
            let error = #expect(throws: CommandError.self, "\(line)") { try format(line) }
            #expect(error?.description == "give --json or --markdown, not both", "\(line)")
        }
    }

    /// A report with every form, that says what it was drawn with.
    struct Probe: Report {
        func text(on canvas: Canvas) -> [String] { ["text at \(canvas.width), colour \(canvas.appearance.style.enabled)"] }
        func json() -> String? { "{}" }
        func csv() -> [String]? { ["a,b", "1,2"] }
        func markdown() -> [String]? { ["# Probe"] }
    }

    /// A report with text alone.
    struct TextOnly: Report {
        func text(on canvas: Canvas) -> [String] { ["only text"] }
    }

    @Test func showDrawsTheFormAskedFor() throws {
        let path = FileManager.default.temporaryDirectory.path + "/daybook-show-" + UUID().uuidString
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(fd >= 0)
        defer {
            close(fd)
            unlink(path)
        }
        let context = Context(
            table: .standard, out: Output(fd: fd), err: Output(fd: 2), style: Style(enabled: false), chatty: false
        ) { throw JournalError("no journal in this test") }
        context.show(Probe(), as: .text)
        context.show(Probe(), as: .json)
        context.show(Probe(), as: .csv)
        context.show(Probe(), as: .markdown)
        context.show(TextOnly(), as: .json)
        context.show(TextOnly(), as: .markdown)
        context.out.flush()
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == "text at 80, colour false\n{}\na,b\n1,2\n# Probe\nonly text\nonly text\n")
    }
}
