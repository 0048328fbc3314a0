import DaybookCore
import DaybookStore
import Testing

@Suite struct ImportTagsTests {
    @Test(arguments: [
        ("work", "work"), ("Work", "work"), ("bad sleep", "bad-sleep"), ("movies / tv", "movies-tv"),
        ("stressed / frustrated ", "stressed-frustrated"), ("Sleep (8h+)", "sleep-8h"), ("K.O.", "k-o"),
        ("zu Hause", "zu-hause"), ("Müde", "müde"), ("vélo", "vélo"), ("cafe\u{301}", "cafe"), ("😀 happy", "happy"),
        ("💪", "flexed-biceps"), ("?!", "question-mark-exclamation-mark"), ("  ", "tag"), ("snake_case", "snake_case"),
        ("already-dashed--twice", "already-dashed-twice"), ("-edges-", "edges"), ("работа", "работа"),
        ("7h sleep", "7h-sleep"), ("@work/home", "work-home"), ("c++", "c"), ("Éte\u{301}", "éte"),
        ("İstanbul", "istanbul"),
        ("家族", "家族"), ("👍🏽", "thumbs-up-sign"), ("❤️ love", "love"), ("#hashtag", "hashtag"), ("a&b", "a-b"),
    ])
    func tagFor(_ name: String, _ tag: String) {
        #expect(ImportTags.tag(for: name) == tag, "\(name)")
    }

    /// jrnl's tag characters `+`, `#` and `*` are spelled, so that tags jrnl tells apart stay apart.
    @Test(arguments: [
        ("C++", "c-plus-plus"), ("C#", "c-sharp"), ("c", "c"), ("F*", "f-star"), ("work/home", "work-home"),
        ("a-b", "a-b"), ("Tom", "tom"), ("+1", "plus-1"),
    ])
    func jrnlTagFor(_ word: String, _ tag: String) {
        #expect(ImportTags.jrnlTag(for: word) == tag, "\(word)")
    }

    /// Whatever the name, its tag is one daybook reads back whole from `#tag`.
    @Test func everyTagReadsBack() {
        let pieces = [
            "a", "B", "é", "e\u{301}", "ß", "İ", "ı", "Σ", "ς", "ǅ", "ﬁ", "Ⅷ", "½", "٣", "_", "-", " ", "/", "(", ")",
            ".",
            "&", "#", "@", "💪", "👍🏽", "❤️", "\u{200D}", "\u{FE0F}", "家", "ं", "ि", "क", "\t", "'", "\"", "|", "€", "0",
        ]
        var names: [String] = pieces
        for a in pieces {
            for b in pieces { names.append(a + b) }
        }
        for a in pieces {
            for b in pieces.prefix(12) {
                for c in pieces.suffix(12) { names.append(a + b + c) }
            }
        }
        for name in names {
            let tag = ImportTags.tag(for: name)
            #expect(!tag.isEmpty)
            #expect(
                extractTags("#" + tag) == [tag], "\(name.unicodeScalars.map { String($0.value, radix: 16) }) → \(tag)")
            #expect(extractTags("x #" + tag + " y") == [tag])
        }
    }

    @Test func writtenKeepsTheOriginalNameWhenTheTagDoesNotSayIt() {
        #expect(ImportTags.imported("work").written == "#work")
        #expect(ImportTags.imported("Work").written == "#work")
        #expect(ImportTags.imported("bad sleep").written == "#bad-sleep")
        #expect(ImportTags.imported("Bad Sleep").written == "#bad-sleep")
        #expect(ImportTags.imported("movies / tv").written == "#movies-tv (movies / tv)")
        #expect(ImportTags.imported("💪").written == "#flexed-biceps (💪)")
    }
}
