import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let undo = CommandSpec(
        name: "undo",
        summary: "revert the most recent change, and say what",
        discussion: """
            Reverts the most recent change to the journal that is not yet undone: a mood, a \
            note, logged values, a tracked attribute, a setting. Run it again to revert the \
            change before that. The change comes from whichever session made it last; when \
            that was another shell or script, undo says so. Right after 'source', undo \
            reverts all that the file wrote, as one change. Nothing is deleted: reverted \
            entries stay in the change log.
            """,
        examples: ["undo"],
        writes: true
    ) { _, context in
        // With no journal yet there is nothing to undo, and none is created.
        let journal = try context.existingJournal
        if let group = journal.changeGroup {
            // Right after a file of commands (`source`), even one stopped half way: all it wrote.
            journal.changeGroup = nil
            if let result = try journal.undo(group) {
                context.tell(UndoView.line(result, width: context.width))
                return .done
            }
        }
        if context.lineBeforeFailed {
            // The person most likely means the line that just failed, which wrote nothing:
            // reverting an older change unasked would surprise them.
            guard let next = try journal.nextUndo() else { throw CommandError("nothing to undo") }
            context.tell(
                UndoView.line(
                    next, width: context.width, opening: "the line before wrote nothing, so nothing was undone; undo would revert: ",
                    closing: ". Type 'undo' again to revert it"))
            return .done
        }
        guard let result = try journal.undo() else {
            throw CommandError("nothing to undo")
        }
        // Said in every mode: a script that undoes should still show what it reverted.
        context.tell(UndoView.line(result, width: context.width))
        return .done
    }
}
