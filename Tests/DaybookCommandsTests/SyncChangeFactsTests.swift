import DaybookCore
import DaybookStore
import DaybookViews
import Foundation
import Testing

/// A sync records what it did as facts, as every other change does: the changes sent, those
/// applied from each device, the conflicts; the views word them as the change log's text says.
/// A sync recorded before facts were kept reads as its text.
@Suite struct SyncChangeFactsTests {
    func facts(_ d: InProcess, _ id: Substring) throws -> ChangeDescription? {
        let stored = try d.sql("SELECT replace(facts, char(10), '|') FROM change WHERE id = \(id)")
        return ChangeDescription(stored: stored.replacing("|", with: "\n"))
    }

    @Test func aSyncsFactsAndTheirWords() throws {
        let laptop = try InProcess()
        let desktop = try InProcess()
        let folder = laptop.directory + "/shared"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (d, name) in [(laptop, "laptop"), (desktop, "desktop")] {
            #expect(try d.run(["set", "device-name", name]).status == 0)
        }
        #expect(try laptop.run(["mood", "3", "on the train"]).status == 0)
        #expect(try laptop.run(["log", "steps", "1200"]).status == 0)
        #expect(try laptop.run(["sync", folder]).status == 0)
        #expect(try desktop.run(["mood", "4"]).status == 0)
        let r = try desktop.run(["sync", folder])
        #expect(r.status == 0, "\(r.stderr)")

        for d in [laptop, desktop] {
            let ids = try d.sql("SELECT id FROM change WHERE command = 'sync' ORDER BY id").split(separator: "\n")
            #expect(ids.count == 1)
            for id in ids {
                let description = try #require(try facts(d, id), "no facts for the sync")
                #expect(description.kind == "sync")
                #expect(ChangeWords.words(description) == (try d.sql("SELECT summary FROM change WHERE id = \(id)")))
            }
        }
        let id = try desktop.sql("SELECT id FROM change WHERE command = 'sync'")
        let description = try #require(try facts(desktop, Substring(id)))
        #expect(description.value("sent") != nil && description.value("sent") != "0")
        #expect(description.all("applied").count == 1)
        #expect(description.all("applied").first?[1] == "laptop")
        #expect(description.all("applied").first?[2] == "1")
        #expect(description.value("conflicts") == "1")
        #expect(ChangeWords.text(LoggedChange(description: description, text: "")).hasPrefix("sync: sent "))
        // A sync recorded before facts were kept reads as its text.
        #expect(ChangeWords.text(LoggedChange(description: nil, text: "sync: sent 2, applied 3 from vm")) == "sync: sent 2, applied 3 from vm")
    }

    /// A journal copied from another machine takes a device id of its own (`sync --new-device`):
    /// a sync change too, with its fact.
    @Test func aNewDeviceIDsFacts() throws {
        let d = try InProcess()
        let folder = d.directory + "/shared"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(try d.run(["note", "copied"]).status == 0)
        let r = try d.run(["sync", "--new-device", folder])
        #expect(r.status == 0, "\(r.stderr)")
        let id = try d.sql("SELECT min(id) FROM change WHERE command = 'sync'")
        let description = try #require(try facts(d, Substring(id)))
        #expect(description == ChangeDescription("sync", [.init("new-device")]))
        #expect(ChangeWords.words(description) == "sync: a new device id")
        #expect(try d.sql("SELECT summary FROM change WHERE id = \(id)") == "sync: a new device id")
    }
}
