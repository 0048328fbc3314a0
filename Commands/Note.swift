import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let note = CommandSpec(
        name: "note",
        summary: "add a timestamped note",
        discussion: """
            Adds a note to the day, stamped with the time it was written. The rest of the line, \
            quoted or not, is the note. #tags in it tag the day. A day holds any number of notes. \
            A note for another day (--on) is shown with the day it was written, and under the \
            time of day it is about when --at gives one.
            """,
        arguments: [Argument("TEXT", .text, help: "the note; #tags tag the day")],
        options: [
            .on, .at,
        ],
        examples: [
            "note lunch with Ana #friends", "note \"finished the draft\" --on yesterday",
            "note long walk by the river --on yesterday --at 17:30",
        ],
        writes: true
    ) { invocation, context in
        let text = invocation.text ?? ""
        guard !text.allSatisfy(\.isWhitespace) else {
            throw CommandError("a note needs some text; usage: note TEXT...")
        }
        var at: Int? = nil
        if let word = invocation.value(.at) {
            guard let minutes = try? ValueType.time.parse(word) else {
                throw CommandError("--at takes a time of day, like 08:30 or 8:30pm; got '\(printable(word))'")
            }
            at = Int(minutes)
        }
        let day = try context.writeDay(invocation)
        try context.journal.addNote(day: day, text: text, at: at)
        let tags = extractTags(text)
        let tagged = tags.isEmpty ? "" : ", tagged " + tags.prefix(5).map { "#" + $0 }.joined(separator: " ")
        context.confirm("noted for \(context.describe(day))\(tagged)")
        return .done
    }
}

extension Option {
    static let at = Option(
        "--at", value: "HH:MM", kind: .word,
        help: "the time of day the note is about, like 08:30 or 8:30pm (default: when it is written, for today)")
}
