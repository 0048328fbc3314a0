"""The SQL each daybook command runs, written out for sqlite3 to run the same reads: the
baseline of every read figure in the benchmark."""

import datetime

import gen

# The benchmark's today: the day of bench.NOW, the clock every daybook run is given.
TODAY = datetime.date(2026, 11, 21)


class BaselineSQL:
    """Mixed into bench.Bench; `insights_reads` asks the journal through `self.run`."""

    @staticmethod
    def open_sql():
        """What opening a journal runs (Journal.init / configure / loadAttributes / today())."""
        return (
            "PRAGMA busy_timeout = 10000; PRAGMA application_id; PRAGMA user_version; "
            "SELECT count(*) FROM sqlite_schema; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; "
            "PRAGMA foreign_keys = ON; "
            "SELECT id, name, type, aggregation, unit, group_name, builtin FROM attribute "
            "WHERE removed_by IS NULL ORDER BY id; "
            "SELECT value FROM setting WHERE name = 'day-start' AND removed_by IS NULL; "
        )

    @staticmethod
    def days_sql(first, last):
        """What Journal.days(from:through:) runs."""
        a, b = first.isoformat(), last.isoformat()
        return (
            f"SELECT day, rating, note FROM mood WHERE day BETWEEN '{a}' AND '{b}' AND removed_by IS NULL; "
            "SELECT value FROM setting WHERE name = 'day-start' AND removed_by IS NULL; "
            f"SELECT day, recorded_at, text, at, nid FROM note WHERE day BETWEEN '{a}' AND '{b}' AND removed_by IS NULL "
            "ORDER BY recorded_at, nid; "
            f"SELECT day, name FROM tag WHERE day BETWEEN '{a}' AND '{b}' AND removed_by IS NULL ORDER BY id; "
            f"SELECT day, attribute, value FROM day_value WHERE day BETWEEN '{a}' AND '{b}';"
        )

    @staticmethod
    def looking_back_sql(day):
        """What `show` and `today` run for the line of a year ago (Journal.recollection): the
        mood of the same day a year and a month before, and whether each holds a note."""
        year = day.replace(year=day.year - 1, day=28) if (day.month, day.day) == (2, 29) else day.replace(year=day.year - 1)
        month = (day.replace(day=1) - datetime.timedelta(days=1)).replace(day=1)
        month = month.replace(day=min(day.day, ((month + datetime.timedelta(days=32)).replace(day=1) - month).days))
        return (
            "SELECT d.k, m.rating, m.note, EXISTS (SELECT 1 FROM note WHERE day = d.day AND removed_by IS NULL) "
            f"FROM (SELECT 0 AS k, '{year.isoformat()}' AS day UNION ALL SELECT 1, '{month.isoformat()}' "
            "UNION ALL SELECT 2, NULL) AS d LEFT JOIN mood AS m ON m.day = d.day AND m.removed_by IS NULL "
            "WHERE d.day IS NOT NULL ORDER BY d.k;"
        )

    @classmethod
    def today_sql(cls, day):
        """What `today` runs: the day (as `show`), the 8 same weekdays before for the usual
        values, and for each attribute the goal in force; for each goal, its history and the
        daily values of its period so far (Journal.todaySummary)."""
        sql = cls.days_sql(day, day) + cls.looking_back_sql(day)
        weekdays = ", ".join(f"'{(day - datetime.timedelta(days=7 * k)).isoformat()}'" for k in range(1, 9))
        sql += f" SELECT attribute, day, value FROM day_value WHERE day IN ({weekdays});"
        iso = day.isoformat()
        goals = goals_in_force()
        for name, _, _ in gen.ATTRIBUTES:
            sql += (
                f" SELECT since, period, min, max FROM goal WHERE attribute = '{name}' AND since <= '{iso}' "
                "AND removed_by IS NULL ORDER BY since DESC LIMIT 1;"
            )
            if name in goals:
                period = goals[name]
                start = day if period == "daily" else day - datetime.timedelta(days=day.weekday())
                if period == "monthly":
                    start = day.replace(day=1)
                sql += (
                    f" SELECT since, period, min, max FROM goal WHERE attribute = '{name}' AND since <= '{iso}' "
                    "AND removed_by IS NULL ORDER BY since;"
                    f" SELECT day, value FROM day_value WHERE attribute = '{name}' AND day BETWEEN "
                    f"'{start.isoformat()}' AND '{iso}' ORDER BY day;"
                )
        return sql

    @staticmethod
    def calendar_sql(year):
        """What `calendar` runs: the year's moods (Journal.moods)."""
        return (
            f"SELECT day, rating FROM mood WHERE day BETWEEN '{year}-01-01' AND '{year}-12-31' "
            "AND removed_by IS NULL ORDER BY day;"
        )

    @staticmethod
    def search_sql(word):
        """What Journal.search runs for one word over the whole journal: the FTS5 query."""
        match = '"' + word.replace('"', '""') + '"*'
        return (
            "SELECT key, nid, day, at, rating, marked, text FROM ("
            " SELECT f.rowid AS key, coalesce(n.nid, 0) AS nid, coalesce(n.day, m.day) AS day,"
            " coalesce(n.recorded_at, m.recorded_at) AS at, coalesce(m.rating, 0) AS rating,"
            " highlight(search_index, 0, char(1), char(2)) AS marked, f.text AS text"
            " FROM search_index AS f"
            " LEFT JOIN note AS n ON f.rowid > 0 AND n.id = f.rowid AND n.removed_by IS NULL"
            " LEFT JOIN mood AS m ON f.rowid < 0 AND m.id = -f.rowid AND m.removed_by IS NULL"
            f" WHERE search_index MATCH '{match}'"
            ") WHERE day BETWEEN '0000-01-01' AND '9999-12-31'"
            " ORDER BY day DESC, at DESC, nid DESC, key DESC LIMIT -1;"
        )

    @staticmethod
    def tags_sql():
        """What Journal.tagUses runs over the whole journal."""
        return (
            "SELECT name, count(*), max(day) FROM tag WHERE removed_by IS NULL "
            "AND day BETWEEN '0000-01-01' AND '9999-12-31' GROUP BY name ORDER BY count(*) DESC, name;"
        )

    def insights_sql(self, journal):
        """What a one-shot `insights` runs: opening the journal, then its reads."""
        return self.open_sql() + self.insights_reads(journal)

    def insights_reads(self, journal):
        """The reads `insights` makes for today, as plain SQL (Journal.insightInput and
        goalStatuses): the 91 days of `days(from:through:)`; for the mood and each attribute
        with a value today, the rest of the year before (a range of `mood_day` or of
        `day_value`'s key) and one seek for anything older; for each attribute, the goal in
        force (one seek), and for those with one, its history and its current period's values.
        Goal streaks, which daybook follows back period by period, are left out."""
        recent = TODAY - datetime.timedelta(days=90)
        year = TODAY - datetime.timedelta(days=365)
        before = recent - datetime.timedelta(days=1)
        a, b, r, t = year.isoformat(), before.isoformat(), recent.isoformat(), TODAY.isoformat()

        def ask(query):
            out = self.run(["sqlite3", journal, query], capture=True).stdout
            return [line.split("|") for line in out.splitlines() if line]

        names = [row[0] for row in ask("SELECT name FROM attribute WHERE removed_by IS NULL ORDER BY id")]
        valued = {row[0] for row in ask(f"SELECT attribute FROM day_value WHERE day = '{t}'")}
        sql = self.days_sql(recent, TODAY)
        if ask(f"SELECT 1 FROM mood WHERE day = '{t}' AND removed_by IS NULL"):
            sql += (
                f"SELECT day, rating FROM mood WHERE day BETWEEN '{a}' AND '{b}' AND removed_by IS NULL ORDER BY day; "
                f"SELECT 1 FROM mood WHERE day < '{a}' AND removed_by IS NULL LIMIT 1; "
            )
        for name in names:
            if name in valued:
                sql += (
                    f"SELECT day, value FROM day_value WHERE attribute = '{name}' AND day BETWEEN '{a}' AND '{b}' "
                    f"ORDER BY day; SELECT 1 FROM day_value WHERE attribute = '{name}' AND day < '{a}' LIMIT 1; "
                )
        for name in names:
            goal = f"FROM goal WHERE attribute = '{name}' AND since <= '{t}' AND removed_by IS NULL ORDER BY since"
            sql += f"SELECT since, period, min, max {goal} DESC LIMIT 1; "
            found = ask(f"SELECT period {goal} DESC LIMIT 1")
            if not found or not found[0][0]:
                continue
            period = found[0][0]
            start = TODAY
            if period == "weekly":
                start = TODAY - datetime.timedelta(days=TODAY.weekday())
            elif period == "monthly":
                start = TODAY.replace(day=1)
            sql += (
                f"SELECT since, period, min, max {goal}; "
                f"SELECT day, value FROM day_value WHERE attribute = '{name}' "
                f"AND day BETWEEN '{start.isoformat()}' AND '{t}' ORDER BY day; "
            )
        return sql


def goals_in_force():
    """Each attribute with a goal on the generated journals' last day, and its period: the goals
    set on the first day, less those ended half-way (gen.GOAL_COMMANDS, gen.GOAL_CHANGES)."""
    goals = {}
    for command in gen.GOAL_COMMANDS + gen.GOAL_CHANGES:
        words = command.split()
        if words[-1] == "off":
            goals.pop(words[1], None)
        else:
            goals[words[1]] = words[-1] if words[-1] in ("weekly", "monthly") else goals.get(words[1], "daily")
    return goals
