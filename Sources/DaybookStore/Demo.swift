import DaybookCore
/// Twelve weeks of example data for `daybook --demo`, the same every time for the same last day:
/// weekday and weekend rhythms (shorter nights and fewer steps in the week, late bedtimes on
/// Friday and Saturday), goals set and changed along the way, moods with notes and #tags, a
/// few days with nothing written, and two links worth finding: the mood is better after a
/// longer night, and on days tagged #outdoors.
public enum Demo {
    /// How many days the demo holds, ending on its last day.
    public static let days = 84

    /// Days with nothing written, counted back from the last day.
    static let missing: Set<Int> = [9, 30, 31, 58]

    /// Fills `journal` with the demo's data for the `days` days ending on the day of `now`,
    /// each entry written at a plausible time of its day (`setClock` moves the journal's clock
    /// there). The last day holds only what happened before `now`.
    public static func fill(_ journal: Journal, now: LocalTime, setClock: (LocalTime) -> Void) throws {
        let last = now.day
        let first = last.adding(days: 1 - days)
        func attribute(_ name: String) throws -> Attribute {
            guard let found = journal.attribute(named: name) else { throw JournalError("no attribute \(name)") }
            return found
        }
        try journal.beginBatch()
        setClock(LocalTime(day: first, minuteOfDay: 8 * 60))
        try journal.track(Attribute(name: "pages", type: .count, aggregation: .sum, unit: "pages", group: "productivity"))
        try journal.track(Attribute(name: "meditated", type: .yesno, aggregation: .last, unit: "", group: "health"))
        // Goals, with a history: set on the first day, changed six weeks in.
        let middle = first.adding(days: 42)
        let goals: [(String, GoalRange, GoalPeriod, Day)] = [
            ("steps", GoalRange(min: 8000, max: nil), .daily, first),
            ("sleep", GoalRange(min: 420, max: 540), .daily, first),
            ("coffee", GoalRange(min: nil, max: 3), .daily, first),
            ("water", GoalRange(min: 6, max: nil), .daily, first),
            ("steps", GoalRange(min: 9000, max: nil), .daily, middle),
            ("coffee", GoalRange(min: nil, max: 2), .daily, middle),
            ("bedtime", GoalRange(min: 23 * 60, max: 30), .daily, middle),
            ("exercise", GoalRange(min: 30, max: nil), .weekly, middle.adding(days: 7)),
            ("resting_hr", GoalRange(min: 50, max: 65), .monthly, first),
            ("pages", GoalRange(min: 20, max: nil), .weekly, middle.adding(days: 14)),
        ]
        for (name, range, period, since) in goals {
            setClock(LocalTime(day: since, minuteOfDay: 8 * 60 + 5))
            try journal.setGoal(try attribute(name), range: range, period: period, from: since)
        }
        for offset in (0..<days).reversed() where !missing.contains(offset) {
            let day = last.adding(days: -offset)
            // Each entry at its time of day; on the last day, only those before now.
            let limit = offset == 0 ? now.minuteOfDay : 24 * 60
            try fillDay(journal, day, daysBefore: offset, attribute: attribute) { hour, minute, write in
                let minuteOfDay = min(23 * 60 + 59, hour * 60 + minute)
                guard minuteOfDay <= limit else { return }
                setClock(LocalTime(day: day, minuteOfDay: minuteOfDay))
                try write()
            }
        }
        try journal.commitBatch()
    }

    /// A small, fast random generator (SplitMix64), seeded by the day: the same day always
    /// gets the same data.
    struct Random {
        var generator: SplitMix64

        init(_ day: Day, _ salt: UInt64) {
            generator = SplitMix64(state: UInt64(bitPattern: Int64(day.ordinal)) &* SplitMix64.increment &+ salt)
        }

        mutating func next() -> UInt64 { generator.next() }

        /// 0 up to 1.
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func chance(_ p: Double) -> Bool { unit() < p }
        mutating func int(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
        }
        /// Roughly normal, mean 0 and deviation 1 (the sum of four uniforms).
        mutating func normal() -> Double { (unit() + unit() + unit() + unit() - 2) * 1.732 }
        mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
    }

