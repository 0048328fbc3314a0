/// One row as `sync` carries it: its table, global id, removal register and content.
public struct SyncRecord: Sendable, Equatable {
    public var table: String
    public var gid: String
    /// The register: live or removed, stamped with the clock and device of the change that set it.
    public var live: Bool
    public var hlc: Int64
    public var device: String
    /// The table's columns (`SyncFile.columns`), as text; nil is NULL.
    public var fields: [String?]

    public init(table: String, gid: String, live: Bool, hlc: Int64, device: String, fields: [String?]) {
        self.table = table
        self.gid = gid
        self.live = live
        self.hlc = hlc
        self.device = device
        self.fields = fields
    }

    /// True when this register's stamp is later than (`hlc`, `device`): the later clock wins,
    /// and on a tie the greater device id.
    package func isLater(than hlc: Int64, _ device: String) -> Bool {
        self.hlc != hlc ? self.hlc > hlc : self.device > device
    }
}

/// A sync file: `FOLDER/<device>/<seq, 12 digits>.daybook-sync`. A header line (tab-separated:
/// `daybook-sync`, the format version, the schema version, the device id, the sequence number,
/// the number of records, the body's length in bytes, the body's SHA-256 and the device's name),
/// then one line a record: table, gid, live (1 or 0), clock, device, then the table's columns.
/// Fields are escaped (`\\`, `\t`, `\n`, `\r`) and NULL is `\N`. See docs/sync.md.
public struct SyncFile: Sendable, Equatable {
    public static let formatVersion = 1
    public static let suffix = ".daybook-sync"
    public static let magic = "daybook-sync"

    public var schema: Int
    public var device: String
    public var name: String
    public var seq: Int
    public var records: [SyncRecord]

    public init(schema: Int, device: String, name: String, seq: Int, records: [SyncRecord]) {
        self.schema = schema
        self.device = device
        self.name = name
        self.seq = seq
        self.records = records
    }

    /// Each synced table's columns as a record carries them, in order. A note carries its
    /// `ngid` and its id where it was written (`nid`); a tag the gids of its note or mood.
    public static let columns: [String: [String]] = [
        "attribute": ["name", "type", "aggregation", "unit", "group_name", "builtin", "range_min", "range_max"],
        "mood": ["day", "rating", "note", "recorded_at"],
        "note": ["ngid", "nid", "day", "text", "recorded_at", "at"],
        "tag": ["name", "day", "note_gid", "mood_gid"],
        "entry": ["attribute", "day", "value", "recorded_at", "source", "file", "exported"],
        "setting": ["name", "value"],
        "goal": ["attribute", "since", "period", "min", "max", "total"],
    ]

    /// The columns a table's records gained after sync began, at the end of `columns`: a record
    /// written by a daybook of an older schema leaves them out, and they read as NULL. An
    /// entry's `exported` came with schema 12.
    static let added: [String: Int] = ["entry": 1]

    /// The file's name for a sequence number.
    public static func fileName(_ seq: Int) -> String {
        let digits = String(seq)
        return String(repeating: "0", count: max(0, 12 - digits.count)) + digits + suffix
    }

