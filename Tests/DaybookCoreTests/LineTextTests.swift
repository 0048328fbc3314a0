@testable import DaybookCore
@testable import DaybookStore
import Testing

/// `escapedLineText`, the one escaping of a field of tab-separated lines that the sync file and
/// the completion scripts' output share: what it writes, and that the sync file reads it back.
@Suite struct LineTextTests {
    @Test func theFourSeparatorsAndTheBackslashAreWrittenAsEscapes() {
        #expect(escapedLineText("a\\b\tc\nd\re") == #"a\\b\tc\nd\re"#)
        #expect(escapedLineText("\\t") == #"\\t"#)
        #expect(escapedLineText("\r\n") == #"\r\n"#)
    }

    @Test func textWithoutThemIsKeptAsItIs() {
        for text in ["", "plain", "café 👩\u{200D}💻", "quote \" and \u{1B}[31m", "N"] {
            #expect(escapedLineText(text) == text)
        }
        #expect(escapedLineText("é\u{301}\t") == "é\u{301}\\t")
    }

    @Test func theSyncFileReadsBackWhatIsWritten() {
        var random = SplitMix64(state: 7)
        let alphabet: [Character] = ["a", "\\", "\t", "\n", "\r", "N", "t", "é", "👩\u{200D}💻", " "]
        for _ in 0..<500 {
            let length = Int(random.next() % 12)
            let text = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            let written = escapedLineText(text)
            #expect(!written.contains("\t") && !written.contains("\n") && !written.contains("\r"))
            #expect(SyncFile.unescape(Array(written.utf8)) == text, "\(text.debugDescription)")
        }
    }
}
