import DaybookCore

/// The JSON form of a review, a stable interface: one object, every field always present,
/// null where it does not apply. Values are in the units of `show --json` (counts, decimals
/// and percentages as numbers, durations in minutes, times of day as "HH:MM"); means are
/// rounded as they are shown.
///
/// - `period` (`2026-W46`, `2026-10`, `2025`), `kind`, `from`, `through`, `last_day` (the last
///   day read: today while the period runs), `complete`, `days` (the days read), `previous`
///   (`{"period", "from", "through"}`, or null)
/// - `check_ins`: `{"days", "of", "longest_run", "run_from", "run_through", "sentence"}`
/// - `mood`: null under 3 moods, else `{"days", "mean", "spread"` (days rated 1 to 5, in
///   that order), `"best", "best_days", "worst", "worst_days"` (`best` and `worst` list up to
///   3 days, most recent first, as `{"date", "rating", "note"}` with the note's first line),
///   `"previous_mean", "previous_days", "sentence"}`
/// - `goals`: `[{"attribute", "period", "total", "min", "max", "met", "judged",
///   "longest_streak", "previous_met", "previous_judged", "trend"` (better, worse, same or
///   null), `"sentence"}]`
/// - `attributes`: `[{"attribute", "days", "mean", "total"` (null for what does not add up),
///   `"previous_days", "previous_mean", "previous_total", "direction"` (higher, lower, about,
///   or null when not compared), `"difference"` (mean - previous_mean; minutes for durations
///   and times of day), `"sentence"}]`
/// - `records`: insights of kind record, in the form of `insights --json`
/// - `tags`: `[{"tag", "days", "mood_with", "mood_without", "mood_days_with",
///   "mood_days_without", "sentence"}]`
/// - `links`: `{"found"` (insights of kind correlation or tag, in the form of
///   `insights --json`), `"tested", "paired_days", "needed", "effective_days", "smallest_r"`
///   (when links were tested and none stands out: the most days any link was worth, and the
///   smallest r that could have shown over them; else null), `"sentences"}`
/// - `calendar`: for a year, `[{"date", "rating"}]` for each day with a mood; else null
/// - `months`: for a year, `[{"attribute", "means"}]` with twelve means, January first, null
///   for a month without a value; else null
public enum ReviewJSON {
    public static func object(_ review: Review) -> String {
        let period = review.period
        let checkIns = review.checkIns
        return jsonObject([
            ("period", jsonString(period.description)), ("kind", jsonString(period.kind.rawValue)),
            ("from", jsonString(period.from.iso)), ("through", jsonString(period.through.iso)),
            ("last_day", jsonString(review.lastDay.iso)), ("complete", review.complete ? "true" : "false"),
            ("days", String(review.days)),
            (
                "previous",
                review.previous.map {
                    jsonObject([
                        ("period", jsonString($0.description)), ("from", jsonString($0.from.iso)),
                        ("through", jsonString($0.through.iso)),
                    ])
                } ?? "null"
            ),
            (
                "check_ins",
                jsonObject([
                    ("days", String(checkIns.days)), ("of", String(checkIns.of)),
                    ("longest_run", String(checkIns.longestRun)), ("run_from", date(checkIns.runFrom)),
                    ("run_through", date(checkIns.runThrough)), ("sentence", jsonString(ReviewText.checkIns(review))),
                ])
            ),
            ("mood", review.mood.map { mood($0, review: review) } ?? "null"),
            ("goals", jsonArray(review.goals.map { goal($0, review: review) })),
            ("attributes", jsonArray(review.attributes.map { attribute($0, review: review) })),
            (
                "records",
                jsonArray(
                    review.records.map {
                        InsightJSON.object(
                            Insight(
                                kind: .record, subject: $0.subject, day: $0.day, detail: .record($0.record),
                                notability: 0))
                    })
            ),
            ("tags", jsonArray(review.tags.map(tag))),
            (
                "links",
                jsonObject([
                    ("found", InsightJSON.array(review.links.found)), ("tested", String(review.links.tested)),
                    ("paired_days", String(review.links.pairedDays)), ("needed", String(review.links.needed)),
                    ("effective_days", review.links.possible.map { String(Int($0.effectiveDays.rounded())) } ?? "null"),
                    ("smallest_r", review.links.possible.map { InsightText.r($0.smallestR) } ?? "null"),
                    ("sentences", jsonArray(ReviewText.links(review).map(jsonString))),
                ])
            ),
            ("calendar", period.kind == .year ? calendar(review) : "null"),
            ("months", period.kind == .year ? jsonArray(review.months.map(months)) : "null"),
        ])
    }

