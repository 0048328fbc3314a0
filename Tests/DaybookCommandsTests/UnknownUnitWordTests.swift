import Testing

/// A word `log` cannot read is the word its refusal names: a unit it does not know, with the
/// units the attribute takes, or a misspelt word of a duration or a date, with what it may have
/// meant; never "VALUE after" a word that was no attribute. Nothing is written.
@Suite struct UnknownUnitWordTests {
    /// A journal that holds one value, so that a refusal is seen to write nothing.
    func journal() throws -> InProcess {
        let d = try InProcess()
        #expect(try d.run(["log", "steps", "1", "--on", "2026-11-01"]).status == 0)
        return d
    }

    func refused(_ words: [String], _ d: InProcess) throws -> String {
        let r = try d.run(["log"] + words)
        #expect(r.status != 0, "\(words)")
        #expect(try d.sql("SELECT count(*) FROM entry") == "1", "\(words)")
        return r.stderr
    }

    @Test func anUnknownUnitIsNamedWithTheUnitsAccepted() throws {
        let d = try journal()
        let cases: [([String], String)] = [
            (["walked", "5", "furlongs"], "error: 'furlongs' is not a unit of steps or distance; steps takes a count, like 8200; distance is in km or mi\n"),
            (["weight", "160", "furlongs"], "error: 'furlongs' is not a unit of weight; weight is in kg, lb or st\n"),
            (["distance", "5", "furlongs"], "error: 'furlongs' is not a unit of distance; distance is in km or mi\n"),
            (["sleep", "7h", "furlongs"], "error: 'furlongs' is not a unit of sleep; sleep is a duration, like 7h30m\n"),
            (["coffee", "2", "mugs"], "error: 'mugs' is not a unit of coffee; coffee is in cups\n"),
        ]
        for (words, expected) in cases {
            #expect(try refused(words, d) == expected, "\(words)")
        }
    }

    @Test func aMisspeltWordOfADurationOrADateIsNamedWithAGuess() throws {
        let d = try journal()
        let cases: [([String], String, String)] = [
            (["sleep", "7", "hours", "20", "minuts"], "'minuts'", "did you mean 'minute'?"),
            (["steps", "100", "yesterdy"], "'yesterdy'", "did you mean 'yesterday'?"),
            (["weight", "72", "kgs"], "'kgs'", "did you mean 'kg'?"),
        ]
        for (words, named, guess) in cases {
            let error = try refused(words, d)
            #expect(error.contains(named), "\(words): \(error)")
            #expect(error.contains(guess), "\(words): \(error)")
            #expect(!error.contains("after"), "\(words): \(error)")
        }
    }

    /// Where the last word is an attribute, built in or tracked, its value is what is missing.
    @Test func aValueMissingAfterAnAttributeIsStillSaidSo() throws {
        let d = try journal()
        #expect(try d.run(["track", "pages", "count"]).status == 0)
        for last in ["sleep", "pages"] {
            #expect(
                try refused(["steps", "8000", last], d)
                    == "error: log needs VALUE after \(last); usage: log ATTR VALUE [ATTR VALUE]...\n")
        }
    }
}
