#!/usr/bin/env python3
"""daybook against sqlite3 itself: generates the journals, measures, prints one table.

Run it through bench/run.sh (`make bench`, or `make bench-smoke` for tiny sizes). Every timed
figure is a ratio of two medians measured in the same run, side by side, so that a busy
machine slows both sides alike. Standard library only, plus hyperfine and /usr/bin/time.
"""

import argparse
import datetime
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402
import gen_daylio  # noqa: E402
import gen_ingest  # noqa: E402
import health_bench  # noqa: E402
import million_bench  # noqa: E402
import chart_bench  # noqa: E402
import review_bench  # noqa: E402
import sync_bench  # noqa: E402
import sync_notes_bench  # noqa: E402
import status_bench  # noqa: E402
import encryption_bench  # noqa: E402
from baseline_sql import TODAY, BaselineSQL, goals_in_force  # noqa: E402,F401
from measure import Measure, age, mega, mib, ms, ratio, seconds, shell_quote, verdict, micro  # noqa: E402,F401

NOW = "2026-11-21T09:30"


class Sizes:
    def __init__(self, smoke: bool):
        self.smoke = smoke
        # days of history in the "10-year" and "1-year" journals
        self.long_days = 60 if smoke else 3652
        self.short_days = 14 if smoke else 365
        self.ingest_lines = 300 if smoke else 100_000
        self.daylio_rows = 300 if smoke else 100_000
        # Records in the generated Apple Health export (and twice as many in the second), and
        # days in the CSV of daily values (health_bench.py)
        self.health_records = 5_000 if smoke else 1_000_000
        self.csv_days = 300 if smoke else 10_000
        # (rounds, runs per round, warm-up runs) for hyperfine; rounds alternate the order
        self.quick = (1, 3, 1) if smoke else (10, 5, 2)
        # For two commands whose ratio has a tight target: one run of each per round, the order
        # alternating, so that both sides see the same moments of a shared machine
        self.alternating = (2, 1, 1) if smoke else (40, 1, 1)
        self.ingest = (1, 2, 0) if smoke else (5, 1, 0)
        self.health = (1, 2, 0) if smoke else (3, 1, 0)
        self.rss_runs = 1 if smoke else 3
        self.completion_iterations = 10 if smoke else 300


