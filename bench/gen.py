#!/usr/bin/env python3
"""Deterministic benchmark data for daybook.

  gen.py setup --first DAY --last DAY [--goals]
                                          daybook commands: 5 tracked attributes (+ goals)
  gen.py journal --first DAY --last DAY   SQL: a journal's history (changes, entries, daily
                                          values, moods, notes, tags), as daybook writes it
  gen.py ingest --lines N --commands F --sql F [--first DAY --last DAY]
                                          N `log` lines for daybook, and the same rows as
                                          INSERTs in one transaction for sqlite3; on new
                                          days, or on the days from --first to --last
  gen.py daylio --rows N --last DAY --csv F --sql F
                                          a Daylio CSV export of N rows, 3 a day, newest
                                          first, up to DAY; and the rows `import daylio`
                                          writes, as INSERTs in one transaction for sqlite3

Every day's data comes from a random generator seeded with that day, so the 1-year journal
holds exactly the last year of the 10-year journal. Standard library only.
"""

import argparse
import datetime
import random
import sys

# name, type, aggregation; the first 15 are the built-ins of migration 1 (Schema.swift).
ATTRIBUTES = [
    ("steps", "count", "sum"),
    ("distance", "decimal", "sum"),
    ("exercise", "duration", "sum"),
    ("active_energy", "count", "sum"),
    ("stand_hours", "count", "sum"),
    ("sleep", "duration", "sum"),
    ("bedtime", "time", "last"),
    ("wake_time", "time", "last"),
    ("mindful", "duration", "sum"),
    ("heart_rate", "count", "average"),
    ("resting_hr", "count", "min"),
    ("weight", "decimal", "last"),
    ("water", "count", "sum"),
    ("coffee", "count", "sum"),
    ("productive", "duration", "sum"),
    # tracked by the setup commands
    ("meditated", "yesno", "last"),
    ("pages", "count", "sum"),
    ("energy", "decimal", "average"),
    ("focus", "percentage", "max"),
    ("screen_time", "duration", "sum"),
]
TYPES = {name: (kind, agg) for name, kind, agg in ATTRIBUTES}

TRACK_COMMANDS = [
    "track meditated yesno",
    "track pages count sum unit pages group productivity",
    "track energy decimal average group health",
    "track focus percentage max group productivity",
    "track screen_time duration sum group productivity",
]

# Goals in force from the first day, then changed half-way, so that goals have a history.
GOAL_COMMANDS = [
    "goal steps at least 8000",
    "goal sleep 7h..9h",
    "goal bedtime 22:00..23:30",
    "goal resting_hr between 45 and 70 weekly",
    "goal coffee at most 2",
    "goal water 6..12 weekly",
    "goal exercise 30m..2h weekly",
    "goal pages at least 20 monthly",
    "goal focus at least 70%",
    "goal meditated yes",
]
GOAL_CHANGES = [
    "goal steps at least 10000",
    "goal sleep 7h30m..9h",
    "goal coffee off",
]


def setup_commands(first: datetime.date, last: datetime.date, goals: bool):
    """The daybook commands that set a journal up: tracked attributes, and goals if daybook has them."""
    commands = list(TRACK_COMMANDS)
    if goals:
        middle = first + (last - first) / 2
        commands += [f"{c} --on {first.isoformat()}" for c in GOAL_COMMANDS]
        commands += [f"{c} --on {middle.isoformat()}" for c in GOAL_CHANGES]
    return commands


# Tags, most used first: completion sorts by use, so a skewed distribution matters.
TAGS = (
    "work family friends running walk reading coding cooking rain sun tired gym music travel "
    "headache garden movie meeting deadline kids parents beach hiking cycling swimming yoga "
    "meditation podcast baking cleaning shopping doctor dentist birthday party concert museum "
    "writing drawing piano guitar chess boardgames gaming netflix takeaway restaurant coffee-shop "
    "library volunteering church market sick cold allergies insomnia nap late-night early-start "
    "commute remote office review launch retro planning interview hiring onboarding conference "
    "workshop training sprint release bugfix oncall outage migration refactor pairing mentoring "
    "date anniversary wedding funeral moving renovation car bike train flight hotel camping "
    "snow storm heatwave fog spring summer autumn winter holiday weekend"
).split()
WORDS = (
    "quiet long short busy calm slow good rough easy hard day morning evening afternoon night "
    "walked talked read wrote cooked slept worked met called finished started planned lunch "
    "dinner breakfast with ana ben the team mum dad kids by the sea in town at home outside "
    "felt fine great tired happy anxious focused restless rested"
).split()


def day_seed(day: datetime.date, salt: int = 0) -> random.Random:
    return random.Random(day.toordinal() * 7919 + salt)


