import DaybookCore
import DaybookStore
import DaybookTestSupport
import Testing

/// `DayValues` against a `[Day: Double]` given the same random sets and removals.
@Suite struct DayValuesTests {
    @Test func behavesLikeADictionaryOfDays() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<200 {
            var values = DayValues()
            var reference: [Day: Double] = [:]
            for _ in 0..<Int(random.next() % 60) {
                let day = Day(ordinal: 20_000 + Int(random.next() % 500) - 250)
                if random.next() % 5 == 0 {
                    values[day] = nil
                    reference[day] = nil
                } else {
                    let value = Double(Int(random.next() % 20_000)) / 4 - 1_000
                    values[day] = value
                    reference[day] = value
                }
                #expect(values.count == reference.count)
                #expect(values[day] == reference[day])
            }
            #expect(values.map(\.key) == reference.keys.sorted())
            #expect(values.map(\.value) == reference.sorted { $0.key < $1.key }.map(\.value))
            #expect(values == DayValues(reference))
            #expect(values.isEmpty == reference.isEmpty)
        }
    }

    @Test func reservingKeepsValuesAndOutsideDaysReadNil() {
        let day = Day(ordinal: 20_000)
        var values: DayValues = [day: 3, day.adding(days: 2): 5]
        values.reserve(from: day.adding(days: -365), through: day.adding(days: 10))
        #expect(values[day] == 3 && values[day.adding(days: 2)] == 5 && values.count == 2)
        #expect(values[day.adding(days: 1)] == nil && values[day.adding(days: -366)] == nil)
        #expect(values[day.adding(days: 11)] == nil)
        values[day.adding(days: 1)] = .nan  // NaN is the empty mark: setting it removes
        #expect(values.count == 2 && values.keys == [day, day.adding(days: 2)])
        #expect(values != DayValues([day: 3]))
    }
}
