/// CSV read as a stream: pieces of a file (as `HealthInput.stream` or `HealthArchive.read`
/// hand them on) in, whole records out, so that a file of any size is read in flat memory.
///
/// The bytes are cut after a line break outside quotes (an even count of quotes before it) and
/// each run of whole lines is read by `CSVReader`, with the lines before it added to its
/// records' lines. A quote inside an unquoted field (an ordinary character for `CSVReader`)
/// only makes a run longer. A run of more than `longestRecord` bytes with no such line break is
/// refused: no CSV a health app writes has records of that length.
struct CSVStream {
    let longestRecord: Int
    private var pending: [UInt8] = []
    /// How far `pending` has been scanned, whether the quotes before there are odd, and the end
    /// of the last whole line outside quotes.
    private var scanned = 0
    private var inQuotes = false
    private var cut = 0
    /// Physical lines before `pending`.
    private var linesBefore = 0
    private var started = false

    init(longestRecord: Int = 1 << 20) {
        self.longestRecord = longestRecord
    }

    /// Takes the next piece of the file, and hands on the records it completes.
    mutating func feed(_ bytes: [UInt8], _ record: (CSVRecord) throws -> Void) throws {
        pending += bytes
        while scanned < pending.count {
            let byte = pending[scanned]
            if byte == UInt8(ascii: "\"") {
                inQuotes.toggle()
            } else if !inQuotes && byte == 10 {
                cut = scanned + 1
            } else if !inQuotes && byte == 13 {
                // A CR is a line's end on its own only when no LF follows; wait for the next byte.
                if scanned + 1 == pending.count { break }
                if pending[scanned + 1] != 10 { cut = scanned + 1 }
            }
            scanned += 1
        }
        if cut > 0 {
            try read(Array(pending[..<cut]), record)
            pending.removeFirst(cut)
            scanned -= cut
            cut = 0
        }
        if pending.count > longestRecord {
            throw ImportError(
                line: linesBefore + 1,
                "a record runs past \(longestRecord >> 20) MiB without ending, which no such file holds; it is not read")
        }
    }

    /// Reads what is left once the file has ended.
    mutating func finish(_ record: (CSVRecord) throws -> Void) throws {
        if !pending.isEmpty || !started {
            try read(pending, record)
        }
        pending = []
        scanned = 0
    }

    private mutating func read(_ bytes: [UInt8], _ record: (CSVRecord) throws -> Void) throws {
        // The first run keeps its byte-order mark, which CSVReader skips (or refuses UTF-16 by).
        started = true
        let before = linesBefore
        // CSVReader's own errors count the lines of this run only.
        func global(_ error: ImportError) -> ImportError {
            error.line.map { ImportError(line: before + $0, error.message) } ?? error
        }
        var reader: CSVReader
        do { reader = try CSVReader(bytes: bytes) } catch { throw global(error) }
        while true {
            let next: CSVRecord?
            do { next = try reader.next() } catch { throw global(error) }
            guard let next else { break }
            try record(CSVRecord(line: before + next.line, fields: next.fields))
        }
        linesBefore += Self.lineBreaks(bytes)
    }

    /// The line breaks in a run that ends at one: LF, CRLF, or a CR alone.
    static func lineBreaks(_ bytes: [UInt8]) -> Int {
        var count = 0
        for (index, byte) in bytes.enumerated() {
            if byte == 10 || (byte == 13 && (index + 1 == bytes.count || bytes[index + 1] != 10)) { count += 1 }
        }
        return count
    }
}
