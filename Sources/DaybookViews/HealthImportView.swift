import DaybookCore

/// How a health import reads: what the file held, what the overlap between sources removed,
/// what is written, what conflicts; and its progress while it reads.
public enum HealthImportView {
    /// What was read and what is (or would be) written.
    public struct Report: Sendable {
        public var source: String
        public var file: String
        public var read: HealthDaysResult
        public var written: HealthImportSummary
        /// The journal's attributes by name, which amounts are written in.
        public var attributes: [String: Attribute]

        public init(
            source: String, file: String, read: HealthDaysResult, written: HealthImportSummary,
            attributes: [String: Attribute]
        ) {
            self.source = source
            self.file = file
            self.read = read
            self.written = written
            self.attributes = attributes
        }
    }

    /// The summary, wrapped to `width`: a first line, then a line per attribute (days, range,
    /// sources, what the overlap removed), the types not read, what is written and the
    /// conflicts.
    public static func lines(_ report: Report, dryRun: Bool, width: Int) -> [String] {
        let read = report.read
        let summary = report.written
        var lines: [String] = []
        func add(_ text: String, first: String = "", indent: String = "    ") {
            lines += Columns.wrap(printable(text), width: width, first: first, indent: indent)
        }
        let allDays = Set(read.values.map(\.day))
        var first = "\(dryRun ? "would import" : "imported") from \(report.source) (\(report.file)): "
        // With --keep, the values kept as the journal has them are not imported: the count
        // says how many of the file's are.
        let taken = summary.written + summary.replaced
        let count = summary.kept + summary.olderKept > 0 && taken < read.values.count ? "\(number(taken)) of " : ""
        first += count + Words.counted(read.values.count, "value") + " on " + Words.counted(allDays.count, "day")
        if let start = allDays.min(), let end = allDays.max() { first += ", \(start.iso) to \(end.iso)" }
        add(first)

        let nameWidth = read.attributes.map { $0.attribute.count }.max() ?? 0
        let hanging = String(repeating: " ", count: nameWidth + 4)
        let narrow = nameWidth + 4 > width / 3
        for attribute in read.attributes {
            var parts = [Words.counted(attribute.days, "day") + ", \(attribute.first.iso) to \(attribute.last.iso)"]
            if !attribute.sources.isEmpty { parts.append(attribute.sources.map(\.name).joined(separator: ", ")) }
            if attribute.overlapRemoved > 0 {
                parts.append("overlap between sources removed: " + amount(attribute.overlapRemoved, attribute.attribute, report.attributes))
            }
            if attribute.attribute == "sleep" && read.inBedOnlyNights > 0 {
                parts.append(Words.counted(read.inBedOnlyNights, "night") + " from time in bed only")
            }
            if narrow {
                // At a narrow terminal, the name on a line of its own and the rest below it.
                lines.append("  " + attribute.attribute)
                add(parts.joined(separator: "; "), first: "    ", indent: "    ")
            } else {
                add(parts.joined(separator: "; "), first: "  " + attribute.attribute.padding(to: nameWidth) + "  ", indent: hanging)
            }
        }
        if !read.skipped.isEmpty {
            let shown = read.skipped.prefix(12).map { "\($0.type) (\(number($0.count)))" }
            let more = read.skipped.count > 12 ? ", and \(read.skipped.count - 12) more" : ""
            add("not read: " + shown.joined(separator: ", ") + more, first: "  ")
        }
        var outcome = [
            Words.counted(summary.written, "new day value"),
            number(summary.replaced) + " replaced", number(summary.unchanged) + " already there",
        ]
        if summary.kept > 0 { outcome.append(number(summary.kept) + " kept as the journal has them") }
        var written = outcome.joined(separator: ", ")
        if summary.implausible > 0 {
            written +=
                "; " + Words.counted(summary.implausible, "value")
                + " outside \(summary.implausible == 1 ? "its attribute's" : "their attributes'") plausible range, kept as in the file"
        }
        add(written, first: "  ")
        if summary.olderKept > 0 {
            let shown = summary.older.prefix(5).map { "\($0.attribute) on \($0.day.iso)" }
            let more = summary.older.count > 5 ? ", and \(summary.older.count - 5) more" : ""
            let dates = [
                summary.newerExported.map { "exported \(exportDate($0))" },
                summary.exported.map { "this file \(exportDate($0))" },
            ].compactMap { $0 }.joined(separator: "; ")
            add(
                "kept " + Words.counted(summary.olderKept, "day value") + " from a newer export of \(report.source)"
                    + (dates.isEmpty ? "" : " (\(dates))")
                    + ", which an older file replaces only with --replace: " + shown.joined(separator: ", ") + more,
                first: "  ")
        }
        if summary.future > 0 {
            add(Words.counted(summary.future, "value") + " dated after today, not written", first: "  ")
        }
        if !summary.impossible.isEmpty {
            let shown = summary.impossible.prefix(5).map { "\($0.attribute) on \($0.day.iso)" }
            let more = summary.impossible.count > 5 ? ", and \(summary.impossible.count - 5) more" : ""
            add(
                "not read: " + Words.counted(summary.impossible.count, "day value")
                    + " that cannot be true (" + shown.joined(separator: ", ") + more + ")", first: "  ")
        }
        if !summary.untracked.isEmpty {
            add("not tracked, not written: " + summary.untracked.joined(separator: ", "), first: "  ")
        }
        if !summary.conflicts.isEmpty {
            add(conflictCount(summary.conflicts.count) + " with values already in the journal:", first: "  ")
            for line in conflictLines(summary.conflicts, limit: dryRun ? 50 : 10, attributes: report.attributes) {
                lines += Columns.wrap(line, width: width, first: "  ", indent: "      ")
            }
        }
        return lines
    }

