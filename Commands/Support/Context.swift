import DaybookCore

/// The state a command runs in: the journal, the day later commands write to, where output goes.
public final class Context {
    private var openJournal: (() throws -> Journal)?
    private var journalValue: Journal?
    public let table: CommandTable
    public let out: Output
    public let err: Output
    public var style: Style
    /// True in the shell and for one-shot commands: writes then confirm on standard error.
    /// False in script mode, where successful writes print nothing.
    public var chatty: Bool
    /// The day chosen with `day`, or nil for today.
    public var currentDay: Day?
    /// Asks a question and reads the answer (`Ask.swift`); nil when there is nobody to ask,
    /// as in script mode.
    public var ask: Asker?
    /// How colour is chosen: `--color`, else the `color` setting (`Settings.swift`).
    public var colorPolicy = ColorPolicy(flag: nil, auto: false)

    public init(table: CommandTable, out: Output, err: Output, style: Style, chatty: Bool, journal: @escaping () throws -> Journal) {
        self.table = table
        self.out = out
        self.err = err
        self.style = style
        self.chatty = chatty
        self.openJournal = journal
    }

    /// The journal, opened on first use so that `help` never touches it.
    public var journal: Journal {
        get throws {
            if let journalValue { return journalValue }
            let journal = try openJournal!()
            journalValue = journal
            openJournal = nil
            return journal
        }
    }

    public var journalIfOpen: Journal? { journalValue }

    public var today: Day { get throws { try journal.today() } }

    /// The day a read command looks at: its DATE argument, or the chosen day, or today.
    public func readDay(_ text: String?) throws -> Day {
        let today = try self.today
        if let text { return try Day.parse(text, today: today) }
        return currentDay ?? today
    }

    /// The day a write goes to: `--on DATE`, or the chosen day, or today. Never the future.
    public func writeDay(_ invocation: Invocation) throws -> Day {
        let today = try self.today
        let day = try Context.writeDay(on: invocation.option("--on"), chosen: currentDay, today: today)
        try refuseFuture(day, today: today)
        return day
    }

    /// The day a line writes to: the day its `--on` names, else the day chosen with `day`, else
    /// today. Completion reads the same day while the line is typed.
    public static func writeDay(on text: String?, chosen: Day?, today: Day) throws(DateParseError) -> Day {
        if let text { return try Day.parse(text, today: today) }
        return chosen ?? today
    }

    public func refuseFuture(_ day: Day, today: Day) throws {
        if day > today {
            throw CommandError(
                "\(day.iso) is in the future; entries are written for today (\(today.iso)) or earlier")
        }
    }

    /// A confirmation on standard error, in the shell and for one-shot commands only.
    /// The message is built only when it is shown: scripts log thousands of lines quietly.
    public func confirm(_ message: @autoclosure () -> String) {
        guard chatty else { return }
        out.flush()
        err.line(style.dim(message()))
        err.flush()
    }

    /// Words for a day relative to today: "today", "yesterday", or "Fri 20 Nov".
    public func describe(_ day: Day) -> String {
        guard let today = try? self.today else { return day.short }
        if day == today { return "today" }
        if day == today.adding(days: -1) { return "yesterday" }
        return day.short + (day.year == today.year ? "" : " \(day.year)")
    }
}

/// A command that could not do what was asked. `description` is the one line a person sees.
public struct CommandError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