    /// One day's entries, each written through `at(hour, minute, write)`.
    static func fillDay(
        _ journal: Journal, _ day: Day, daysBefore: Int, attribute: (String) throws -> Attribute,
        at: (Int, Int, () throws -> Void) throws -> Void
    ) throws {
        let isLast = daysBefore == 0
        var random = Random(day, 7)
        let weekday = day.weekday  // 1 Monday ... 7 Sunday
        let weekend = weekday >= 6
        let lateNight = weekday == 6 || weekday == 7  // the nights of Friday and Saturday end these mornings
        // The morning: last night's sleep and bedtime, weight, resting heart rate.
        let sleep = (weekend ? 490 : 415) + random.normal() * 35
        let sleepMinutes = (sleep / 5).rounded() * 5
        let bedtime = Statistics.onClock((((lateNight ? 30 : 23 * 60 + 20) + random.normal() * 25) / 5).rounded() * 5)
        let wake = Statistics.onClock(bedtime + sleepMinutes + 10)
        var morning: [(Attribute, Double)] = [
            (try attribute("sleep"), sleepMinutes), (try attribute("bedtime"), bedtime.rounded()),
            (try attribute("wake_time"), wake.rounded()),
        ]
        if random.chance(0.8) {
            // A slow drift down, from 74 kg to 72.6 kg over the twelve weeks.
            let trend = 72.6 + 1.4 * Double(daysBefore) / Double(Demo.days)
            morning.append((try attribute("weight"), ((trend + random.normal() * 0.25) * 10).rounded() / 10))
        }
        morning.append((try attribute("resting_hr"), (58 + random.normal() * 2.5 + (sleepMinutes < 400 ? 3 : 0)).rounded()))
        try at(Int(wake) / 60, Int(wake) % 60) { try journal.log(day: day, morning) }
        if isLast {
            // The day so far has a note from the morning.
            let after = Int(wake) + 40
            try at(after / 60, after % 60) { try journal.addNote(day: day, text: "coffee on the balcony, sun coming up") }
        }

        // The day: coffee, water, exercise, reading.
        let coffee = [(try attribute("coffee"), Double(weekend ? random.int(0...1) : random.int(1...3)))]
        try at(10, random.int(0...59)) { try journal.log(day: day, coffee) }
        let water = [(try attribute("water"), Double(random.int(2...4)))]
        try at(13, random.int(0...59)) { try journal.log(day: day, water) }
        // Outdoors: most weekends, some weekdays.
        let outdoors = random.chance(weekend ? 0.75 : 0.25)
        let run = !isLast && random.chance(weekday == 2 || weekday == 4 || weekday == 7 ? 0.8 : 0.1)
        let steps = (weekend ? 10500 : 7000) + random.normal() * 1800 + (outdoors ? 3000 : 0) + (run ? 4500 : 0)
        var evening: [(Attribute, Double)] = [
            (try attribute("steps"), max(800, steps.rounded())), (try attribute("water"), Double(random.int(2...5))),
            (try attribute("meditated"), random.chance(0.45) ? 1 : 0),
        ]
        if run { evening.append((try attribute("exercise"), Double(30 + 5 * random.int(0...8)))) }
        if random.chance(0.7) { evening.append((try attribute("pages"), Double(random.int(4...40)))) }
        let eveningMinute = random.int(0...30)
        if isLast {
            // Still going on: the steps so far, at noon.
            let sofar = [(try attribute("steps"), (steps * 0.4).rounded())]
            try at(12, 0) { try journal.log(day: day, sofar) }
        }
        try at(21, eveningMinute) { try journal.log(day: day, evening) }

        // The mood: better after a longer night and on days outdoors, a little better at weekends.
        let score = 3.05 + (sleepMinutes - 440) / 60 * 0.55 + (outdoors ? 0.7 : 0) + (weekend ? 0.2 : 0) + random.normal() * 0.45
        let rating = max(1, min(5, Int(score.rounded())))
        var tags: [String] = []
        if outdoors { tags.append("#outdoors") }
        if run { tags.append("#run") }
        if !weekend && random.chance(0.6) { tags.append("#work") }
        if random.chance(0.2) { tags.append(random.pick(["#friends", "#family"])) }
        if sleepMinutes < 380 { tags.append("#tired") }
        let note = [moodWords(rating, &random), activity(outdoors: outdoors, run: run, weekend: weekend, &random)]
            .joined(separator: ", ") + (tags.isEmpty ? "" : " " + tags.joined(separator: " "))
        let moodMinute = 40 + random.int(0...15)
        if isLast || random.chance(0.93) {
            try at(21, moodMinute) { try journal.setMood(day: day, rating: rating, note: note) }
        }
        // A note on some days.
        if random.chance(0.35) || isLast {
            let hour = random.int(11...18)
            let minute = random.int(0...59)
            let text = random.pick(notes)
            try at(hour, minute) { try journal.addNote(day: day, text: text) }
        }
    }

    static func moodWords(_ rating: Int, _ random: inout Random) -> String {
        switch rating {
        case 1: return random.pick(["a rotten day", "everything went wrong", "exhausted and low"])
        case 2: return random.pick(["heavy day", "tired and slow", "not much went right"])
        case 3: return random.pick(["an ordinary day", "fine, nothing special", "a quiet day"])
        case 4: return random.pick(["a good day", "calm and steady", "felt rested"])
        default: return random.pick(["a great day", "full of energy", "loved today"])
        }
    }

    static func activity(outdoors: Bool, run: Bool, weekend: Bool, _ random: inout Random) -> String {
        if run { return random.pick(["ran by the river", "an easy run before work", "hill repeats in the park"]) }
        if outdoors {
            return random.pick(["walked by the sea", "a long walk in the hills", "lunch outside in the sun", "cycled to the lake"])
        }
        if weekend { return random.pick(["stayed in and read", "cleaned the flat", "rain all day"]) }
        return random.pick(["long meetings", "deep work on the report", "emails all afternoon", "a slow commute"])
    }

    static let notes = [
        "called Ana about Sunday #friends", "booked the dentist for Thursday", "finished the chapter on tides",
        "tried the new bakery on the corner", "bought running shoes #run", "mum's birthday dinner #family",
        "sorted the photos from the summer", "planned the garden beds", "fixed the bike's back brake",
    ]
}
