import CHealthExport

#if canImport(Glibc)
    import Glibc
#endif

/// How far a read has got: bytes of the file (of a zip: of the archive, compressed) and
/// records read.
public struct HealthReadProgress: Sendable, Equatable {
    public var bytesRead: Int64
    public var totalBytes: Int64
    public var records: Int

    public init(bytesRead: Int64, totalBytes: Int64, records: Int) {
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
        self.records = records
    }
}

/// What a read of an Apple Health export found, beyond what went to the sink.
public struct AppleHealthReport: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case xml
        /// A zip archive; `entry` is the path of the export.xml read in it.
        case zip(entry: String)
    }

    public var kind: Kind
    /// Top-level records read: every Record (Correlations' copies not counted), Workout and
    /// ActivitySummary, whether it gave a sample, was skipped or meant nothing (an idle hour).
    public var records: Int
    /// The day the export was made, at the phone's offset then (`<ExportDate>`).
    public var exportDay: Day?
    /// When the export was made (`<ExportDate>`), in seconds since 1970 UTC.
    public var exported: Int64?

    public init(kind: Kind, records: Int, exportDay: Day?, exported: Int64? = nil) {
        self.kind = kind
        self.records = records
        self.exportDay = exportDay
        self.exported = exported
    }
}

/// The read was stopped by its `interrupted` closure.
public struct HealthImportInterrupted: Error, Sendable, Equatable, CustomStringConvertible {
    public init() {}
    public var description: String { "interrupted" }
}

/// The reader of Apple Health's "Export All Health Data": export.zip, or the export.xml in it.
///
/// The XML is read as a stream by libxml2 (the zip's entry straight from libarchive, nothing
/// unpacked to disk), so memory stays flat whatever the file's size; both libraries are loaded
/// on first use. The document type may declare elements and attributes, as Apple's does; a file
/// that declares entities is refused before anything is read, and nothing is ever fetched.
public enum AppleHealthReader {
    /// What an Apple Health export is, for messages.
    static let expected = "an Apple Health export is export.zip, or the export.xml inside it"

    /// Reads an Apple Health export (export.zip or export.xml) at `path` into `sink`. `progress`
    /// is called every 64K records or 4 MB, and once more at the end with every byte read;
    /// `interrupted` is asked at each progress, and when it returns true the read stops with
    /// `HealthImportInterrupted`.
    public static func read<Sink: HealthSink>(
        path: String, into sink: inout Sink, progress: (HealthReadProgress) -> Void = { _ in },
        interrupted: () -> Bool = { false }
    ) throws -> AppleHealthReport {
        var head = [UInt8](repeating: 0, count: 512)
        var size: Int64 = 0
        let count = daybook_file_head(path, &head, head.count, &size)
        if count < 0 { throw ImportError(line: nil, "cannot read \(path): \(String(cString: strerror(Int32(-count))))") }
        head.removeLast(head.count - count)
        let isZip = HealthArchive.isZip(head)
        if !isZip, let other = notXML(head) { throw ImportError(line: nil, "\(other), not an Apple Health export; \(expected)") }

        guard daybook_xml_load() != 0 else {
            let why = daybook_xml_error().map { String(cString: $0) } ?? ""
            throw ImportError(
                line: nil, "reading an Apple Health export needs libxml2, which could not be loaded (\(why)); install the Debian package libxml2")
        }
        guard let walk = daybook_health_walk_new() else { throw ImportError(line: nil, "out of memory") }
        defer { daybook_health_walk_free(walk) }

        var zip: ZipArchive?
        var kind = AppleHealthReport.Kind.xml
        var total = size
        if isZip {
            let archive = try ZipArchive(path: path)
            var names: [String] = []
            while let name = try archive.next() {
                if name == "export.xml" || name.hasSuffix("/export.xml") {
                    if let refusal = archive.refusalUnlessFile(name) { throw refusal }
                    kind = .zip(entry: name)
                    break
                }
                names.append(name)
            }
            guard case .zip = kind else {
                throw ImportError(
                    line: nil, "the zip archive holds no export.xml (it holds \(ZipArchive.listed(names))); \(expected)")
            }
            zip = archive
            total = archive.size
        }

        return try withoutActuallyEscaping(progress) { progress in
            try withoutActuallyEscaping(interrupted) { interrupted in
                let items = AppleHealthWalk(
                    sink: sink, walk: walk, totalBytes: total, progress: progress, interrupted: interrupted)
                let context = Unmanaged.passUnretained(items as AppleHealthItems).toOpaque()
                let result =
                    if let zip {
                        daybook_health_walk_zip(walk, zip.handle, AppleHealthItems.callback, context)
                    } else {
                        daybook_health_walk_file(walk, path, AppleHealthItems.callback, context)
                    }
                sink = items.sink
                withExtendedLifetime(items) {}
                if items.wasInterrupted { throw HealthImportInterrupted() }
                if let failure = failure(Int(result), walk: walk, path: path, zip: zip) { throw failure }
                items.finish()
                sink = items.sink
                progress(HealthReadProgress(bytesRead: total, totalBytes: total, records: items.records))
                return AppleHealthReport(
                    kind: kind, records: items.records, exportDay: items.exportDay, exported: items.exported)
            }
        }
    }

