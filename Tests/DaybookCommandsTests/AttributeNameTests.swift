import Foundation
import Testing

/// Names of tracked attributes: none may pass for another.
@Suite struct AttributeNameTests {
    /// `track stеps` (a Cyrillic е) would make a second "steps": it is refused, naming the
    /// attribute it looks like, and nothing is written. So are full-width and all-Cyrillic
    /// look-alikes, and a new name that mixes scripts.
    @Test func aNameThatLooksLikeATrackedOneIsRefused() throws {
        let d = try InProcess()
        #expect(try d.run(["note", "x"]).status == 0)
        let attributes = try d.sql("SELECT count(*) FROM attribute")
        let changes = try d.sql("SELECT count(*) FROM change")
        let cases = [
            ("stеps", "'stеps' looks like 'steps', which is tracked already (it mixes Latin and Cyrillic letters); use 'steps', or a name that does not look like it"),
            ("ｓｔｅｐｓ", "'ｓｔｅｐｓ' looks like 'steps', which is tracked already (it is written in full-width letters); use 'steps', or a name that does not look like it"),
            ("ЅТЕРЅ", "'ѕтерѕ' looks like 'steps', which is tracked already (it is written in Cyrillic letters); use 'steps', or a name that does not look like it"),
            ("pаges", "'pаges' mixes Latin and Cyrillic letters, so it would look like another name; use letters of one script"),
        ]
        for (name, message) in cases {
            let r = try d.run(["track", name, "count"])
            #expect(r.status == 1, "\(name)")
            #expect(r.stderr == "error: \(message)\n", "\(name)")
        }
        #expect(try d.sql("SELECT count(*) FROM attribute") == attributes)
        #expect(try d.sql("SELECT count(*) FROM change") == changes)

        // A name in one script that looks like nothing tracked is fine, as is tracking steps again.
        #expect(try d.run(["track", "шаги", "count"]).status == 0)
        #expect(try d.run(["track", "steps", "count", "sum", "unit", "steps"]).status == 0)
        // Whatever the script of the name tracked first, a look-alike in another is refused.
        #expect(try d.run(["track", "сор", "count"]).status == 0)  // Cyrillic
        #expect(
            try d.run(["track", "cop", "count"]).stderr
                == "error: 'cop' looks like 'сор', which is tracked already (it is written in Latin letters); use 'сор', or a name that does not look like it\n"
        )
    }
}
