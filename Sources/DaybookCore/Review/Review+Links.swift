// The links with mood that hold over a review's period: the insights' own tests of chance
// (`Insights.correlation`, `Insights.tagCandidates`, at the scale of days, yesterday's values
// included), run over the period's days instead of the 90 ending at a day, with the same
// minimum of paired days and the same effective sample size.

extension Insights {
    /// The links between mood and each attribute, and between mood and each #tag, over the
    /// `days` days ending at `input.day`, that pass Holm's correction over every link tested
    /// there; the number of tests, and the most days any link could rest on. A review's family
    /// is its links: the weekday patterns of `insights` look at the 12 weeks before a day, not
    /// at a period.
    public static func links(_ input: InsightInput, days: Int, serial: Bool = true, correction: Correction = .holm)
        -> ReviewLinks
    {
        let (candidates, paired) = linkCandidates(input, serial: serial, days: days)
        var found = passing(candidates, correction: correction)
        found.sort { $0.notability > $1.notability }
        return ReviewLinks(
            found: found, tested: candidates.count, pairedDays: paired, needed: InsightWindows.linkMinimumDays,
            possible: found.isEmpty ? nothingStandsOut(candidates, days: paired) : nil)
    }
}
