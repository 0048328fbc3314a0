import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

/// The state a command runs in: the journal, the day later commands write to, where output goes.
public final class Context {
    /// Opens the journal; `true` lets it create a journal that does not exist yet.
    private let openJournal: (Bool) throws -> Journal
    private var journalValue: Journal?
    public let table: CommandTable
    public let out: Output
    public let err: Output
    /// What is known of the terminal, read at start-up: whether output goes to one, its
    /// width, whether the locale is UTF-8, and how colour is chosen. The shell reads the width
    /// again before each line, since a window may be resized (`TerminalFacts.followWindow`).
    public var facts: TerminalFacts
    /// The colours, glyphs and borders views draw with: from `facts` and the `color` setting.
    public var appearance: Appearance
    /// True in the shell and for one-shot commands: writes then confirm on standard error.
    /// False in script mode, where successful writes print nothing.
    public var chatty: Bool
    /// Standard error is a terminal, where a long command may draw a progress line: read once
    /// by the program (`DaybookMain.makeContext`), never asked by a command.
    public var errorIsTerminal = false
    /// The day chosen with `day`, or nil for today.
    public var currentDay: Day?
    /// True in the shell while the line before the one running failed, and so wrote nothing:
    /// `undo` then says what it would revert, which is not that line, and asks to be typed
    /// again. Never set in scripts, where `undo` reverts at once.
    public var lineBeforeFailed = false
    /// Asks a question and reads the answer (`Ask.swift`); nil when there is nobody to ask,
    /// as in script mode.
    public var ask: Asker?
    /// Reads a secret, such as a sync join code: without echo on a terminal, from standard
    /// input when it is piped to a one-shot command; nil where there is none to read (a script).
    public var readSecret: Asker?
    /// Where an encrypted journal's passphrase comes from (`Passphrase.swift`); nil where none
    /// can be had.
    public var passphrases: Passphrases?
    /// daybook's configuration folder on this machine (`$XDG_CONFIG_HOME/daybook`), where the
    /// sync key is kept; nil when it cannot be known.
    public var configFolder: String?
    /// Asks a question whose answer is free text, like a note: TAB completes the #tags used
    /// before. Nil where `ask` asks it as any other.
    public var askFreeText: Asker?
    /// Asks a question that has a likely answer: TAB on an empty line fills `offered` in, for
    /// Enter to take or for editing. Nil where `ask` asks it as any other.
    public var askOffering: ((_ prompt: String, _ offered: String) -> Answer)?
    /// Opens a text in the person's editor (`Editor.swift`); nil when there is no terminal to
    /// edit on, as in script mode.
    public var editor: TextEditor?
    /// Keeps text written in the editor that could not be saved, in a private file, and
    /// returns the file's path (nil when it could not be kept): what a person wrote is never
    /// lost to a refusal.
    public var keepUnsaved: ((String) -> String?)?
    /// True while the lines of a file given to `source` run (in the shell, or `daybook source
    /// FILE`): they run as a script, so nothing asks or opens the editor, whether or not there
    /// is a terminal, and refusals say that rather than that there is no terminal.
    public var sourcing = false
    /// The words of the catalogue for phrases, gathered for the attributes last seen: a script
    /// of phrases reads many lines over the same catalogue (`LogPhrases`).
    var phraseLexicon: (attributes: [Attribute], lexicon: Phrase.Lexicon)?

    /// The `day-order` setting once read for the command line that runs (`dayOrder`): a line
    /// may read several dates. Forgotten before each line (`forgetSettings`).
    var dayOrderRead: DayOrder?

    /// True once Ctrl-C was pressed during the command that runs: a long read (a health
    /// import) checks it, stops and writes nothing.
    public var interrupted: () -> Bool = { false }
    /// Runs a long read so that Ctrl-C sets `interrupted` instead of ending daybook (the shell
    /// and scripts already catch it; a one-shot command catches it only here).
    public var interruptible: (() throws -> Void) throws -> Void = { try $0() }

    /// The journal's path, when it is known: for `status`, which reads the file itself
    /// without opening it as a journal.
    public var journalPath: String?

    /// Set while a command that writes runs: only then may opening the journal create it.
    /// Reads on a missing journal say so, and create nothing.
    public var mayCreateJournal = false

    /// `journal` opens the journal, and creates it when its argument is true: only a write
    /// creates a journal (`mayCreateJournal`).
    public init(
        table: CommandTable, out: Output, err: Output, facts: TerminalFacts, chatty: Bool,
        journal: @escaping (_ create: Bool) throws -> Journal
    ) {
        self.table = table
        self.out = out
        self.err = err
        self.facts = facts
        self.appearance = facts.appearance(setting: nil)
        self.chatty = chatty
        self.openJournal = journal
    }

