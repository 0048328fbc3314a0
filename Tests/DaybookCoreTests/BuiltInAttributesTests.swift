import Testing

@testable import DaybookCore
@testable import DaybookStore

/// `BuiltInAttributes.all`, written beside the migrations that create the built-ins, says what
/// a new journal holds: the same names, types, combinations, units, groups and ranges, in its order.
@Suite struct BuiltInAttributesTests {
    @Test func theyAreThoseOfANewJournal() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        func shown(_ range: GoalRange?) -> String { range.map { "\($0.min ?? -1)..\($0.max ?? -1)" } ?? "none" }
        let actual = journal.attributes.filter(\.builtin).map {
            "\($0.name) \($0.type.rawValue) \($0.aggregation.rawValue) \($0.unit) \(shown($0.range))"
        }
        let listed = BuiltInAttributes.all.map {
            "\($0.name) \($0.type.rawValue) \($0.aggregation.rawValue) \($0.unit) \(shown($0.range))"
        }
        #expect(actual == listed)
        #expect(listed.count == 15)
        let unnumbered = journal.attributes.filter(\.builtin).map {
            var attribute = $0
            attribute.id = 0
            return attribute
        }
        #expect(unnumbered == BuiltInAttributes.attributes)
    }
}