    /// `3 conflicts`.
    public static func conflictCount(_ n: Int) -> String { Words.counted(n, "conflict") }

    /// `  2026-11-20 steps: 5,000 typed in the journal, 9,120 in the file`, at most `limit` of
    /// them, then how many more.
    public static func conflictLines(
        _ conflicts: [HealthConflict], limit: Int, attributes: [String: Attribute]
    ) -> [String] {
        var lines = conflicts.prefix(limit).map { conflict in
            let whose = conflict.journalSource.map { "from \(printable($0))" } ?? "typed"
            return "  \(conflict.day.iso) \(conflict.attribute): \(amount(conflict.journal, conflict.attribute, attributes)) \(whose) in the journal, \(amount(conflict.file, conflict.attribute, attributes)) in the file"
        }
        if conflicts.count > limit { lines.append("  and \(number(conflicts.count - limit)) more") }
        return lines
    }

    /// `\r` and the line `export.zip: 412 MB of 1.2 GB, 85 MB/s, about 10 s left`, over
    /// the one before, cut to the terminal's width.
    public static func progress(
        name: String, read: Int64, total: Int64, records: Int, milliseconds: Int, width: Int
    ) -> String {
        var text = "\(name): \(bytes(read))"
        if total > 0 { text += " of \(bytes(total))" }
        text += ", " + Words.counted(records, "record")
        if milliseconds > 0 && read > 0 {
            let rate = Double(read) * 1000 / Double(milliseconds)
            text += ", \(bytes(Int64(rate)))/s"
            if total > read && rate > 0 {
                let left = Int((Double(total - read) / rate).rounded(.up))
                text += ", about " + (left >= 60 ? "\(left / 60) min \(left % 60) s" : "\(left) s") + " left"
            }
        }
        // One row, never wrapped, since a wrapped line could not be drawn over; with room at
        // its end for the `^C` the terminal echoes when Ctrl-C stops the import.
        return "\r" + Columns.fit(printable(text), max(1, width - 3)) + clearToEndOfLine
    }

    /// Wipes the progress line.
    public static let clearProgress = "\r" + clearToEndOfLine

    /// Erases the rest of the terminal's line (EL, `ESC [ K`): the progress line is drawn on
    /// standard error at a terminal only.
    static let clearToEndOfLine = "\u{1B}[K"

    // MARK: Numbers

    /// When an export was made: `2025-06-02 14:15 UTC`, or the day alone at midnight UTC (a
    /// file whose date is its newest day's).
    static func exportDate(_ seconds: Int64) -> String {
        let (days, rest) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let day = Day(ordinal: Int(rest < 0 ? days - 1 : days))
        let minute = Double((rest < 0 ? rest + 86_400 : rest) / 60)
        guard minute > 0 else { return day.iso }
        return day.iso + " " + formatTimeOfDay(minute) + " UTC"
    }

    static func number(_ n: Int) -> String { ValueType.count.format(Double(n)) }


    /// An amount of an attribute, as the journal writes its values (`1,500 steps`, `7h 50m`,
    /// `433.3 km`: sums and converted values to one decimal); a number alone for an attribute
    /// the journal does not have.
    static func amount(_ value: Double, _ name: String, _ attributes: [String: Attribute]) -> String {
        attributes[name]?.formatWithUnit(value, decimals: 1) ?? ValueType.decimal.format(value, decimals: 1)
    }

    /// `412 MB`, `1.2 GB`, `800 KB`.
    static func bytes(_ n: Int64) -> String {
        let units: [(Double, String)] = [(1e9, "GB"), (1e6, "MB"), (1e3, "KB")]
        for (size, name) in units where Double(n) >= size {
            let value = Double(n) / size
            return (value < 10 ? String((value * 10).rounded() / 10) : String(Int(value.rounded()))) + " " + name
        }
        return "\(n) B"
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
