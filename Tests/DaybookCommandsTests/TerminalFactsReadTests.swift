import DaybookShell
import DaybookViews
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `TerminalFacts.read`, the one place that asks whether output is a terminal: on a real
/// terminal and on a pipe.
@Suite struct TerminalFactsReadTests {
    @Test func readsARealTerminalAndAPipe() throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: 24, ws_col: 123, ws_xpixel: 0, ws_ypixel: 0)
        try #require(openpty(&master, &slave, nil, nil, &size) == 0)
        defer {
            close(master)
            close(slave)
        }
        let onTerminal = TerminalFacts.read(environment: ["COLUMNS": "60"], colorFlag: nil, script: false, fd: slave)
        #expect(onTerminal.isTerminal)
        #expect(onTerminal.width == 123)
        #expect(onTerminal.color.enabled(setting: nil))

        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let onPipe = TerminalFacts.read(environment: ["COLUMNS": "60"], colorFlag: nil, script: false, fd: ends[1])
        #expect(!onPipe.isTerminal)
        #expect(onPipe.width == 60)
        #expect(!onPipe.color.enabled(setting: nil))
        #expect(TerminalFacts.windowColumns(ends[1]) == nil)
    }
}
