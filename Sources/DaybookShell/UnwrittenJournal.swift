import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookViews

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A journal that is not there when daybook starts. Only a write creates a journal, but the
/// journal is created as a write begins: when that write fails (`log steps eleven`, a script
/// whose every line fails, an `--atomic` script rolled back), the file is left with nothing
/// written in it, and reads would show an empty journal instead of saying there is none.
/// `removeIfUnwritten` takes it away again, with the folders made for it.
struct UnwrittenJournal {
    let path: String
    /// The folders above the journal that are not there yet, the deepest first.
    let missingFolders: [String]

    /// Nil when there is something at `path` already, or no path.
    init?(path: String?) {
        guard let path else { return nil }
        var info = stat()
        guard lstat(path, &info) != 0 && errno == ENOENT else { return nil }
        self.path = path
        var folders: [String] = []
        var folder = Paths.folder(of: path)
        while folder != "/" && folder != "." && !folder.isEmpty && lstat(folder, &info) != 0 && errno == ENOENT {
            folders.append(folder)
            folder = Paths.folder(of: folder)
        }
        missingFolders = folders
    }

    /// When the context's journal was created by this run and nothing was written to it,
    /// closes it and removes it, its write-ahead log and shared memory, and the folders this
    /// run made for it (each only if empty).
    func removeIfUnwritten(_ context: Context) {
        guard let journal = context.journalIfOpen, journal.path == path, journal.createdAndUnwritten else { return }
        context.closeJournal()
        for file in [path + "-wal", path + "-shm", path] {
            var info = stat()
            if lstat(file, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG { unlink(file) }
        }
        for folder in missingFolders where rmdir(folder) != 0 { break }
    }
}
