import DaybookCommands
import DaybookCore
import DaybookViews

/// The manual page, daybook(1), in mdoc: generated from the command table, the settings and
/// the value, date and range readers of the core, with the parts no table holds written out
/// here. the developer's tool `daybook-man` prints it; `make man` writes it to `man/daybook.1`, and a test fails
/// when the committed page differs from what this makes.
public enum ManPage {
    /// The date the page shows. Change it when the page's text changes.
    public static let date = "November 23, 2026"

    /// The page, from `table`.
    public static func render(_ table: CommandTable = .standard) -> String {
        var page = Mdoc()
        header(&page)
        synopsis(&page, table)
        description(&page, table)
        commands(&page, table)
        datesValuesAndRanges(&page)
        shell(&page)
        scriptMode(&page)
        durability(&page)
        environment(&page)
        files(&page)
        exitStatus(&page)
        examples(&page)
        seeAlso(&page)
        return page.text
    }

    // MARK: Macros for the table's pieces

    /// `Fl -on Ar DATE`, `Fl c`, `Cm unit Ar U`: an option and its value, without the short form.
    static func optionMacros(_ option: Option) -> String {
        optionName(option.name) + (option.valueName.map { " Ar " + Mdoc.arg($0) } ?? "")
    }

    /// `Fl -json` for `--json`, `Fl c` for `-c`, `Cm unit` for a keyword.
    static func optionName(_ name: String) -> String {
        name.hasPrefix("-") ? "Fl " + Mdoc.arg(String(name.dropFirst())) : "Cm " + Mdoc.arg(name)
    }

    /// `Ar DATE`, or `Ar NOTE ...` for the rest of the line.
    static func argumentMacros(_ argument: Argument) -> String {
        "Ar " + Mdoc.arg(argument.name) + (argument.kind == .text ? " ..." : "")
    }

    /// The macro lines of a command's form, as `name`: `Ic mood Ar RATING`, then
    /// `Op Ar NOTE ...`, then `Op Fl -on Ar DATE`. Optional arguments that follow one another
    /// nest: `set [NAME [VALUE]]`.
    static func formLines(_ command: CommandSpec, name: String) -> [String] {
        var first = "Ic " + Mdoc.arg(name)
        var lines: [String] = []
        var optional: [Argument] = []
        func flushOptional() {
            guard !optional.isEmpty else { return }
            lines.append(optional.map { "Op " + argumentMacros($0) }.joined(separator: " "))
            optional = []
        }
        for argument in command.arguments {
            if argument.optional {
                optional.append(argument)
            } else if optional.isEmpty && lines.isEmpty {
                first += " " + argumentMacros(argument)
            } else {
                flushOptional()
                lines.append(argumentMacros(argument))
            }
        }
        flushOptional()
        if command.repeating {
            lines.append("Op " + command.arguments.map { "Ar " + Mdoc.arg($0.name) }.joined(separator: " ") + " ...")
        }
        for option in command.options { lines.append("Op " + optionMacros(option)) }
        return [first] + lines
    }

    // MARK: Sections

