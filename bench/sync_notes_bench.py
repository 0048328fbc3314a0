"""The encrypted sync's rows of the benchmark (bench.py calls `rows`).

`sync` applying 10,000 notes from another device to a journal that has never synced:
- in the clear, against sqlite3 inserting the same notes (their full-text index kept by the
  journal's own triggers) into a copy of the same journal, in one transaction (target ≤ 5×);
- encrypted (the folder set up with `sync --setup`, the receiver holding the key), against the
  same sync in the clear (target ≤ 1.2×).
Every side must leave the same notes, and the search index must find them.
"""

import datetime
import os
import shutil

NOTES = 10_000
FIRST = datetime.date(2026, 1, 1)
FINGERPRINT = (
    "SELECT (SELECT count(*) FROM note WHERE removed_by IS NULL), "
    "(SELECT count(*) FROM search_index WHERE search_index MATCH 'harbour'), "
    "(SELECT sum(length(text)) FROM note WHERE removed_by IS NULL);"
)


def rows(bench, units):
    if not bench.has_command("sync"):
        bench.na(f"`sync` applying {NOTES:,} notes", "sync is not in this build", "≤ 5×")
        return
    NotesRow(bench, units).run()


class NotesRow:
    def __init__(self, bench, units):
        self.bench, self.u = bench, units
        self.folder = os.path.join(bench.out, "sync-notes")

    def text(self, i):
        return f"walked to the harbour number {i} and back, wrote a little about the day"

    def day(self, i):
        return (FIRST + datetime.timedelta(days=i % 300)).isoformat()

    def env(self, config):
        return ["env", f"XDG_CONFIG_HOME={config}"]

    def sender(self, name, shared, setup):
        bench = self.bench
        journal = os.path.join(self.folder, name + ".sqlite3")
        config = os.path.join(self.folder, name + "-config")
        script = os.path.join(self.folder, name + ".txt")
        with open(script, "w") as f:
            f.write(f"set device-name {name}\n")
            for i in range(NOTES):
                f.write(f"note {self.text(i)} --on {self.day(i)}\n")
        with open(script) as f:
            bench.run(bench.daybook(journal), stdin=f)
        words = ["sync", "--setup", shared] if setup else ["sync", shared]
        code = bench.run(self.env(config) + bench.daybook(journal, *words), capture=True).stdout.split("\n")[0]
        return code

    def receiver(self, name, shared, code):
        """A journal as it is before its first sync; with a code, joined to the key first
        (which writes its own snapshot into the folder, so that the measured sync only applies)."""
        bench = self.bench
        journal = os.path.join(self.folder, name + ".sqlite3")
        config = os.path.join(self.folder, name + "-config")
        bench.run(bench.daybook(journal, "set", "device-name", name))
        if code:
            # Join without applying the sender's notes: an empty copy of the folder.
            empty = os.path.join(self.folder, name + "-empty")
            os.makedirs(empty)
            bench.run(self.env(config) + bench.daybook(journal, "sync", "--join", empty), stdin=open(self.code_file(code)))
            mine = [d for d in os.listdir(empty) if len(d) == 32]
            shutil.copytree(os.path.join(empty, mine[0]), os.path.join(shared, mine[0]))
        bench.run(["sqlite3", journal, "PRAGMA wal_checkpoint(TRUNCATE);"])
        return journal, config

    def code_file(self, code):
        path = os.path.join(self.folder, "code.txt")
        with open(path, "w") as f:
            f.write(code + "\n")
        return path

    def run(self):
        bench, q = self.bench, self.bench.quote
        if os.path.exists(self.folder):
            shutil.rmtree(self.folder)
        plain_shared = os.path.join(self.folder, "plain")
        sealed_shared = os.path.join(self.folder, "sealed")
        os.makedirs(plain_shared)
        os.makedirs(sealed_shared)
        self.sender("plainsender", plain_shared, setup=False)
        code = self.sender("sealedsender", sealed_shared, setup=True)
        if not code.startswith("dbk-"):
            raise SystemExit(f"bench: sync --setup printed no join code: {code!r}")
        plain_template, plain_config = self.receiver("plainreceiver", plain_shared, None)
        sealed_template, sealed_config = self.receiver("sealedreceiver", sealed_shared, code)

        theirs_template = os.path.join(self.folder, "sqlite3-template.sqlite3")
        shutil.copy(plain_template, theirs_template)
        sql = os.path.join(self.folder, "notes.sql")
        with open(sql, "w") as f:
            f.write("BEGIN;\nINSERT INTO change (recorded_at, session, command, summary) VALUES ")
            f.write("('2026-11-21T09:30:00+00:00', 'bench', 'sync', 'sync');\n")
            for i in range(NOTES):
                f.write(
                    "INSERT INTO note (day, text, recorded_at, added_by) VALUES "
                    f"('{self.day(i)}', '{self.text(i)}', '2026-11-21T09:30:00+00:00', (SELECT max(id) FROM change));\n"
                )
            f.write("COMMIT;\n")

        plain = os.path.join(self.folder, "plain-run.sqlite3")
        sealed = os.path.join(self.folder, "sealed-run.sqlite3")
        theirs = os.path.join(self.folder, "sqlite3-run.sqlite3")
        prepare = [
            bench.fresh_copy(plain_template, plain),
            bench.fresh_copy(theirs_template, theirs),
            bench.fresh_copy(sealed_template, sealed),
        ]
        commands = [
            q(self.env(plain_config) + bench.daybook(plain, "sync", plain_shared)),
            f"sqlite3 {q([theirs])} < {q([sql])}",
            q(self.env(sealed_config) + bench.daybook(sealed, "sync", sealed_shared)),
        ]
        times = bench.hyperfine(commands, bench.sizes.ingest, shell=True, prepare=prepare)
        prints = [bench.run(["sqlite3", j, FINGERPRINT], capture=True).stdout.strip() for j in (plain, theirs, sealed)]
        if len(set(prints)) != 1 or prints[0].split("|")[0] != str(NOTES) or prints[0].split("|")[1] != str(NOTES):
            raise SystemExit(f"bench: the syncs and sqlite3 left different notes: {prints}")
        bench.ratio_row(
            f"`sync` applying {NOTES:,} notes from another device, vs sqlite3 inserting them with their index",
            times[0], times[1], 5, self.u.seconds,
        )  # fmt: skip
        bench.ratio_row(
            f"`sync` applying {NOTES:,} notes, encrypted, vs the same sync in the clear",
            times[2], times[0], 1.2, self.u.seconds,
        )  # fmt: skip
