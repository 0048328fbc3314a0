#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Stored samples in chunks of a fixed size, 17 bytes a sample, so that memory grows with them
/// in small steps and is never copied whole as it grows. Past its first `kept` samples, each
/// chunk that fills up is written to the import's `SpillFile` and read back, a chunk at a
/// time, by each pass over the samples: memory then stays flat whatever the export's size (an
/// export of several GB holds millions of samples that wait for the overlap rule). The samples
/// come back in the order they were appended, wherever they were kept.
struct IntervalStore: Sequence {
    static let chunkSize = 1 << 13

    enum Chunk {
        case memory([PackedInterval], [Int8])
        /// Where in the spill file: the packed samples, then their offsets.
        case disk(at: Int64, count: Int)
    }

    private var chunks: [Chunk] = []
    private var packed: [PackedInterval] = []
    private var offsets: [Int8] = []
    private var count = 0
    let spill: SpillFile?
    let kept: Int

    /// `kept` samples stay in memory before chunks go to `spill` (none without one).
    init(spill: SpillFile? = nil, kept: Int = chunkSize) {
        self.spill = spill
        self.kept = kept
    }

    var isEmpty: Bool { count == 0 }

    mutating func append(_ interval: StoredInterval) {
        packed.append(PackedInterval(start: interval.start, length: interval.length, value: interval.value))
        offsets.append(interval.offset)
        count += 1
        if packed.count == Self.chunkSize { close() }
    }

    /// Files the chunk being filled: to disk past `kept`, when the spill file takes it.
    private mutating func close() {
        if count > kept, let spill, let at = spill.append(packed, offsets) {
            chunks.append(.disk(at: at, count: packed.count))
            packed.removeAll(keepingCapacity: true)
            offsets.removeAll(keepingCapacity: true)
        } else {
            chunks.append(.memory(packed, offsets))
            packed = []
            offsets = []
        }
    }

    func makeIterator() -> Iterator {
        Iterator(chunks: chunks + (packed.isEmpty ? [] : [.memory(packed, offsets)]), spill: spill)
    }

    struct Iterator: IteratorProtocol {
        let chunks: [Chunk]
        let spill: SpillFile?
        var chunk = 0
        var index = 0
        var packed: [PackedInterval] = []
        var offsets: [Int8] = []

        init(chunks: [Chunk], spill: SpillFile?) {
            self.chunks = chunks
            self.spill = spill
            load()
        }

        /// Makes the current chunk's samples `packed` and `offsets`.
        private mutating func load() {
            guard chunk < chunks.count else { return }
            switch chunks[chunk] {
            case .memory(let p, let o):
                packed = p
                offsets = o
            case .disk(let at, let count):
                spill!.read(at: at, count: count, into: &packed, &offsets)
            }
        }

        mutating func next() -> StoredInterval? {
            while chunk < chunks.count {
                if index < packed.count {
                    index += 1
                    return StoredInterval(packed[index - 1], offset: offsets[index - 1])
                }
                chunk += 1
                index = 0
                load()
            }
            return nil
        }
    }
}

/// A temporary file that samples spill to: made on first use in the temporary folder
/// (`TMPDIR`, else /tmp) and unlinked at once, so that nothing is left behind whatever ends
/// the import. Where it cannot be made or written, samples stay in memory.
final class SpillFile: @unchecked Sendable {
    private var fd: Int32 = -1
    private var failed = false
    private var size: Int64 = 0
    /// The folder to make it in; nil for the temporary folder.
    let folder: String?

    init(folder: String? = nil) { self.folder = folder }

    /// How much has been written to it.
    var bytesWritten: Int64 { size }

    deinit { if fd >= 0 { close(fd) } }

    /// Writes the samples and their offsets at the end of the file; where they start, or nil
    /// when they could not be written.
    func append(_ packed: [PackedInterval], _ offsets: [Int8]) -> Int64? {
        guard open() else { return nil }
        let at = size
        let ok =
            packed.withUnsafeBytes { write($0, at: at) }
            && offsets.withUnsafeBytes { write($0, at: at + Int64(packed.count * MemoryLayout<PackedInterval>.stride)) }
        guard ok else {
            failed = true
            return nil
        }
        size = at + Int64(packed.count * MemoryLayout<PackedInterval>.stride + offsets.count)
        return at
    }

    /// Reads back `count` samples written at `at`.
    func read(at: Int64, count: Int, into packed: inout [PackedInterval], _ offsets: inout [Int8]) {
        packed = [PackedInterval](repeating: PackedInterval(start: 0, length: 0, value: 0), count: count)
        offsets = [Int8](repeating: 0, count: count)
        let sampleBytes = count * MemoryLayout<PackedInterval>.stride
        let fd = self.fd
        let ok =
            packed.withUnsafeMutableBytes { Self.readFully(fd, $0, at: at) }
            && offsets.withUnsafeMutableBytes { Self.readFully(fd, $0, at: at + Int64(sampleBytes)) }
        // The file is this process's own and unlinked: a read that fails is the machine's
        // failure, not the export's.
        precondition(ok, "cannot read back the samples spilled to the temporary folder")
    }

    private func open() -> Bool {
        if fd >= 0 { return true }
        if failed { return false }
        let base =
            folder ?? getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast())
            + Array("daybook-samples-XXXXXX".utf8CString)
        let made = mkstemp(&template)
        guard made >= 0 else {
            failed = true
            return false
        }
        unlink(String(cString: template))
        fd = made
        return true
    }

    private func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    private static func readFully(_ fd: Int32, _ bytes: UnsafeMutableRawBufferPointer, at offset: Int64) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = pread(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }
}