    static func header(_ page: inout Mdoc) {
        page.source(
            #"""
            .\" daybook(1), generated from the command table by daybook-man (make man).
            .\" Do not edit: change Commands/ or Sources/DaybookManual/ManPage.swift, then run 'make man'.
            .Dd \#(date)
            .Dt DAYBOOK 1
            .Os
            .Sh NAME
            .Nm daybook
            .Nd a journal you keep in the terminal
            """#)
    }

    /// The options that are not a way of running (`-c`, `-f`, `--version`, `--help`).
    static func settingOptions(_ table: CommandTable) -> [Option] {
        let modes = [GlobalOptions.command, GlobalOptions.file, GlobalOptions.version, GlobalOptions.help].map(\.name)
        return table.globalOptions.filter { !modes.contains($0.name) }
    }

    static func synopsis(_ page: inout Mdoc, _ table: CommandTable) {
        page.macro("Sh SYNOPSIS")
        page.macro("Nm")
        for option in settingOptions(table) { page.macro("Op " + optionMacros(option)) }
        page.source(
            #"""
            .Nm
            .Op Ar options
            .Ar command
            .Op Ar argument ...
            .Nm
            .Op Ar options
            .Fl c Ar COMMAND ...
            .Nm
            .Op Ar options
            .Fl f Ar FILE
            .Nm
            .Fl -version | -help
            """#)
    }

    static func description(_ page: inout Mdoc, _ table: CommandTable) {
        page.source(
            #"""
            .Sh DESCRIPTION
            .Nm
            is a journal you keep in the terminal.
            Each day you check in: a mood from 1 to 5 with a note, free notes with #tags, and the values you track — steps, sleep, bedtime, or anything of your own.
            Everything lives in one SQLite file that you own and can read with
            .Xr sqlite3 1 .
            .Pp
            The same commands work typed at the prompt of the shell, as one-shot commands, and piped in from scripts:
            .Bl -tag -width Ds
            .It Nm
            On a terminal, the interactive shell
            .Pq see Sx THE SHELL .
            On a pipe, a script read from standard input
            .Pq see Sx SCRIPT MODE .
            .It Nm Ar command Op Ar argument ...
            Runs one command, its words already split by the calling shell, and exits.
            .It Nm Fl c Ar COMMAND ...
            Runs each COMMAND, a line as it would be typed at the prompt, in turn, and exits.
            .It Nm Fl f Ar FILE
            Runs the commands in FILE as a script and exits;
            .Fl f Fl
            reads standard input.
            .El
            .Pp
            Confirmations and errors go to standard error; what you asked to see goes to standard output.
            .Pp
            The options come before the command:
            .Bl -tag -width Ds
            """#)
        for option in table.globalOptions {
            let short = option.short.map { optionName($0) + " , " } ?? ""
            page.macro("It " + short + optionMacros(option))
            page.text(Mdoc.sentence(option.help))
        }
        page.source(
            #"""
            .El
            .Pp
            A long option's value may also follow an equals sign, as in
            .Fl -journal Ns = Ns Ar PATH ,
            and
            .Fl -
            ends the options.
            """#)
    }

    static func commands(_ page: inout Mdoc, _ table: CommandTable) {
        page.source(
            #"""
            .Sh COMMANDS
            A command is typed at the prompt, given after the options, or read from a script, one a line.
            Commands that write to a day take
            .Fl -on Ar DATE
            anywhere on the line; without it they write to today, or to the day chosen with
            .Ic day .
            The rest of a line is a note, quoted or not.
            Quotes open only at the start of a word, so don't and Ana's need none.
            A quoted word is never an option:
            .Dl note \(dq--on\(dq is a flag
            .Bl -tag -width Ds
            """#)
        for command in table.commands {
            for name in [command.name] + command.aliases {
                page.macro("It Xo")
                for line in formLines(command, name: name) { page.macro(line) }
                page.macro("Xc")
            }
            for (index, paragraph) in command.discussion.split(separator: "\n\n").enumerated() {
                if index > 0 { page.macro("Pp") }
                page.text(String(paragraph))
            }
            if !command.arguments.isEmpty || !command.options.isEmpty {
                page.macro("Bl -tag -width Ds")
                for argument in command.arguments {
                    page.macro("It " + argumentMacros(argument))
                    page.text(Mdoc.sentence(argument.help))
                }
                for option in command.options {
                    page.macro("It " + optionMacros(option))
                    page.text(Mdoc.sentence(option.help))
                }
                page.macro("El")
            }
            if !command.examples.isEmpty {
                page.macro("Pp")
                page.text(command.examples.count == 1 ? "Example:" : "Examples:")
                page.literal(command.examples)
            }
        }
        page.macro("El")
    }

    static func datesValuesAndRanges(_ page: inout Mdoc) {
        let weekdays = Day.weekdayNames
        page.source(
            #"""
            .Sh DATES, VALUES AND RANGES
            .Ss Dates
            A
            .Ar DATE
            is one of:
            .Bl -tag -width Ds
            .It Cm today , yesterday
            .It Cm \#(weekdays.first!) No to Cm \#(weekdays.last!)
            A weekday, or its first three letters
            .Pq Cm \#(weekdays.first!.prefix(3)) :
            the most recent one, today included.
            .It Ar YYYY-MM-DD
            A date of the calendar.
            .El
            .Pp
            Writes to a day in the future are refused.
            With the
            .Cm day-start
            setting, entries made before that time count for the day before.
            .Ss Moods
            A
            .Ar RATING
            is a number from 1 to 5, or its word:
            \#((1...5).map { "\($0) \(Mood.label($0))" }.joined(separator: ", ")); ok is read as okay.
            .Ss Values
            A
            .Ar VALUE
            is read by the type of its attribute, the
            .Ar TYPE
            given to
            .Ic track :
            .Bl -tag -width Ds
            """#)
        for type in ValueType.allCases {
            let names = ValueType.names.filter { $0.1 == type }.map { Mdoc.arg($0.0) }
            page.macro("It Cm " + names.joined(separator: " , "))
            page.text(valueDescription(type))
        }
        page.source(
            #"""
            .El
            .Pp
            Several values of one attribute on one day combine by its aggregation, the
            .Ar AGG
            given to
            .Ic track :
            .Bl -tag -width Ds
            """#)
        for aggregation in Aggregation.allCases {
            page.macro("It Cm " + aggregation.rawValue)
            page.text(aggregationDescription(aggregation))
        }
        page.source(
            #"""
            .El
            .Ss Attributes
            A new journal tracks these attributes;
            .Ic track
            adds your own.
            A value typed outside its attribute's plausible range is refused, unless
            .Ic log
            is given
            .Fl -force ;
            .Ic track
            .Cm range
            sets or removes a range:
            .Bl -column "active_energy" "duration" "average" "glasses" "0..200,000 steps" -offset indent
            .It Em name Ta Em type Ta Em combined Ta Em unit Ta Em plausible
            """#)
        for attribute in BuiltInAttributes.all {
            let range = attribute.range.map {
                $0.format(Attribute(name: attribute.name, type: attribute.type, aggregation: attribute.aggregation, unit: attribute.unit, group: ""))
            }
            let cells = [attribute.name, attribute.type.rawValue, attribute.aggregation.rawValue, attribute.unit, range ?? ""]
            page.macro("It " + cells.map { $0.isEmpty ? "\\(em" : Mdoc.arg($0) }.joined(separator: " Ta "))
        }
        page.source(
            #"""
            .El
            .Ss Ranges
            A goal's
            .Ar RANGE
            is read by the type of its attribute:
            .Bl -tag -width Ds
            .It Cm >= Ar LOW , Cm at least Ar LOW
            At least LOW; ≥ too.
            .It Cm <= Ar HIGH , Cm at most Ar HIGH
            At most HIGH; ≤ too.
            .It Ar LOW Ns Cm .. Ns Ar HIGH , Cm between Ar LOW Cm and Ar HIGH
            From LOW to HIGH, both included.
            .It Ar VALUE
            A value alone means at least that value; a yes/no attribute takes yes or no.
            .El
            .Pp
            A number may be followed by the attribute's unit: at most 2 cups.
            A range of times of day may run past midnight: 23:00..00:30 is a 90-minute window.
            A range whose lower bound is above its upper bound, a unit that does not fit, a percentage over 100 or an unknown attribute is refused with one line, and nothing is written.
            From a shell prompt, quote a range holding > or <:
            .Dl daybook goal steps '>= 8000'
            .Pp
            The forms of each type:
            .Bl -tag -width Ds
            """#)
        for type in ValueType.allCases {
            page.macro("It Cm " + type.rawValue)
            page.text(GoalRange.examples(for: type) + ".")
        }
        page.source(
            #"""
            .El
            .Pp
            A goal's
            .Ar PERIOD
            is one of:
            .Bl -tag -width Ds
            """#)
        for period in GoalPeriod.allCases {
            page.macro("It Cm " + period.rawValue)
            page.text(periodDescription(period))
        }
        page.macro("El")
    }

    static func valueDescription(_ type: ValueType) -> String {
        switch type {
        case .count:
            return "A whole number, 0 or more, up to \(ValueType.count.format(largestValue)): \(type.example)."
        case .decimal: return "A number, with a decimal point or without: \(type.example)."
        case .percentage: return "From 0% to 100%, with the % sign or without: \(type.example)."
        case .duration:
            return "Up to 24 hours: \(type.example); also \"7h 30m\" in quotes, and 90min. A bare number is refused: 7 could mean hours or minutes."
        case .time: return "A time of day: \(type.example); 12am is midnight, 12pm noon."
        case .yesno: return "Yes or no; also y, n, true, false, 1 or 0."
        }
    }

    static func aggregationDescription(_ aggregation: Aggregation) -> String {
        switch aggregation {
        case .sum: return "The values add up: the default for counts and durations."
        case .average:
            return "Their mean: the default for decimals and percentages. Times of day average around the clock: 23:40 and 00:30 average to 00:05."
        case .min: return "The lowest."
        case .max: return "The highest."
        case .last: return "The last one logged: the default for times of day and yes/no."
        }
    }

    static func periodDescription(_ period: GoalPeriod) -> String {
        switch period {
        case .daily: return "Each day's value is judged; the default."
        case .weekly: return "The mean of the daily values recorded in the ISO week, Monday to Sunday."
        case .monthly: return "The mean of the daily values recorded in the calendar month."
        }
    }

    static func shell(_ page: inout Mdoc) {
        page.source(
            #"""
            .Sh THE SHELL
            Run
            .Nm
            in a terminal for the interactive shell.
            The prompt shows the day that writes go to:
            .Dl daybook Sat 21 Nov>
            After
            .Ic day yesterday
            it reads
            .Dl daybook Fri 20 Nov (not today)>
            until
            .Ic day
            alone goes back to today.
            .Ss Keys
            Line editing is that of
            .Xr editline 3 ,
            with emacs bindings:
            .Bl -tag -width Ds
            .It Ctrl-A , Ctrl-E
            To the start, to the end of the line.
            .It Alt-B , Alt-F
            Back, forward a word.
            .It Ctrl-K , Ctrl-U
            Cut to the end, to the start of the line.
            .It Up , Down
            Through the history.
            .It Ctrl-R
            Search the history.
            .It Tab
            Complete the word; a second Tab lists the choices.
            .It Ctrl-C
            Drops the line being typed, or, while a command runs, interrupts it (a
            .Ic source
            stops at the next line).
            It never leaves the shell.
            .It Ctrl-D
            On an empty line, says bye and leaves.
            .El
            .Pp
            A line with an open quote goes on under a ...> prompt until the quote is closed, for notes over several lines; Ctrl-C cancels it.
            .Ss History
            The shell keeps the lines you enter in
            .Pa $XDG_STATE_HOME/daybook/history ,
            else
            .Pa ~/.local/state/daybook/history ;
            .Ev DAYBOOK_HISTORY
            overrides it, and
            .Pa /dev/null
            keeps none.
            The file is private (0600, in folders created 0700), keeps the newest 1,000 lines, skips blank lines and repeats, and each line is appended as it is entered, so two shells open at once both keep theirs.
            With
            .Ic set history-notes off
            the text of moods and notes stays out of it: mood 4 walked by the sea is kept as mood 4, and note lines are not kept.
            .Ss Completion
            Tab completes from the commands and your journal:
            .Bl -bullet
            .It
            command names (Tab on an empty line lists them, with what each does), and the command after
            .Ic help ;
            .It
            attribute names after
            .Ic log
            (in every pair), after
            .Ic track
            and in goals;
            .It
            after an attribute, its unit and an example, and your usual value for that weekday (the median of the last 8 weeks); a second Tab fills the usual value in;
            .It
            goal ranges, filled in from the usual value;
            .It
            date words after
            .Ic day ,
            .Ic show ,
            .Ic week
            and
            .Fl -on ;
            settings and their values after
            .Ic set ;
            value types, aggregations and groups after
            .Ic track ;
            files after
            .Ic source ;
            .It
            #tags you have used before, inside the text of moods and notes.
            .El
            .Pp
            One match completes the word; several go as far as they agree, and a second Tab lists them.
            .Ss editrc
            .Pa ~/.editrc ,
            or the file named by
            .Ev EDITRC ,
            is read as
            .Xr editrc 5
            describes.
            Lines that start with daybook: apply to
            .Nm
            only, for example:
            .Dl daybook:bind -s ^X \(dqcheckin\(dq
            .Ss Settings
            Settings live in the journal, so every shell and script agrees on them, and
            .Ic undo
            reverts them.
            .Ic set
            lists them,
            .Ic set Ar NAME
            shows one, and
            .Ic set Ar NAME VALUE
            changes it:
            .Bl -tag -width Ds
            """#)
        for setting in SettingsCatalogue.all {
            page.macro("It Cm " + Mdoc.arg(setting.name))
            page.text(Mdoc.sentence(setting.summary))
            page.text("Values: \(setting.accepted); by default \(setting.defaultValue).")
        }
        page.source(
            #"""
            .El
            .Ss Check-in
            .Ic checkin
            asks how the day was, anything to note, and each value that has a goal or was logged in the last 14 days, one question at a time, writing each answer as it is given; see
            .Sx COMMANDS .
            """#)
    }

    static func scriptMode(_ page: inout Mdoc) {
        page.source(
            #"""
            .Sh SCRIPT MODE
            On a pipe, with
            .Fl f Ar FILE ,
            or with
            .Ic source ,
            .Nm
            runs a script: one command a line, no prompt, no colour.
            Blank lines and lines starting with # are skipped.
            Successful writes print nothing, reads print their output, and
            .Ic undo
            says what it reverted.
            A line that fails is reported on standard error as
            .Dl FILE:LINE: error: MESSAGE
            with <stdin> as the FILE of standard input, and the script goes on; the exit status is then 1.
            .Bl -tag -width Ds
            .It Fl -bail
            Stops at the first line that fails.
            .It Fl -atomic
            Applies the whole script as one transaction: all of it, or nothing if any line fails or the process dies.
            .El
            .Pp
            Ctrl-C stops a script before its next line: the line that runs finishes, the lines before it are kept (with
            .Fl -atomic ,
            nothing is), one line says where it stopped, and the exit status is 130.
            A second Ctrl-C, half a second or more after the first, ends
            .Nm
            at once, and the lines not yet committed are not written, as after a crash.
            .Pp
            Each
            .Fl c Ar COMMAND
            is a line of its own; with more than one, an error names it -c 1, -c 2 and so on, and
            .Fl -bail
            stops at the first that fails.
            Scripts may
            .Ic source
            other scripts, up to 16 deep.
            For how a script's writes reach the disk, see
            .Sx DURABILITY .
            """#)
    }

    static func durability(_ page: inout Mdoc) {
        page.source(
            #"""
            .Sh DURABILITY
            What
            .Nm
            has written stays written, and a crash never leaves half a command.
            .Bl -tag -width Ds
            .It \&In the shell and for one-shot commands
            each command that writes is one transaction (SQLite in WAL mode, synchronous = FULL): when the command returns, it is on disk.
            .It \&In a script
            (a pipe,
            .Fl f Ar FILE ,
            .Ic source )
            writes are batched for speed.
            A batch is committed after 1,000 lines, after 200 ms, whenever input pauses for 10 ms (a slow producer never leaves written lines waiting, or the journal locked), and at the end.
            .It A crash
            .Pq kill -9 , a power cut
            loses at most the batch not yet committed: never part of a command, since each command is all or nothing inside its batch too, and never anything before that batch.
            When a batch cannot be committed (a full disk, the file size limit),
            .Nm
            says which lines were lost.
            .It Fl -atomic
            applies a whole script as one transaction: all of it, or nothing if a line fails or the process dies.
            Other sessions wait for it to finish (up to 10 s, after which they say the journal is busy).
            .It Several sessions at once
            (shells, scripts, one-shot commands) share a journal safely.
            Writers wait for one another (up to 10 s) and take turns, so a long script holds up a shell for about a batch (200 ms), not until it ends.
            .Ic undo
            reverts the most recent change whichever session made it, and says so when it was another's.
            .It A journal that cannot be written
            (read-only file, folder or file system, full disk, file size limit) can still be read; writes say why they were refused.
            A directory, a file that is not SQLite, another program's database and a journal from a newer
            .Nm
            are refused and left untouched.
            .It Privacy
            The journal, the -wal and -shm files beside it and the shell's history are created 0600, in folders created 0700, whatever the umask.
            Errors never show the text of notes or the values being written.
            .Nm
            has no network code.
            .El
            """#)
    }

    static func environment(_ page: inout Mdoc) {
        page.source(
            #"""
            .Sh ENVIRONMENT
            .Bl -tag -width Ds
            .It Ev DAYBOOK_JOURNAL
            The journal, when
            .Fl -journal
            is not given.
            .It Ev DAYBOOK_HISTORY
            The shell's history file;
            .Pa /dev/null
            keeps none.
            .It Ev XDG_DATA_HOME
            When it is an absolute path, the journal is
            .Pa $XDG_DATA_HOME/daybook/journal.sqlite3 .
            .It Ev XDG_STATE_HOME
            When it is an absolute path, the history is
            .Pa $XDG_STATE_HOME/daybook/history .
            .It Ev HOME
            The default journal and history are under it when the variables above are not set.
            .It Ev NO_COLOR
            When it is set and not empty, output has no colour unless
            .Fl -color Cm always
            or the color setting asks for it; so does
            .Ev TERM
            set to dumb.
            .It Ev COLUMNS
            The width of the output when it does not go to a terminal that says its own; else 80.
            .It Ev EDITRC
            The
            .Xr editrc 5
            file the shell reads instead of
            .Pa ~/.editrc .
            .It Ev VISUAL , Ev EDITOR
            The editor for text written at length:
            .Ev VISUAL ,
            else
            .Ev EDITOR ,
            else
            .Xr vi 1 .
            .El
            """#)
    }

    static func files(_ page: inout Mdoc) {
        page.source(
            #"""
            .Sh FILES
            .Bl -tag -width Ds
            .It Pa ~/.local/share/daybook/journal.sqlite3
            The journal, one SQLite file, with its -wal and -shm files beside it while it is open; see
            .Ev XDG_DATA_HOME .
            Read it with
            .Xr sqlite3 1 ;
            its daily view holds each day's values as you typed them.
            .It Pa ~/.local/state/daybook/history
            The shell's history; see
            .Ev XDG_STATE_HOME .
            .It Pa ~/.editrc
            Key bindings and settings of the line editor; see
            .Sx editrc .
            .El
            """#)
    }

    static func exitStatus(_ page: inout Mdoc) {
        page.source(
            #"""
            .Sh EXIT STATUS
            .Bl -tag -width Ds
            .It 0
            Every command succeeded.
            .It 1
            A command or a line of a script failed, or the script could not be read.
            .It 64
            A usage error: a bad option of
            .Nm
            itself, or, in a one-shot command, an unknown command or option, or missing or extra arguments.
            .It 130
            Ctrl-C stopped a script.
            .El
            """#)
    }

    static func examples(_ page: inout Mdoc) {
        page.source(
            #"""
            .Sh EXAMPLES
            A day, one command at a time:
            """#)
        page.literal([
            "$ daybook mood 4 walked by the sea '#outdoors'",
            "mood 4 (good) for today",
            "$ daybook log steps 9120 sleep 7h20m bedtime 23:40",
            "logged steps 9,120, sleep 7h 20m, bedtime 23:40 for today",
            "$ daybook note \"call Ana about Sunday #friends\"",
            "noted for today, tagged #friends",
            "$ daybook show",
            "Saturday 21 November 2026",
            "  mood     4 good · walked by the sea #outdoors",
            "  21:40    call Ana about Sunday #friends · n1",
            "  steps    9,120",
            "  sleep    7h 20m",
            "  bedtime  23:40",
            "  tags     #outdoors #friends",
            "$ daybook undo",
            "undid: a note on 2026-11-21",
        ])
        page.macro("Pp")
        page.text("The same as a script, applied all or nothing, then more values from a pipe:")
        page.literal([
            "$ cat evening.daybook",
            "# one command a line; lines starting with # are skipped",
            "mood 4 walked by the sea #outdoors",
            "log steps 9120 sleep 7h20m bedtime 23:40",
            "note call Ana about Sunday #friends",
            "$ daybook --atomic -f evening.daybook",
            "$ printf 'log water 2\\nlog coffee 1\\n' | daybook --bail",
            "$ daybook goal steps at least 8000",
            "goal for steps: >= 8,000 steps daily, from today",
        ])
    }

    static func seeAlso(_ page: inout Mdoc) {
        page.source(
            #"""
            .Sh SEE ALSO
            .Xr sqlite3 1 ,
            .Xr editrc 5
            """#)
    }
}
