import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookCore
@testable import DaybookStore

/// Journals that each sync with their own copy of the shared folder, and a transport between
/// the copies that behaves as sync tools do: files arrive late, in any order, cut off, twice,
/// beside conflicted copies and temporary files, and a copy may go back to an older backup.
/// Every run is seeded; a failure names its seed.
struct SyncHarness {
    var random: SeededRandom
    let seed: UInt64
    let devices: [SyncDevice]
    /// Each device's files as it wrote them, by name: what the sync tool copies.
    var written: [String: [String: Data]] = [:]
    /// Texts of every note written or edited, and every value logged, by day.
    var noteTexts: [String] = []
    var logged: [String: Double] = [:]
    var moodDays: Set<String> = []
    var counter = 0

    /// True when the devices sync encrypted: the first sets a key up, the others join it.
    let encrypted: Bool

    init(seed: UInt64, devices count: Int, dir: TempDir, encrypted: Bool = false) throws {
        self.seed = seed
        self.encrypted = encrypted
        random = SeededRandom(seed: seed)
        devices = try (0..<count).map { index in
            try SyncFixtures.device(dir, "device\(index)", folder: dir.path + "/folder\(index)")
        }
        if encrypted {
            try devices[0].sync(action: .setup)
            let key = try #require(devices[0].key)
            for device in devices.dropFirst() { try device.sync(action: .join(key)) }
        }
        // Clocks that disagree by minutes: each device's runs up to five minutes ahead.
        for device in devices {
            try device.journal.database.run(
                "UPDATE sync_device SET hlc = hlc + ?", [.integer(Int64(random.next() % 300_000))])
        }
    }

    var days: [Day] { [saturday.day, saturday.day.adding(days: -1), saturday.day.adding(days: -2)] }

