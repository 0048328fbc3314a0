import DaybookCore

/// Small pieces of English the views share, so that each is right in one place.
public enum Words {
    /// What every view shows for a stored value that is not a number daybook can use
    /// (`DayRecord.damaged`, `DeletedValues.damaged`, an export's `damaged`).
    public static let damagedValue = "damaged value"

    /// `noun` as it reads after `count`: "day" after 1, "days" after any other count; `plural`
    /// where adding an s is wrong.
    public static func noun(_ noun: String, count: Int, plural: String? = nil) -> String {
        count == 1 ? noun : plural ?? noun + "s"
    }

    /// A count and its noun: "1 day", "8 Saturdays", "1,000 days".
    public static func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        ValueType.count.format(Double(count)) + " " + self.noun(noun, count: count, plural: plural)
    }
}
