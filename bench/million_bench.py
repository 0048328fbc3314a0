"""The rows of the benchmark on a journal of a million notes (bench.py calls `rows`).

A journal of 1,000,000 notes over about eleven years (smoke: 10,000), a third of them with
"lorem" and `#walk`, is written with sqlite3 straight into a daybook journal, its tags and
search index as daybook keeps them. Then the newest few hits, which is what a person asks
for: `search lorem -n 5` against sqlite3 reading the newest five matches of the search index,
and `search #walk -n 3` against sqlite3 reading the newest three rows of the tag. Each daybook
search is checked first to print the hits sqlite3 finds.
"""

import os

NOTES = """
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {count})
INSERT INTO note (day, text, recorded_at, added_by)
SELECT date('2026-11-20', '-' || (({count} - i) / 250) || ' days'),
    CASE i % 3 WHEN 0 THEN 'lorem ipsum by the river #walk ' ELSE 'a quiet day at home ' END || i,
    date('2026-11-20', '-' || (({count} - i) / 250) || ' days') || 'T' || printf('%02d:%02d', (i % 250) / 10, (i % 10) * 6)
        || ':00+00:00', 1
FROM n;
INSERT INTO tag (name, day, note_id, added_by) SELECT 'walk', day, id, 1 FROM note WHERE text LIKE '%#walk%';
COMMIT;
PRAGMA wal_checkpoint(TRUNCATE);
"""


def rows(bench, units):
    """Adds the rows to `bench` (a bench.Bench); `units` is the bench module (ms, ratio, verdict)."""
    count = 10_000 if bench.sizes.smoke else 1_000_000
    journal = os.path.join(bench.out, "journal-million.sqlite3")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(journal + suffix):
            os.remove(journal + suffix)
    bench.run(bench.daybook(journal, "track", "pages", "count"))
    bench.run(["sqlite3", journal, NOTES.format(count=count)])
    label = f"{count:,} notes"
    for args, sql in [
        (
            ["search", "lorem", "-n", "5"],
            "SELECT rowid, text FROM search_index WHERE search_index MATCH '\"lorem\"*' ORDER BY rowid DESC LIMIT 5;",
        ),
        (
            ["search", "#walk", "-n", "3"],
            "SELECT n.id, n.text FROM tag AS t JOIN note AS n ON n.id = t.note_id"
            " WHERE t.name = 'walk' AND t.removed_by IS NULL ORDER BY t.id DESC LIMIT 3;",
        ),
    ]:
        ours = bench.run(bench.daybook(journal, *args), capture=True).stdout
        theirs = bench.run(["sqlite3", journal, sql], capture=True).stdout.splitlines()
        for line in theirs:
            if line.split("|", 1)[1] not in ours:
                raise SystemExit(f"bench: {' '.join(args)} does not show {line!r}")
        d, s = bench.hyperfine(
            [bench.quote(bench.daybook(journal, *args)), bench.quote(["sqlite3", journal, sql])],
            bench.sizes.quick,
        )
        bench.ratio_row(f"one-shot `{' '.join(args)}` ({label}) vs sqlite3 reading the newest rows", d, s, 5.0, units.ms)
