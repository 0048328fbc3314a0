// Completion on a journal of ten years: how long one TAB takes, against the bare SQLite query
// under it (the floor), and against the LIKE query it replaced.
//
//   swift build -c release --product completion-bench && .build/release/completion-bench [JOURNAL]
//
// Builds the journal (3,653 days: a mood with a tagged note, a note, five values a day) in a
// temporary folder unless JOURNAL is given and exists.
import CSQLite
import DaybookCommands
import DaybookCore
import DaybookShell

#if canImport(Glibc)
    import Glibc
#endif

/// `value` with `decimals` digits after the point, right-aligned in `width`.
func fmt(_ value: Double, _ decimals: Int = 1, width: Int = 0) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(Int(rounded))
    if decimals > 0 {
        let fraction = Int(((abs(rounded) - Double(Int(abs(rounded)))) * scale).rounded())
        let digits = String(fraction)
        text += "." + String(repeating: "0", count: decimals - digits.count) + digits
    }
    return pad(text, width)
}

func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - text.count))
    return left ? text + fill : fill + text
}

func nowNanoseconds() -> Int {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec * 1_000_000_000 + ts.tv_nsec
}

/// Median and 99th percentile of `runs` calls, in microseconds.
func measure(runs: Int = 2000, _ body: () -> Void) -> (median: Double, p99: Double) {
    for _ in 0..<20 { body() }
    var samples: [Int] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
        let start = nowNanoseconds()
        body()
        samples.append(nowNanoseconds() - start)
    }
    samples.sort()
    return (Double(samples[runs / 2]) / 1000, Double(samples[runs * 99 / 100]) / 1000)
}

let today = Day(year: 2026, month: 11, day: 21)!
let clock = { LocalTime(day: today, minuteOfDay: 21 * 60) }
let arguments = CommandLine.arguments
let path: String
var made = false
if arguments.count > 1 {
    path = arguments[1]
} else {
    path = "/tmp/daybook-bench-\(getpid())/journal.sqlite3"
    made = true
}
var info = stat()
let fresh = stat(path, &info) != 0
let journal = try Journal(path: path, clock: clock)
let days = 3653
if fresh {
    let start = nowNanoseconds()
    let words = [
        "walk", "work", "family", "friends", "sea", "run", "read", "cook", "garden", "music", "travel", "rain",
    ]
    var tagPool: [String] = []
    for a in words {
        for b in [
            "", "-club", "-trip", "-day", "s", "-plan", "-log", "-night", "-time", "ing", "-notes", "-fun", "-team",
            "-home", "-out", "-list", "-x",
        ] { tagPool.append(a + b) }
    }
    let steps = journal.attribute(named: "steps")!
    let sleep = journal.attribute(named: "sleep")!
    let bedtime = journal.attribute(named: "bedtime")!
    let weight = journal.attribute(named: "weight")!
    let coffee = journal.attribute(named: "coffee")!
    var seed: UInt64 = 42
    func random(_ n: Int) -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((seed >> 33) % UInt64(n))
    }
    try journal.beginBatch()
    for offset in stride(from: days - 1, through: 0, by: -1) {
        let day = today.adding(days: -offset)
        let t1 = tagPool[random(tagPool.count)]
        let t2 = tagPool[random(tagPool.count)]
        try journal.setMood(day: day, rating: 1 + random(5), note: "a day like any other #\(t1) and #\(t2)")
        try journal.addNote(day: day, text: "noted something about #\(tagPool[random(tagPool.count)])")
        try journal.log(
            day: day,
            [
                (steps, Double(4000 + random(8000))), (sleep, Double(360 + random(150))),
                (bedtime, Double(1380 + random(90)).truncatingRemainder(dividingBy: 1440)),
                (weight, 70 + Double(random(50)) / 10), (coffee, Double(random(4))),
            ])
        if offset % 500 == 0 {
            try journal.commitBatch()
            try journal.beginBatch()
        }
    }
    try journal.commitBatch()
    print("built a journal of \(days) days in \((nowNanoseconds() - start) / 1_000_000) ms: \(path)")
}

