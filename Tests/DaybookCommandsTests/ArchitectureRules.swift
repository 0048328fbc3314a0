import Foundation

/// The rules of the project's structure, checked on the sources themselves: a function of a
/// source tree, so that a test can run it on the real tree and on a small one made to break
/// each rule once (`ArchitectureTests`). It reads the text of the files and nothing else, so a
/// new file is checked like any other: the rules name folders, never a list of files.
///
/// The rules, each over the product's sources (`Sources/`, `Commands/`, `Benchmarks/`; the
/// size rule over every Swift file, the tests' too):
/// - **sql**: SQL only in the store, `Sources/DaybookStore`, the one module of the binary that
///   links SQLite, and in the probes (`Sources/DaybookProbes`: the benchmark's floor and the
///   fuzz target's index, which the binary does not link): elsewhere (the domain,
///   `Sources/DaybookCore`, included) no `import CSQLite`, no `sqlite3_` call, and no string
///   literal that holds an SQL
///   statement (`SELECT x`, `INSERT INTO`, `UPDATE t SET`, `DELETE FROM`, `CREATE TABLE|INDEX|
///   TRIGGER|VIEW`, `PRAGMA name`, `BEGIN IMMEDIATE`, keywords in capitals as the store writes them).
/// - **escape**: escape codes (`\u{1B}`, `\u{9B}`, `0x1B`) only in `Sources/DaybookViews`.
/// - **isatty**: `isatty` only in `Sources/DaybookShell` and `Commands/Context`: whether output
///   is a terminal is known to the context, not asked by commands.
/// - **flag**: no flag (`--name` in a string literal: `--moods`, `sync --new-device`) in
///   the core (`Sources/DaybookCore`, the domain, and `Sources/DaybookStore`, the store): the
///   core says what happened, the commands say what to type. (A
///   command's bare name is data there too, as the change log's `command`, so it is caught
///   with its flag.)
/// - **view**: the core uses no view: it imports no module above it (nor does the domain import
///   the store), and takes no function that words something (a parameter of a function type
///   that returns a `String`).
/// - **size**: no Swift file over 450 lines.
/// - **storage**: no public storage control on the journal (`flushDerived`, `beginBatch`,
///   `rollbackBatch`, `streakRows`, `limitPageCache`), and no probe (`BaselineQuery`,
///   `SearchIndexProbe`: the benchmark's and the fuzz target's doors) in the core: they live in
///   `Sources/DaybookProbes`, outside the shipped binary. The other targets see the journal's
///   services, not its storage.
enum ArchitectureRules {
    enum Rule: String, CaseIterable, Sendable {
        case sql, escape, isatty, flag, view, size, storage
    }

    struct Violation: Hashable, Sendable, CustomStringConvertible {
        let rule: Rule
        /// The file, relative to the root.
        let path: String
        /// 1-based.
        let line: Int
        let detail: String
        var description: String { "\(path):\(line): [\(rule.rawValue)] \(detail)" }
    }

    /// A source file, by its path relative to the root, and its text.
    struct SourceFile: Sendable {
        let path: String
        let text: String
    }

    static let maximumLines = 450
    static let productFolders = ["Sources/", "Commands/", "Benchmarks/"]
    static let checkedFolders = productFolders + ["Tests/", "Fuzz/"]
    static let storageControls = ["flushDerived", "beginBatch", "rollbackBatch", "streakRows", "limitPageCache"]
    static let probes = ["BaselineQuery", "SearchIndexProbe"]
    static let layersAboveTheCore = ["DaybookViews", "DaybookCommands", "DaybookShell", "DaybookCommandLine", "DaybookManual"]

