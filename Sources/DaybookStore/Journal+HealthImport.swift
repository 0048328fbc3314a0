import DaybookCore
extension Journal {
    /// What importing `values` from `source` would write, without writing anything.
    public func planHealthImport(
        _ values: [HealthValue], source: String, exported: Int64? = nil, resolution: ImportResolution
    ) throws -> HealthImportSummary {
        try flushDerived()
        let began = !database.inTransaction
        if began { try database.execute("BEGIN") }
        defer { if began { try? database.execute("COMMIT") } }
        return try planHealth(values, source: source, exported: exported, resolution: resolution).summary
    }

    /// Writes `values` from `source` (read from the file named `file`) as one change, which
    /// one `undo` reverts. For each attribute and day:
    /// - a value this source already gave, equal to the new one, is left as it is (importing
    ///   the same file twice writes nothing the second time);
    /// - a different value this source gave earlier is replaced (a newer export of the same
    ///   source brings its days up to date, and nothing is counted twice), unless it came from
    ///   an export made after this one (`exported`, seconds since 1970 UTC): an older file
    ///   leaves a newer one's values as they are unless `resolution` is `.replace`;
    /// - values from anywhere else (typed, or another source) are a conflict, settled by
    ///   `resolution`: `.replace` removes them (they stay in the change log), `.keep` leaves the
    ///   day as it is, and `.ask` writes nothing at all (`HealthConflictError`).
    /// Values after today, and values of attributes the journal does not track, are counted
    /// and not written. When nothing is to be written, no change is recorded.
    @discardableResult
    public func importHealth(
        _ values: [HealthValue], source: String, file: String, exported: Int64? = nil, resolution: ImportResolution
    ) throws -> HealthImportSummary {
        struct NothingToWrite: Error { let summary: HealthImportSummary }
        do {
            return try change("import", "import") { id in
                let work = try planHealth(values, source: source, exported: exported, resolution: resolution)
                if !work.summary.conflicts.isEmpty && resolution == .ask {
                    throw HealthConflictError(summary: work.summary)
                }
                if work.summary.writesNothing && work.removals.isEmpty { throw NothingToWrite(summary: work.summary) }
                let stamp = timestamp()
                for removal in work.removals {
                    try database.run(
                        "UPDATE entry SET removed_by = ? WHERE id = ? AND removed_by IS NULL",
                        [.integer(id), .integer(removal.id)])
                    dirtyValues.insert(DirtyKey(attribute: removal.attribute, day: removal.day.iso))
                    try flushDailyValuesPastBatch()
                }
                for index in work.inserts {
                    let value = values[index]
                    try insertEntry(
                        attribute: value.attribute, day: value.day, value: value.value, recordedAt: stamp,
                        source: source, file: file, exported: exported, addedBy: id)
                    try flushDailyValuesPastBatch()
                }
                try recordFacts(.healthImport(file: file, source: source, work.summary), change: id)
                return work.summary
            }
        } catch let nothing as NothingToWrite {
            return nothing.summary
        }
    }

    /// How many (attribute, day) pairs an import lets wait before their stored values are
    /// brought up to date, inside its transaction: what waits (`dirtyValues`,
    /// `appendedValues`) then stays this size, whatever the size of the file.
    static let healthFlushBatch = 4096

    /// Brings the stored daily values up to date once `healthFlushBatch` pairs wait. Not in a
    /// batch of commands: a command rolled back there must not take with it the values that
    /// the commands before it left waiting.
    private func flushDailyValuesPastBatch() throws {
        guard !inBatch, dirtyValues.count + appendedValues.count >= Self.healthFlushBatch else { return }
        try flushDailyValues()
    }

    struct HealthWork {
        var summary = HealthImportSummary()
        var removals: [(id: Int64, attribute: String, day: Day)] = []
        /// The positions in the values given of those to write, rather than copies of them.
        var inserts: [Int] = []
    }

    private struct LiveEntry {
        let id: Int64
        /// nil when the stored value is damaged (`storedValue`).
        let value: Double?
        let source: String?
        /// When the export it came from was made; nil when not known.
        let exported: Int64?
    }

