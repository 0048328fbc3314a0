import DaybookCommandLine
import DaybookCommands
import DaybookCore
import DaybookStore
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
            The options come before the command, or after it, among its words, by their long names
            .Pq Nm Cm today Fl -journal Ar PATH :
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
            before the command ends the options: after it, no word is read as one of them.
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
}