    /// Every Swift file under the checked folders of `root`.
    static func files(root: String) throws -> [SourceFile] {
        var found: [SourceFile] = []
        for folder in checkedFolders {
            let base = root + "/" + folder
            guard let walk = FileManager.default.enumerator(atPath: base) else { continue }
            while let relative = walk.nextObject() as? String {
                // Build folders (a nested package's .build) are not sources.
                if relative.hasPrefix(".") || relative.contains("/.") { continue }
                guard relative.hasSuffix(".swift") else { continue }
                let text = try String(contentsOfFile: base + relative, encoding: .utf8)
                found.append(SourceFile(path: folder + relative, text: text))
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    static func check(root: String) throws -> [Violation] { check(try files(root: root)) }

    static func check(_ files: [SourceFile]) -> [Violation] {
        var found: [Violation] = []
        for file in files {
            let lines = Lines(file.text)
            if lines.count > maximumLines {
                found.append(Violation(rule: .size, path: file.path, line: maximumLines + 1, detail: "\(lines.count) lines; at most \(maximumLines)"))
            }
            guard productFolders.contains(where: file.path.hasPrefix) else { continue }
            let inStore = file.path.hasPrefix("Sources/DaybookStore/")
            let speaksSQL = inStore || file.path.hasPrefix("Sources/DaybookProbes/")
            let inDomain = file.path.hasPrefix("Sources/DaybookCore/")
            let inCore = inStore || inDomain
            let above = layersAboveTheCore + (inDomain ? ["DaybookStore"] : [])
            for (index, line) in lines.enumerated() {
                let number = index + 1
                func add(_ rule: Rule, _ detail: String) {
                    found.append(Violation(rule: rule, path: file.path, line: number, detail: detail))
                }
                if !speaksSQL {
                    if let hit = first(#"\bimport\s+CSQLite\b|\bsqlite3_\w+\s*\("#, in: line.code) {
                        add(.sql, "SQLite outside the store: \(hit)")
                    } else if let hit = first(sqlStatement, in: line.literals) {
                        add(.sql, "SQL outside the store: \(hit)")
                    }
                }
                if !file.path.hasPrefix("Sources/DaybookViews/"),
                    let hit = first(#"\\u\{0*(1[bB]|9[bB])\}|\b0x1[bB]\b"#, in: line.code + " " + line.literals)
                {
                    add(.escape, "escape code outside the views: \(hit)")
                }
                if !file.path.hasPrefix("Sources/DaybookShell/"), !file.path.hasPrefix("Commands/Context/"),
                    let hit = first(#"\bisatty\s*\("#, in: line.code)
                {
                    add(.isatty, "\(hit) outside the shell and the context: ask the context")
                }
                guard inCore else { continue }
                if let hit = first(#"(?<![-\w])--[a-z][a-z-]*"#, in: line.literals) {
                    add(.flag, "the core spells the flag \(hit)")
                }
                if let hit = first(#"\bimport\s+(\#(above.joined(separator: "|")))\b"#, in: line.code) {
                    add(.view, "the core imports a layer above it: \(hit)")
                } else if let hit = first(
                    #"\w+\s*:\s*(@escaping\s+)?(@Sendable\s+)?\([^()]*\)\s*(throws\s+)?->\s*String\b"#, in: line.code)
                {
                    add(.view, "the core takes a wording function: \(hit)")
                }
                if let hit = first(
                    #"\b(public|open)\b.*\b(func|var|let)\s+(\#(storageControls.joined(separator: "|")))\b"#, in: line.code)
                {
                    add(.storage, "public storage control: \(hit)")
                } else if let hit = first(
                    #"\b(class|struct|enum|actor)\s+(\#(probes.joined(separator: "|")))\b"#, in: line.code)
                {
                    add(.storage, "a probe in the core, which ships: \(hit); it belongs in Sources/DaybookProbes")
                }
            }
        }
        return found
    }

    static let sqlStatement =
        #"\bSELECT\s+(DISTINCT\s+)?[a-z_*(]|\bINSERT\s+(OR\s+\w+\s+)?INTO\b|\bUPDATE\s+\w+\s+SET\b|\bDELETE\s+FROM\b|\bCREATE\s+(TEMP\s+|VIRTUAL\s+|UNIQUE\s+)?(TABLE|INDEX|TRIGGER|VIEW)\b|\bPRAGMA\s+\w+|\bBEGIN\s+(IMMEDIATE|EXCLUSIVE|DEFERRED|TRANSACTION)\b"#

    static func first(_ pattern: String, in text: String) -> String? {
        guard !text.isEmpty, let range = text.range(of: pattern, options: .regularExpression) else { return nil }
        return String(text[range])
    }

    /// A file's lines, each split into its code (comments removed, each string literal left as
    /// `""`) and the text of its string literals: enough of Swift's lexing for the rules.
    struct Line {
        var code = ""
        var literals = ""
    }

    static func Lines(_ text: String) -> [Line] {
        enum State {
            case code
            case blockComment(depth: Int)
            /// A string literal: `"` or `"""`, with this many `#`s (a raw string reads no `\`).
            case string(multiline: Bool, hashes: Int)
        }
        var lines: [Line] = []
        var line = Line()
        var state = State.code
        let scalars = Array(text.unicodeScalars)
        var i = 0
        func at(_ offset: Int) -> Unicode.Scalar? { i + offset < scalars.count ? scalars[i + offset] : nil }
        func starts(_ s: String) -> Bool {
            for (k, c) in s.unicodeScalars.enumerated() where at(k) != c { return false }
            return true
        }
        while i < scalars.count {
            let c = scalars[i]
            if c == "\n" {
                lines.append(line)
                line = Line()
                if case .string(false, _) = state { state = .code }  // an unclosed one-line string
                i += 1
                continue
            }
            switch state {
            case .code:
                if starts("//") {
                    while i < scalars.count, scalars[i] != "\n" { i += 1 }
                    continue
                }
                if starts("/*") {
                    state = .blockComment(depth: 1)
                    i += 2
                    continue
                }
                var hashes = 0
                while at(hashes) == "#" { hashes += 1 }
                if at(hashes) == "\"" {
                    let multiline = at(hashes + 1) == "\"" && at(hashes + 2) == "\""
                    state = .string(multiline: multiline, hashes: hashes)
                    line.code += "\"\""
                    i += hashes + (multiline ? 3 : 1)
                    continue
                }
                line.code.unicodeScalars.append(c)
                i += 1
            case .blockComment(let depth):
                if starts("*/") {
                    state = depth == 1 ? .code : .blockComment(depth: depth - 1)
                    i += 2
                } else if starts("/*") {
                    state = .blockComment(depth: depth + 1)
                    i += 2
                } else {
                    i += 1
                }
            case .string(let multiline, let hashes):
                if hashes == 0, c == "\\", at(1) == "(" {
                    // An interpolation is code, strings in it included: read to its `)`.
                    i += 2
                    var depth = 1
                    var inner = false
                    while i < scalars.count, scalars[i] != "\n" {
                        let d = scalars[i]
                        i += 1
                        if inner {
                            if d == "\\" { i += 1 } else if d == "\"" { inner = false } else { line.literals.unicodeScalars.append(d) }
                            continue
                        }
                        if d == "\"" {
                            inner = true
                            line.literals += " "
                        } else if d == "(" { depth += 1 } else if d == ")" { depth -= 1 }
                        if depth == 0 { break }
                        line.code.unicodeScalars.append(d)
                    }
                    line.literals += " "
                    continue
                }
                if hashes == 0, c == "\\" {
                    line.literals.unicodeScalars.append(c)
                    if let next = at(1), next != "\n" { line.literals.unicodeScalars.append(next) }
                    i += at(1) == "\n" ? 1 : 2
                    continue
                }
                let close = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
                if starts(close) {
                    state = .code
                    line.literals += " "
                    i += close.unicodeScalars.count
                    continue
                }
                line.literals.unicodeScalars.append(c)
                i += 1
            }
        }
        if !line.code.isEmpty || !line.literals.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
