import CEditLine
import DaybookCommands
import DaybookViews

#if canImport(Glibc)
    import Glibc
#endif

/// Reads lines from a terminal with libedit: emacs key bindings, `~/.editrc` (lines starting
/// `daybook:` apply), Ctrl-R reverse search, history, TAB completion. Ctrl-C drops the line
/// being typed; Ctrl-D on an empty line ends the input. Use it only when standard input is a
/// terminal: on a pipe libedit reads one byte per system call. libedit is loaded (dlopen) when
/// the first reader is made, so that commands run once never load it.
public final class EditLineReader: LineReader {
    private let editor: OpaquePointer
    private let history: OpaquePointer
    private var promptText: UnsafeMutablePointer<CChar>? = nil
    private var cancelled = false
    /// The line and cursor after the last TAB that showed a list or beeped, to tell a second
    /// TAB in a row.
    private var lastTab: ([Int32], Int)? = nil
    /// Completes the line before the cursor (in Unicode scalars); nil turns TAB off.
    public var completer: ((String, Int) -> Completion)?
    /// False while a command asks a question: TAB then completes nothing, or, in an answer of
    /// free text, what `textCompleter` offers.
    public var completing = true
    /// Completes an answer of free text (`ask(_:freeText:)`): the #tags used before.
    public var textCompleter: ((String, Int) -> Completion)?
    private var completingText = false
    /// What TAB fills in on an empty answer (`ask(_:freeText:offering:)`), or nil.
    private var offered: String? = nil
    /// The history file, when history is kept.
    public let historyFile: HistoryFile?
    /// What of an entered line is written to the history file; nil keeps nothing. The whole
    /// line always goes into this session's in-memory history.
    public var historyFilter: ((String) -> String?)?

    /// Why libedit could not be loaded; nil when it is loaded (or can be).
    public static var unavailable: String? {
        daybook_editline_load() == 1 ? nil : daybook_editline_error().map { String(cString: $0) }
    }

    /// Sets up libedit on the terminal on standard input, loading `historyFile` if given.
    /// Nil when libedit cannot be loaded or initialised.
    public init?(name: String = "daybook", historyFile: HistoryFile?) {
        guard daybook_editline_load() == 1 else { return nil }
        EditLineReader.fixLocale()
        guard let editor = daybook_el_init(name, daybook_stdin(), daybook_stdout(), daybook_stderr()) else { return nil }
        guard let history = daybook_history_init() else {
            daybook_el_end(editor)
            return nil
        }
        self.editor = editor
        self.history = history
        self.historyFile = historyFile
        _ = daybook_history_setsize(history, Int32(clamping: historyFile?.limit ?? 1000))
        _ = daybook_history_setunique(history, 1)
        _ = daybook_el_set_history(editor, history)
        _ = daybook_el_set_clientdata(editor, Unmanaged.passUnretained(self).toOpaque())
        _ = daybook_el_set_prompt(editor) { editor in
            guard let editor, let reader = EditLineReader.from(editor) else { return nil }
            return reader.promptText
        }
        _ = daybook_el_set_editor(editor, "emacs")
        // libedit restores the terminal on signals and handles SIGWINCH while reading.
        _ = daybook_el_set_int(editor, EL_SIGNAL, 1)
        // Keys are read so that a SIGINT from outside ends the line whenever it comes (see
        // daybook_el_read_keys_with_wakes); without the pipe, libedit's own reader is kept.
        _ = daybook_el_read_keys_with_wakes(editor)
        // Ctrl-C is a key while editing, not a signal: it drops the line, never the shell.
        _ = daybook_el_setty(editor, "-d", "-isig")
        _ = daybook_el_addfn(editor, "daybook-complete", "complete the word before the cursor") { editor, _ in
            guard let editor, let reader = EditLineReader.from(editor) else { return UInt8(CC_ERROR) }
            return reader.completeWord()
        }
        _ = daybook_el_addfn(editor, "daybook-cancel", "drop the line being typed") { editor, _ in
            guard let editor, let reader = EditLineReader.from(editor) else { return UInt8(CC_ERROR) }
            return reader.cancelLine()
        }
        _ = daybook_el_bind(editor, "^I", "daybook-complete")
        _ = daybook_el_bind(editor, "^C", "daybook-cancel")
        _ = daybook_el_bind(editor, "^R", "em-inc-search-prev")
        // Functions are added before ~/.editrc is read, so that it can bind them.
        _ = daybook_el_source(editor, nil)
        if let historyFile {
            for entry in historyFile.load() { _ = daybook_history_enter(history, entry) }
        }
    }