def sql_text(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def fmt_duration(minutes: float) -> str:
    m = int(round(minutes))
    h, m = divmod(m, 60)
    if h and m:
        return f"{h}h{m:02d}m"
    return f"{h}h" if h else f"{m}m"


def fmt_time(minutes: float) -> str:
    m = int(round(minutes)) % 1440
    return f"{m // 60:02d}:{m % 60:02d}"


def fmt_value(name: str, value: float) -> str:
    """The value as a person types it after `log NAME`."""
    kind = TYPES[name][0]
    if kind == "count":
        return str(int(value))
    if kind == "decimal":
        return f"{value:.1f}"
    if kind == "percentage":
        return f"{int(value)}%"
    if kind == "duration":
        return fmt_duration(value)
    if kind == "time":
        return fmt_time(value)
    return "yes" if value >= 0.5 else "no"


def tag_choice(rng: random.Random) -> str:
    # Zipf-like: index k chosen with weight 1/(k+1).
    weights = WEIGHTS
    return rng.choices(TAGS, cum_weights=weights)[0]


WEIGHTS = []
_total = 0.0
for _k in range(len(TAGS)):
    _total += 1.0 / (_k + 1)
    WEIGHTS.append(_total)


def sentence(rng: random.Random, tags: int) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(3, 10))]
    for _ in range(tags):
        words.insert(rng.randint(0, len(words)), "#" + tag_choice(rng))
    return " ".join(words)


def values_for(day: datetime.date):
    """Each log change of the day: (minute of day, [(attribute, value), ...])."""
    rng = day_seed(day, 1)
    t = day.toordinal()
    weekday = day.weekday() < 5
    changes = []

    def maybe(p):
        return rng.random() < p

    morning = []
    if maybe(0.95):
        morning.append(("sleep", float(rng.randrange(300, 560, 5))))
        morning.append(("bedtime", float((1320 + rng.randrange(0, 210, 5)) % 1440)))
        morning.append(("wake_time", float(rng.randrange(330, 540, 5))))
    if maybe(0.7):
        morning.append(("weight", round(75 + 3 * ((t % 365) / 365.0 - 0.5) + rng.uniform(-0.8, 0.8), 1)))
    if maybe(0.8):
        morning.append(("resting_hr", float(rng.randint(50, 68))))
    if morning:
        changes.append((7 * 60 + rng.randint(0, 59), morning))

    for _ in range(rng.randint(1, 3)):
        changes.append((rng.randint(9 * 60, 20 * 60), [("water", float(rng.randint(1, 3)))]))
    for _ in range(rng.randint(0, 3)):
        changes.append((rng.randint(8 * 60, 16 * 60), [("coffee", 1.0)]))
    for _ in range(2):
        pairs = [("heart_rate", float(rng.randint(60, 100))), ("energy", round(rng.uniform(1, 10), 1))]
        changes.append((rng.randint(10 * 60, 18 * 60), pairs))

    evening = []
    if maybe(0.9):
        steps = rng.randint(2000, 18000)
        evening += [
            ("steps", float(steps)),
            ("distance", round(steps * 0.00072, 1)),
            ("active_energy", float(rng.randint(200, 900))),
            ("stand_hours", float(rng.randint(6, 14))),
        ]
    if maybe(0.6):
        evening.append(("exercise", float(rng.randrange(15, 120, 5))))
    if maybe(0.5):
        evening.append(("mindful", float(rng.randrange(5, 35, 5))))
    if weekday or maybe(0.2):
        evening.append(("productive", float(rng.randrange(60, 540, 15))))
    evening.append(("meditated", 1.0 if maybe(0.4) else 0.0))
    if maybe(0.6):
        evening.append(("pages", float(rng.randint(5, 60))))
    evening.append(("focus", float(rng.randint(40, 100))))
    evening.append(("screen_time", float(rng.randrange(60, 360, 5))))
    changes.append((21 * 60 + rng.randint(0, 59), evening))
    if maybe(0.3):
        # A second steps entry: the evening walk, logged later (steps sum over entries).
        changes.append((22 * 60 + rng.randint(0, 59), [("steps", float(rng.randint(500, 4000)))]))
    if maybe(0.3):
        changes.append((22 * 60 + rng.randint(0, 59), [("focus", float(rng.randint(40, 100)))]))
    changes.sort(key=lambda c: c[0])
    return changes


def aggregate(name: str, values):
    agg = TYPES[name][1]
    if agg == "sum":
        return sum(values)
    if agg == "average":
        return sum(values) / len(values)
    if agg == "min":
        return min(values)
    if agg == "max":
        return max(values)
    return values[-1]


def stamp(day: datetime.date, minute: int) -> str:
    return f"{day.isoformat()}T{minute // 60:02d}:{minute % 60:02d}:00+00:00"


def summary(pairs, day) -> str:
    return "log " + ", ".join(f"{n} {fmt_value(n, v)}" for n, v in pairs) + f" for {day.isoformat()}"


CHANGE = "INSERT INTO change (recorded_at, session, command, summary) VALUES ({}, {}, {}, {});"
LAST_CHANGE = "(SELECT max(id) FROM change)"


