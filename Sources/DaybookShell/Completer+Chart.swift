import DaybookCommandLine
import DaybookCore
import DaybookStore

/// The words after `chart ATTR`: free text for the parser (PERIOD), read by the command as a
/// second attribute (or the mood), then a period. TAB offers them a word at a time.
extension Completer {
    /// The words a chart's period starts with; a number (`3 months`) is typed.
    static let chartPeriodStarts = ["all", "last", "this"]

    /// For a text argument after an attribute-or-mood one (`chart steps `): the mood and the
    /// attributes other than the first, and the words that start a period; after a second one,
    /// the period's words; after `last`, `this` or a number, the period's unit.
    func completeSecondOrPeriod(
        _ parse: PartialParse, argument: Argument, source: CompletionSource, into result: inout Completion
    ) {
        let prefix = parse.word.text.lowercased()
        let first = parse.attribute?.lowercased()
        var before = parse.textWords.map { $0.lowercased() }
        func isSubject(_ word: String) -> Bool { word == "mood" || source.attribute(named: word) != nil }
        var offers: [String] = []
        if before.isEmpty {
            let subjects = ["mood"] + source.attributes.map(\.name)
            offers = subjects.filter { $0.lowercased() != first }
        }
        if let word = before.first, isSubject(word) { before.removeFirst() }
        switch before.count {
        case 0:
            offers += Completer.chartPeriodStarts
        case 1 where before[0] == "last" || before[0] == "this":
            offers = ["week", "month", "year"]
        case 1 where Int(before[0]).map({ $0 >= 1 }) ?? false:
            offers = before[0] == "1" ? ["day", "week", "month", "year"] : ["days", "weeks", "months", "years"]
        default:
            break
        }
        var seen: Set<String> = []
        result.candidates = offers.filter { $0.lowercased().hasPrefix(prefix) && seen.insert($0.lowercased()).inserted }
            .map { CompletionCandidate($0) }
        if result.candidates.isEmpty { result.hint = "\(argument.name): \(argument.help)" }
    }
}