    static func date(_ day: Day?) -> String { day.map { jsonString($0.iso) } ?? "null" }
    static func decimal(_ value: Double?) -> String { value.map { ValueType.decimal.json($0) } ?? "null" }

    static func mood(_ mood: ReviewMood, review: Review) -> String {
        func days(_ list: [ReviewMoodDay]) -> String {
            jsonArray(
                list.map {
                    jsonObject([
                        ("date", jsonString($0.day.iso)), ("rating", String($0.rating)), ("note", jsonString($0.note)),
                    ])
                })
        }
        return jsonObject([
            ("days", String(mood.count)), ("mean", decimal(mood.mean)),
            ("spread", jsonArray(mood.spread.map(String.init))), ("best", days(mood.best)),
            ("best_days", String(mood.bestCount)), ("worst", days(mood.worst)), ("worst_days", String(mood.worstCount)),
            ("previous_mean", decimal(mood.previousMean)), ("previous_days", String(mood.previousCount)),
            ("sentence", jsonString(ReviewText.moodMean(review))),
        ])
    }

    static func goal(_ goal: ReviewGoal, review: Review) -> String {
        let subject = InsightSubject.attribute(goal.attribute)
        return jsonObject([
            ("attribute", jsonString(goal.attribute.name)), ("period", jsonString(goal.goal.period.rawValue)),
            ("total", goal.goal.total ? "true" : "false"),
            ("min", goal.goal.range.min.map { InsightJSON.number($0, subject) } ?? "null"),
            ("max", goal.goal.range.max.map { InsightJSON.number($0, subject) } ?? "null"),
            ("met", String(goal.met)), ("judged", String(goal.judged)), ("longest_streak", String(goal.longestStreak)),
            ("previous_met", goal.previousMet.map(String.init) ?? "null"),
            ("previous_judged", goal.previousJudged.map(String.init) ?? "null"),
            ("trend", goal.trend.map { jsonString($0.rawValue) } ?? "null"),
            ("sentence", jsonString(ReviewText.goal(goal, review: review))),
        ])
    }

    static func attribute(_ part: ReviewAttribute, review: Review) -> String {
        let type = part.attribute.type
        let subject = InsightSubject.attribute(part.attribute)
        return jsonObject([
            ("attribute", jsonString(part.attribute.name)), ("days", String(part.days)),
            ("mean", part.mean.map { type.meanJSON($0) } ?? "null"),
            ("total", part.total.map { type.meanJSON($0) } ?? "null"), ("previous_days", String(part.previousDays)),
            ("previous_mean", part.previousMean.map { type.meanJSON($0) } ?? "null"),
            ("previous_total", part.previousTotal.map { type.meanJSON($0) } ?? "null"),
            ("direction", part.change.map { jsonString($0.direction.rawValue) } ?? "null"),
            ("difference", part.change.map { InsightJSON.difference($0.difference, subject) } ?? "null"),
            ("sentence", jsonString(ReviewText.attribute(part, review: review))),
        ])
    }

    static func tag(_ tag: ReviewTag) -> String {
        jsonObject([
            ("tag", jsonString(tag.tag)), ("days", String(tag.days)), ("mood_with", decimal(tag.moodWith)),
            ("mood_without", decimal(tag.moodWithout)), ("mood_days_with", String(tag.moodDaysWith)),
            ("mood_days_without", String(tag.moodDaysWithout)), ("sentence", jsonString(ReviewText.tag(tag))),
        ])
    }

    static func calendar(_ review: Review) -> String {
        jsonArray(
            review.calendar.keys.sorted().map { ordinal in
                jsonObject([
                    ("date", jsonString(Day(ordinal: ordinal).iso)),
                    ("rating", String(Int(review.calendar[ordinal]!))),
                ])
            })
    }

    static func months(_ entry: ReviewMonths) -> String {
        let type = entry.attribute.type
        return jsonObject([
            ("attribute", jsonString(entry.attribute.name)),
            ("means", jsonArray(entry.means.map { $0.map { type.meanJSON($0) } ?? "null" })),
        ])
    }
}
