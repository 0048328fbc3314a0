"""The health-import rows of the benchmark (bench.py calls `rows`).

`import health` of a generated Apple Health export (health_gen.py) into a new journal, from
export.xml and from export.zip, against healthkit-to-sqlite (PyPI, in a virtual environment
under bench/out/venv, full runs only) reading the same file, and against `cat` and
`xmllint --stream` reading it: the floor of any import. Then files twice and four times the
size (about 1.5 GiB at full size, generated and removed after), whose peak RSS must stay as
low. And `import csv` of a CSV of daily values against sqlite3 reading
the same file with `.import --csv` and writing the same rows; and Google Fit's and
Gadgetbridge's files (health_sources_bench.py). Every figure is a ratio of medians measured
side by side.

Each daybook import is checked before it is timed: it must write entries, and nothing at all
when the same file is imported again; and the timed runs, each into a new journal, must leave
the same journal; so that a broken import cannot look fast.
"""

import os
import sys

import health_gen
import health_sources_bench

VENV = os.path.join(os.path.dirname(os.path.abspath(__file__)), "out", "venv")
RSS_LIMIT = 64 * 2**20
# What a journal holds after an import: live entries, all entries, changes, day values.
FINGERPRINT = (
    "SELECT (SELECT count(*) FROM entry WHERE removed_by IS NULL), (SELECT count(*) FROM entry), "
    "(SELECT count(*) FROM change), (SELECT count(*) FROM day_value);"
)
# The CSV's columns (health_gen.daily_csv): sleep in seconds, weight in kg, a score unmapped.
CSV_ARGS = [
    "--date", "day",
    "--map", "steps=steps", "--map", "total_sleep_duration=sleep", "--map", "weight=weight",
    "--unit", "total_sleep_duration=s", "--unit", "weight=kg",
]  # fmt: skip


def rows(bench, units):
    """Adds the rows to `bench` (a bench.Bench); `units` is the bench module, whose seconds,
    mib, ratio and verdict write the figures as its other rows do."""
    HealthRows(bench, units).run()


def fresh(path):
    """A shell command that removes a database and its WAL files (hyperfine's --prepare)."""
    return "rm -f " + " ".join(path + suffix for suffix in ("", "-wal", "-shm"))


def remove(path):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


