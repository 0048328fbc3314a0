"""The chart rows of the benchmark (bench.py calls `rows`).

`chart steps all` (every day of the 10-year journal, drawn by month) and `review year --html`
(2025) on the 10-year journal, against sqlite3 running the reads they make: a chart reads its
attribute's days in one range (Journal.dailyValues, from the first day on for `all`) and the
goal in force on its last day (Journal.goal); the page reads what `review year` reads
(review_bench.reads), then a chart's days for the mood and for each attribute with a value in
the year. daybook then works the charts out (steps, axis, rolling mean) and writes them, which
sqlite3 does not. Both sides must count the same days, or the comparison means nothing.
"""

import datetime
import json
import os

import review_bench

YEAR = (datetime.date(2025, 1, 1), datetime.date(2025, 12, 31))


def chart_reads(attribute, first, last):
    """What `Journal.chart` runs for one attribute: its days, then the goal in force on `last`."""
    a, b = first.isoformat(), last.isoformat()
    return (
        f"SELECT day, value FROM day_value WHERE attribute = '{attribute}' AND day BETWEEN '{a}' AND '{b}' ORDER BY day; "
        f"SELECT since, period, min, max, total FROM goal WHERE attribute = '{attribute}' AND since <= '{b}' "
        "AND removed_by IS NULL ORDER BY since DESC LIMIT 1; "
    )


def page_reads(bench, journal, first, last):
    """The reads of `review year --html`: the review's, then a chart's for the mood and for each
    attribute with a value in the year, by week from the Monday of the week holding `first`."""
    monday = first - datetime.timedelta(days=first.weekday())
    a, b = monday.isoformat(), last.isoformat()
    sql = review_bench.reads(bench, journal, first, last)
    sql += f"SELECT day, rating FROM mood WHERE day BETWEEN '{a}' AND '{b}' AND removed_by IS NULL ORDER BY day; "
    out = bench.run(
        ["sqlite3", journal, f"SELECT DISTINCT attribute FROM day_value WHERE day BETWEEN '{first}' AND '{last}'"],
        capture=True,
    )
    for name in sorted(line for line in out.stdout.splitlines() if line):
        sql += chart_reads(name, monday, last)
    return sql


def rows(bench, units, journal, today):
    """Adds the rows to `bench` (a bench.Bench) for `journal`, the 10-year one; `units` is the
    bench module."""
    if not bench.has_command("chart"):
        bench.na("one-shot `chart steps all`", "no chart command", "≤ 2×")
        return
    # chart steps all: the same days on both sides.
    ours = json.loads(bench.run(bench.daybook(journal, "chart", "steps", "all", "--json"), capture=True).stdout)
    days = bench.run(
        ["sqlite3", journal, f"SELECT count(*) FROM day_value WHERE attribute = 'steps' AND day <= '{today}'"],
        capture=True,
    ).stdout.strip()
    counted = sum(p["days"] for p in ours["points"])
    if str(counted) != days:
        raise SystemExit(f"bench: `chart steps all` read {counted} days, sqlite3 {days}")
    sql = bench.open_sql() + chart_reads("steps", datetime.date(1, 1, 1), today)
    argv = bench.daybook(journal, "chart", "steps", "all")
    d, s = bench.hyperfine([bench.quote(argv), bench.quote(["sqlite3", journal, sql])], bench.sizes.quick)
    label = f"one-shot `chart steps all` ({bench.long_label}, by {ours['step']})"
    bench.ratio_row(f"{label} vs sqlite3 running its reads", d, s, 2.0, units.ms)
    # Its peak RSS is a row of bench.memory, with the other one-shot commands.
    if bench.valgrind:
        d, s = bench.instructions(argv), bench.instructions(["sqlite3", journal, sql])
        bench.ratio_row("one-shot `chart steps all`, instructions (callgrind)", d, s, 2.0, units.mega)

    # review year --html: the page is written afresh each run.
    if not bench.has_command("review"):
        return
    first, last = YEAR
    page = os.path.join(bench.out, "year.html")
    sql = bench.open_sql() + page_reads(bench, journal, first, last)
    argv = bench.daybook(journal, "review", "year", str(first.year), "--html", page, "--force")
    bench.run(argv)
    charts = open(page).read().count('<svg class="chart"')
    if charts == 0 and not bench.sizes.smoke:  # a smoke journal holds no day of that year
        raise SystemExit("bench: `review year --html` drew no chart")
    d, s = bench.hyperfine([bench.quote(argv), bench.quote(["sqlite3", journal, sql])], bench.sizes.quick)
    bench.ratio_row(
        f"one-shot `review year --html` ({bench.long_label}, {charts} charts) vs sqlite3 running its reads",
        d, s, 2.0, units.ms,
    )
