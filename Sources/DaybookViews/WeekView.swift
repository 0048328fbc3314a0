import DaybookCore

/// How a run of days reads, for `week`: each day compact, oldest first; as JSON,
/// `{"days": [...]}` with one object of the form `show --json` prints per day.
public enum WeekView {
    public static func text(_ records: [DayRecord], appearance: Appearance, width: Int) -> [String] {
        records.flatMap { DayView.compact($0, appearance: appearance, width: width) }
    }

    public static func json(_ records: [DayRecord]) -> String {
        jsonObject([("days", jsonArray(records.map(DayView.json)))])
    }
}
