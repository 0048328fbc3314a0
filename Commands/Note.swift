import DaybookCore

extension Commands {
    public static let note = CommandSpec(
        name: "note",
        summary: "add a timestamped note",
        discussion: """
            Adds a note to the day, stamped with the time it was written. The rest of the line, \
            quoted or not, is the note. #tags in it tag the day. A day holds any number of notes.
            """,
        arguments: [Argument("TEXT", .text, help: "the note; #tags tag the day")],
        options: [CommonOptions.on],
        examples: ["note lunch with Ana #friends", "note \"finished the draft\" --on yesterday"],
        writes: true
    ) { invocation, context in
        let text = invocation.text ?? ""
        guard !text.allSatisfy(\.isWhitespace) else {
            throw CommandError("a note needs some text; usage: note TEXT...")
        }
        let day = try context.writeDay(invocation)
        try context.journal.addNote(day: day, text: text)
        let tags = extractTags(text)
        let tagged = tags.isEmpty ? "" : ", tagged " + tags.prefix(5).map { "#" + $0 }.joined(separator: " ")
        context.confirm("noted for \(context.describe(day))\(tagged)")
        return .done
    }
}
