import Foundation
import Testing

/// A search index emptied outside daybook: words would find nothing, silently.
@Suite struct SearchIndexTests {
    /// Where nobody can answer, search says the index is empty and where it can be rebuilt;
    /// the notes are still listed without words, which do not go through the index.
    @Test func anEmptiedIndexIsSaidInAScript() throws {
        let d = try InProcess()
        #expect(try d.run(input: "note walked by the sea #sea\nmood 4 a slow walk\n").status == 0)
        _ = try d.sql("DELETE FROM search_index")
        let r = try d.run(["search", "walk"])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "error: the search index is empty, though the journal has notes, so no words can be found; run search in a terminal, where it offers to rebuild the index\n"
        )
        #expect(r.stdout == "")
        #expect(try d.run(["search", "#sea"]).stdout.contains("walked by the sea #sea"))
        // Words that find nothing in a whole index are no error.
        let fresh = try InProcess()
        #expect(try fresh.run(input: "note walked by the sea\n").status == 0)
        let none = try fresh.run(["search", "mountain"])
        #expect(none.status == 0 && none.stderr == "no notes found\n")
    }
}
