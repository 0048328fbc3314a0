import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

/// `log` lines in phrases (`slept 7 and a half hours, walked 9k steps, 3 coffees`), read with
/// the catalogue by `Phrase` (DaybookCore).
enum LogPhrases {
    /// The values of the line's words, read as phrases. A date the words end with is the day
    /// the line names (`Invocation.nameDay`, which refuses a second).
    static func read(_ invocation: inout Invocation, _ context: Context, _ journal: Journal) throws -> [(Attribute, Double)] {
        let words = Array(invocation.words.dropLast(invocation.dateWords))
        let today = try context.today
        let order = context.dayOrder
        let reading: (values: [Phrase.Value], date: String?)
        do {
            reading = try Phrase.read(words, lexicon: lexicon(journal.attributes, context)) {
                (try? Day.parse($0, today: today, order: order)) != nil
            }
        } catch {
            throw CommandError(ProblemText.phrase(error))
        }
        if let date = reading.date { try invocation.nameDay(date, .phrase) }
        return reading.values.map { ($0.attribute, $0.value) }
    }

    /// The catalogue's words for `attributes`, kept on the context while they do not change.
    static func lexicon(_ attributes: [Attribute], _ context: Context) -> Phrase.Lexicon {
        if let cached = context.phraseLexicon, cached.attributes == attributes { return cached.lexicon }
        let lexicon = Phrase.Lexicon(attributes)
        context.phraseLexicon = (attributes, lexicon)
        return lexicon
    }
}

extension CheckIn {
    /// An answer to the question about `attribute`: a value (`7h30`, `9k`, `8 glasses`), or a
    /// phrase about it, as `log` reads them (`slept 7 and a half hours`, `9k steps`). A one-word
    /// answer that is neither is refused as a value; a longer one names the word that is not.
    static func value(_ text: String, _ attribute: Attribute, among attributes: [Attribute]) throws -> Double {
        do {
            return try attribute.parse(CheckIn.withoutUnit(text, attribute))
        } catch {
            guard text.unicodeScalars.contains(" ") else { throw error }
            return try Phrase.answer(text, for: attribute, among: attributes)
        }
    }
}