    /// The one line for a walk that did not reach the end of the export, or nil when it did.
    static func failure(_ result: Int, walk: OpaquePointer, path: String, zip: ZipArchive?) -> ImportError? {
        let message = String(cString: daybook_health_message(walk))
        let line = daybook_health_line(walk)
        switch result {
        case DAYBOOK_HEALTH_DONE: return nil
        case DAYBOOK_HEALTH_ENTITY:
            return ImportError(
                line: nil,
                "the file declares XML entities (<!ENTITY>), which an Apple Health export never does; it is not read, so that nothing is expanded or fetched")
        case DAYBOOK_HEALTH_NOT_HEALTH:
            return ImportError(
                line: nil, "this is XML whose root is <\(ImportError.shown(message))>, not an Apple Health export (<HealthData>); \(expected)")
        case DAYBOOK_HEALTH_XML_ERROR where message.hasPrefix("Input is not proper UTF-8"):
            // Before the test for a file cut short: libxml2 may have read to its end first.
            return ImportError(
                line: line > 0 ? line : nil,
                "bytes that are not UTF-8, which an export.xml is all through: the file is damaged; export it again")
        case DAYBOOK_HEALTH_XML_ERROR where daybook_health_cut_short(walk) != 0:
            return ImportError(
                line: line > 0 ? line : nil,
                "the export ends here, before its end (</HealthData>): the file is cut short; export it again")
        case DAYBOOK_HEALTH_XML_ERROR:
            return ImportError(line: line > 0 ? line : nil, "this is not well-formed XML: \(ImportError.shown(message))")
        case DAYBOOK_HEALTH_READ_ERROR:
            return zip?.failure() ?? ImportError(line: nil, "cannot read \(path): \(message)")
        default:
            return ImportError(line: nil, "libxml2 could not start reading \(path)")
        }
    }

    /// What the first bytes of a file that is not XML look like ("this is a gzip-compressed
    /// file"), or nil when they start as XML does (after a byte-order mark and white space).
    static func notXML(_ head: [UInt8]) -> String? {
        if head.isEmpty { return "the file is empty" }
        var bytes = head[...]
        if bytes.starts(with: TextBytes.byteOrderMark) { bytes = bytes.dropFirst(3) }
        while let first = bytes.first, first == 0x20 || first == 0x09 || first == 0x0A || first == 0x0D {
            bytes = bytes.dropFirst()
        }
        // UTF-16 without a byte-order mark: every other byte of its ASCII is 0.
        if bytes.count >= 4, (bytes[bytes.startIndex + 1] == 0 && bytes[bytes.startIndex + 3] == 0)
            || (bytes[bytes.startIndex] == 0 && bytes[bytes.startIndex + 2] == 0)
        {
            return "this is UTF-16 text without a byte-order mark (an export.xml is UTF-8)"
        }
        if bytes.first == UInt8(ascii: "<") { return nil }
        if head.starts(with: Array("SQLite format 3".utf8) + [0]) { return "this is an SQLite database" }
        if head.starts(with: [0x1F, 0x8B]) { return "this is a gzip-compressed file" }
        if head.starts(with: Array("%PDF".utf8)) { return "this is a PDF document" }
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) { return "this is UTF-16 text" }
        if bytes.first == UInt8(ascii: "{") || bytes.first == UInt8(ascii: "[") { return "this looks like JSON" }
        if String(validating: head.prefix(400), as: UTF8.self) != nil, !head.contains(0) {
            return "this is text that is not XML (it starts '\(ImportError.shown(String(decoding: bytes.prefix(40), as: UTF8.self)))')"
        }
        return "this is a binary file of some other kind"
    }
}