    deinit {
        daybook_el_end(editor)
        daybook_history_end(history)
        free(promptText)
    }

    static func from(_ editor: OpaquePointer) -> EditLineReader? {
        guard let data = daybook_el_get_clientdata(editor) else { return nil }
        return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
    }

    /// libedit decodes input with the C library's multibyte functions, and a Swift program
    /// starts in the "C" locale, where every byte above 0x7F is dropped (café becomes caf).
    /// Take the character type from the environment, and UTF-8 when that gives "C".
    static func fixLocale() {
        let chosen = setlocale(LC_CTYPE, "").map { String(cString: $0) }
        if chosen == nil || chosen == "C" || chosen == "POSIX" {
            _ = setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    public func read(prompt: String) -> LineInput {
        free(promptText)
        promptText = strdup(prompt)
        cancelled = false
        lastTab = nil
        fflush(daybook_stdout())
        if resized.exchange(false, ordering: .relaxed) { daybook_el_resize(editor) }
        // Raw mode now, before the prompt is drawn: keys typed meanwhile are neither echoed
        // twice nor lost.
        _ = daybook_el_set_int(editor, EL_PREP_TERM, 1)
        // A Ctrl-C that stopped the last command is not this line's.
        daybook_el_clear_wakes()
        var count: Int32 = 0
        errno = 0
        guard let text = daybook_el_gets(editor, &count) else {
            let error = errno
            if count < 0 && error == EINTR {
                // A signal (SIGINT from outside, say) while reading: drop the line.
                writeOut("\n")
                return .interrupted
            }
            // Ctrl-D on an empty line (0), or the terminal went away (-1, EIO).
            if count == 0 { writeOut("\n") }
            return .endOfInput
        }
        if cancelled { return .interrupted }
        var line = String(cString: text)
        if line.hasSuffix("\n") { line.removeLast() }
        return .line(line)
    }

    public func entered(_ line: String) {
        // Completion leaves a space at the end; it has no place in the history.
        var trimmed = Substring(line)
        while let last = trimmed.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
        guard !trimmed.isEmpty else { return }
        let entry = String(trimmed)
        _ = daybook_history_enter(history, entry)
        if let historyFile, let saved = historyFilter.map({ $0(entry) }) ?? entry {
            historyFile.append(saved)
        }
    }

    /// Asks one question (for `checkin`): nothing added to the history. TAB completes nothing,
    /// or in an answer of free text (a note), the #tags of `textCompleter`, or on an empty
    /// answer, `offering` when it is given.
    public func ask(_ prompt: String, freeText: Bool = false, offering: String? = nil) -> Answer {
        completing = false
        completingText = freeText
        offered = offering
        defer { (completing, completingText, offered) = (true, false, nil) }
        switch read(prompt: prompt) {
        case .line(let text): return .text(text)
        case .interrupted: return .cancelled
        case .endOfInput: return .ended
        }
    }

    private func writeOut(_ text: String) {
        fputs(text, daybook_stdout())
        fflush(daybook_stdout())
    }

    // MARK: Key functions

    /// Ctrl-C: show `^C` after the line, end it, and report it dropped.
    private func cancelLine() -> UInt8 {
        cancelled = true
        _ = daybook_el_cursor(editor, 1 << 20)
        _ = daybook_el_insertstr(editor, "^C")
        daybook_el_push(editor, "\r")
        return UInt8(CC_REFRESH)
    }

    /// TAB.
    private func completeWord() -> UInt8 {
        if let offered, let info = daybook_el_wline(editor)?.pointee {
            guard info.lastchar == info.buffer else { return UInt8(CC_REFRESH_BEEP) }
            _ = daybook_el_insertstr(editor, offered)
            return UInt8(CC_REFRESH)
        }
        let completer = completingText ? textCompleter : completing ? self.completer : nil
        guard let completer, let info = daybook_el_wline(editor)?.pointee else { return UInt8(CC_REFRESH_BEEP) }
        let count = info.lastchar - info.buffer
        let buffer = Array(UnsafeBufferPointer(start: info.buffer, count: count))
        let cursor = info.cursor - info.buffer
        var scalars = String.UnicodeScalarView()
        for code in buffer { scalars.append(Unicode.Scalar(UInt32(bitPattern: code)) ?? "\u{FFFD}") }
        let line = String(scalars)
        let repeated = lastTab.map { $0.0 == buffer && $0.1 == cursor } ?? false
        let completion = completer(line, cursor)
        let terminalColumns = Int(daybook_terminal_columns(1))
        let columns = terminalColumns > 0 ? terminalColumns : 80
        switch completion.action(repeated: repeated, width: columns) {
        case .insert(var text, let replacing):
            if replacing > 0 { daybook_el_deletestr(editor, Int32(replacing)) }
            // A word completed before a space already typed takes no second one: the cursor
            // moves over that space instead.
            var overSpace = false
            if text.hasSuffix(" "), cursor < count, buffer[cursor] == 32 {
                text.removeLast()
                overSpace = true
            }
            _ = daybook_el_insertstr(editor, text)
            if overSpace { _ = daybook_el_cursor(editor, 1) }
            // The next TAB is a first one for what was completed: after an attribute's name,
            // its value's hint comes before the usual value is filled in.
            lastTab = nil
            return UInt8(CC_REFRESH)
        case .list(let lines):
            lastTab = (buffer, cursor)
            // The list goes under the whole line, however many rows it takes, and the prompt
            // and line are drawn afresh under the list. (CC_REDISPLAY would first clear as many
            // rows above the cursor as the line took, which are then rows of the list.)
            let prompt = promptText.map { String(cString: $0) } ?? ""
            let down = EditLineReader.rowsBelow(
                prompt: prompt, line: Array(scalars), cursor: cursor, columns: columns)
            writeOut(String(repeating: "\n", count: down) + lines.joined(separator: "\n") + "\n")
            _ = daybook_el_refresh(editor)
            return UInt8(CC_REFRESH)
        case .beep:
            lastTab = (buffer, cursor)
            return UInt8(CC_REFRESH_BEEP)
        }
    }

    /// How many newlines take the terminal's cursor from `cursor` in `line` (after `prompt`)
    /// to the start of an empty row under everything libedit drew: the rows of a line that
    /// wraps, and the row it moved on to when the line fills its last column exactly.
    static func rowsBelow(prompt: String, line: [Unicode.Scalar], cursor: Int, columns: Int) -> Int {
        let before = Array(prompt.unicodeScalars) + line.prefix(max(0, min(cursor, line.count)))
        let here = drawnPosition(before, columns: columns)
        let end = drawnPosition(Array(prompt.unicodeScalars) + line, columns: columns)
        return end.row - here.row + (end.column > 0 ? 1 : 0)
    }

    /// Where libedit leaves the cursor after drawing `scalars` from the start of a row, as its
    /// refresh lays them out (re_addc): wide characters take 2 columns (wcwidth) and move to
    /// the next row whole, a tab goes to the next multiple of 8, a control character shows as
    /// ^X and one that cannot be printed as \U+XXXX; a row that is full moves on to the next.
    static func drawnPosition(_ scalars: [Unicode.Scalar], columns: Int) -> (row: Int, column: Int) {
        let columns = max(1, columns)
        var (row, column) = (0, 0)
        func put(_ width: Int) {
            if column + width > columns {
                row += 1
                column = 0
            }
            column += width
            if column >= columns {
                row += 1
                column = 0
            }
        }
        for scalar in scalars {
            let value = scalar.value
            if scalar == "\t" {
                repeat { put(1) } while column % 8 != 0
            } else if scalar == "\n" {
                row += 1
                column = 0
            } else if value < 0x100 && iswcntrl(wint_t(value)) != 0 {
                put(1)
                put(1)
            } else if iswprint(wint_t(value)) != 0 {
                put(max(0, Int(daybook_wcwidth(Int32(bitPattern: value)))))
            } else {
                for _ in 0..<(value > 0xFFFF ? 8 : 7) { put(1) }
            }
        }
        return (row, column)
    }
}
