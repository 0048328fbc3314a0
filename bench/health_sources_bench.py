"""The Google Fit and Gadgetbridge rows of the benchmark (health_bench.py calls `rows`).

`import googlefit` of a generated `Daily activity metrics.csv`, and `import gadgetbridge` of a
generated Gadgetbridge database of a sample a minute, each into a copy of the same journal,
against sqlite3 reading the same file and writing the rows daybook writes, in one transaction.
Each import is checked as health_bench checks its own: it writes entries, writes nothing when
run again, and the timed runs leave the same journal; and both sides must hold the same rows.
"""

import datetime
import os
import random

# Google Fit's columns, of which daybook maps four; the rest are counted as not read.
FIT_HEADER = (
    "Date,Move Minutes count,Calories (kcal),Distance (m),Heart Points,Average heart rate (bpm),"
    "Max heart rate (bpm),Min heart rate (bpm),Step count,Average weight (kg),Max weight (kg),Min weight (kg)"
)
COUNTS = (
    "SELECT (SELECT count(*) FROM entry), (SELECT count(*) FROM day_value), (SELECT count(*) FROM change), "
    "(SELECT sum(entries) FROM day_value), (SELECT round(total(value)) FROM day_value);"
)
AT = "'2026-11-21T09:30:00+00:00'"


def rows(health):
    """Adds the rows through `health`, a health_bench.HealthRows."""
    text = " ".join(
        health.bench.run([health.bench.binary, "help", "import"], check=False, capture=True).stdout.split()
    )
    if "googlefit" in text:
        googlefit(health)
    else:
        health.bench.na("`import googlefit`", "import googlefit is not in this build", "≤ 1.5×")
    if "gadgetbridge" in text:
        gadgetbridge(health)
    else:
        health.bench.na("`import gadgetbridge`", "import gadgetbridge is not in this build", "≤ 1.5×")


def fit_csv(days, last, f):
    """A `Daily activity metrics.csv` of `days` days ending on `last`, with Google's empty cells."""
    rng = random.Random(21)
    f.write(FIT_HEADER + "\n")
    for d in range(days):
        day = last - datetime.timedelta(days=days - 1 - d)
        steps = rng.randint(800, 16000)
        weight = f"{70 + rng.random() * 5:.13f}" if rng.random() < 0.4 else ""
        hr = f"{60 + rng.random() * 30:.12f}" if rng.random() < 0.8 else ""
        f.write(
            f"{day.isoformat()},{rng.randint(10, 90)},{1800 + rng.random() * 900:.10f},{steps * 0.74:.10f},"
            f"{rng.randint(0, 40)},{hr},{'130' if hr else ''},{'52' if hr else ''},{steps},{weight},{weight},{weight}\n"
        )


def fit_sql(path, values):
    """sqlite3's side: the CSV into a temporary table, then the change, an entry a value
    (distance in km to the metre, weight to the gram, heart rate to a whole beat, as daybook
    rounds them) and each day's value."""
    name = os.path.basename(path)
    source = f"{AT}, (SELECT max(id) FROM change), 'Google Fit', '{name}' FROM temp.fit"
    return (
        f".import --csv --schema temp '{path}' fit\n"
        "BEGIN;\n"
        "INSERT INTO change (recorded_at, session, command, summary) "
        f"VALUES ({AT}, 'one-shot', 'import', 'import {name} (Google Fit): {values:,} day values');\n"
        "INSERT INTO entry (attribute, day, value, recorded_at, added_by, source, file)\n"
        f'  SELECT \'steps\', "Date", CAST("Step count" AS REAL), {source} WHERE "Step count" <> \'\'\n'
        f'  UNION ALL SELECT \'distance\', "Date", round("Distance (m)" / 1000.0, 3), {source} WHERE "Distance (m)" <> \'\'\n'
        f'  UNION ALL SELECT \'heart_rate\', "Date", round("Average heart rate (bpm)"), {source} '
        "WHERE \"Average heart rate (bpm)\" <> ''\n"
        f'  UNION ALL SELECT \'weight\', "Date", round("Average weight (kg)", 3), {source} WHERE "Average weight (kg)" <> \'\';\n'
        "INSERT INTO day_value (attribute, day, value, entries)\n"
        "  SELECT attribute, day, value, 1 FROM entry WHERE added_by = (SELECT max(id) FROM change);\n"
        "COMMIT;\n"
    )


