import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Invocation {
    /// The days `--from` and `--to` give, each nil when not given. Refuses a range that ends
    /// before it begins.
    func range(_ context: Context) throws -> (from: Day?, to: Day?) {
        let today = try context.today
        let from = try value(.from).map { try context.parseDay($0, today: today) }
        let to = try value(.to).map { try context.parseDay($0, today: today) }
        if let from, let to, from > to {
            throw CommandError("--from \(from.iso) is after --to \(to.iso); give the earlier day to --from")
        }
        return (from, to)
    }
}

extension Commands {
    public static let search = CommandSpec(
        name: "search",
        summary: "find notes and mood notes by their words",
        discussion: """
            Lists the notes and mood notes that hold every word of TEXT, newest first: each \
            with its date and time, the note's id (or 'mood' and the day's rating) and the \
            text, with the words found in bold on a terminal. Words match in any order, by \
            their beginning ('walk' finds "walked"), ignoring case and accents ('cafe' finds \
            "Café"). A #tag keeps only the notes that carry that tag. Without TEXT, it lists \
            every note in the range. -n N keeps the newest N. When words find nothing because \
            the search index was emptied outside daybook, search says so and, in a terminal, \
            offers to rebuild it. \
            --json prints [{"id", "kind", "date", "time", "rating", "text"}], one object per \
            note: id is "n12" for a note and null for a mood's note, kind is "note" or \
            "mood", rating is the day's mood for a mood's note and null for a note. That \
            form is a stable interface.
            """,
        arguments: [Argument("TEXT", .text, optional: true, help: "words to find, and #tags the notes must carry")],
        options: [.from, .to, .limit, .json],
        examples: [
            "search walk", "search ana sunday", "search #friends --from 2026-01-01", "search -n 5",
            "search coffee --from 2026-11-01 --to 2026-11-30 --json",
        ]
    ) { invocation, context in
        let journal = try context.journal
        let (words, tags) = SearchQuery.parse(invocation.text ?? "")
        if words.isEmpty && tags.isEmpty, let text = invocation.text, !text.allSatisfy(\.isWhitespace) {
            throw CommandError("search finds words of letters or digits, and #tags; the text given holds neither")
        }
        let range = try invocation.range(context)
        var limit: Int? = nil
        if let text = invocation.value(.limit) {
            guard let n = Int(text), n >= 1 else {
                throw CommandError("-n takes how many notes to show, a whole number from 1; got '\(printable(text))'")
            }
            limit = n
        }
        let query = SearchQuery(words: words, tags: tags, from: range.from, through: range.to, limit: limit)
        var (hits, more) = try journal.search(query)
        if hits.isEmpty, !words.isEmpty, try journal.searchIndexIsEmptied() {
            try rebuildSearchIndex(journal, context)
            (hits, more) = try journal.search(query)
        }
        let format = try invocation.format()
        context.show(SearchReport(hits: hits), as: format)
        if format == .text {
            if hits.isEmpty {
                context.confirm(words.isEmpty && tags.isEmpty ? "no notes in that range" : "no notes found")
            } else if more {
                context.confirm("the newest \(hits.count) shown; there are older ones (a larger -n shows more)")
            }
        }
        return .done
    }

    /// Words find nothing through an emptied search index: says so, and where someone can
    /// answer, offers to index the notes again. Throws when the index stays empty.
    static func rebuildSearchIndex(_ journal: Journal, _ context: Context) throws {
        let what = "the search index is empty, though the journal has notes, so no words can be found"
        guard let ask = context.ask else {
            throw CommandError("\(what); run search in a terminal, where it offers to rebuild the index")
        }
        context.out.flush()
        for line in context.facts.fitted(what.capitalizedFirst + ".") { context.err.line(line) }
        context.err.flush()
        guard case .text(let answer) = ask("Rebuild the search index now? (y/N) "),
            ["y", "yes"].contains(answer.trimmingSpaces.lowercased())
        else { throw CommandError("\(what); the index was left as it was") }
        try journal.rebuildSearchIndex()
        context.confirm("the search index was rebuilt")
    }

    public static let tags = CommandSpec(
        name: "tags",
        summary: "every #tag, how often and when last used",
        discussion: """
            Lists every tag used in the range (default: the whole journal), most used first: \
            how many notes and moods carry it, and the last day it was used. \
            --json prints [{"tag", "count", "last"}], one object per tag, where tag has no #, \
            and last is a date. That form is a stable interface.
            """,
        options: [.from, .to, .json],
        examples: ["tags", "tags --from 2026-11-01", "tags --json"]
    ) { invocation, context in
        let journal = try context.journal
        let range = try invocation.range(context)
        let uses = try journal.tagUses(from: range.from, through: range.to)
        let format = try invocation.format()
        context.show(TagsReport(uses: uses), as: format)
        if format == .text {
            if uses.isEmpty {
                context.confirm(
                    range.from == nil && range.to == nil
                        ? "no tags yet: a #word in a note or a mood's note tags it" : "no tags in that range")
            }
        }
        return .done
    }
}

extension Option {
    /// `--from DATE` and `--to DATE`, for the commands that look over a range of days.
    public static let from = Option(
        "--from", value: "DATE", kind: .date, help: "from this day on (default: the first day of the journal)")
    public static let to = Option("--to", value: "DATE", kind: .date, help: "up to this day (default: the last)")
    static let limit = Option("-n", value: "N", kind: .word, help: "show only the newest N")
}
