"""A Daylio CSV export for the benchmark's `import daylio` figure, and the rows daybook writes
for it as SQL for sqlite3 (`gen.py daylio`). Standard library only."""

import datetime
import random

from gen import CHANGE, LAST_CHANGE, sql_text, stamp

DAYLIO_MOODS = ["rad", "good", "meh", "bad", "awful"]
# Activity names whose tags daybook writes as they are, with `-` for a space.
DAYLIO_ACTIVITIES = ["work", "friends", "bad sleep", "walk", "family", "reading", "cooking", "movies", "sport"]
DAYLIO_MONTHS = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
]


def csv_field(text: str) -> str:
    if any(c in text for c in ',"\n\r'):
        return '"' + text.replace('"', '""') + '"'
    return text


def daylio(rows: int, last: datetime.date, csv, sql):
    """Daylio's CSV export (the newer header, 12-hour times, newest first, 3 entries a day) and,
    for sqlite3, what `import daylio` writes: one change, each entry a note with its tags, and
    each day a mood (the mean of its entries' ratings, rounded half up)."""
    rng = random.Random(14)
    csv.write("\ufefffull_date,date,weekday,time,mood,activities,note_title,note\n")
    session = sql_text("3000@2026-11-21T09:30:00+00:00")
    sql.write("PRAGMA foreign_keys = ON;\nPRAGMA synchronous = FULL;\nBEGIN;\n")
    sql.write(CHANGE.format("'2026-11-21T09:30:00+00:00'", session, "'import'", "'import daylio.csv'") + "\n")
    change = LAST_CHANGE
    days = (rows + 2) // 3
    written = 0
    for d in range(days):
        day = last - datetime.timedelta(days=d)
        iso = day.isoformat()
        count = min(3, rows - written)
        entries = []
        for k in range(count):
            minute = (21 - 6 * k) * 60 + rng.randrange(60)
            rating = rng.randint(1, 5)
            acts = rng.sample(DAYLIO_ACTIVITIES, rng.randint(0, 3))
            title = "A title" if rng.random() < 0.2 else ""
            note = (
                f'Row {written + k}: a note, with a comma and "quotes",\nand a second line.'
                if rng.random() < 0.3
                else f"Row {written + k}: nothing much happened today."
            )
            entries.append((minute, rating, acts, title, note))
        written += count
        for minute, rating, acts, title, note in entries:  # newest first, as Daylio writes
            hour = minute // 60
            twelve = f"{hour % 12 or 12}:{minute % 60:02d} {'am' if hour < 12 else 'pm'}"
            label = DAYLIO_MOODS[5 - rating]
            fields = [iso, f"{DAYLIO_MONTHS[day.month - 1]} {day.day}", day.strftime("%A"), twelve, label,
                      " | ".join(acts), title, note]
            csv.write(",".join(csv_field(f) for f in fields) + "\n")
        for minute, rating, acts, title, note in sorted(entries):
            # The label is the entry's mood, not text: the note is the title's line, if any,
            # then the note.
            text = (title + "\n" if title else "") + note
            tags = [a.replace(" ", "-") for a in acts]
            if tags:
                text += "\n" + " ".join("#" + t for t in tags)
            at = sql_text(stamp(day, minute))
            sql.write(
                f"INSERT INTO note (day, text, recorded_at, added_by) VALUES ('{iso}', {sql_text(text)}, {at}, {change});\n"
            )
            for tag in tags:
                sql.write(
                    f"INSERT INTO tag (name, day, note_id, mood_id, added_by) "
                    f"VALUES ('{tag}', '{iso}', (SELECT max(id) FROM note), NULL, {change});\n"
                )
        if entries:
            ratings = [e[1] for e in entries]
            mean = (2 * sum(ratings) + len(ratings)) // (2 * len(ratings))
            at = sql_text(stamp(day, max(e[0] for e in entries)))
            sql.write(
                f"INSERT INTO mood (day, rating, note, recorded_at, added_by) "
                f"VALUES ('{iso}', {mean}, '', {at}, {change});\n"
            )
    sql.write("COMMIT;\n")