def gadgetbridge_sql(minutes, last):
    """The statements that make a Gadgetbridge database of one band's samples, a minute each,
    for `minutes` minutes ending the day before `last`: steps and heart rate (0: no reading)."""
    end = int(datetime.datetime.combine(last, datetime.time(), datetime.timezone.utc).timestamp())
    start = end - 60 * minutes
    return (
        "CREATE TABLE MI_BAND_ACTIVITY_SAMPLE (TIMESTAMP INTEGER NOT NULL, DEVICE_ID INTEGER NOT NULL, "
        "USER_ID INTEGER NOT NULL, RAW_INTENSITY INTEGER NOT NULL, STEPS INTEGER NOT NULL, RAW_KIND INTEGER NOT NULL, "
        "HEART_RATE INTEGER NOT NULL, PRIMARY KEY (TIMESTAMP, DEVICE_ID)) WITHOUT ROWID;\n"
        f"WITH RECURSIVE m(t) AS (SELECT {start} UNION ALL SELECT t + 60 FROM m WHERE t + 60 < {end})\n"
        "INSERT INTO MI_BAND_ACTIVITY_SAMPLE SELECT t, 1, 1, (t / 60) % 97, "
        "CASE WHEN (t / 60) % 5 = 0 THEN (t / 60) % 113 ELSE 0 END, 1, "
        "CASE WHEN (t / 60) % 7 = 0 THEN 0 ELSE 50 + (t / 60) % 70 END FROM m;\n"
    )


def gadgetbridge_baseline(path, values):
    """sqlite3's side: the database attached, each day's steps summed and heart rate averaged
    over its readings (UTC days, as the benchmark runs with TZ=UTC), written as daybook writes
    them."""
    name = os.path.basename(path)
    source = f"{AT}, (SELECT max(id) FROM change), 'Gadgetbridge', '{name}'"
    table = "g.MI_BAND_ACTIVITY_SAMPLE"
    return (
        f"ATTACH '{path}' AS g;\n"
        "BEGIN;\n"
        "INSERT INTO change (recorded_at, session, command, summary) "
        f"VALUES ({AT}, 'one-shot', 'import', 'import {name} (Gadgetbridge): {values:,} day values');\n"
        "INSERT INTO entry (attribute, day, value, recorded_at, added_by, source, file)\n"
        f"  SELECT 'steps', date(TIMESTAMP, 'unixepoch'), total(STEPS), {source} FROM {table} "
        "WHERE STEPS > 0 GROUP BY 2\n"
        f"  UNION ALL SELECT 'heart_rate', date(TIMESTAMP, 'unixepoch'), avg(HEART_RATE), {source} FROM {table} "
        "WHERE HEART_RATE BETWEEN 1 AND 250 GROUP BY 2;\n"
        "INSERT INTO day_value (attribute, day, value, entries)\n"
        "  SELECT attribute, day, value, 1 FROM entry WHERE added_by = (SELECT max(id) FROM change);\n"
        "COMMIT;\n"
    )


def timed(health, kind, path, sql_text, figure):
    """Checks `import KIND PATH`, then times it against sqlite3 running `sql_text` (made from the
    number of values written), both from the same template journal."""
    bench, q = health.bench, health.bench.quote
    template = os.path.join(health.folder, f"{kind}-template.sqlite3")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(template + suffix):
            os.remove(template + suffix)
    bench.run(bench.daybook(template, "log", "steps", "1", "--on", "1990-01-01"))
    journal = os.path.join(health.folder, f"{kind}-daybook.sqlite3")
    theirs = os.path.join(health.folder, f"{kind}-sqlite3.sqlite3")
    words = ["import", kind, path]
    expected = health.checked_import(journal, words, f"import {kind}", template)
    values = int(expected.split("|")[0]) - 1
    sql = os.path.join(health.folder, f"{kind}.sql")
    with open(sql, "w") as f:
        f.write(sql_text(values))

    d, s = bench.hyperfine(
        [q(bench.daybook(journal, *words)), q(["sqlite3", "-bail", theirs]) + " < " + q([sql])],
        bench.sizes.health,
        shell=True,
        prepare=[bench.fresh_copy(template, journal), bench.fresh_copy(template, theirs)],
    )
    health.same_again(journal, expected, f"import {kind}")
    bench.same_rows(journal, theirs, COUNTS, f"import {kind}")
    bench.ratio_row(figure.format(values=values), d, s, 1.5, health.u.seconds)


def googlefit(health):
    days = health.bench.sizes.csv_days
    folder = os.path.join(health.folder, "Daily activity metrics")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "Daily activity metrics.csv")
    with open(path, "w") as f:
        fit_csv(days, datetime.date(2026, 11, 20), f)
    timed(
        health, "googlefit", path, lambda values: fit_sql(path, values),
        f"`import googlefit` of {days:,} days ({{values:,}} values) vs sqlite3 .import --csv + INSERTs",
    )


def gadgetbridge(health):
    bench = health.bench
    minutes = 20 * 1440 if bench.args.smoke else 730 * 1440
    path = os.path.join(health.folder, "Gadgetbridge.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    bench.run(["sqlite3", path, gadgetbridge_sql(minutes, datetime.date(2026, 11, 20))])
    timed(
        health, "gadgetbridge", path, lambda values: gadgetbridge_baseline(path, values),
        f"`import gadgetbridge` of {minutes:,} minutes ({{values:,}} values) vs sqlite3 summing them",
    )
