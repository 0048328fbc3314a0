import Foundation
import Testing

/// `search`, `tags`, note ids, `edit`, `delete` and `show --history`.
@Suite struct FindTests {
    /// A mood note and three notes: n1 on Friday, n2 and n3 today, the mood on Thursday.
    func journal() throws -> InProcess {
        let d = try InProcess()
        let r = try d.run(
            input: """
                mood 4 Wälked by the sea #outdoors --on 2026-11-19
                note call Ana about Sunday #friends --on 2026-11-20
                note walk to the Café with Ben #friends
                note a quiet day

                """)
        #expect(r.status == 0, "\(r.stderr)")
        return d
    }

    func search(_ d: InProcess, _ words: String...) throws -> String {
        let r = try d.run(["search"] + words)
        #expect(r.status == 0, "search \(words): \(r.stderr)")
        return r.stdout
    }

    @Test func wordsMatchByPrefixInAnyOrderIgnoringCaseAndAccents() throws {
        let d = try journal()
        let walk = """
            2026-11-21 09:30  n2    walk to the Café with Ben #friends
            2026-11-19   —    mood  4 good · Wälked by the sea #outdoors

            """
        #expect(try search(d, "walk") == walk)
        #expect(try search(d, "WALK") == walk)
        #expect(try search(d, "wälk") == walk)
        #expect(try search(d, "cafe") == "2026-11-21 09:30  n2  walk to the Café with Ben #friends\n")
        #expect(try search(d, "CAFÉ") == "2026-11-21 09:30  n2  walk to the Café with Ben #friends\n")
        // Every word must match, in any order.
        #expect(try search(d, "ben", "walk") == "2026-11-21 09:30  n2  walk to the Café with Ben #friends\n")
        #expect(try search(d, "sea walked") == "2026-11-19   —    mood  4 good · Wälked by the sea #outdoors\n")
        #expect(try search(d, "walk", "sunday") == "")
        // Quoted words are still words, not a phrase.
        #expect(try search(d, "sunday call") == "2026-11-20   —    n1  call Ana about Sunday #friends\n")
    }

    /// To a pipe, a long hit stays one line, whatever COLUMNS says: search output is for grep.
    @Test func aLongHitIsOneLineToAPipe() throws {
        let d = try journal()
        let long = (["walked"] + Array(repeating: "along the river and back again", count: 6)).joined(separator: " ")
        #expect(try d.run(["note", long]).status == 0)
        d.environment["COLUMNS"] = "40"
        let out = try search(d, "river")
        #expect(out == "2026-11-21 09:30  n4  \(long)\n")
    }