    /// What each device has written so far, read from its own copy of the folder.
    mutating func collect() throws {
        for device in devices {
            let folder = device.folder + "/" + device.id
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            where SyncFile.seq(fromName: name) != nil {
                written[device.id, default: [:]][name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            }
        }
    }

    /// Copies the other devices' files into `target`'s copy of the folder. Unless `completely`,
    /// some are left for later, some arrive cut off, some beside a conflicted copy or a
    /// temporary file, and now and then a device's folder goes back to an older backup.
    mutating func replicate(to target: SyncDevice, completely: Bool) throws {
        for (device, files) in written.sorted(by: { $0.key < $1.key }) where device != (target.id) {
            let folder = target.folder + "/" + device
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            if !completely && random.next() % 10 == 0 {
                // Restored from an older backup: the later files are gone again for now.
                for name in files.keys.sorted().suffix(1) {
                    try? FileManager.default.removeItem(atPath: folder + "/" + name)
                }
                continue
            }
            var names = files.keys.sorted()
            names.shuffle(using: &random)
            for name in names {
                let bytes = files[name]!
                let path = folder + "/" + name
                if completely {
                    try bytes.write(to: URL(fileURLWithPath: path))
                    continue
                }
                switch random.next() % 8 {
                case 0: continue  // not here yet
                case 1 where !FileManager.default.fileExists(atPath: path):
                    try bytes.prefix(Int(random.next() % UInt64(bytes.count))).write(to: URL(fileURLWithPath: path))
                case 2:
                    try bytes.write(to: URL(fileURLWithPath: path))
                    let stem = String(name.dropLast(SyncFile.suffix.count))
                    try bytes.write(
                        to: URL(
                            fileURLWithPath: folder + "/" + stem + " (conflicted copy 2026-11-24)" + SyncFile.suffix))
                case 3:
                    try bytes.prefix(bytes.count / 2).write(
                        to: URL(fileURLWithPath: folder + "/.syncthing." + name + ".tmp"))
                case 4:
                    let stem = String(name.dropLast(SyncFile.suffix.count))
                    try bytes.write(
                        to: URL(
                            fileURLWithPath: folder + "/" + stem + ".sync-conflict-20261124-101010-ABCDEFG"
                                + SyncFile.suffix))
                    try bytes.write(to: URL(fileURLWithPath: path))
                default:
                    try bytes.write(to: URL(fileURLWithPath: path))
                    if random.next() % 3 == 0 { try bytes.write(to: URL(fileURLWithPath: path)) }  // twice
                }
            }
        }
        if encrypted && !completely && random.next() % 3 == 0 { try hostile(to: target) }
    }

    /// What a stranger who can write the folder (but holds no key) puts in `target`'s copy: a
    /// real file altered by one byte, or replayed under another number or in another device's
    /// folder, a plain file, a file far too large, a FIFO, names with escape codes, and a file
    /// numbered 999999999999 in the target's own folder. None of it may be applied or stall a
    /// device.
    mutating func hostile(to target: SyncDevice) throws {
        let others = written.filter { $0.key != target.id }.sorted { $0.key < $1.key }
        guard let (device, files) = pick(others), let name = pick(files.keys.sorted()) else { return }
        var bytes = files[name]!
        let folder = target.folder + "/" + device
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let seq = SyncFile.seq(fromName: name)!
        switch random.next() % 9 {
        case 7, 8:
            // A device that holds the key (a stolen laptop) sends what no device should: values
            // that cannot be true, a rating of 9, a clock at Int64's end. None of it is applied
            // and the file with the clock waits.
            guard let key = devices[0].key else { return }
            let stranger = String(repeating: "f", count: 32)
            let there = target.folder + "/" + stranger
            try FileManager.default.createDirectory(atPath: there, withIntermediateDirectories: true)
            let number = Int(random.next() % 1000) + 1
            let day = days[0].iso
            let records =
                random.next() % 2 == 0
                ? [
                    SyncRecord(
                        table: "entry", gid: "bad-inf-\(counter)", live: true, hlc: 5, device: stranger,
                        fields: ["steps", day, "inf", "2025-06-07T10:00:00Z", nil, nil]),
                    SyncRecord(
                        table: "entry", gid: "bad-big-\(counter)", live: true, hlc: 5, device: stranger,
                        fields: ["steps", day, "1e308", "2025-06-07T10:00:00Z", nil, nil]),
                    SyncRecord(
                        table: "mood", gid: "bad-mood-\(counter)", live: true, hlc: 5, device: stranger,
                        fields: [day, "9", "", "2025-06-07T10:00:00Z"]),
                ]
                : [
                    SyncRecord(
                        table: "mood", gid: "future-\(counter)", live: true, hlc: Int64.max, device: stranger,
                        fields: [day, "1", "from the future", "2025-06-07T10:00:00Z"])
                ]
            var bytes: [UInt8] = []
            _ = try SyncSealedFile.write(
                key: key,
                inner: .init(
                    schema: Schema.version, device: stranger, seq: number, records: records.count, snapshot: false,
                    name: "stolen\u{1B}[2J"), records: records, into: { bytes += $0 })
            try Data(bytes).write(to: URL(fileURLWithPath: there + "/" + SyncFile.fileName(number)))
        case 0:
            let at = 60 + Int(random.next() % UInt64(max(1, bytes.count - 60)))
            bytes[min(at, bytes.count - 1)] ^= 0x01
            try bytes.write(to: URL(fileURLWithPath: folder + "/" + SyncFile.fileName(seq + 500)))
        case 1:
            try bytes.write(to: URL(fileURLWithPath: folder + "/" + SyncFile.fileName(seq + 700)))
        case 2:
            let other = others.first { $0.key != device }?.key ?? target.id
            let there = target.folder + "/" + other
            try FileManager.default.createDirectory(atPath: there, withIntermediateDirectories: true)
            try bytes.write(to: URL(fileURLWithPath: there + "/" + SyncFile.fileName(seq + 900)))
        case 3:
            let note = SyncRecord(
                table: "note", gid: "intruder\(counter)", live: true, hlc: 1, device: device,
                fields: ["intruder\(counter)", nil, days[0].iso, "plain intruder", "2025-06-07T10:00:00Z", nil])
            let plain = SyncFile(
                schema: Schema.version, device: device, name: "x\u{1B}]0;owned\u{07}", seq: seq + 300,
                records: [note])
            try Data(plain.encoded().bytes).write(
                to: URL(fileURLWithPath: folder + "/" + SyncFile.fileName(seq + 300)))
        case 4:
            let path = folder + "/" + SyncFile.fileName(seq + 400)
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: UInt64(SyncSealedFile.maxBytes) + 1)
            try handle.close()
        case 5:
            let path = folder + "/" + SyncFile.fileName(seq + 600)
            if !FileManager.default.fileExists(atPath: path) { _ = mkfifo(path, 0o600) }
            _ = FileManager.default.createFile(
                atPath: folder + "/\u{1B}[2J\u{202E}" + SyncFile.fileName(seq), contents: Data(bytes.prefix(10)))
        default:
            let own = target.folder + "/" + target.id
            try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
            try Data("junk".utf8).write(to: URL(fileURLWithPath: own + "/999999999999" + SyncFile.suffix))
        }
    }

    mutating func pick<T>(_ items: [T]) -> T? {
        items.isEmpty ? nil : items[Int(random.next() % UInt64(items.count))]
    }

