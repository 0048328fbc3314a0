/// What a person asked of the sync key: nothing, a first key, a key from another device, or a new one.
public enum SyncKeyAction: Sendable, Equatable {
    case none
    /// Make a key for a folder that has none, and move to it.
    case setup
    /// Take the key of a join code, and move to it.
    case join(SyncKey)
    /// Make a new key, replacing the one there is, and move to it.
    case newKey
}

/// The folder's key id, in clear, in `FOLDER/encryption.daybook`: which key its files are
/// encrypted with, so that a device without it is told to join instead of writing plain files.
/// Anyone who can write the folder can change it; that stops syncs (each says so) but opens
/// nothing.
package enum SyncFolderKey {
    static let name = "encryption.daybook"

    package static func read(_ folder: String) -> String? {
        guard case .success(let bytes) = SyncFolder.contents(folder + "/" + name, limit: 256) else { return nil }
        let fields = bytes.split(separator: 0x0A).first?.split(separator: 0x09) ?? []
        guard fields.count == 3, String(decoding: fields[0], as: UTF8.self) == "daybook-sync-folder",
            fields[2].count == 16, Sodium.unhex(String(decoding: fields[2], as: UTF8.self)) != nil
        else { return nil }
        return String(decoding: fields[2], as: UTF8.self)
    }

    package static func write(_ folder: String, keyID: String) throws {
        guard read(folder) != keyID else { return }
        try SyncFolder.writeWhole(Array("daybook-sync-folder\t1\t\(keyID)\n".utf8), folder: folder, name: name)
    }
}

/// What no device should send, checked for every record before it is applied, as if it had
/// been typed here: a record that fails is left out and named, and the rest of the file is
/// applied.
package enum SyncCheck {
    /// A record's clock may be at most a day ahead of this machine's (milliseconds); a file
    /// holding a later one waits, so that no clock can pin the others.
    package static let clockAhead: Int64 = 86_400_000

    package struct ClockAhead: Error {
        package let hlc: Int64
        package init(hlc: Int64) { self.hlc = hlc }
    }

    /// The field of `record` that no device would send, and what it held; nil when it is fine.
    package static func problem(_ record: SyncRecord) -> (field: String, value: String?)? {
        guard !record.gid.isEmpty, record.gid.utf8.count <= 200, !hasControl(record.gid) else {
            return ("gid", record.gid)
        }
        guard record.device.isEmpty || SyncFile.isDeviceID(record.device) else { return ("device", record.device) }
        guard record.hlc >= 0 else { return ("clock", String(record.hlc)) }
        let columns = SyncFile.columns[record.table] ?? []
        func field(_ name: String) -> String? {
            columns.firstIndex(of: name).flatMap { $0 < record.fields.count ? record.fields[$0] : nil }
        }
        func real(_ name: String) -> (String, String?)? {
            guard let text = field(name) else { return nil }
            guard let value = Double(text), storageImpossibility(value) == nil else { return (name, text) }
            return nil
        }
        func text(_ name: String, max: Int) -> (String, String?)? {
            guard let value = field(name) else { return nil }
            return value.utf8.count > max || (max < 1000 && hasControl(value)) ? (name, value) : nil
        }
        switch record.table {
        case "mood":
            guard let rating = field("rating").flatMap({ Int($0) }), (1...5).contains(rating) else {
                return ("rating", field("rating"))
            }
            return text("note", max: 1 << 20)
        case "entry":
            if let exported = field("exported"), Int64(exported) == nil { return ("exported", exported) }
            return real("value") ?? text("attribute", max: 200) ?? text("source", max: 500) ?? text("file", max: 4096)
        case "goal":
            return real("min") ?? real("max")
        case "attribute":
            return real("range_min") ?? real("range_max") ?? text("name", max: 200) ?? text("unit", max: 100)
                ?? text("group_name", max: 100)
        case "setting":
            guard let name = field("name"), let definition = SettingDefinition.named(name) else {
                return ("name", field("name"))
            }
            guard let value = field("value"), definition.normalize(value) == value else {
                return ("value", field("value"))
            }
            return nil
        case "note":
            if let at = field("at") {
                guard let minutes = Int(at), (0...1439).contains(minutes) else { return ("at", at) }
            }
            if let nid = field("nid") {
                guard let number = Int64(nid), number > 0 else { return ("nid", nid) }
            }
            return text("text", max: 1 << 20)
        case "tag":
            return text("name", max: 200)
        default:
            return nil
        }
    }

    static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
