#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The encrypted sync file (format 2, docs/sync.md "The encrypted format"). In clear, one line,
/// `daybook-sync <TAB> 2 <TAB> <key id>`, then the secretstream's 24-byte header, then chunks,
/// each a 4-byte big-endian length and that many bytes of ciphertext. Every chunk is
/// authenticated with the file's device and number (and the key id), so a file renamed, moved
/// to another device's folder, altered or cut short does not open. The first chunk holds the
/// inner header (schema, device, number, records, kind, device name); the others hold record
/// lines as the plain format writes them, a line possibly running on into the next chunk.
package enum SyncSealedFile {
    static let format = 2
    /// Plain bytes in a chunk at the most.
    static let chunk = 64 * 1024
    /// The largest file read; a larger one is refused unread.
    static let maxBytes: Int64 = 512 * 1024 * 1024
    /// The longest record line (a note's text and its fields).
    static let maxLine = 4 * 1024 * 1024

    /// What is authenticated with every chunk: the file's place in the folder.
    static func additional(keyID: String, device: String, seq: Int) -> [UInt8] {
        Array("\(SyncFile.magic)\t\(format)\t\(keyID)\t\(device)\t\(seq)".utf8)
    }

    /// The inner header: what the plain format's header says, but the checksum.
    package struct Inner: Equatable {
        var schema: Int
        var device: String
        var seq: Int
        var records: Int
        var snapshot: Bool
        var name: String

        var line: [UInt8] {
            Array(
                [
                    String(schema), device, String(seq), String(records), snapshot ? "snapshot" : "changes",
                    SyncFile.escape(name),
                ].joined(separator: "\t").utf8) + [0x0A]
        }

        package init(schema: Int, device: String, seq: Int, records: Int, snapshot: Bool, name: String) {
            (self.schema, self.device, self.seq, self.records, self.snapshot, self.name) =
                (schema, device, seq, records, snapshot, name)
        }

        init?(_ bytes: [UInt8]) {
            guard bytes.last == 0x0A else { return nil }
            let fields = bytes.dropLast().split(separator: 0x09, omittingEmptySubsequences: false)
            guard fields.count == 6, let schema = Int(String(decoding: fields[0], as: UTF8.self)),
                let seq = Int(String(decoding: fields[2], as: UTF8.self)),
                let records = Int(String(decoding: fields[3], as: UTF8.self)), records >= 0
            else { return nil }
            let kind = String(decoding: fields[4], as: UTF8.self)
            guard kind == "snapshot" || kind == "changes" else { return nil }
            self.init(
                schema: schema, device: String(decoding: fields[1], as: UTF8.self), seq: seq, records: records,
                snapshot: kind == "snapshot", name: SyncFile.unescape(Array(fields[5])) ?? "")
        }
    }

    /// Writes a file: the clear line, the stream's header, then the inner header and the
    /// records in chunks, into `sink` as they are sealed. Returns the hash the file is
    /// remembered by (the stream's header, which is random for every file).
    package static func write(
        key: SyncKey, inner: Inner, records: [SyncRecord], into sink: (borrowing [UInt8]) throws -> Void
    ) throws -> String {
        var sealer = SyncSealer(key: key, additional: additional(keyID: key.id, device: inner.device, seq: inner.seq))
        try sink(Array("\(SyncFile.magic)\t\(format)\t\(key.id)\n".utf8) + sealer.header)
        func put(_ plain: [UInt8], final: Bool) throws {
            let cipher = sealer.seal(plain, final: final)
            let length = UInt32(cipher.count)
            try sink([UInt8(length >> 24), UInt8(length >> 16 & 255), UInt8(length >> 8 & 255), UInt8(length & 255)] + cipher)
        }
        try put(inner.line, final: records.isEmpty)
        var pending: [UInt8] = []
        pending.reserveCapacity(chunk)
        for (index, record) in records.enumerated() {
            pending += SyncFile.line(record)
            let last = index == records.count - 1
            while pending.count >= chunk || (last && !pending.isEmpty) {
                let piece = Array(pending.prefix(chunk))
                pending.removeFirst(piece.count)
                try put(piece, final: last && pending.isEmpty)
            }
        }
        return Sodium.hex(sealer.header)
    }

    /// Why a sealed file was not read.
    package enum Problem: Error, Equatable {
        case tooLarge(Int64)
        case notAFile
        case unreadable
        case cutOff
        /// Sealed with another key than this device holds.
        case otherKey(String)
        /// A chunk did not authenticate: altered, renamed, or moved from another folder.
        case notAuthentic
        case damaged
        case newerSchema(Int)
    }

    /// An open sealed file, read chunk by chunk.
    package final class Reader {
        let fd: Int32
        private(set) var keyID: String
        private(set) var streamHeader: [UInt8]
        private var buffer: [UInt8] = []
        private var position = 0
        private var ended = false

        /// Opens `path`: a regular file (a FIFO, a device or a link is refused without blocking),
        /// no larger than `maxBytes`, starting with the clear line of format 2.
        package init(path: String) throws(Problem) {
            switch SyncFolder.openFile(path, limit: maxBytes) {
            case .success(let fd): self.fd = fd
            case .failure(.notAFile): throw .notAFile
            case .failure(.tooLarge(let bytes, _)): throw .tooLarge(bytes)
            case .failure: throw .unreadable
            }
            self.keyID = ""
            self.streamHeader = []
            let line = readLine(limit: 64)
            let fields = line?.dropLast().split(separator: 0x09, omittingEmptySubsequences: false) ?? []
            guard fields.count == 3, String(decoding: fields[0], as: UTF8.self) == SyncFile.magic,
                String(decoding: fields[1], as: UTF8.self) == String(format), fields[2].count == 16
            else { throw .damaged }
            let header = take(SyncSealer.headerLength)
            guard header.count == SyncSealer.headerLength else { throw .cutOff }
            keyID = String(decoding: fields[2], as: UTF8.self)
            streamHeader = header
        }

        deinit { close(fd) }

        var hash: String { Sodium.hex(streamHeader) }

        /// Bytes up to and including the first line feed, within `limit`; nil when there is none.
        private func readLine(limit: Int) -> [UInt8]? {
            var line: [UInt8] = []
            while line.count < limit {
                let byte = take(1)
                guard let first = byte.first else { return nil }
                line.append(first)
                if first == 0x0A { return line }
            }
            return nil
        }

        /// Up to `count` bytes, fewer at the end of the file.
        func take(_ count: Int) -> [UInt8] {
            var out: [UInt8] = []
            while out.count < count {
                if position == buffer.count {
                    if ended { break }
                    buffer = [UInt8](repeating: 0, count: 65536)
                    let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
                    if got < 0 && errno == EINTR { continue }
                    if got <= 0 {
                        ended = true
                        buffer = []
                        position = 0
                        break
                    }
                    buffer.removeLast(65536 - got)
                    position = 0
                }
                let piece = min(count - out.count, buffer.count - position)
                out += buffer[position..<(position + piece)]
                position += piece
            }
            return out
        }

        /// The next chunk's ciphertext; nil at the end of the file, `cutOff` for a partial one.
        func nextChunk() throws(Problem) -> [UInt8]? {
            let length = take(4)
            if length.isEmpty { return nil }
            guard length.count == 4 else { throw .cutOff }
            let size = Int(length[0]) << 24 | Int(length[1]) << 16 | Int(length[2]) << 8 | Int(length[3])
            guard size >= SyncSealer.overhead, size <= chunk + SyncSealer.overhead else { throw .damaged }
            let cipher = take(size)
            guard cipher.count == size else { throw .cutOff }
            return cipher
        }

        /// Decrypts the first chunk, the inner header, with `key`, as the file of `device`
        /// numbered `seq`; returns it and the opener for the rest.
        package func inner(key: SyncKey, device: String, seq: Int) throws(Problem) -> (Inner, SyncOpener, Bool) {
            guard keyID == key.id else { throw .otherKey(keyID) }
            guard
                var opener = SyncOpener(
                    key: key, header: streamHeader, additional: additional(keyID: keyID, device: device, seq: seq))
            else { throw .notAuthentic }
            guard let cipher = try nextChunk() else { throw .cutOff }
            guard let (plain, final) = opener.open(cipher[...]) else { throw .notAuthentic }
            guard let inner = Inner(plain), inner.device == device, inner.seq == seq else { throw .damaged }
            if inner.schema > SchemaVersion.current { throw .newerSchema(inner.schema) }
            return (inner, opener, final)
        }

        /// Reads the records after the inner header, handing each to `each` as it is read.
        /// Throws when the file turns out cut off, altered or damaged: what `each` did by then
        /// must be undone by the caller.
        package func records(
            inner: Inner, opener: SyncOpener, final: Bool, each: (SyncRecord) throws -> Void
        ) throws -> Int {
            var opener = opener
            var ended = final
            var pending: [UInt8] = []
            var count = 0
            while !ended {
                guard let cipher = try nextChunk() else { throw Problem.cutOff }
                guard let (plain, last) = opener.open(cipher[...]) else { throw Problem.notAuthentic }
                ended = last
                pending += plain
                var start = 0
                while let newline = pending[start...].firstIndex(of: 0x0A) {
                    guard let record = SyncFile.record(pending[start..<newline]) else { throw Problem.damaged }
                    count += 1
                    guard count <= inner.records else { throw Problem.damaged }
                    try each(record)
                    start = newline + 1
                }
                pending.removeFirst(start)
                guard pending.count <= maxLine else { throw Problem.damaged }
            }
            guard pending.isEmpty, count == inner.records, try nextChunk() == nil else { throw Problem.damaged }
            return count
        }
    }
}
