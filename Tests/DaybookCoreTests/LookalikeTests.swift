import Testing

@testable import DaybookCore
@testable import DaybookStore

@Suite struct LookalikeTests {
    @Test func namesThatReadTheSameLookAlike() {
        #expect(Lookalikes.lookAlike("steps", "stеps"))  // Cyrillic е
        #expect(Lookalikes.lookAlike("steps", "ѕтерѕ"))  // all Cyrillic
        #expect(Lookalikes.lookAlike("steps", "ｓｔｅｐｓ"))  // full width
        #expect(Lookalikes.lookAlike("steps", "STEPS"))
        #expect(Lookalikes.lookAlike("coffee", "соffее"))
        #expect(Lookalikes.lookAlike("heart_rate", "hеart_rаte"))
        #expect(Lookalikes.lookAlike("water", "ωαter"))  // Greek
        #expect(!Lookalikes.lookAlike("steps", "step"))
        #expect(!Lookalikes.lookAlike("steps", "stops"))
        #expect(!Lookalikes.lookAlike("steps", "шаги"))
    }

    @Test func aNewNameIsRefusedWhenItLooksLikeATrackedOneOrMixesScripts() {
        let tracked = ["steps", "sleep", "water"]
        #expect(
            Lookalikes.problem(newName: "stеps", existing: tracked)
                == "'stеps' looks like 'steps', which is tracked already (it mixes Latin and Cyrillic letters); use 'steps', or a name that does not look like it"
        )
        #expect(
            Lookalikes.problem(newName: "ѕтерѕ", existing: tracked)
                == "'ѕтерѕ' looks like 'steps', which is tracked already (it is written in Cyrillic letters); use 'steps', or a name that does not look like it"
        )
        #expect(
            Lookalikes.problem(newName: "ｓｔｅｐｓ", existing: tracked)
                == "'ｓｔｅｐｓ' looks like 'steps', which is tracked already (it is written in full-width letters); use 'steps', or a name that does not look like it"
        )
        #expect(
            Lookalikes.problem(newName: "pаges", existing: tracked)
                == "'pаges' mixes Latin and Cyrillic letters, so it would look like another name; use letters of one script")
        // One script, like nothing tracked: fine, in any script.
        #expect(Lookalikes.problem(newName: "pages", existing: tracked) == nil)
        #expect(Lookalikes.problem(newName: "шаги", existing: tracked) == nil)
        #expect(Lookalikes.problem(newName: "βήματα", existing: tracked) == nil)
        #expect(Lookalikes.problem(newName: "歩数_2", existing: tracked) == nil)
        #expect(Lookalikes.problem(newName: "steps", existing: tracked) == nil)  // the same name: a retrack
    }
}