let context = Context(
    table: .standard, out: Output(fd: 1), err: Output(fd: 2), style: Style(enabled: false), chatty: false
) { journal }
let completer = Completer(table: .standard)
let source = JournalCompletionSource(context: context)
let counts = try journal.database.first(
    "SELECT (SELECT count(*) FROM tag), (SELECT count(DISTINCT name) FROM tag), (SELECT count(*) FROM entry), (SELECT count(*) FROM change)"
) { ($0.int(0), $0.int(1), $0.int(2), $0.int(3)) }!
print("journal: \(counts.0) tags (\(counts.1) distinct), \(counts.2) entries, \(counts.3) changes")

/// The bare query, as SQLite runs it: prepare once, then bind, step, reset.
@MainActor func bareQuery(_ sql: String, _ text: String) -> () -> Void {
    var statement: OpaquePointer?
    sqlite3_prepare_v3(journal.database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    return {
        sqlite3_bind_text(statement, 1, text, -1, csqlite_transient())
        sqlite3_bind_int64(statement, 2, 50)
        while sqlite3_step(statement) == SQLITE_ROW {}
        sqlite3_reset(statement)
    }
}
let rangeSQL = """
    SELECT name FROM (
        SELECT name, count(*) AS uses FROM tag WHERE name >= ?1 AND name < ?1 || char(1114111) GROUP BY name
    ) AS used
    WHERE EXISTS (SELECT 1 FROM tag AS live WHERE live.name = used.name AND live.removed_by IS NULL)
    ORDER BY uses DESC, name LIMIT ?2
    """
let liveRangeSQL =
    "SELECT name FROM tag WHERE name >= ?1 AND name < ?1 || char(1114111) AND removed_by IS NULL GROUP BY name ORDER BY count(*) DESC, name LIMIT ?2"
let likeSQL =
    "SELECT name FROM tag WHERE name LIKE ?1 || '%' ESCAPE '\\' AND removed_by IS NULL GROUP BY name ORDER BY count(*) DESC, name LIMIT ?2"

print("")
print("line                               candidates   median µs   p99 µs   bare SQLite µs   ratio")
let cases: [(String, String?)] = [
    ("", nil), ("mo", nil), ("help lo", nil), ("log s", nil), ("log steps ", nil), ("log steps 8200 sleep ", nil),
    ("show y", nil), ("mood 4 --on th", nil), ("set color ", nil), ("track pages count ", nil),
    ("mood 4 lovely day #", ""), ("note walked #wa", "wa"), ("note walked #walk-", "walk-"), ("note #zz", "zz"),
]
var worst = 0.0
for (line, tagPrefix) in cases {
    let cursor = line.unicodeScalars.count
    var result: Completion? = nil
    let timing = measure { result = completer.complete(line, cursor: cursor, source: source) }
    worst = max(worst, timing.p99)
    var bare = "—"
    var ratio = "—"
    if let tagPrefix {
        let floor = measure(bareQuery(rangeSQL, tagPrefix)).median
        bare = fmt(floor)
        ratio = fmt(timing.median / floor, 2)
    }
    print(
        pad("\"\(line)\"", 34, left: true) + " " + pad(String(result!.candidates.count), 10) + "   "
            + fmt(timing.median, width: 9) + "   " + fmt(timing.p99, width: 6) + "   " + pad(bare, 14) + "   "
            + pad(ratio, 5))
}
print("")
print("tag query       index range, counted in the index   range, live uses counted   LIKE    LIKE / index range")
for prefix in ["", "w", "wa", "walk-"] {
    let range = measure(bareQuery(rangeSQL, prefix)).median
    let live = measure(bareQuery(liveRangeSQL, prefix)).median
    let like = measure(bareQuery(likeSQL, prefix)).median
    print(
        pad("'\(prefix)'", 14, left: true) + fmt(range, width: 38) + " µs" + fmt(live, width: 23) + " µs"
            + fmt(like, width: 7) + " µs" + fmt(like / range, width: 20))
}
print("\nslowest completion (p99): \(fmt(worst)) µs; the budget is 2000 µs")
if made {
    unlink(path)
    unlink(path + "-wal")
    unlink(path + "-shm")
    rmdir("/tmp/daybook-bench-\(getpid())")
}
