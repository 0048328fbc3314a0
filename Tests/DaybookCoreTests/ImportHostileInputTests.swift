import DaybookCore
import DaybookStore
import Testing

/// The readers are fed damaged copies of the fixtures and arbitrary bytes: each gives a journal
/// or an error with a line, and never traps.
@Suite struct ImportHostileInputTests {
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    static let interesting: [UInt8] =
        Array("\",;\t\r\n|:[]{}<>&#@*.- 0123456789aApP".utf8) + [0x00, 0x80, 0xC3, 0xA9, 0xE2, 0xEF, 0xBB, 0xBF, 0xFF]

    static func damaged(_ original: [UInt8], _ random: inout Random) -> [UInt8] {
        var bytes = original
        for _ in 0..<(1 + random.below(4)) {
            switch random.below(4) {
            case 0 where !bytes.isEmpty: bytes[random.below(bytes.count)] = interesting[random.below(interesting.count)]
            case 1: bytes.insert(interesting[random.below(interesting.count)], at: random.below(bytes.count + 1))
            case 2 where !bytes.isEmpty: bytes.remove(at: random.below(bytes.count))
            default: bytes = Array(bytes.prefix(random.below(bytes.count + 1)))
            }
        }
        return bytes
    }

    func check(_ journal: ImportedJournal) {
        for day in journal.days {
            #expect(day.entries.allSatisfy { $0.day == day.day && (0..<1440).contains($0.minuteOfDay) })
            if let mood = day.mood { #expect((1...5).contains(mood)) }
        }
    }

    @Test func damagedDaylioExports() {
        var random = Random(state: 42)
        let moods = try! DaylioMoods(map: "super=5,dobrze=4,tak sobie=3,źle=2,okropnie=1,Super=5,Ok=3,Schlecht=2")
        for name in ["daylio-en.csv", "daylio-old-en.csv", "daylio-pl.csv", "daylio-ru.csv", "daylio-de.csv"] {
            let original = Fixture.bytes(name)
            for _ in 0..<300 {
                let bytes = Self.damaged(original, &random)
                do {
                    check(try DaylioReader.read(bytes, moods: moods))
                } catch {
                    if let line = error.line { #expect(line >= 1 && line <= bytes.count + 1) }
                }
            }
        }
    }

    @Test func damagedJrnlJournals() {
        var random = Random(state: 7)
        for name in ["jrnl-default.txt", "jrnl-classic.txt", "jrnl-1x.txt", "jrnl-export.json"] {
            let original = Fixture.bytes(name)
            for _ in 0..<300 {
                let bytes = Self.damaged(original, &random)
                do {
                    check(try JrnlReader.read(bytes))
                } catch {
                    if let line = error.line { #expect(line >= 1 && line <= bytes.count + 1) }
                }
            }
        }
    }

    @Test func damagedDaybookExports() throws {
        var random = Random(state: 11)
        let json = try DaybookExportReader.read(Fixture.bytes("daybook-export.json"))
        #expect(try DaybookExportReader.read(Fixture.bytes("daybook-export.csv")) == json)
        #expect(json.notes.count == 3 && json.values.count == 12 && json.attributes.count == 19 && json.goals.count == 5)
        for name in ["daybook-export.json", "daybook-export.csv"] {
            let original = Fixture.bytes(name)
            for _ in 0..<300 {
                let bytes = Self.damaged(original, &random)
                do {
                    let data = try DaybookExportReader.read(bytes)
                    #expect(data.moods.allSatisfy { (1...5).contains($0.rating) })
                    #expect(data.values.allSatisfy { $0.value.isFinite })
                    #expect(data.notes.allSatisfy { isJournalInstant($0.recordedAt) })
                } catch {
                    if let line = error.line { #expect(line >= 1 && line <= bytes.count + 1) }
                }
            }
        }
    }

    /// A number too large for a double reads as infinity: the refusal says it is too large,
    /// not that a number is not one.
    @Test func aNumberTooLargeIsSaidToBeTooLarge() throws {
        let original = String(decoding: Fixture.bytes("daybook-export.json"), as: UTF8.self)
        #expect(original.contains(#""value": 105,"#))
        let huge = original.replacing(#""value": 105,"#, with: #""value": 1e400,"#)
        #expect(throws: ImportError(line: 46, #""value" is 1e400, too large: numbers up to about 1.8e308 are accepted"#)) {
            try DaybookExportReader.read(huge)
        }
        let long = original.replacing(#""value": 105,"#, with: #""value": -9"# + String(repeating: "9", count: 400) + ",")
        #expect(
            throws: ImportError(
                line: 46, #""value" is -99999999999999999999999..., too large: numbers up to about 1.8e308 are accepted"#)
        ) {
            try DaybookExportReader.read(long)
        }
    }

    @Test func arbitraryWords() {
        var random = Random(state: 3)
        let pieces = [
            "1", "12", "31", "2020", "99999999999999999999", ":", ".", " ", "am", "PM", "h", "月", "日", "de", "Mai",
            "juin",
            "września", "сентября", "%", "%Y", "%p", "-", "\u{202F}", "é", "💪", "",
        ]
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<random.below(6) { text += pieces[random.below(pieces.count)] }
            _ = MonthNames.dayAndMonth(text)
            _ = MonthNames.month(text)
            if let time = ImportClock.timeOfDay(text) { #expect((0..<1440).contains(time.minuteOfDay)) }
            let tag = ImportTags.tag(for: text)
            #expect(extractTags("#" + tag) == [tag])
            _ = try? JrnlReader.read("[" + text + "] x\n", options: .init(timeFormat: text))
            _ = try? DaylioMoods(map: text)
        }
    }
}