    func planHealth(
        _ values: [HealthValue], source: String, exported: Int64? = nil, resolution: ImportResolution
    ) throws -> HealthWork {
        var work = HealthWork()
        work.summary.exported = exported
        let today = self.today()
        let known = attributesByName
        var countsIndex: [String: Int] = [:]
        var untracked: Set<String> = []
        var days: Set<Day> = []
        // The journal's live entries of each attribute the file brings, by day, read once per
        // attribute over the file's range of days.
        var live: [String: [Day: [LiveEntry]]] = [:]
        var ranges: [String: (first: Day, last: Day)] = [:]
        for value in values {
            if let range = ranges[value.attribute] {
                ranges[value.attribute] = (min(range.first, value.day), max(range.last, value.day))
            } else {
                ranges[value.attribute] = (value.day, value.day)
            }
        }
        for (attribute, range) in ranges where known[attribute] != nil {
            var byDay: [Day: [LiveEntry]] = [:]
            let rows = try database.rows(
                "SELECT id, day, value, source, exported FROM entry WHERE attribute = ? AND day BETWEEN ? AND ? AND removed_by IS NULL ORDER BY id",
                [.text(attribute), .text(range.first.iso), .text(range.last.iso)]
            ) { row in
                (
                    Day.parseISO(row.string(1)),
                    LiveEntry(
                        id: row.int(0), value: row.storedValue(2), source: row.isNull(3) ? nil : row.string(3),
                        exported: row.isNull(4) ? nil : row.int(4))
                )
            }
            for (day, entry) in rows { if let day { byDay[day, default: []].append(entry) } }
            live[attribute] = byDay
        }

        for (position, value) in values.enumerated() {
            guard let attribute = known[value.attribute] else {
                if untracked.insert(value.attribute).inserted { work.summary.untracked.append(value.attribute) }
                continue
            }
            if value.day > today {
                work.summary.future += 1
                continue
            }
            // A day's value that cannot be true (samples each possible may add up to more
            // minutes than a day has) is not written: the insert would refuse it.
            if attribute.type.impossibility(value.value) != nil {
                work.summary.impossible.append(value)
                continue
            }
            let index =
                countsIndex[value.attribute]
                ?? {
                    work.summary.attributes.append(HealthImportSummary.Counts(attribute: value.attribute))
                    countsIndex[value.attribute] = work.summary.attributes.count - 1
                    return work.summary.attributes.count - 1
                }()
            let existing = live[value.attribute]?[value.day] ?? []
            let others = existing.filter { $0.source != source }
            let same = existing.filter { $0.source == source }
            if !others.isEmpty {
                if let combined = attribute.aggregation.combine(others.compactMap(\.value), type: attribute.type) {
                    work.summary.conflicts.append(
                        HealthConflict(
                            attribute: value.attribute, day: value.day, journal: combined,
                            journalSource: others.last?.source, file: value.value))
                }
                switch resolution {
                case .ask, .keep:
                    work.summary.attributes[index].kept += 1
                    continue
                case .replace:
                    work.removals += others.map { ($0.id, value.attribute, value.day) }
                }
            }
            if others.isEmpty, same.count == 1, let held = same[0].value, Journal.sameValue(held, value.value) {
                work.summary.attributes[index].unchanged += 1
                continue
            }
            // A newer export of this source wrote the day: an older file leaves it, unless told
            // to replace it.
            if resolution != .replace, let exported,
                let newest = same.compactMap(\.exported).max(), newest > exported
            {
                work.summary.attributes[index].older += 1
                work.summary.older.append(value)
                work.summary.newerExported = max(work.summary.newerExported ?? newest, newest)
                continue
            }
            if same.isEmpty {
                work.summary.attributes[index].written += 1
            } else {
                work.summary.attributes[index].replaced += 1
                work.removals += same.map { ($0.id, value.attribute, value.day) }
            }
            if (try? attribute.checkPlausible(value.value)) == nil { work.summary.attributes[index].implausible += 1 }
            work.inserts.append(position)
            days.insert(value.day)
        }
        work.summary.days = days.count
        return work
    }

    /// Whether a stored value is the one an import brings again (a REAL read back can differ
    /// from the computed one in its last bits).
    static func sameValue(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
    }
}
