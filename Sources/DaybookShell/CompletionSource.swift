import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookViews

#if canImport(Glibc)
    import Glibc
#endif

/// What completion reads from the journal. `JournalCompletionSource` reads a real journal;
/// `NoJournal` stands in when there is none, so that commands still complete.
public protocol CompletionSource {
    var attributes: [Attribute] { get }
    func attribute(named name: String) -> Attribute?
    /// Tags used in the journal that start with `prefix` (no `#`), most used first.
    func tags(prefix: String) -> [String]
    /// The person's usual value of `attribute` on `day`'s weekday and the days it rests on
    /// (`Journal.usual`), nil without a journal.
    func usual(of attribute: Attribute, on day: Day) -> UsualValue?
    var today: Day { get }
    /// The day writes go to when the line does not say (`day` in the shell), nil for today.
    var currentDay: Day? { get }
    /// How dates like `21/11` read: the `day-order` setting.
    var dayOrder: DayOrder { get }
}

extension CompletionSource {
    public var dayOrder: DayOrder { .dayMonth }

    /// The usual value of `attribute` on `day`'s weekday, if there is one.
    func usualValue(of attribute: Attribute, on day: Day) -> Double? { usual(of: attribute, on: day)?.value }
}

/// The journal behind a shell's context, opened only when completion first needs it.
public struct JournalCompletionSource: CompletionSource {
    let context: Context

    public init(context: Context) { self.context = context }

    var journal: Journal? { try? context.journal }

    public var attributes: [Attribute] { journal?.attributes ?? [] }
    public func attribute(named name: String) -> Attribute? { journal?.attribute(named: name) }
    public func tags(prefix: String) -> [String] { (try? journal?.tags(prefix: prefix)) ?? [] }
    public func usual(of attribute: Attribute, on day: Day) -> UsualValue? {
        (try? journal?.usual(of: attribute, on: day)) ?? nil
    }
    public var today: Day { journal?.today() ?? LocalTime.now().day }
    public var currentDay: Day? { context.currentDay }
    public var dayOrder: DayOrder { context.dayOrder }
}

/// No journal: commands, options and fixed words still complete.
public struct NoJournal: CompletionSource {
    public init() {}
    public var attributes: [Attribute] { [] }
    public func attribute(named name: String) -> Attribute? { nil }
    public func tags(prefix: String) -> [String] { [] }
    public func usual(of attribute: Attribute, on day: Day) -> UsualValue? { nil }
    public var today: Day { LocalTime.now().day }
    public var currentDay: Day? { nil }
}