def journal_sql(first: datetime.date, last: datetime.date, out):
    w = out.write
    w("BEGIN;\n")
    day = first
    while day <= last:
        rng = day_seed(day, 2)
        session = sql_text(f"{1000 + day.toordinal() % 30000}@{stamp(day, 7 * 60)}")
        events = []  # (minute, kind, payload)
        for minute, pairs in values_for(day):
            events.append((minute, "log", pairs))
        events.append((rng.randint(19 * 60, 23 * 60 - 1), "mood", (rng.randint(1, 5), sentence(rng, rng.randint(0, 3)))))
        for _ in range(rng.choice([0, 1, 1, 1, 2, 2, 3])):
            events.append((rng.randint(8 * 60, 22 * 60), "note", sentence(rng, rng.randint(0, 2))))
        events.sort(key=lambda e: (e[0], e[1]))
        per_attribute = {}
        iso = sql_text(day.isoformat())
        for minute, kind, payload in events:
            at = sql_text(stamp(day, minute))
            if kind == "log":
                w(CHANGE.format(at, session, "'log'", sql_text(summary(payload, day))) + "\n")
                for name, value in payload:
                    w(
                        f"INSERT INTO entry (attribute, day, value, recorded_at, added_by) VALUES "
                        f"('{name}', {iso}, {value!r}, {at}, {LAST_CHANGE});\n"
                    )
                    per_attribute.setdefault(name, []).append(value)
            elif kind == "mood":
                rating, note = payload
                labels = ["terrible", "bad", "okay", "good", "great"]
                text = f"mood {rating} ({labels[rating - 1]}) for {day.isoformat()}"
                w(CHANGE.format(at, session, "'mood'", sql_text(text)) + "\n")
                w(
                    f"INSERT INTO mood (day, rating, note, recorded_at, added_by) VALUES "
                    f"({iso}, {rating}, {sql_text(note)}, {at}, {LAST_CHANGE});\n"
                )
                for tag in tags_of(note):
                    w(
                        f"INSERT INTO tag (name, day, mood_id, added_by) VALUES "
                        f"({sql_text(tag)}, {iso}, (SELECT max(id) FROM mood), {LAST_CHANGE});\n"
                    )
            else:
                w(CHANGE.format(at, session, "'note'", sql_text(f"a note on {day.isoformat()}")) + "\n")
                w(
                    f"INSERT INTO note (day, text, recorded_at, added_by) VALUES "
                    f"({iso}, {sql_text(payload)}, {at}, {LAST_CHANGE});\n"
                )
                for tag in tags_of(payload):
                    w(
                        f"INSERT INTO tag (name, day, note_id, added_by) VALUES "
                        f"({sql_text(tag)}, {iso}, (SELECT max(id) FROM note), {LAST_CHANGE});\n"
                    )
        for name, values in sorted(per_attribute.items()):
            w(
                f"INSERT INTO day_value (attribute, day, value, entries) VALUES "
                f"('{name}', {iso}, {aggregate(name, values)!r}, {len(values)});\n"
            )
        day += datetime.timedelta(days=1)
    w("COMMIT;\n")


def tags_of(text: str):
    """The same tags daybook's extractTags finds in generated text (ASCII words only)."""
    seen = []
    for word in text.split():
        if word.startswith("#"):
            tag = word[1:].rstrip("-").lower()
            if tag and tag not in seen:
                seen.append(tag)
    return seen



def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("setup")
    p.add_argument("--first", required=True, type=datetime.date.fromisoformat)
    p.add_argument("--last", required=True, type=datetime.date.fromisoformat)
    p.add_argument("--goals", action="store_true")
    p = sub.add_parser("journal")
    p.add_argument("--first", required=True, type=datetime.date.fromisoformat)
    p.add_argument("--last", required=True, type=datetime.date.fromisoformat)
    p = sub.add_parser("ingest")
    p.add_argument("--lines", required=True, type=int)
    p.add_argument("--commands", required=True)
    p.add_argument("--sql", required=True)
    p.add_argument("--first", type=datetime.date.fromisoformat)
    p.add_argument("--last", type=datetime.date.fromisoformat)
    p = sub.add_parser("daylio")
    p.add_argument("--rows", required=True, type=int)
    p.add_argument("--last", required=True, type=datetime.date.fromisoformat)
    p.add_argument("--csv", required=True)
    p.add_argument("--sql", required=True)
    args = parser.parse_args()

    out = sys.stdout
    if args.what == "setup":
        for command in setup_commands(args.first, args.last, args.goals):
            out.write(command + "\n")
    elif args.what == "journal":
        journal_sql(args.first, args.last, out)
    elif args.what == "daylio":
        from gen_daylio import daylio

        with open(args.csv, "w") as csv, open(args.sql, "w") as sql:
            daylio(args.rows, args.last, csv, sql)
    else:
        from gen_ingest import ingest

        with open(args.commands, "w") as commands, open(args.sql, "w") as sql:
            days = (args.first, args.last) if args.first and args.last else None
            ingest(args.lines, commands, sql, days)


if __name__ == "__main__":
    main()
