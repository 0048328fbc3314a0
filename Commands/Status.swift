import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

/// A command that failed with nothing to say: `status --check` on a day without a check-in.
/// The exit status is 1, and no line is printed.
public struct QuietFailure: Error, Sendable {}

extension Option {
    static let statusFormat = Option(
        "--format", value: "FORMAT", kind: .word,
        help: "the line's placeholders and text (default '\(StatusLine.defaultFormat)'): \(StatusLine.accepted)")
    static let prompt = Option(
        "--prompt", value: "SHELL", kind: .choice(StatusLine.Prompt.names),
        help: "for a prompt of bash, zsh or fish: colour codes wrapped as that shell needs, colour on unless NO_COLOR")
    static let check = Option(
        "--check",
        help: "exit 1 when today has no check-in, for cron and timers; prints nothing unless --format is given")
}

extension Commands {

    public static let status = CommandSpec(
        name: "status",
        summary: "one line for a shell prompt or a status bar",
        discussion: """
            Prints one line: whether today has a check-in (a mood), and each daily goal not \
            met yet, with today's value and its lower bound: 'not checked in · steps \
            4,200/10,000'. --format chooses what it shows, with placeholders: \
            \(StatusLine.Placeholder.allCases.map { "%\($0.rawValue) (\($0.help))" }.joined(separator: ", ")), \
            the last three showing nothing when they have nothing to say; %% is a percent sign. Placeholders apart only by blanks are joined by ' · ', and one \
            that shows nothing takes its blanks with it; other text shows as it is. \
            Today follows the day-start setting. Made to run at every prompt: it reads the \
            journal without waiting for another program's lock and without writing anything \
            beside it; with no journal, or a busy one, it prints nothing and exits 0. \
            --prompt bash|zsh|fish wraps the colour codes as that shell's prompt needs, and \
            colours unless NO_COLOR is set, --color never is given or the color setting is \
            never; without --prompt, colour is as for any command (on a terminal, or \
            --color always). --check exits 1 when today has no check-in (and when there is no \
            journal), 0 otherwise. See docs/status.md for .bashrc, .zshrc, config.fish, \
            .tmux.conf and a systemd timer.
            """,
        options: [.statusFormat, .prompt, .check],
        examples: [
            "status", "status --format '%mood %goals %streak'", "status --prompt bash", "status --check",
        ]
    ) { invocation, context in
        let format: StatusLine.Format
        do {
            format = try StatusLine.Format(invocation.value(.statusFormat) ?? StatusLine.defaultFormat)
        } catch let error as StatusLine.FormatError {
            throw UsageError(error.description)
        }
        // The parser has checked it is one of the shells, in any case.
        let prompt = invocation.value(.prompt).flatMap { StatusLine.Prompt(rawValue: $0.lowercased()) }
        let check = invocation.has(.check)
        // No journal path at all (no HOME): no journal, as for a path with nothing there.
        guard let path = context.journalPath else {
            if check { throw QuietFailure() }
            return .done
        }
        let facts: StatusFacts
        switch try Journal.status(path: path, now: LocalTime.now(), streak: format.showsStreak) {
        case .noJournal:
            if check { throw QuietFailure() }
            return .done
        case .busy:
            return .done
        case .locked:
            // Never asks and never waits: an encrypted journal without its key kept says so.
            if check { throw QuietFailure() }
            context.out.line("locked")
            return .done
        case .read(let read):
            facts = read
        }
        if !check || invocation.value(.statusFormat) != nil {
            let setting = facts.colorSetting.flatMap(SettingsCatalogue.color.normalize)
            var policy = context.facts.color
            // A prompt is shown on a terminal, though `$(...)` reads it through a pipe.
            if prompt != nil { policy.auto = true }
            let appearance = Appearance(colour: policy.enabled(setting: setting), unicode: context.facts.utf8)
            let line = StatusLine.line(facts, format: format, appearance: appearance, prompt: prompt)
            if !line.isEmpty {
                // A prompt goes on after it on the same line.
                if prompt != nil { context.out.write(line) } else { context.out.line(line) }
            }
        }
        if check && facts.rating == nil { throw QuietFailure() }
        return .done
    }
}
