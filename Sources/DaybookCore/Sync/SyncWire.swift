/// The sync folder's file header, read without the body, and the change log's line for a sync.
package enum SyncWire {
    /// The body's hash a file's header gives, read without reading the body; nil when the
    /// header is not one.
    package static func headerHash(_ bytes: [UInt8]) -> String? {
        guard let newline = bytes.firstIndex(of: 0x0A) else { return nil }
        let header = bytes[..<newline].split(separator: 0x09, omittingEmptySubsequences: false)
        guard header.count == 9 else { return nil }
        return String(decoding: header[7], as: UTF8.self)
    }

    /// The change log's line for a sync.
    package static func summary(_ report: SyncReport) -> String {
        var parts = ["sent \(report.sent)"]
        for applied in report.applied where applied.changes > 0 {
            parts.append("applied \(applied.changes) from \(applied.device)")
        }
        if !report.conflicts.isEmpty { parts.append("\(report.conflicts.count) conflicts") }
        return "sync: " + parts.joined(separator: ", ")
    }
}