    /// A context whose journal is made by `journal`, which may create it.
    public convenience init(
        table: CommandTable, out: Output, err: Output, facts: TerminalFacts, chatty: Bool,
        journal: @escaping () throws -> Journal
    ) {
        self.init(table: table, out: out, err: err, facts: facts, chatty: chatty) { (_: Bool) in try journal() }
    }

    /// A context that is not on a terminal (80 columns, UTF-8), drawn in `style` until the
    /// journal's `color` setting says otherwise.
    public convenience init(
        table: CommandTable, out: Output, err: Output, style: Style, chatty: Bool,
        journal: @escaping () throws -> Journal
    ) {
        self.init(table: table, out: out, err: err, facts: .plain, chatty: chatty, journal: journal)
        appearance.style = style
    }

    /// The width views fit, in columns.
    public var width: Int { facts.width }

    /// The journal, opened on first use so that `help` never touches it. It is created only
    /// while a command that writes runs (`mayCreateJournal`); otherwise a missing journal is a
    /// `JournalError` that says so (`journalMissing`).
    public var journal: Journal {
        get throws { try journal(creating: mayCreateJournal) }
    }

    /// The journal, never created: for reads within commands that write, like `undo`.
    public var existingJournal: Journal {
        get throws { try journal(creating: false) }
    }

    /// The journal when there is one, opened on first use; nil while there is none yet.
    public var journalIfThere: Journal? {
        get throws {
            do {
                return try existingJournal
            } catch let error as JournalError where error.journalMissing {
                return nil
            }
        }
    }

    /// The journal, opened (and created, when `creating` is true) on first use. Once open, it
    /// is refused while its path no longer names its file (deleted or replaced under a long
    /// session): nothing is read from a journal that is gone, nor written to it, until
    /// `reopenJournal()`. Inside a script's batch the commit checks that instead.
    public func journal(creating: Bool) throws -> Journal {
        if let journalValue {
            if !journalValue.inBatch { try journalValue.requireInPlace() }
            return journalValue
        }
        let journal = try openJournal(creating)
        journalValue = journal
        journalChanged?(journal)
        return journal
    }

    public var journalIfOpen: Journal? { journalValue }

    /// Takes `journal` as the open journal, in place of none (`unlock` opens it itself).
    public func adopt(_ journal: Journal) {
        closeJournal()
        journalValue = journal
        journalChanged?(journal)
    }

    /// Told when the context opens a journal, and with nil before it closes one: the shell
    /// points Ctrl-C at the open journal's statements.
    public var journalChanged: ((Journal?) -> Void)?

    /// Closes the journal and opens the file now at its path, if there is one (creating none):
    /// for a journal deleted or replaced under a long session. Nil when there is no journal at
    /// the path yet; the first write creates it.
    public func reopenJournal() throws -> Journal? {
        closeJournal()
        return try journalIfThere
    }

    /// Closes the journal, if it is open; the next use opens it again.
    public func closeJournal() {
        if journalValue != nil {
            journalChanged?(nil)
            journalValue = nil  // closes it: nothing else keeps a journal
        }
        forgetSettings()
    }

    /// Today, by the journal's `day-start`; by the clock alone while there is no journal yet.
    public var today: Day {
        get throws {
            if let journalValue { return journalValue.today() }
            do {
                return try journal.today()
            } catch let error as JournalError where error.journalMissing {
                return LocalTime.now().day
            }
        }
    }

    /// The day a read command looks at: its DATE argument, or the chosen day, or today.
    public func readDay(_ text: String?) throws -> Day {
        let today = try self.today
        if let text { return try parseDay(text, today: today) }
        return currentDay ?? today
    }

    /// The day a write goes to: the day the line names (`Invocation.day`: `--on DATE`, or a
    /// date after the values), or the chosen day, or today. Never the future.
    public func writeDay(_ invocation: Invocation) throws -> Day {
        let today = try self.today
        let day = try Context.writeDay(
            on: invocation.day?.text, chosen: currentDay, today: today, order: dayOrder)
        try refuseFuture(day, today: today)
        return day
    }

    /// The day a line writes to: the day its `--on` names, else the day chosen with `day`, else
    /// today. Completion reads the same day while the line is typed.
    public static func writeDay(
        on text: String?, chosen: Day?, today: Day, order: DayOrder = .dayMonth
    ) throws(DateParseError) -> Day {
        if let text { return try Day.parse(text, today: today, order: order) }
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
        err.line(appearance.dim(message()))
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
