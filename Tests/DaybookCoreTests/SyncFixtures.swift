import Foundation
import Testing

@testable import DaybookCore
@testable import DaybookStore

/// Journals that sync through folders, for the sync suites.
struct SyncDevice {
    let journal: Journal
    let name: String
    /// This device's copy of the shared folder.
    let folder: String
    /// Where this device's machine keeps its sync key: each device is its own machine.
    var keys: SyncKeyStore? = nil

    var id: String { (try? journal.deviceID()) ?? "" }

    @discardableResult
    func sync(dryRun: Bool = false, action: SyncKeyAction = .none) throws -> SyncReport {
        try journal.sync(folder: folder, keys: keys, action: action, dryRun: dryRun)
    }

    /// The key this device holds, if any.
    var key: SyncKey? { try? keys?.key(device: id) }
}

enum SyncFixtures {
    /// A journal named `name` in `dir`, with its device name set, syncing with `folder`.
    static func device(_ dir: TempDir, _ name: String, folder: String? = nil) throws -> SyncDevice {
        let journal = try openJournal(dir, name: name + ".sqlite3")
        try journal.setSetting("device-name", name)
        let folder = folder ?? dir.path + "/shared"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return SyncDevice(journal: journal, name: name, folder: folder, keys: SyncKeyStore(folder: dir.path + "/config-" + name))
    }

    /// What must be the same on every device once they have synced: the export, without the
    /// settings that belong to one machine and the notes' short ids, and with rows in an order
    /// that does not depend on the order they arrived in; and the daily values.
    static func canonical(_ journal: Journal) throws -> [String] {
        let data = try journal.exportData()
        var lines: [String] = []
        lines += data.settings.filter { !SyncSchema.machineSettings.contains($0.name) }.map {
            "setting \($0.name)=\($0.value)"
        }
        lines += data.attributes.map {
            let a = $0.attribute
            return "attribute \(a.name) \(a.type) \(a.aggregation) \(a.unit) \(a.group) \(String(describing: a.range))"
        }.sorted()
        lines += data.goals.map {
            "goal \($0.attribute) \($0.since.iso) \(String(describing: $0.period)) \(String(describing: $0.min)) \(String(describing: $0.max)) \($0.total)"
        }
        lines += data.moods.map { "mood \($0.day.iso) \($0.recordedAt) \($0.rating) \($0.note) \($0.tags.sorted())" }
        lines += data.notes.map {
            "note \($0.day.iso) \($0.recordedAt) \(String(describing: $0.at)) \($0.text) \($0.tags.sorted())"
        }.sorted()
        lines += data.values.map { "value \($0.day.iso) \($0.recordedAt) \($0.attribute) \($0.value)" }.sorted()
        try journal.flushDerived()
        lines += try journal.database.rows(
            "SELECT attribute, day, value, entries FROM day_value ORDER BY attribute, day"
        ) {
            "day_value \($0.string(0)) \($0.string(1)) \($0.double(2)) \($0.int(3))"
        }
        lines += try journal.database.rows("SELECT text FROM search_index ORDER BY text") { "indexed \($0.string(0))" }
        return lines
    }

    /// The names of a folder's files, recursively, relative to it.
    static func files(in folder: String) -> [String] {
        (FileManager.default.subpaths(atPath: folder) ?? []).filter {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder + "/" + $0, isDirectory: &isFolder)
                && !isFolder.boolValue
        }.sorted()
    }
}
