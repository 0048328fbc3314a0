#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is in the sync folder before anything is written or applied: the files of other devices
/// to apply, what was not read and why, and this device's own files. Only a file's clear line
/// and, when it is encrypted, its first chunk (the inner header) are read here; the records are
/// read as a stream when they are applied.
package struct SyncScan {
    package struct Incoming {
        package let device: String
        package let seq: Int
        /// The writing device's name, as its file says.
        package let name: String
        package let hash: String
        package let path: String
        /// A plain file's records, read whole (plain files are the older format); nil for an
        /// encrypted file, whose records are read when it is applied.
        package let plain: SyncFile?
        package var file: String { device + "/" + SyncFile.fileName(seq) }
    }

    package var incoming: [Incoming] = []
    package var ignored: [SyncUnread] = []
    /// This device's own files, by number, and whether one of them is under the key in use.
    package var own: [Int: String] = [:]
    package var ownUnderKey = false

    /// Reads `folder` as device `me` (named `myName`) holding `key` (nil: a plain journal).
    /// `known` holds the files applied or written before, as `device seq hash`.
    package init(folder: String, me: String, myName: String, key: SyncKey?, known: Set<String>) throws(SyncRefused) {
        for name in SyncFolder.names(in: folder) ?? [] where SyncFile.isDeviceID(name) {
            let path = folder + "/" + name
            switch SyncFolder.kind(path) {
            case .folder: break
            case .link:
                if name == me { throw SyncRefused(.folderIsLink(path)) }
                ignored.append(SyncUnread(name, .link))
                continue
            default:
                ignored.append(SyncUnread(name, .notAFolder))
                continue
            }
            let (files, others) = SyncFolder.files(in: path)
            // This device's own temporary files are its business: one is there only while a
            // sync writes, or after one was killed before its rename.
            for other in others where !(name == me && SyncFolder.isTemporary(other)) {
                ignored.append(SyncUnread(name + "/" + other, .notASyncFileName))
            }
            for entry in files {
                if name == me { own[entry.seq] = entry.name }
                try read(
                    path + "/" + entry.name, device: name, seq: entry.seq, me: me, myName: myName, key: key,
                    known: known)
            }
        }
        incoming.sort { ($0.device, $0.seq) < ($1.device, $1.seq) }
    }

    private mutating func read(
        _ path: String, device: String, seq: Int, me: String, myName: String, key: SyncKey?, known: Set<String>
    ) throws(SyncRefused) {
        let shown = device + "/" + SyncFile.fileName(seq)
        let reader: SyncSealedFile.Reader
        do {
            reader = try SyncSealedFile.Reader(path: path)
        } catch .damaged {
            // Not the encrypted format: the plain one, or no sync file at all.
            return try readPlain(path, device: device, seq: seq, me: me, myName: myName, key: key, known: known)
        } catch let problem {
            ignored.append(SyncUnread(shown, Self.why(problem)))
            return
        }
        guard let key else { throw SyncRefused(.folderEncrypted(keyID: reader.keyID)) }
        guard reader.keyID == key.id else {
            // This device's files under a key it gave up go when it writes its snapshot.
            if device != me { ignored.append(SyncUnread(shown, .otherKey(reader.keyID))) }
            return
        }
        if device == me { ownUnderKey = true }
        if known.contains("\(device) \(seq) \(reader.hash)") { return }
        let inner: SyncSealedFile.Inner
        do {
            (inner, _, _) = try reader.inner(key: key, device: device, seq: seq)
        } catch .newerSchema(let version) {
            throw SyncRefused(.newerSchema(path: path, version: version, known: SchemaVersion.current))
        } catch let problem {
            ignored.append(SyncUnread(shown, Self.why(problem)))
            return
        }
        // A file of this device's id that this journal did not write, under another name: a
        // copy of this journal file on another machine writes there too.
        if device == me && inner.name != myName { throw SyncRefused(.copiedJournal(path: path, writer: inner.name)) }
        incoming.append(
            Incoming(device: device, seq: seq, name: inner.name, hash: reader.hash, path: path, plain: nil))
    }

    private mutating func readPlain(
        _ path: String, device: String, seq: Int, me: String, myName: String, key: SyncKey?, known: Set<String>
    ) throws(SyncRefused) {
        let shown = device + "/" + SyncFile.fileName(seq)
        if key != nil {
            // Not read at all. This device's plain files from before it moved to encryption go
            // with its snapshot.
            if device != me { ignored.append(SyncUnread(shown, .plainInEncryptedFolder)) }
            return
        }
        let bytes: [UInt8]
        switch SyncFolder.contents(path, limit: SyncSealedFile.maxBytes) {
        case .success(let read): bytes = read
        case .failure(let why):
            ignored.append(SyncUnread(shown, why))
            return
        }
        if let hash = SyncWire.headerHash(bytes), known.contains("\(device) \(seq) \(hash)") { return }
        let file: SyncFile
        let hash: String
        do {
            (file, hash) = try SyncFile.decode(bytes)
        } catch let problem {
            switch problem {
            case .newerSchema(let version):
                throw SyncRefused(.newerSchema(path: path, version: version, known: SchemaVersion.current))
            case .newerFormat(let version):
                throw SyncRefused(.newerFormat(path: path, version: version, known: SyncSealedFile.format))
            case .unreadable(let why):
                ignored.append(SyncUnread(shown, .damaged(why)))
                return
            }
        }
        guard file.device == device, file.seq == seq else {
            ignored.append(SyncUnread(shown, .misplaced))
            return
        }
        if device == me && file.name != myName { throw SyncRefused(.copiedJournal(path: path, writer: file.name)) }
        if known.contains("\(device) \(seq) \(hash)") { return }
        incoming.append(Incoming(device: device, seq: seq, name: file.name, hash: hash, path: path, plain: file))
    }

    package static func why(_ problem: SyncSealedFile.Problem) -> SyncUnread.Why {
        switch problem {
        case .tooLarge(let bytes): return .tooLarge(bytes: bytes, limit: SyncSealedFile.maxBytes)
        case .notAFile: return .notAFile
        case .unreadable: return .unreadable
        case .cutOff: return .cutOff
        case .otherKey(let id): return .otherKey(id)
        case .notAuthentic: return .notAuthentic
        case .damaged: return .damaged("it is not a daybook sync file")
        case .newerSchema: return .damaged("it was written by a newer daybook")
        }
    }
}
