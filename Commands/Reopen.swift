import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let reopen = CommandSpec(
        name: "reopen",
        summary: "open the journal's path again after rm or mv",
        discussion: """
            When the journal's file is deleted or replaced while the shell has it open (rm, or \
            mv of another file onto it), daybook refuses to read or write the file it still \
            holds, which is no longer the one at the path. 'reopen' closes it and opens the \
            file now at the path; when there is none, the first write creates a new journal \
            there. It creates nothing itself.
            """,
        examples: ["reopen"]
    ) { _, context in
        if context.journalIfOpen?.inBatch == true {
            throw CommandError("reopen cannot close the journal in the middle of a script's batch; use it in the shell")
        }
        let path = context.journalIfOpen?.path
        guard let journal = try context.reopenJournal() else {
            context.confirm("no journal at \(printable(path ?? "its path")) yet; the first write creates it")
            return .done
        }
        context.confirm("reopened \(printable(journal.path))")
        return .done
    }
}