class HealthRows:
    def __init__(self, bench, units):
        self.bench, self.u = bench, units
        self.folder = os.path.join(bench.out, "health")

    def run(self):
        bench = self.bench
        # The help of `import` names each form it reads: 'import health FILE'.
        text = " ".join(bench.run([bench.binary, "help", "import"], check=False, capture=True).stdout.split())
        os.makedirs(self.folder, exist_ok=True)
        if "import health" in text:
            self.health_rows()
        else:
            bench.na("`import health`", "import health is not in this build", "≤ 0.1×")
        if "import csv" in text:
            self.csv()
        else:
            bench.na("`import csv` of daily values", "import csv is not in this build", "≤ 1.5×")
        health_sources_bench.rows(self)

    def health_rows(self):
        bench = self.bench
        hkts = self.healthkit_to_sqlite()
        n = bench.sizes.health_records
        xml, zipped, count = self.export("export", n, with_zip=True)
        label = f"{count:,} records ({os.path.getsize(xml) / 2**20:.0f} MiB)"
        self.health(xml, f"export.xml of {label}", hkts, floors=True)
        self.health(zipped, f"export.zip of {label}, zipped {os.path.getsize(zipped) / 2**20:.1f} MiB", hkts)
        big, _, count = self.export("export-2x", 2 * n)
        self.health(big, f"export.xml of {count:,} records ({os.path.getsize(big) / 2**20:.0f} MiB)", None, floors=True)
        remove(big)
        # Real exports run to several GB: about 1.5 GiB at full size, where peak RSS must stay
        # as low as for the small ones (the samples that wait for the overlap rule spill to disk).
        huge, _, count = self.export("export-4x", 4 * n)
        self.health(huge, f"export.xml of {count:,} records ({os.path.getsize(huge) / 2**30:.2f} GiB)", hkts, floors=True)
        remove(huge)

    def healthkit_to_sqlite(self):
        """(the healthkit-to-sqlite program, None), installed into bench/out/venv on full
        runs; or (None, why there is none)."""
        if self.bench.args.smoke:
            return None, "healthkit-to-sqlite: full runs only"
        program = os.path.join(VENV, "bin", "healthkit-to-sqlite")
        if not os.path.exists(program):
            pip = os.path.join(VENV, "bin", "pip")
            for argv in [[sys.executable, "-m", "venv", VENV], [pip, "install", "-q", "healthkit-to-sqlite"]]:
                if self.bench.run(argv, check=False).returncode != 0:
                    return None, f"installing healthkit-to-sqlite failed (`{os.path.basename(argv[0])} {argv[1]}`)"
        return program, None

    def export(self, name, records, with_zip=False):
        """Generates export.xml (and export.zip) of about `records` Records: (xml, zip, count)."""
        xml = os.path.join(self.folder, name + ".xml")
        zipped = os.path.join(self.folder, name + ".zip") if with_zip else None
        with open(xml, "w", encoding="utf-8", newline="\n") as f:
            count, _, routes = health_gen.export_xml(records, 1, health_gen.LAST, f)
        if zipped:
            health_gen.export_zip(xml, routes, zipped)
        return xml, zipped, count

    def fingerprint(self, journal):
        return self.bench.run(["sqlite3", journal, FINGERPRINT], capture=True).stdout.strip()

    def checked_import(self, journal, words, what, template=None):
        """Imports into a new journal (a copy of `template`, if given), checks that entries
        were written and that the same import again writes nothing; returns the journal's
        fingerprint."""
        before = 0
        if template:
            self.bench.copy(template, journal)
            before = int(self.fingerprint(journal).split("|")[0])
        else:
            remove(journal)
        self.bench.run(self.bench.daybook(journal, *words))
        first = self.fingerprint(journal)
        if int(first.split("|")[0]) <= before:
            raise SystemExit(f"bench: {what} wrote no entries")
        self.bench.run(self.bench.daybook(journal, *words))
        again = self.fingerprint(journal)
        if again != first:
            raise SystemExit(f"bench: {what} again changed the journal: {first} before, {again} after")
        return first

    def same_again(self, journal, expected, what):
        """The journal the last timed run left must hold what the checked import wrote."""
        got = self.fingerprint(journal)
        if got != expected:
            raise SystemExit(f"bench: {what} wrote {got} in the timed runs, {expected} before")

    def health(self, path, label, hkts, floors=False):
        """`import health FILE` into a new journal against healthkit-to-sqlite on the same file
        (given `hkts`), with `floors` against `cat` and `xmllint --stream`; its peak RSS."""
        bench, u, q = self.bench, self.u, self.bench.quote
        journal = os.path.join(self.folder, "daybook.sqlite3")
        words = ["import", "health", path]
        what = f"import health {os.path.basename(path)}"
        expected = self.checked_import(journal, words, what)
        commands, prepare = [q(bench.daybook(journal, *words))], [fresh(journal)]
        program, why = hkts if hkts else (None, None)
        db = os.path.join(self.folder, "healthkit.db")
        # It reads export.zip, or with --xml the export.xml itself.
        theirs = [program, path, db, "--silent", *(["--xml"] if path.endswith(".xml") else [])]
        if program:
            commands.append(q(theirs))
            prepare.append(fresh(db))
        if floors:
            commands += [f"cat {q([path])} > /dev/null", q(["xmllint", "--stream", "--noout", path])]
            prepare += ["true", "true"]
        times = bench.hyperfine(commands, bench.sizes.health, shell=True, prepare=prepare)
        self.same_again(journal, expected, what)
        d = times[0]
        if hkts:
            figure = f"`import health`, {label}, vs healthkit-to-sqlite"
            if program:
                tables = bench.run(["sqlite3", db, "SELECT count(*) FROM sqlite_schema WHERE name LIKE 'r%'"], capture=True)
                if int(tables.stdout.strip() or 0) == 0:
                    raise SystemExit(f"bench: healthkit-to-sqlite wrote no record tables from {path}")
                bench.ratio_row(figure, d, times[1], 0.1, u.seconds)
            else:
                bench.na(figure, why, "≤ 0.1×")
        if floors:
            cat, xmllint = times[-2], times[-1]
            bench.ratio_row(f"`import health`, {label}, vs xmllint --stream", d, xmllint, 3, u.seconds)
            bench.add(f"`import health`, {label}, vs cat > /dev/null", u.seconds(d), u.seconds(cat), u.ratio(d, cat), "—", "—")
        rss = bench.peak_rss(bench.daybook(journal, *words), prepare=lambda: remove(journal))
        base = self.peak_rss_once(theirs, db) if program else None
        bench.add(
            f"peak RSS, `import health`, {label}" + (", vs healthkit-to-sqlite" if program else ""),
            u.mib(rss),
            u.mib(base) if base else "—",
            u.ratio(rss, base) if base else "—",
            "≤ 64 MiB",
            u.verdict(rss <= RSS_LIMIT),
        )

    def peak_rss_once(self, argv, db):
        """healthkit-to-sqlite's peak RSS in bytes, from one run into a new database: it takes
        a minute a run, and its peak moves little."""
        remove(db)
        report = os.path.join(self.bench.out, "time.txt")
        self.bench.run(["/usr/bin/time", "-f", "%M", "-o", report, *argv])
        with open(report) as f:
            return int(f.read().strip().splitlines()[-1]) * 1024

    def csv(self):
        """`import csv` of a CSV of daily values with --map and --unit into a new journal,
        against sqlite3 importing the same file (`.import --csv`) and writing the rows daybook
        writes, in one transaction. Both start from the same journal, which holds one value
        long before the CSV's days."""
        bench, q = self.bench, self.bench.quote
        days = bench.sizes.csv_days
        path = os.path.join(self.folder, "daily.csv")
        with open(path, "w") as f:
            health_gen.daily_csv(days, health_gen.LAST, f)
        template = os.path.join(self.folder, "csv-template.sqlite3")
        remove(template)
        bench.run(bench.daybook(template, "log", "steps", "1", "--on", "1990-01-01"))
        journal = os.path.join(self.folder, "csv-daybook.sqlite3")
        theirs = os.path.join(self.folder, "csv-sqlite3.sqlite3")
        words = ["import", "csv", path, *CSV_ARGS]
        expected = self.checked_import(journal, words, "import csv", template)
        sql = os.path.join(self.folder, "csv.sql")
        with open(sql, "w") as f:
            f.write(csv_sql(path, int(expected.split("|")[0]) - 1))

        d, s = bench.hyperfine(
            [q(bench.daybook(journal, *words)), q(["sqlite3", "-bail", theirs]) + " < " + q([sql])],
            bench.sizes.health,
            shell=True,
            prepare=[bench.fresh_copy(template, journal), bench.fresh_copy(template, theirs)],
        )
        self.same_again(journal, expected, "import csv")
        counts = (
            "SELECT (SELECT count(*) FROM entry), (SELECT count(*) FROM day_value), (SELECT count(*) FROM change), "
            "(SELECT sum(entries) FROM day_value), (SELECT round(total(value)) FROM day_value);"
        )
        bench.same_rows(journal, theirs, counts, "import csv")
        values = int(expected.split("|")[0]) - 1
        figure = f"`import csv` of {days:,} days ({values:,} values; --map, --unit) vs sqlite3 .import --csv + INSERTs"
        bench.ratio_row(figure, d, s, 1.5, self.u.seconds)