    /// The sequence number in a file name that is exactly the pattern; nil for anything else
    /// (a sync tool's temporary file, a conflicted copy, a file of another program).
    public static func seq(fromName name: String) -> Int? {
        guard name.hasSuffix(suffix) else { return nil }
        let digits = name.utf8.dropLast(suffix.utf8.count)
        guard digits.count == 12, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    /// True for a device id: 32 lowercase hex digits.
    public static func isDeviceID(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    /// The file's bytes, and the hash it is remembered by (the body's SHA-256).
    public func encoded() -> (bytes: [UInt8], hash: String) {
        var body: [UInt8] = []
        for record in records { body += SyncFile.line(record) }
        let hash = SHA256.hex(body)
        let header = [
            SyncFile.magic, String(SyncFile.formatVersion), String(schema), device, String(seq), String(records.count),
            String(body.count), hash, SyncFile.escape(name),
        ].joined(separator: "\t")
        return (Array(header.utf8) + [0x0A] + body, hash)
    }

    /// Why a file cannot be read; `newerSchema` or `newerFormat` when a newer daybook wrote it.
    public enum Problem: Error, Equatable, Sendable {
        case unreadable(String)
        case newerSchema(Int)
        case newerFormat(Int)
    }

    /// Reads a file's bytes; throws `Problem` for anything that is not a whole file of this
    /// format (cut off, changed, of a newer format or schema).
    public static func decode(_ bytes: [UInt8]) throws(Problem) -> (file: SyncFile, hash: String) {
        guard let newline = bytes.firstIndex(of: 0x0A) else {
            throw .unreadable("it has no header line, it may be cut off")
        }
        let header = String(decoding: bytes[..<newline], as: UTF8.self).split(
            separator: "\t", omittingEmptySubsequences: false)
        guard header.count == 9, header[0] == Substring(magic) else {
            throw .unreadable("it is not a daybook sync file")
        }
        guard let format = Int(header[1]), let schema = Int(header[2]), let seq = Int(header[4]),
            let count = Int(header[5]), let length = Int(header[6])
        else { throw .unreadable("its header is damaged") }
        if schema > SchemaVersion.current { throw .newerSchema(schema) }
        guard format <= formatVersion else { throw .newerFormat(format) }
        let body = bytes[(newline + 1)...]
        guard body.count == length else {
            throw .unreadable("it is \(body.count < length ? "cut off" : "longer than its header says")")
        }
        let hash = SHA256.hex(body)
        guard hash == header[7] else { throw .unreadable("its checksum does not match") }
        var records: [SyncRecord] = []
        records.reserveCapacity(count)
        for line in body.split(separator: 0x0A) {
            guard let record = record(line) else { throw .unreadable("a record in it is damaged") }
            records.append(record)
        }
        guard records.count == count else { throw .unreadable("it holds \(records.count) records, not \(count)") }
        let device = String(header[3])
        guard isDeviceID(device) else { throw .unreadable("its device id is damaged") }
        let name = unescape(Array(header[8].utf8)) ?? device
        return (SyncFile(schema: schema, device: device, name: name, seq: seq, records: records), hash)
    }

    /// A record as one line of a file, its line feed included.
    static func line(_ record: SyncRecord) -> [UInt8] {
        var fields: [String?] = [record.table, record.gid, record.live ? "1" : "0", String(record.hlc), record.device]
        fields += record.fields
        return Array(fields.map(SyncFile.escape).joined(separator: "\t").utf8) + [0x0A]
    }

    /// A record read from one line (without its line feed); nil when it is not one: an unknown
    /// table, the wrong number of fields for it (a record of an older schema may leave out the
    /// columns added since, `added`), a register that is not 0 or 1, a clock that is
    /// no number.
    static func record(_ line: ArraySlice<UInt8>) -> SyncRecord? {
        let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map { unescape(Array($0)) }
        guard fields.count >= 5, let table = fields[0], let gid = fields[1], let live = fields[2],
            live == "1" || live == "0", let hlcText = fields[3], let hlc = Int64(hlcText), let device = fields[4],
            let columns = columns[table],
            (5 + columns.count - (added[table] ?? 0)...5 + columns.count).contains(fields.count)
        else { return nil }
        let missing = 5 + columns.count - fields.count
        return SyncRecord(
            table: table, gid: gid, live: live == "1", hlc: hlc, device: device,
            fields: Array(fields[5...]) + Array(repeating: nil, count: missing))
    }

    /// A field, or `\N` for none.
    static func escape(_ field: String?) -> String {
        guard let field else { return "\\N" }
        return escapedLineText(field)
    }

    static func unescape(_ bytes: [UInt8]) -> String? {
        if bytes == [0x5C, 0x4E] { return nil }
        guard bytes.contains(0x5C) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x5C, index + 1 < bytes.count {
                switch bytes[index + 1] {
                case 0x74: out.append(0x09)
                case 0x6E: out.append(0x0A)
                case 0x72: out.append(0x0D)
                default: out.append(bytes[index + 1])
                }
                index += 2
            } else {
                out.append(byte)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
