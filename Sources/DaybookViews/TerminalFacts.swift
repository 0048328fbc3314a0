#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The values of `--color` and of the `color` setting. The one place they are written out.
public enum ColorChoice: String, Sendable, CaseIterable {
    case auto
    case always
    case never

    /// `["auto", "always", "never"]`, for the option table and completion.
    public static let names = allCases.map(\.rawValue)
    /// `auto, always or never`, for messages.
    public static let accepted = "auto, always or never"
}

/// How colour is decided: `--color` wins; without it, `NO_COLOR` turns colour off; without
/// that, the journal's `color` setting (`auto` when unset). `auto` colours only what `auto`
/// says: output to a terminal that wants colour, outside a script.
public struct ColorPolicy: Sendable, Equatable {
    /// The `--color` option's value, when it was given.
    public var flag: String?
    /// True when `NO_COLOR` is set to something.
    public var noColor: Bool
    /// What `auto` means here: true when output goes to a terminal that wants colour.
    public var auto: Bool

    public init(flag: String?, noColor: Bool = false, auto: Bool) {
        self.flag = flag
        self.noColor = noColor
        self.auto = auto
    }

    /// Whether to colour, given the `color` setting (nil when the journal has none).
    public func enabled(setting: String?) -> Bool {
        if let flag = flag.flatMap(ColorChoice.init(rawValue:)) { return decide(flag) }
        if noColor { return false }
        return decide(setting.flatMap(ColorChoice.init(rawValue:)) ?? .auto)
    }

    func decide(_ choice: ColorChoice) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto: return auto && !noColor
        }
    }
}

/// What daybook knows of where its output goes. Read once at start-up (`read`, in the shell) and passed down
/// through the context, so that no view asks the terminal or the environment itself.
public struct TerminalFacts: Sendable, Equatable {
    /// Standard output is a terminal.
    public var isTerminal: Bool
    /// The width views fit, in columns: the terminal's (TIOCGWINSZ on standard output), else
    /// `COLUMNS`, else 80.
    public var width: Int
    /// The locale's character set is UTF-8 (`LC_ALL`, else `LC_CTYPE`, else `LANG`).
    public var utf8: Bool
    /// How colour is chosen: `--color`, then `NO_COLOR`, then the `color` setting.
    public var color: ColorPolicy

    public init(isTerminal: Bool, width: Int, utf8: Bool, color: ColorPolicy) {
        self.isTerminal = isTerminal
        self.width = width
        self.utf8 = utf8
        self.color = color
    }

    /// A message for a person at a terminal, in lines that fit its width, wrapped at spaces
    /// (`Columns.wrapLine`); one line, as it is, anywhere else.
    public func fitted(_ text: String) -> [String] {
        isTerminal ? Columns.wrapLine(text, width: width, hanging: 0) : [text]
    }

    /// On a terminal, the width is the window's as it is now (after a resize); elsewhere, and
    /// when the window does not say, it stays as read.
    public mutating func followWindow(fd: Int32 = 1) {
        guard isTerminal, let columns = TerminalFacts.windowColumns(fd) else { return }
        width = min(columns, TerminalFacts.maximumWidth)
    }

    /// Not a terminal, 80 columns, UTF-8; colour only when the `color` setting asks for it.
    public static let plain = TerminalFacts(
        isTerminal: false, width: 80, utf8: true, color: ColorPolicy(flag: nil, auto: false))

    /// The widest width believed; a larger `COLUMNS` or window is taken as this.
    public static let maximumWidth = 1000

    /// The facts from what the shell read of standard output and the environment
    /// (`TerminalFacts.read`, in DaybookShell: whether output is a terminal is asked there
    /// alone); testable without a terminal.
    public static func resolve(
        isTerminal: Bool, windowColumns: Int?, environment: [String: String], colorFlag: String?, script: Bool
    ) -> TerminalFacts {
        let set = { (name: String) -> String? in
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        return TerminalFacts(
            isTerminal: isTerminal,
            width: width(windowColumns: windowColumns, columns: set("COLUMNS")),
            utf8: isUTF8(locale: set("LC_ALL") ?? set("LC_CTYPE") ?? set("LANG")),
            color: ColorPolicy(
                flag: colorFlag, noColor: set("NO_COLOR") != nil,
                auto: isTerminal && !script && set("TERM") != "dumb"))
    }

    /// The window's width in columns, or nil when `fd` is not a terminal or does not say.
    public static func windowColumns(_ fd: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The window's width, else `COLUMNS` when it is a positive number, else 80.
    public static func width(windowColumns: Int?, columns: String?) -> Int {
        if let windowColumns, windowColumns > 0 { return min(windowColumns, maximumWidth) }
        if let columns, let number = Int(columns), number > 0 { return min(number, maximumWidth) }
        return 80
    }

    /// Whether a locale name (`en_GB.UTF-8`, `C.utf8`, `de_DE.UTF-8@euro`) names the UTF-8
    /// character set. Nil, `C` and `POSIX` do not.
    public static func isUTF8(locale: String?) -> Bool {
        guard var name = locale else { return false }
        if let at = name.firstIndex(of: "@") { name = String(name[..<at]) }
        let codeset = name.firstIndex(of: ".").map { String(name[name.index(after: $0)...]) } ?? name
        let folded = codeset.lowercased().filter { $0 != "-" && $0 != "_" }
        return folded == "utf8"
    }

    /// The appearance views draw with, given the journal's `color` setting (nil when unset):
    /// Unicode glyphs and borders when the locale is UTF-8, their ASCII stand-ins otherwise.
    public func appearance(setting: String?) -> Appearance {
        Appearance(colour: color.enabled(setting: setting), unicode: utf8)
    }
}
