extension Phrase.Lexicon {
    /// The words with a unit attached to a number read as two (`72.9kg` as `72.9 kg`, `2cups`
    /// as `2 cups`), so that the unit places the value as it does apart. Hours and minutes stay
    /// with their number: `7h30m` is one duration.
    func detachingUnits(_ words: [Phrase.Word]) -> [Phrase.Word] {
        guard words.contains(where: { unitStart($0.text) != nil }) else { return words }
        var out: [Phrase.Word] = []
        for word in words {
            guard let start = unitStart(word.text) else {
                out.append(word)
                continue
            }
            let scalars = word.original.unicodeScalars
            let split = scalars.index(scalars.startIndex, offsetBy: word.text.unicodeScalars.distance(from: word.text.unicodeScalars.startIndex, to: start))
            out.append(Phrase.Word(text: String(word.text.unicodeScalars[..<start]), original: String(scalars[..<split])))
            out.append(Phrase.Word(text: String(word.text.unicodeScalars[start...]), original: String(scalars[split...]), comma: word.comma))
        }
        return out
    }

    /// Where the unit begins in `text` (lower case), a number with a unit of the catalogue
    /// attached; nil for any other word.
    private func unitStart(_ text: String) -> String.UnicodeScalarView.Index? {
        guard let last = text.utf8.last, last >= UInt8(ascii: "a"), Phrase.startsValue(text),
            let digit = text.unicodeScalars.lastIndex(where: { ("0"..."9").contains($0) })
        else { return nil }
        let start = text.unicodeScalars.index(after: digit)
        let unit = String(text.unicodeScalars[start...])
        guard units[unit] != nil, !PhraseWords.hourWords.contains(unit), !PhraseWords.minuteWords.contains(unit) else { return nil }
        return start
    }
}
