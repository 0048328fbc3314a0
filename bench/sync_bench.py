"""The sync row of the benchmark (bench.py calls `rows`).

`sync` applying 10,000 changes from another device (values logged there, one file of 10,000
records) to a journal that has never synced, against sqlite3 inserting the same rows into a
copy of the same journal, with the same triggers, and bringing their days' values up to date,
in one transaction. Both sides must leave the same rows, and the sync must leave the shared
folder as it found it (it has nothing to send), so that a broken sync cannot look fast.
"""

import datetime
import os
import shutil

CHANGES = 10_000
FIRST = datetime.date(2026, 1, 1)
# What a journal holds after the sync: live entries, their sum, the days' values.
FINGERPRINT = (
    "SELECT (SELECT count(*) FROM entry WHERE removed_by IS NULL AND attribute = 'steps'), "
    "(SELECT sum(value) FROM entry WHERE removed_by IS NULL AND attribute = 'steps'), "
    "(SELECT count(*) FROM day_value WHERE attribute = 'steps'), (SELECT sum(value) FROM day_value WHERE attribute = 'steps');"
)


def rows(bench, units):
    """Adds the row to `bench` (a bench.Bench); `units` is the bench module."""
    if not bench.has_command("sync"):
        bench.na(f"`sync` applying {CHANGES:,} changes from another device", "sync is not in this build", "≤ 3×")
        return
    SyncRow(bench, units).run()


def remove(path):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


class SyncRow:
    def __init__(self, bench, units):
        self.bench, self.u = bench, units
        self.folder = os.path.join(bench.out, "sync")

    def value(self, i):
        return i % 9000 + 100

    def day(self, i):
        return (FIRST + datetime.timedelta(days=i % 300)).isoformat()

    def run(self):
        bench, q = self.bench, self.bench.quote
        if os.path.exists(self.folder):
            shutil.rmtree(self.folder)
        shared = os.path.join(self.folder, "shared")
        os.makedirs(shared)
        sender = os.path.join(self.folder, "sender.sqlite3")
        script = os.path.join(self.folder, "sender.txt")
        with open(script, "w") as f:
            f.write("set device-name sender\n")
            for i in range(CHANGES):
                f.write(f"log steps {self.value(i)} --on {self.day(i)}\n")
        with open(script) as f:
            bench.run(bench.daybook(sender), stdin=f)
        bench.run(bench.daybook(sender, "sync", shared))
        files = [os.path.join(d, n) for d, _, names in os.walk(shared) for n in names]
        if len(files) != 1 or open(files[0]).readline().split("\t")[5] != str(CHANGES):
            raise SystemExit(f"bench: the sender's sync did not write one file of {CHANGES:,} records: {files}")

        # The receiver as it is before its first sync, and the same rows written by sqlite3.
        template = os.path.join(self.folder, "template.sqlite3")
        bench.run(bench.daybook(template, "set", "device-name", "receiver"))
        bench.run(["sqlite3", template, "PRAGMA wal_checkpoint(TRUNCATE);"])
        ours = os.path.join(self.folder, "receiver.sqlite3")
        theirs = os.path.join(self.folder, "sqlite3.sqlite3")
        sql = os.path.join(self.folder, "rows.sql")
        with open(sql, "w") as f:
            f.write("BEGIN;\nINSERT INTO change (recorded_at, session, command, summary) VALUES ")
            f.write("('2026-11-21T09:30:00+00:00', 'bench', 'sync', 'sync');\n")
            for i in range(CHANGES):
                f.write(
                    "INSERT INTO entry (attribute, day, value, recorded_at, added_by) VALUES "
                    f"('steps', '{self.day(i)}', {self.value(i)}, '2026-11-21T09:30:00+00:00', "
                    "(SELECT max(id) FROM change));\n"
                )
            f.write(
                "INSERT OR REPLACE INTO day_value (attribute, day, value, entries) SELECT attribute, day, sum(value), count(*) "
                "FROM entry WHERE removed_by IS NULL AND attribute = 'steps' GROUP BY attribute, day;\nCOMMIT;\n"
            )
        prepare = [bench.fresh_copy(template, ours), bench.fresh_copy(template, theirs)]
        commands = [q(bench.daybook(ours, "sync", shared)), f"sqlite3 {q([theirs])} < {q([sql])}"]
        times = bench.hyperfine(commands, bench.sizes.ingest, shell=True, prepare=prepare)
        a = bench.run(["sqlite3", ours, FINGERPRINT], capture=True).stdout.strip()
        b = bench.run(["sqlite3", theirs, FINGERPRINT], capture=True).stdout.strip()
        if a != b or a.split("|")[0] != str(CHANGES):
            raise SystemExit(f"bench: sync and sqlite3 wrote different rows: daybook {a}, sqlite3 {b}")
        after = [os.path.join(d, n) for d, _, names in os.walk(shared) for n in names]
        if after != files:
            raise SystemExit(f"bench: the receiver's sync changed the shared folder: {after}")
        bench.ratio_row(
            f"`sync` applying {CHANGES:,} changes from another device, vs sqlite3 inserting the same rows",
            times[0], times[1], 3, self.u.seconds,
        )  # fmt: skip
