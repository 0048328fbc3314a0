"""The `status` rows of the benchmark (bench.py calls `rows`).

`daybook status`, which a shell prompt or a status bar runs at every prompt, on the 10-year
journal against the floor of any such line: sqlite3 run one-shot, opening the journal and
reading one row (today's mood). The target is an absolute one: status may cost at most 2 ms
more than that floor. Then its instructions (callgrind, full runs only) and its peak RSS,
which must stay at or under 8 MiB as for the other one-shot commands.

Each side is run once first: status must print its line, and sqlite3 must read the journal.
"""

ONE_ROW = "SELECT rating FROM mood WHERE day = '{day}' AND removed_by IS NULL;"
FORMAT = "%checkin %mood %goals"
EXTRA_LIMIT = 0.002
RSS_LIMIT = 8 * 2**20


def rows(bench, units, journal):
    """Adds the rows to `bench` (a bench.Bench); `units` is the bench module (ms, mega, mib,
    ratio, verdict); `journal` is the 10-year journal."""
    ours = bench.daybook(journal, "status", "--format", FORMAT)
    theirs = ["sqlite3", journal, ONE_ROW.format(day=units.TODAY.isoformat())]
    line = bench.run(ours, capture=True).stdout
    if "checked in" not in line:
        raise SystemExit(f"bench: status printed {line!r}")
    bench.run(theirs, capture=True)
    d, s = bench.hyperfine([bench.quote(ours), bench.quote(theirs)], bench.sizes.quick)
    bench.add(
        f"one-shot `status` ({bench.long_label}) vs sqlite3 opening the journal and reading one row",
        units.ms(d),
        units.ms(s),
        units.ratio(d, s),
        "≤ sqlite3 + 2 ms",
        units.verdict(d - s <= EXTRA_LIMIT),
    )
    if bench.valgrind:
        d, s = bench.instructions(ours), bench.instructions(theirs)
        bench.add("one-shot `status`, instructions (callgrind)", units.mega(d), units.mega(s), units.ratio(d, s), "—", "—")
    rss_d, rss_s = bench.peak_rss(ours), bench.peak_rss(theirs)
    bench.add(
        f"peak RSS, one-shot `status` ({bench.long_label}) vs sqlite3",
        units.mib(rss_d),
        units.mib(rss_s),
        units.ratio(rss_d, rss_s),
        "≤ 8 MiB",
        units.verdict(rss_d <= RSS_LIMIT),
    )
