"""`log` lines for the benchmark's ingest figures, and the same rows as INSERTs in one
transaction for sqlite3 (`gen.py ingest`). Standard library only."""

import datetime
import random

from gen import ATTRIBUTES, CHANGE, TYPES, fmt_value, sql_text, summary

# Values for the ingest of the built-ins whose plausible range a random count or decimal
# would leave (daybook refuses those, as it would a person's typo).
INGEST_BOUNDS = {
    "distance": (0, 40),
    "active_energy": (0, 2000),
    "stand_hours": (0, 16),
    "heart_rate": (45, 180),
    "resting_hr": (40, 90),
    "weight": (50, 110),
    "water": (0, 12),
    "coffee": (0, 6),
}


# The upper ends of the summed built-ins' plausible ranges. Ingest into days that already hold
# values piles several values onto each day; each gets its share of a third of the range (the journal's own values
# stay below two thirds of it), so that
# the day's total stays plausible, which `log` checks as it would for a person.
SUM_MAX = {
    "steps": 200000, "distance": 2000, "exercise": 1440, "active_energy": 20000, "stand_hours": 24,
    "sleep": 1440, "mindful": 1440, "water": 100, "coffee": 100, "productive": 1440,
}


def ingest(lines: int, commands, sql, days=None):
    """`log` lines, one value each, cycling through the attributes. By default over days before
    any generated journal (from 2000-01-01), so that every (attribute, day) is new. With `days`
    (first, last), over the days of a generated journal, which already hold values: sqlite3
    then inserts the change and the entry and updates the day's value by its aggregation
    (the sum plus the value, the mean over one more entry, ...), the least work that keeps
    `day_value` right."""
    start = days[0] if days else datetime.date(2000, 1, 1)
    span = (days[1] - days[0]).days + 1 if days else None
    rng = random.Random(4)
    session = sql_text("2000@2026-11-21T09:30:00+00:00")
    at = sql_text("2026-11-21T09:30:00+00:00")
    sql.write("PRAGMA foreign_keys = ON;\nPRAGMA synchronous = FULL;\nBEGIN;\n")
    names = [a[0] for a in ATTRIBUTES]
    for i in range(lines):
        name = names[i % len(names)]
        offset = i // len(names)
        day = start + datetime.timedelta(days=offset % span if span else offset)
        kind = TYPES[name][0]
        if name in INGEST_BOUNDS:
            # Within the attribute's plausible range, as a person's values are.
            low, high = INGEST_BOUNDS[name]
            value = round(rng.uniform(low, high), 1) if kind == "decimal" else float(rng.randint(low, high))
        elif kind == "count":
            value = float(rng.randint(0, 20000))
        elif kind == "decimal":
            value = round(rng.uniform(0, 100), 1)
        elif kind == "percentage":
            value = float(rng.randint(0, 100))
        elif kind == "duration":
            value = float(rng.randrange(0, 600, 5))
        elif kind == "time":
            value = float(rng.randrange(0, 1440, 5))
        else:
            value = float(rng.randint(0, 1))
        if span and name in SUM_MAX:
            piles = -(-lines // (len(names) * span))
            cap = SUM_MAX[name] / 3 / piles
            value = min(value, round(cap, 1) if kind == "decimal" else float(int(cap)))
        iso = day.isoformat()
        commands.write(f"log {name} {fmt_value(name, value)} --on {iso}\n")
        sql.write(CHANGE.format(at, session, "'log'", sql_text(summary([(name, value)], day))) + "\n")
        sql.write(
            f"INSERT INTO entry (attribute, day, value, recorded_at, added_by) VALUES "
            f"('{name}', '{iso}', {value!r}, {at}, last_insert_rowid());\n"
        )
        if days:
            combined = {
                "sum": "value + excluded.value",
                "average": "(value * entries + excluded.value) / (entries + 1)",
                "min": "min(value, excluded.value)",
                "max": "max(value, excluded.value)",
                "last": "excluded.value",
            }[TYPES[name][1]]
            sql.write(
                f"INSERT INTO day_value (attribute, day, value, entries) VALUES ('{name}', '{iso}', {value!r}, 1) "
                f"ON CONFLICT (attribute, day) DO UPDATE SET value = {combined}, entries = entries + 1;\n"
            )
        else:
            sql.write(
                f"INSERT INTO day_value (attribute, day, value, entries) VALUES ('{name}', '{iso}', {value!r}, 1) "
                f"ON CONFLICT (attribute, day) DO UPDATE SET value = excluded.value, entries = excluded.entries;\n"
            )
    sql.write("COMMIT;\n")
