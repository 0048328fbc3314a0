import DaybookCore
// A journal opened to write that ended up holding nothing: created for a write that failed.
extension Journal {
    /// True when this process created the journal and nothing has been written to it since it
    /// was set up: its change log holds only the change that created it, and no batch is open.
    /// Another process's write counts too, so a journal shared meanwhile is never unwritten.
    public var createdAndUnwritten: Bool {
        guard created, !inBatch else { return false }
        return (try? database.scalarInt("SELECT count(*) FROM change WHERE id <> 1")) == 0
    }
}