    @Test func tagsRangesAndLimits() throws {
        let d = try journal()
        #expect(
            try search(d, "#friends") == """
                2026-11-21 09:30  n2  walk to the Café with Ben #friends
                2026-11-20   —    n1  call Ana about Sunday #friends

                """)
        #expect(try search(d, "#Friends", "ana") == "2026-11-20   —    n1  call Ana about Sunday #friends\n")
        #expect(try search(d, "#outdoors") == "2026-11-19   —    mood  4 good · Wälked by the sea #outdoors\n")
        // A tag is matched whole: #friend is not #friends.
        #expect(try search(d, "#friend") == "")
        // No words: every note in the range, newest first.
        #expect(
            try search(d) == """
                2026-11-21 09:30  n3    a quiet day
                2026-11-21 09:30  n2    walk to the Café with Ben #friends
                2026-11-20   —    n1    call Ana about Sunday #friends
                2026-11-19   —    mood  4 good · Wälked by the sea #outdoors

                """)
        #expect(try search(d, "--from", "2026-11-20", "--to", "2026-11-20") == "2026-11-20   —    n1  call Ana about Sunday #friends\n")
        #expect(try search(d, "walk", "--to", "2026-11-20") == "2026-11-19   —    mood  4 good · Wälked by the sea #outdoors\n")
        #expect(try search(d, "--from", "yesterday") == """
            2026-11-21 09:30  n3  a quiet day
            2026-11-21 09:30  n2  walk to the Café with Ben #friends
            2026-11-20   —    n1  call Ana about Sunday #friends

            """)
        let limited = try d.run(["search", "-n", "2"])
        #expect(limited.stdout == "2026-11-21 09:30  n3  a quiet day\n2026-11-21 09:30  n2  walk to the Café with Ben #friends\n")
        #expect(limited.stderr == "the newest 2 shown; there are older ones (a larger -n shows more)\n")
        let exact = try d.run(["search", "-n", "4"])
        #expect(exact.stdout.split(separator: "\n").count == 4)
        #expect(exact.stderr == "")
        let none = try d.run(["search", "nothing-like-this"])
        #expect(none.status == 0 && none.stdout == "" && none.stderr == "no notes found\n")
    }

    @Test func matchesAreBoldOnlyWhenColoured() throws {
        let d = try journal()
        #expect(!(try search(d, "walk")).contains("\u{1B}"))
        let r = try d.run(["--color", "always", "search", "walk", "sea"])
        #expect(r.status == 0)
        #expect(
            r.stdout == "2026-11-19   \u{1B}[2m—\u{1B}[0m    \u{1B}[2mmood\u{1B}[0m  4 good · \u{1B}[1mWälked\u{1B}[0m by the "
                + "\u{1B}[1msea\u{1B}[0m #outdoors\n")
    }

    @Test func json() throws {
        let d = try journal()
        #expect(
            try search(d, "walk", "--json") == """
                [{"id": "n2", "kind": "note", "date": "2026-11-21", "time": "2026-11-21T09:30:00+00:00", "rating": null, \
                "text": "walk to the Café with Ben #friends"}, {"id": null, "kind": "mood", "date": "2026-11-19", \
                "time": "2026-11-21T09:30:00+00:00", "rating": 4, "text": "Wälked by the sea #outdoors"}]

                """)
        #expect(try search(d, "nothing-like-this", "--json") == "[]\n")
        // week --json and show --json carry each note's id.
        let week = try d.run(["week", "--json"]).stdout
        #expect(week.contains(#"{"id": "n1", "time": "2026-11-21T09:30:00+00:00", "at": null, "text": "call Ana about Sunday #friends"}"#))
        #expect(week.contains(#"{"id": "n3", "time": "2026-11-21T09:30:00+00:00", "at": "09:30", "text": "a quiet day"}"#))
    }

    /// Typed words are never FTS5 syntax: operators, quotes, stars, columns and brackets are
    /// searched for as words (or left out), and never make an error.
    @Test func typedTextIsNeverQuerySyntax() throws {
        let d = try journal()
        for words in [
            ["walk OR quiet"], ["walk", "AND", "NOT", "sea"], ["NEAR(walk"], ["walk*"], ["col:walk"], ["a\"b"],
            ["\"walk\""], ["walk", "^quiet"], ["{text}:walk"], ["walk)"], ["'"], ["*"], ["\"\u{301}walk"],
            ["\"\u{301}"],
        ] {
            let r = try d.run(["search"] + words)
            #expect(r.stderr == "" || r.stderr == "no notes found\n" || r.stderr.hasPrefix("error: search finds words"), "\(words): \(r.stderr)")
        }
        #expect(try search(d, "walk OR quiet") == "")
        let walk = try search(d, "walk")
        #expect(try search(d, "walk*") == walk)
        #expect(try search(d, "\"walk\"") == walk)
    }

    @Test func refusalsEachWithOneLine() throws {
        let d = try journal()
        let changes = try d.sql("SELECT count(*) FROM change")
        let cases: [([String], String)] = [
            (["search", "-n", "0"], "error: -n takes how many notes to show, a whole number from 1; got '0'\n"),
            (["search", "-n", "many"], "error: -n takes how many notes to show, a whole number from 1; got 'many'\n"),
            (
                ["search", "--from", "2026-11-21", "--to", "2026-11-01"],
                "error: --from 2026-11-21 is after --to 2026-11-01; give the earlier day to --from\n"
            ),
            (["search", "—", "..."], "error: search finds words of letters or digits, and #tags; the text given holds neither\n"),
            (
                ["tags", "--from", "2026-11-21", "--to", "2026-11-01"],
                "error: --from 2026-11-21 is after --to 2026-11-01; give the earlier day to --from\n"
            ),
        ]
        for (arguments, message) in cases {
            let r = try d.run(arguments)
            #expect(r.status == 1, "\(arguments)")
            #expect(r.stderr == message, "\(arguments)")
            #expect(r.stdout == "", "\(arguments)")
        }
        let badDate = try d.run(["search", "--from", "someday"])
        #expect(badDate.status == 1)
        #expect(badDate.stderr.hasPrefix("error: 'someday' is not a date"))
        #expect(badDate.stderr.split(separator: "\n").count == 1)
        let tagsExtra = try d.run(["tags", "friends"])
        #expect(tagsExtra.status == 64)
        #expect(tagsExtra.stderr.hasPrefix("error: too many arguments for tags ('friends')"))
        #expect(try d.sql("SELECT count(*) FROM change") == changes)
    }

    @Test func tagsMostUsedFirstWithTheirLastDay() throws {
        let d = try journal()
        try d.run(input: "note more #friends #outdoors --on 2026-11-01\nnote #kids at the park --on 2026-11-02\n")
        #expect(
            try d.run(["tags"]).stdout == """
                #friends   3  last 2026-11-21
                #outdoors  2  last 2026-11-19
                #kids      1  last 2026-11-02

                """)
        #expect(
            try d.run(["tags", "--from", "2026-11-19"]).stdout == """
                #friends   2  last 2026-11-21
                #outdoors  1  last 2026-11-19

                """)
        #expect(
            try d.run(["tags", "--to", "2026-11-10", "--json"]).stdout == """
                [{"tag": "friends", "count": 1, "last": "2026-11-01"}, {"tag": "kids", "count": 1, "last": "2026-11-02"}, \
                {"tag": "outdoors", "count": 1, "last": "2026-11-01"}]

                """)
        let none = try d.run(["tags", "--from", "2026-11-22"])
        #expect(none.stdout == "" && none.stderr == "no tags in that range\n")
        let untagged = try InProcess()
        #expect(try untagged.run(["note", "nothing tagged"]).status == 0)
        #expect(try untagged.run(["tags"]).stderr == "no tags yet: a #word in a note or a mood's note tags it\n")
        // Tags follow an edit and a deletion.
        try d.run(["edit", "n2", "walk to the café #kids"])
        try d.run(["delete", "n1", "--yes"])
        #expect(
            try d.run(["tags"]).stdout == """
                #kids      2  last 2026-11-21
                #outdoors  2  last 2026-11-19
                #friends   1  last 2026-11-01

                """)
        // The query reads the covering index of live tags.
        let plan = try d.sql(
            "EXPLAIN QUERY PLAN SELECT name, count(*), max(day) FROM tag WHERE removed_by IS NULL AND day BETWEEN '0000-01-01' AND '9999-12-31' GROUP BY name ORDER BY count(*) DESC, name"
        )
        #expect(plan.contains("COVERING INDEX tag_live"), "\(plan)")
    }
}
