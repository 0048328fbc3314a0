"""The rows of an encrypted journal (bench.py calls `rows`; `bench.py --only encryption` runs
them alone, on journals already generated or made anew).

A copy of the 10-year journal is encrypted (`daybook encrypt`, the passphrase from
DAYBOOK_PASSPHRASE_COMMAND) and unlocked, so that each command opens it with the key kept in
the kernel's key ring, as people run it. Each of `show`, `today`, `insights`, `review month`
and `search` on it is timed against the same command on the plain journal, one run of each at
a time in 40 rounds that alternate the order, each after a warm-up run, and the medians of
each side are compared (target ≤ 1.3×): on a shared machine, blocks of runs of one side saw
other moments than the other's, and a ratio moved by up to 0.4× between runs; `status` on it against sqlite3 opening the plain journal and reading one
row (target: at most 2 ms more). The key ring entry is taken away at the end (`lock`).
"""

import os
import shutil

LIMIT = 1.3
EXTRA_LIMIT = 0.002
PASSPHRASE = "bench passphrase"


def rows(bench, units, journal):
    encrypted = os.path.join(bench.out, "journal-10y-encrypted.sqlite3")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(encrypted + suffix):
            os.remove(encrypted + suffix)
    shutil.copyfile(journal, encrypted)
    env = dict(bench.env)
    env["DAYBOOK_PASSPHRASE_COMMAND"] = f"echo '{PASSPHRASE}'"
    bench.run(bench.daybook(encrypted, "encrypt"), env=env, capture=True)
    bench.run(bench.daybook(encrypted, "unlock"), env=env, capture=True)
    with open(encrypted, "rb") as f:
        if f.read(16) == b"SQLite format 3\0":
            raise SystemExit("bench: encrypt left a plain file")
    try:
        for words in [["show"], ["today"], ["insights"], ["review", "month"], ["search", "walk"]]:
            plain, secret = bench.daybook(journal, *words), bench.daybook(encrypted, *words)
            if bench.run(plain, capture=True).stdout != bench.run(secret, capture=True).stdout:
                raise SystemExit(f"bench: {' '.join(words)} differs on the encrypted journal")
            d, s = bench.hyperfine([bench.quote(secret), bench.quote(plain)], bench.sizes.alternating)
            bench.ratio_row(
                f"one-shot `{' '.join(words)}`, encrypted unlocked vs plain ({bench.long_label})", d, s, LIMIT, units.ms
            )
        ours = bench.daybook(encrypted, "status", "--format", "%checkin %mood %goals")
        theirs = ["sqlite3", journal, "SELECT rating FROM mood WHERE day = '{}' AND removed_by IS NULL;".format(
            units.TODAY.isoformat())]
        if "checked in" not in bench.run(ours, capture=True).stdout:
            raise SystemExit("bench: status on the encrypted journal printed no check-in")
        d, s = bench.hyperfine([bench.quote(ours), bench.quote(theirs)], bench.sizes.alternating)
        bench.add(
            f"one-shot `status`, encrypted unlocked ({bench.long_label}) vs sqlite3 opening the plain journal",
            units.ms(d), units.ms(s), units.ratio(d, s), "≤ +2 ms", units.verdict(d - s <= EXTRA_LIMIT))
        rss = bench.peak_rss(bench.daybook(encrypted, "today"))
        bench.add(
            f"peak RSS, one-shot `today`, encrypted unlocked ({bench.long_label})",
            units.mib(rss), "—", "—", "≤ 8 MiB", units.verdict(rss <= 8 * 2**20))
    finally:
        bench.run(bench.daybook(encrypted, "lock"), env=env, check=False, capture=True)
