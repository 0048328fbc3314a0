import DaybookCore
// Settings, kept in the journal and in its change log.
extension Journal {
    /// Sets a named setting (kept in the change log, so `undo` works).
    public func setSetting(_ name: String, _ value: String) throws {
        try change("set", "set \(name) \(value)", facts: .setting(name, value)) { id in
            try database.run(
                "UPDATE setting SET removed_by = ? WHERE name = ? AND removed_by IS NULL", [.integer(id), .text(name)])
            try insertSetting(name: name, value: value, addedBy: id)
        }
    }

    public func setting(_ name: String) throws -> String? {
        guard batchOpen else { return try readSetting(name) }
        // A script reads `day-start` and `day-order` for each line it runs.
        if settingCacheWrites != database.watchedWrites {
            settingCache.removeAll()
            settingCacheWrites = database.watchedWrites
        }
        if let value = settingCache[name] { return value }
        let value = try readSetting(name)
        settingCache[name] = .some(value)
        return value
    }

    private func readSetting(_ name: String) throws -> String? {
        try database.scalarText("SELECT value FROM setting WHERE name = ? AND removed_by IS NULL", [.text(name)])
    }

    public func settings() throws -> [(String, String)] {
        try database.rows("SELECT name, value FROM setting WHERE removed_by IS NULL ORDER BY name") {
            ($0.string(0), $0.string(1))
        }
    }
}
