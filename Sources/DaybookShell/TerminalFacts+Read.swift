import DaybookViews

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Whether output is a terminal is asked here, once, when the program makes its context; the
// views and commands are told (`TerminalFacts`), never ask.
extension TerminalFacts {
    /// Reads standard output (`fd`) and the environment. `colorFlag` is `--color`'s value;
    /// `script` is true when commands come from a file or a pipe, whose output `auto` never colours.
    public static func read(
        environment: [String: String], colorFlag: String?, script: Bool, fd: Int32 = 1
    ) -> TerminalFacts {
        resolve(
            isTerminal: isatty(fd) == 1, windowColumns: windowColumns(fd), environment: environment,
            colorFlag: colorFlag, script: script)
    }
}