class Bench(Measure, BaselineSQL):
    def __init__(self, args):
        self.args = args
        self.sizes = Sizes(args.smoke)
        self.out = os.path.abspath(args.out)
        os.makedirs(self.out, exist_ok=True)
        self.binary = os.path.abspath(args.binary)
        self.env = dict(os.environ)
        self.env.update({"DAYBOOK_NOW": NOW, "TZ": "UTC", "LANG": "C.UTF-8", "HOME": os.path.join(self.out, "home")})
        self.env.pop("DAYBOOK_JOURNAL", None)
        self.log = open(os.path.join(self.out, "bench.log"), "w")
        self.long_label = age(self.sizes.long_days)
        self.short_label = age(self.sizes.short_days)
        self.rows = []
        # Instruction counts are slow to take: full runs only, when valgrind is there.
        self.valgrind = not args.smoke and shutil.which("valgrind") is not None

    # -- data -------------------------------------------------------------------------------

    def make_journal(self, name, days, goals):
        path = os.path.join(self.out, name + ".sqlite3")
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)
        first = TODAY - datetime.timedelta(days=days - 1)
        setup = os.path.join(self.out, name + ".setup.txt")
        with open(setup, "w") as f:
            for command in gen.setup_commands(first, TODAY, goals):
                f.write(command + "\n")
        with open(setup) as f:
            result = self.run(self.daybook(path), stdin=f, check=False, capture=True)
        if result.returncode != 0:
            # Goals come from elsewhere; a goal form this daybook refuses must not stop the bench.
            print(f"bench: some setup commands were refused ({name}):\n{result.stderr.strip()}", file=sys.stderr)
            if self.run([self.binary, "--journal", path, "help", "track"], check=False).returncode != 0:
                raise SystemExit("bench: could not create the journal")
        data = os.path.join(self.out, name + ".sql")
        with open(data, "w") as f:
            gen.journal_sql(first, TODAY, f)
        with open(data) as f:
            self.run(["sqlite3", "-bail", path], stdin=f)
        # The first daybook command brings what it derives from the loaded rows up to date
        # (goal streaks): run one now, so that no measurement pays for it.
        self.run(self.daybook(path, "goals"), check=False, capture=True)
        return path

    def make_ingest(self, name, days=None):
        commands = os.path.join(self.out, name + ".txt")
        sql = os.path.join(self.out, name + ".sql")
        with open(commands, "w") as c, open(sql, "w") as s:
            gen_ingest.ingest(self.sizes.ingest_lines, c, s, days)
        return commands, sql

    # -- figures ----------------------------------------------------------------------------

    def one_shot(self, long):
        """One-shot reads on the long journal against sqlite3 running the same queries, in time
        and in instructions. `today` prints the day's two most notable insights, which it
        computes from the same reads as `insights`: its sqlite3 runs those reads too, or it
        would do far less than daybook prints."""
        insights_reads = self.insights_reads(long)
        for name, sql, target in [
            ("show", self.open_sql() + self.days_sql(TODAY, TODAY) + self.looking_back_sql(TODAY), 1.5),
            ("today", self.open_sql() + self.today_sql(TODAY) + insights_reads, 1.5),
            ("insights", self.open_sql() + insights_reads, 1.5),
            ("calendar", self.open_sql() + self.calendar_sql(TODAY.year), 2.0),
        ]:
            d, s = self.hyperfine(
                [self.quote(self.daybook(long, name)), self.quote(["sqlite3", long, sql])], self.sizes.quick
            )
            self.ratio_row(f"one-shot `{name}` ({self.long_label}) vs sqlite3 running its queries", d, s, target, ms)
            if self.valgrind:
                d, s = self.instructions(self.daybook(long, name)), self.instructions(["sqlite3", long, sql])
                self.ratio_row(f"one-shot `{name}`, instructions (callgrind)", d, s, target, mega)

    def find(self, long):
        """`search` and `tags` on the long journal against sqlite3 running the same queries."""
        word = "walk"
        for name, args, sql, target in [
            ("search", ["search", word], self.search_sql(word), f"`search {word}`"),
            ("tags", ["tags"], self.tags_sql(), "`tags`"),
        ]:
            figure = f"one-shot {target} ({self.long_label}) vs sqlite3 running its query"
            # Both sides must find the same rows, or the comparison means nothing.
            ours = self.run(self.daybook(long, *args), capture=True).stdout.count("\n")
            theirs = self.run(["sqlite3", long, sql], capture=True).stdout.count("\n")
            if ours != theirs:
                raise SystemExit(f"bench: {name} printed {ours} lines, sqlite3 {theirs}")
            full = self.open_sql() + sql
            d, s = self.hyperfine(
                [self.quote(self.daybook(long, *args)), self.quote(["sqlite3", long, full])], self.sizes.quick
            )
            rows = "hits" if name == "search" else "tags"
            self.ratio_row(f"{figure}, {ours:,} {rows}", d, s, 2.0, ms)
            if self.valgrind and name == "search":
                d, s = self.instructions(self.daybook(long, *args)), self.instructions(["sqlite3", long, full])
                self.ratio_row(f"one-shot {target}, instructions (callgrind)", d, s, 2.0, mega)

    def ingest(self, short):
        """100,000 `log` lines piped into daybook against sqlite3 writing the same rows in one
        transaction (a change, an entry and the day's value each): into new days, and into the
        days of the 1-year journal, which already hold values (see gen.ingest)."""
        last = TODAY
        first = TODAY - datetime.timedelta(days=self.sizes.short_days - 1)
        n = self.sizes.ingest_lines
        for name, days, label in [
            ("ingest-new", None, "into new days"),
            ("ingest-held", (first, last), "into days that hold values"),
        ]:
            commands, sql = self.make_ingest(name, days)
            ours = os.path.join(self.out, name + "-daybook.sqlite3")
            theirs = os.path.join(self.out, name + "-sqlite3.sqlite3")

            # The real clock, as people run it: every line has its own --on date in the past, and
            # a pinned clock (DAYBOOK_NOW) is a test feature that costs a parse each time it is read.
            real_clock = {k: v for k, v in self.env.items() if k != "DAYBOOK_NOW"}

            d, s = self.hyperfine(
                [
                    self.quote(self.daybook(ours)) + " < " + shell_quote(commands),
                    self.quote(["sqlite3", "-bail", theirs]) + " < " + shell_quote(sql),
                ],
                self.sizes.ingest,
                shell=True,
                prepare=[self.fresh_copy(short, ours), self.fresh_copy(short, theirs)],
                env=real_clock,
            )
            # Both sides must have written the same rows, or the comparison means nothing.
            counts = (
                "SELECT (SELECT count(*) FROM entry), (SELECT count(*) FROM day_value), (SELECT count(*) FROM change), "
                "(SELECT sum(entries) FROM day_value);"
            )
            self.same_rows(ours, theirs, counts, f"ingest {label}")
            self.ratio_row(f"ingest {n:,} `log` lines {label} vs sqlite3 INSERTs, one transaction", d, s, 1.0, seconds)
        rss_d = self.peak_rss(
            self.daybook(ours), stdin_path=commands, prepare=lambda: self.copy(short, ours), env=real_clock
        )
        rss_s = self.peak_rss(["sqlite3", "-bail", theirs], stdin_path=sql, prepare=lambda: self.copy(short, theirs))
        self.add(f"peak RSS, ingest {n:,} lines vs sqlite3", mib(rss_d), mib(rss_s), ratio(rss_d, rss_s), "—", "—")
        return rss_d

    def daylio_import(self, short):
        """`import daylio` of a generated export into a copy of the 1-year journal (on days
        before it), against sqlite3 running the INSERTs of the same rows in one transaction."""
        n = self.sizes.daylio_rows
        csv = os.path.join(self.out, "daylio.csv")
        sql = os.path.join(self.out, "daylio.sql")
        first = TODAY - datetime.timedelta(days=self.sizes.short_days - 1)
        with open(csv, "w") as c, open(sql, "w") as s:
            gen_daylio.daylio(n, first - datetime.timedelta(days=1), c, s)
        figure = f"import {n:,} Daylio rows ({os.path.getsize(csv) / 2**20:.0f} MiB) vs sqlite3 INSERTs, same rows"
        ours = os.path.join(self.out, "daylio-daybook.sqlite3")
        theirs = os.path.join(self.out, "daylio-sqlite3.sqlite3")

        d, s = self.hyperfine(
            [
                self.quote(self.daybook(ours, "import", "daylio", csv)),
                self.quote(["sqlite3", "-bail", theirs]) + " < " + shell_quote(sql),
            ],
            self.sizes.ingest,
            shell=True,
            prepare=[self.fresh_copy(short, ours), self.fresh_copy(short, theirs)],
        )
        # Both sides must have written the same rows, or the comparison means nothing.
        counts = (
            "SELECT (SELECT count(*) FROM note), (SELECT count(*) FROM tag), (SELECT count(*) FROM mood), "
            "(SELECT count(*) FROM change), (SELECT total(length(text)) FROM note);"
        )
        self.same_rows(ours, theirs, counts, "the Daylio import")
        self.ratio_row(figure, d, s, 1.5, seconds)

    def history(self, long, short):
        """Commands whose cost must not grow with the years: the 10-year journal against the
        1-year one, which holds the same last year."""
        for name, limit in [("week", 1.2), ("goals", 1.1), ("insights", 1.2)]:
            figure = f"`{name}`, {self.long_label} vs {self.short_label} journal"
            d, s = self.hyperfine(
                [self.quote(self.daybook(long, name)), self.quote(self.daybook(short, name))], self.sizes.quick
            )
            self.ratio_row(figure, d, s, limit, ms)
            if self.valgrind:
                d, s = self.instructions(self.daybook(long, name)), self.instructions(self.daybook(short, name))
                self.ratio_row(f"`{name}`, {self.long_label} vs {self.short_label}, instructions", d, s, limit, mega)

    def complete_words(self, long, kind):
        """The words the completion scripts pass to `daybook __complete`, and the lookup sqlite3
        runs for the same candidates (after opening the journal as completion does)."""
        if kind == "tags":
            # `note walked #<TAB>`: every tag, most used first (Journal.tags(prefix:)).
            sql = (
                "SELECT name FROM (SELECT name, count(*) AS uses FROM tag WHERE name >= '' AND name < char(1114111) "
                "GROUP BY name UNION ALL SELECT name, -count(*) FROM tag NOT INDEXED WHERE removed_by IS NOT NULL "
                "AND name >= '' AND name < char(1114111) GROUP BY name) GROUP BY name HAVING sum(uses) > 0 "
                "ORDER BY sum(uses) DESC, name LIMIT 50;"
            )
            return ["__complete", "--", "--journal", long, "note", "walked", "#"], self.open_sql() + sql
        # `log steps 8200 <TAB>`: the attributes, which opening the journal reads.
        return ["__complete", "--", "--journal", long, "log", "steps", "8200", ""], self.open_sql()

    def complete_entry(self, long):
        """`daybook __complete …` as the bash, zsh and fish scripts run it, one process per TAB,
        against sqlite3 run one-shot to open the journal and look the same candidates up."""
        for kind, label in [("tags", "tag"), ("attributes", "attribute")]:
            words, sql = self.complete_words(long, kind)
            ours = self.run([self.binary, *words], capture=True).stdout.count("\n")
            theirs = self.run(["sqlite3", long, sql[len(self.open_sql()):]], capture=True).stdout.count("\n")
            if kind == "tags" and ours != theirs:
                raise SystemExit(f"bench: tag completion printed {ours} lines, sqlite3 {theirs}")
            d, s = self.hyperfine([self.quote([self.binary, *words]), self.quote(["sqlite3", long, sql])], self.sizes.quick)
            self.ratio_row(
                f"`daybook __complete` ({label}s, {ours} candidates) vs sqlite3 one-shot lookup", d, s, 1.5, ms
            )
            if self.valgrind:
                d, s = self.instructions([self.binary, *words]), self.instructions(["sqlite3", long, sql])
                self.ratio_row(f"`daybook __complete` ({label}s), instructions (callgrind)", d, s, 1.5, mega)

    def memory(self, long):
        """Peak RSS of each one-shot command, and of sqlite3 running its queries where the
        table has them."""
        limit = 8 * 1024 * 1024
        week_first = TODAY - datetime.timedelta(days=6)
        insights_reads = self.insights_reads(long)
        tag_words, tag_sql = self.complete_words(long, "tags")
        commands = [
            ("`show`", self.daybook(long, "show"), self.open_sql() + self.days_sql(TODAY, TODAY) + self.looking_back_sql(TODAY)),
            ("`today`", self.daybook(long, "today"), self.open_sql() + self.today_sql(TODAY) + insights_reads),
            ("`insights`", self.daybook(long, "insights"), self.open_sql() + insights_reads),
            ("`week`", self.daybook(long, "week"), self.open_sql() + self.days_sql(week_first, TODAY)),
            ("`calendar`", self.daybook(long, "calendar"), self.open_sql() + self.calendar_sql(TODAY.year)),
            ("`goals`", self.daybook(long, "goals"), None),
            ("`search walk`", self.daybook(long, "search", "walk"), self.open_sql() + self.search_sql("walk")),
            ("`tags`", self.daybook(long, "tags"), self.open_sql() + self.tags_sql()),
            ("`__complete` (tags)", [self.binary, *tag_words], tag_sql),
        ]
        if self.has_command("review"):
            commands += [
                ("`review month`", self.daybook(long, "review", "month"), None),
                ("`review year`", self.daybook(long, "review", "year"), None),
            ]
        if self.has_command("chart"):
            commands.append(("`chart steps all`", self.daybook(long, "chart", "steps", "all"), None))
        for name, argv, sql in commands:
            d = self.peak_rss(argv)
            s = self.peak_rss(["sqlite3", long, sql]) if sql else None
            self.add(
                f"peak RSS, one-shot {name} ({self.long_label})" + (" vs sqlite3" if sql else ""),
                mib(d),
                mib(s) if s else "—",
                ratio(d, s) if s else "—",
                "≤ 8 MiB",
                verdict(d <= limit),
            )

    def completion(self, long):
        result = self.run(
            [self.args.bench_binary, long, str(self.sizes.completion_iterations)], capture=True
        ).stdout
        self.log.write(result)
        probes = {}
        for line in result.splitlines():
            parts = line.split("\t")
            if parts[0] == "probe":
                probes[parts[1]] = (float(parts[2]), float(parts[3]), float(parts[4]), parts[5])
        for name, label in [("tags", "tag"), ("attributes", "attribute")]:
            if name not in probes:
                raise SystemExit(f"bench: daybook-bench printed no {name} probe")
            ours, floor, cold, prefix = probes[name]
            self.add(
                f"{label} completion ({self.long_label}), slowest prefix {prefix}, vs plain SQL via C API",
                micro(ours),
                micro(floor),
                ratio(ours, floor),
                "≤ 2 ms",
                verdict(ours <= 2000),
            )
            self.add(f"{label} completion, first call of a session", micro(cold), "—", "—", "≤ 2 ms", verdict(cold <= 2000))

    def startup(self):
        if not self.args.dynamic:
            why = "skipped in smoke mode" if self.args.smoke else "no dynamic build given"
            self.na("start-up `--version`, static vs dynamic stdlib", why, "< 1×")
            return
        d, s = self.hyperfine(
            [self.quote([self.binary, "--version"]), self.quote([self.args.dynamic, "--version"])], self.sizes.quick
        )
        self.add(
            "start-up `--version`, static vs dynamic Swift stdlib", ms(d), ms(s), ratio(d, s), "< 1×", verdict(d < s)
        )

    def main(self):
        sizes = self.sizes
        goals = self.has_command("goal")
        if self.args.only == "encryption":
            long = os.path.join(self.out, "journal-10y.sqlite3")
            if not os.path.exists(long):
                long = self.make_journal("journal-10y", sizes.long_days, goals)
            encryption_bench.rows(self, sys.modules[__name__], long)
            self.memory(long)
            print(self.table())
            return
        long = self.make_journal("journal-10y", sizes.long_days, goals)
        short = self.make_journal("journal-1y", sizes.short_days, goals)
        self.one_shot(long)
        self.find(long)
        self.ingest(short)
        self.daylio_import(short)
        health_bench.rows(self, sys.modules[__name__])
        million_bench.rows(self, sys.modules[__name__])
        sync_bench.rows(self, sys.modules[__name__])
        sync_notes_bench.rows(self, sys.modules[__name__])
        review_bench.rows(self, sys.modules[__name__], long)
        chart_bench.rows(self, sys.modules[__name__], long, TODAY)
        self.history(long, short)
        self.complete_entry(long)
        status_bench.rows(self, sys.modules[__name__], long)
        encryption_bench.rows(self, sys.modules[__name__], long)
        self.memory(long)
        self.completion(long)
        self.startup()

        version = self.run([self.binary, "--version"], capture=True).stdout.strip()
        load = open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else ["?"]
        print(
            f"{version}, static release build ({os.path.getsize(self.binary) / 2**20:.1f} MiB); "
            f"sqlite3 {self.run(['sqlite3', '--version'], capture=True).stdout.split()[0]}; "
            f"{os.cpu_count()} cores, load {' '.join(load)}"
        )
        print(
            f"journals: {sizes.long_days} days ({os.path.getsize(long) / 2**20:.1f} MiB) and {sizes.short_days} days "
            f"({os.path.getsize(short) / 2**20:.1f} MiB), 20 attributes, goals: {'yes' if goals else 'no goal command'}; "
            f"medians of {sizes.quick[0] * sizes.quick[1]} runs (ingest and import: {sizes.ingest[0] * sizes.ingest[1]})"
            + ("; SMOKE SIZES, figures mean nothing" if sizes.smoke else "")
        )
        print()
        table = self.table()
        print(table)
        with open(os.path.join(self.out, "results.md"), "w") as f:
            f.write(table + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True, help="the daybook release binary")
    parser.add_argument("--bench-binary", required=True, help="the daybook-bench executable")
    parser.add_argument("--dynamic", help="a daybook built without --static-swift-stdlib")
    parser.add_argument("--out", required=True, help="folder for journals and logs")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes: checks that it runs")
    parser.add_argument(
        "--only", choices=["encryption"], help="only the rows of an encrypted journal, and the peak RSS of one-shot commands")
    Bench(parser.parse_args()).main()


if __name__ == "__main__":
    main()