def csv_sql(path, values):
    """What sqlite3 runs for the same import: the CSV read by `.import --csv` into a temporary
    table, then in one transaction the change, an entry a value (sleep from seconds to minutes)
    and each day's value, as daybook writes them."""
    at = "'2026-11-21T09:30:00+00:00'"
    name = os.path.basename(path)
    source = f"{at}, (SELECT max(id) FROM change), 'CSV', '{name}' FROM temp.daily"
    return (
        f".import --csv --schema temp {path} daily\n"
        "BEGIN;\n"
        "INSERT INTO change (recorded_at, session, command, summary) "
        f"VALUES ({at}, 'one-shot', 'import', 'import {name} (CSV): {values:,} day values');\n"
        "INSERT INTO entry (attribute, day, value, recorded_at, added_by, source, file)\n"
        f"  SELECT 'steps', day, CAST(steps AS REAL), {source} WHERE steps <> ''\n"
        f"  UNION ALL SELECT 'sleep', day, round(total_sleep_duration / 60.0, 2), {source} WHERE total_sleep_duration <> ''\n"
        f"  UNION ALL SELECT 'weight', day, CAST(weight AS REAL), {source} WHERE weight <> '';\n"
        "INSERT INTO day_value (attribute, day, value, entries)\n"
        "  SELECT attribute, day, value, 1 FROM entry WHERE added_by = (SELECT max(id) FROM change);\n"
        "COMMIT;\n"
    )
