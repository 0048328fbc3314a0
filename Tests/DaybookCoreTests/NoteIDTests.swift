import Foundation
import Testing

@testable import DaybookCore
@testable import DaybookStore

@Suite struct NoteIDTests {
    @Test func parsesOnlyTheIdForm() {
        #expect(NoteID.parse("n12") == NoteID(12))
        #expect(NoteID.parse("N7")?.description == "n7")
        for text in ["n", "n0", "12", "x12", "n12a", "n-1", "n 1", "n1.5", "nn1", "n99999999999999999999", "n١٢", ""] {
            #expect(NoteID.parse(text) == nil, "\(text)")
        }
    }
}