    /// One random step on a random device: a write, an edit, a deletion, an undo or a sync.
    mutating func step(writesOnly: Bool) throws {
        let device = devices[Int(random.next() % UInt64(devices.count))]
        let journal = device.journal
        let day = pick(days)!
        counter += 1
        let kinds = writesOnly ? 4 : 9
        do {
            switch Int(random.next() % UInt64(kinds)) {
            case 0:
                let value = Double(random.next() % 5000 + 1)
                try journal.log(day: day, [(journal.attribute(named: "steps")!, value)])
                logged[day.iso, default: 0] += value
            case 1:
                try journal.setMood(
                    day: day, rating: Int(random.next() % 5 + 1), note: random.next() % 2 == 0 ? "" : "#m\(counter)")
                moodDays.insert(day.iso)
            case 2:
                let text = "note \(counter) from \(device.name) #t\(random.next() % 3)"
                try journal.addNote(day: day, text: text)
                noteTexts.append(text)
            case 3:
                try collect()
                try replicate(to: device, completely: false)
                try device.sync()
            case 4, 5:
                guard let note = pick(try journal.exportData().notes), let id = note.id else { return }
                let text = "edit \(counter) on \(device.name)"
                try journal.editNote(NoteID(id), text: text)
            case 6:
                guard let note = pick(try journal.exportData().notes), let id = note.id else { return }
                try journal.deleteNote(NoteID(id))
            case 7:
                guard try journal.moodRow(on: day) != nil else { return }
                try journal.deleteMood(day: day)
            default:
                _ = try journal.undo()
            }
        } catch is JournalError {
            // A step that makes no sense here (nothing to delete) writes nothing.
        }
    }

    /// Every device syncs twice with the folder fully copied before each sync.
    mutating func settle() throws {
        for _ in 0..<2 {
            for device in devices {
                try collect()
                try replicate(to: device, completely: true)
                try device.sync()
            }
        }
    }
}

@Suite struct SyncHarnessTests {
    /// Writes, edits, deletions and undos on every device in random order, with syncs between
    /// through a transport that misbehaves: once every device has synced twice over a fully
    /// copied folder, every export (and daily value, and search index) is the same.
    @Test(arguments: 0..<32)
    func everythingConverges(seed: UInt64) throws {
        try converges(seed: seed, encrypted: false)
    }

    /// The same, encrypted, with a stranger's files among the real ones (`hostile`): altered,
    /// replayed, plain, oversized, FIFOs, escape codes in names. Nothing of theirs is applied,
    /// and every journal converges and stays readable.
    @Test(arguments: 200..<232)
    func everythingConvergesEncryptedAmongHostileFiles(seed: UInt64) throws {
        try converges(seed: seed, encrypted: true)
    }

    func converges(seed: UInt64, encrypted: Bool) throws {
        let dir = try TempDir()
        var harness = try SyncHarness(seed: seed, devices: seed % 2 == 0 ? 2 : 3, dir: dir, encrypted: encrypted)
        for _ in 0..<40 { try harness.step(writesOnly: false) }
        try harness.settle()
        let first = try SyncFixtures.canonical(harness.devices[0].journal)
        for device in harness.devices.dropFirst() {
            let other = try SyncFixtures.canonical(device.journal)
            let same = other == first
            #expect(
                same,
                "seed \(seed): \(device.name) differs: \(other.filter { !first.contains($0) }) against \(first.filter { !other.contains($0) })"
            )
        }
        // And nothing is applied again: one more round changes nothing anywhere.
        for device in harness.devices {
            #expect(try device.sync().isEmpty, "seed \(seed)")
            let data = try device.journal.exportData()
            #expect(!data.notes.map(\.text).contains("plain intruder"), "seed \(seed)")
            #expect(data.moods.allSatisfy { (1...5).contains($0.rating) && $0.note != "from the future" }, "seed \(seed)")
            #expect(data.values.allSatisfy { $0.value.isFinite && $0.value < 1e12 }, "seed \(seed)")
        }
    }

    /// Only writes: then nothing may be lost. Every note is live on every device, each day's
    /// steps are the sum of all that was logged on every device, and each day rated anywhere
    /// has a mood everywhere.
    @Test(arguments: 100..<116)
    func nothingWrittenIsLost(seed: UInt64) throws {
        let dir = try TempDir()
        var harness = try SyncHarness(seed: seed, devices: seed % 2 == 0 ? 2 : 3, dir: dir)
        for _ in 0..<40 { try harness.step(writesOnly: true) }
        try harness.settle()
        for device in harness.devices {
            let data = try device.journal.exportData()
            #expect(
                data.notes.map(\.text).sorted() == harness.noteTexts.sorted(), "seed \(seed): notes on \(device.name)")
            #expect(
                Set(data.notes.compactMap(\.id)).count == data.notes.count,
                "seed \(seed): note ids unique on \(device.name)")
            for (day, total) in harness.logged {
                let value = try device.journal.values(
                    of: device.journal.attribute(named: "steps")!, on: Day.parseISO(day)!
                ).value
                #expect(value == total, "seed \(seed): steps on \(day) on \(device.name)")
            }
            #expect(Set(data.moods.map(\.day.iso)) == harness.moodDays, "seed \(seed): moods on \(device.name)")
        }
        let first = try SyncFixtures.canonical(harness.devices[0].journal)
        for device in harness.devices.dropFirst() {
            let same = try SyncFixtures.canonical(device.journal) == first
            #expect(same, "seed \(seed): \(device.name) differs")
        }
    }
}
