import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookViews

// The sections on the shell, scripts, the journal file, the environment, files, exit status and
// examples.
extension ManPage {
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
            is given: it wins over the color setting, even when that is always.
            .Ev TERM
            set to dumb only keeps auto from colouring;
            .Fl -color Cm always
            and the color setting always still colour.
            .It Ev COLUMNS
            The width of the output when it does not go to a terminal that says its own; else 80.
            .It Ev EDITRC
            The
            .Xr editrc 5
            file the shell reads instead of
            .Pa ~/.editrc .
            .It Ev DAYBOOK_PASSPHRASE_COMMAND
            A command, run through
            .Pa /bin/sh ,
            whose first line of output is the passphrase of an encrypted journal: for scripts and
            timers, which have no terminal to ask on.
            .It Ev XDG_RUNTIME_DIR
            Where the editor's file is written, when set.
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
            .It 77
            The journal is encrypted and locked, and there was no way to ask for its passphrase: no
            terminal, and no
            .Ev DAYBOOK_PASSPHRASE_COMMAND .
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
