"""The review rows of the benchmark (bench.py calls `rows`).

`review month` (October 2026) and `review year` (2025) on the 10-year journal, against sqlite3
running the reads a review makes (Journal.reviewInput): opening the journal; every
attribute's daily values and the moods with their notes from the first day a review reads
(a year before the period, or the month before the period before) through its last; for
each attribute, one seek for anything older and its goal changes; one seek for an older
mood; and the period's tags. daybook then computes the review from them (records, goals,
links with their effective sample sizes), which sqlite3 does not: the target allows for it.
Both sides must find the same days with a mood in the period, or the comparison means
nothing.
"""

import datetime
import json

# (command words, first day, last day, target ratio)
PERIODS = [
    (["review", "month"], datetime.date(2026, 10, 1), datetime.date(2026, 10, 31), 2.0),
    (["review", "year"], datetime.date(2025, 1, 1), datetime.date(2025, 12, 31), 3.0),
]


def previous_start(first, last):
    """The first day of the period before the one from `first` to `last` (a month or a year)."""
    before = first - datetime.timedelta(days=1)
    return before.replace(day=1) if (last - first).days < 40 else before.replace(month=1, day=1)


def reads(bench, journal, first, last):
    """The reads of Journal.reviewInput, as plain SQL."""
    read_from = min(first - datetime.timedelta(days=365), previous_start(first, last) - datetime.timedelta(days=31))
    a, f, b = read_from.isoformat(), first.isoformat(), last.isoformat()
    out = bench.run(["sqlite3", journal, "SELECT name FROM attribute WHERE removed_by IS NULL ORDER BY id"], capture=True)
    names = [line for line in out.stdout.splitlines() if line]
    sql = (
        f"SELECT day, attribute, value FROM day_value WHERE day BETWEEN '{a}' AND '{b}'; "
        f"SELECT day, rating, note FROM mood WHERE day BETWEEN '{a}' AND '{b}' AND removed_by IS NULL ORDER BY day; "
    )
    for name in names:
        sql += (
            f"SELECT 1 FROM day_value WHERE attribute = '{name}' AND day < '{a}' LIMIT 1; "
            f"SELECT since, period, min, max, total FROM goal WHERE attribute = '{name}' AND since <= '{b}' "
            "AND removed_by IS NULL ORDER BY since; "
        )
    sql += (
        f"SELECT 1 FROM mood WHERE day < '{a}' AND removed_by IS NULL LIMIT 1; "
        f"SELECT day, name FROM tag WHERE day BETWEEN '{f}' AND '{b}' AND removed_by IS NULL ORDER BY id; "
    )
    return sql


def rows(bench, units, journal):
    """Adds the rows to `bench` (a bench.Bench) for `journal`, the 10-year one; `units` is the
    bench module."""
    if not bench.has_command("review"):
        bench.na("one-shot `review month`", "no review command", "≤ 2×")
        return
    for words, first, last, target in PERIODS:
        ours = json.loads(bench.run(bench.daybook(journal, *words, "--json"), capture=True).stdout)
        moods = bench.run(
            ["sqlite3", journal, f"SELECT count(*) FROM mood WHERE day BETWEEN '{first}' AND '{last}' AND removed_by IS NULL"],
            capture=True,
        ).stdout.strip()
        if ours["from"] != first.isoformat() or str(ours["check_ins"]["days"]) != moods:
            raise SystemExit(f"bench: `{' '.join(words)}` read {ours['check_ins']['days']} moods, sqlite3 {moods}")
        sql = bench.open_sql() + reads(bench, journal, first, last)
        d, s = bench.hyperfine(
            [bench.quote(bench.daybook(journal, *words)), bench.quote(["sqlite3", journal, sql])], bench.sizes.quick
        )
        label = " ".join(words)
        bench.ratio_row(f"one-shot `{label}` ({bench.long_label}) vs sqlite3 running its reads", d, s, target, units.ms)
        if bench.valgrind:
            d, s = bench.instructions(bench.daybook(journal, *words)), bench.instructions(["sqlite3", journal, sql])
            bench.ratio_row(f"one-shot `{label}`, instructions (callgrind)", d, s, target, units.mega)
