// In-process latency of completion lookups on a journal, for bench/run.sh.
//
//   daybook-bench JOURNAL [ITERATIONS]
//
// Prints, tab-separated, a line per prefix and then one per probe:
//   detail  <name>  <median µs>  <baseline median µs>  <prefix>
//   probe   <name>  <median µs, worst prefix>  <baseline median µs, same prefix>  <cold µs>  <prefix>
// where the baseline is the straightforward SQL for the lookup run through the SQLite C API
// alone (`BaselineQuery`: statement kept prepared, no Swift wrapper, no String decoding), and "cold" is the
// first call after opening the journal (statement preparation and SQLite's page cache
// included), which is what the first TAB of a session costs: a median over fresh sessions.
//
// Each probe is a closure from a prefix to a candidate count: the shell's own completion
// engine (`Completer`, as one TAB runs it) on a line ending in that prefix.

import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookProbes
import DaybookShell
import DaybookViews

#if canImport(Glibc)
    import Glibc
#endif

struct Probe {
    let name: String
    /// What a person has typed before pressing TAB.
    let prefixes: [String]
    /// Completes one prefix the way daybook does, on a journal; returns how many candidates it found.
    let daybook: (Journal, String) throws -> Int
    /// The same lookup with the SQLite C API alone, as the floor.
    let baseline: (String) throws -> Int
}

func nanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

func median(_ values: [UInt64]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? Double(sorted[mid]) : Double(sorted[mid - 1] + sorted[mid]) / 2
}

/// Median latency in microseconds of `iterations` calls of `body(prefix)`.
func measure(_ prefix: String, iterations: Int, _ body: (String) throws -> Int) rethrows -> Double {
    var samples: [UInt64] = []
    samples.reserveCapacity(iterations)
    var sink = 0
    for _ in 0..<iterations {
        let start = nanoseconds()
        sink &+= try body(prefix)
        samples.append(nanoseconds() - start)
    }
    if sink == Int.min { print("") }  // keeps the calls from being optimised away
    return median(samples) / 1000
}

/// Writes one line to standard error (the C `stderr` global is off limits in Swift 6).
func complain(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}

func likePattern(_ prefix: String) -> String {
    prefix.lowercased().replacing("\\", with: "\\\\").replacing("%", with: "\\%").replacing("_", with: "\\_") + "%"
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    complain("usage: daybook-bench JOURNAL [ITERATIONS]")
    exit(64)
}
let path = arguments[1]
let iterations = arguments.count > 2 ? max(1, Int(arguments[2]) ?? 200) : 200
let sessions = max(1, min(25, iterations / 10))

do {
    var info = stat()
    guard stat(path, &info) == 0 else {
        complain("daybook-bench: no journal at \(path)")
        exit(1)
    }
    let journal = try Journal(path: path, create: false)

    let rawTags = try BaselineQuery.tags(journal)
    let rawAttributes = try BaselineQuery.attributes(journal)

    let completer = Completer(table: .standard)
    /// One TAB at the end of `line`, as the shell runs it, on `journal`.
    func tab(_ journal: Journal, _ line: String) -> Int {
        let context = Context(
            table: .standard, out: Output(fd: 1), err: Output(fd: 2), style: Style(enabled: false), chatty: false
        ) { journal }
        let source = JournalCompletionSource(context: context)
        return completer.complete(line, cursor: line.unicodeScalars.count, source: source).candidates.count
    }
    let probes = [
        Probe(
            name: "tags",
            prefixes: ["", "w", "wo", "c", "co", "s", "late-", "zz"],
            daybook: { journal, prefix in tab(journal, "note walked #" + prefix) },
            baseline: { rawTags.run(likePattern($0)) }),
        Probe(
            name: "attributes",
            prefixes: ["", "s", "st", "sl", "w", "m", "x"],
            daybook: { journal, prefix in tab(journal, "log steps 8200 " + prefix) },
            baseline: { rawAttributes.run(likePattern($0)) }),
    ]

    for probe in probes {
        // The first call of a session prepares its statements and fills SQLite's page cache:
        // that is the first TAB's cost. Median over fresh sessions, slowest prefix.
        var firstCalls: [UInt64] = []
        for _ in 0..<sessions {
            let session = try Journal(path: path, create: false)
            let start = nanoseconds()
            _ = try probe.daybook(session, probe.prefixes[0])
            firstCalls.append(nanoseconds() - start)
        }
        let cold = median(firstCalls) / 1000
        var worst = (prefix: "", daybook: -1.0, baseline: 0.0)
        for prefix in probe.prefixes {
            let ours = try measure(prefix, iterations: iterations) { try probe.daybook(journal, $0) }
            let floor = try measure(prefix, iterations: iterations, probe.baseline)
            print("detail\t\(probe.name)\t\(ours)\t\(floor)\t\(prefix.isEmpty ? "''" : "'\(prefix)'")")
            if ours > worst.daybook { worst = (prefix, ours, floor) }
        }
        print(
            "probe\t\(probe.name)\t\(worst.daybook)\t\(worst.baseline)\t\(cold)\t\(worst.prefix.isEmpty ? "''" : "'\(worst.prefix)'")"
        )
    }
} catch {
    complain("daybook-bench: \(error)")
    exit(1)
}
