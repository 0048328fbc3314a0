import DaybookViews
/// Opens `text` in the person's own editor and returns the text as it was saved. Set on
/// `Context.editor` by the program when standard input is a terminal (the shell, and a command
/// run from a terminal); nil in a script, where there is no one to edit. Throws a
/// `CommandError` when the editor cannot be run or exits with a failure.
public typealias TextEditor = (_ text: String) throws -> String

extension String {
    /// Without the line breaks an editor leaves at the end of a file.
    var withoutTrailingLineBreaks: String {
        var scalars = Substring(self).unicodeScalars
        while let last = scalars.last, last == "\n" || last == "\r" { scalars.removeLast() }
        return String(scalars)
    }
}
