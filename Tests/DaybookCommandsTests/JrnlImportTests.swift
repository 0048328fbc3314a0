import Foundation
import Testing

/// jrnl's journals imported.
@Suite struct JrnlImportTests {
    /// `@C++`, `@C#` and `@c` are three tags in jrnl, and three in daybook.
    @Test func tagsJrnlTellsApartStayApart() throws {
        let d = try InProcess()
        let path = d.directory + "/j.txt"
        try "[2026-11-20 10:00] Learning @C++ and @C# and @c today.\n[2026-11-20 11:00] More @c++.\n".write(
            toFile: path, atomically: false, encoding: .utf8)
        let r = try d.run(["import", "jrnl", path])
        #expect(r.stderr == "imported 1 day, 2 entries, 3 tags, 0 conflicts\n")
        #expect(
            try d.sql("SELECT group_concat(text, '|') FROM (SELECT text FROM note ORDER BY id)")
                == "Learning @C++ and @C# and #c today.\n#c-plus-plus (@C++) #c-sharp (@C#)|More @c++.\n#c-plus-plus (@c++)")
        #expect(
            try d.sql("SELECT group_concat(name || ' ' || n, ',') FROM (SELECT name, count(*) AS n FROM tag GROUP BY name)")
                == "c 1,c-plus-plus 2,c-sharp 1")
    }
}
