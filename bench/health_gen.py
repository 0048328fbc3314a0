#!/usr/bin/env python3
"""A deterministic Apple Health export, shaped like a real one, for the health-import benchmark.

  health_gen.py --records N --out export.xml [--zip export.zip] [--seed 1] [--last DAY]

Writes `export.xml` with about N top-level <Record> elements (within a percent or so; the
count written is printed), and with --zip the `export.zip` Health's "Export All Health Data"
makes: `apple_health_export/export.xml`, a small `export_cda.xml` and the workouts' GPX routes,
deflated. The days end on --last; there are as many as N records need (a heavy Watch wearer
writes about 1,100 a day, so 1,000,000 records are some 2.5 years).

Its shape is a real export's: Apple's internal DTD, `<HealthData locale="en_GB">`,
`<ExportDate>`, `<Me>`, then every Record grouped by type, then the blood-pressure
Correlations (whose Records also appear at the top level), the Workouts (with WorkoutEvent,
WorkoutStatistics and WorkoutRoute children) and one ActivitySummary a day. Steps and distance
come from both the iPhone and the Watch, overlapping, the Watch off while it charges; heart
rate every few minutes (every few seconds in a workout) with a MetadataEntry, active energy
every few minutes: those two are the bulk. Sleep comes in stages from the Watch, as in-bed
time from the iPhone and from a third-party app. Dates are written at the offset in force:
Europe/London with its DST changes, and a week a year at -0500. Standard library only.

  daily_csv(days, last, out)    a CSV of daily values (date, steps, sleep in seconds, weight
                                in kg) for `import csv`, one row a day up to `last`
"""

import argparse
import bisect
import datetime
import os
import random
import sys
import zipfile

from health_dtd import CDA, DTD, ME
from health_records import PHONE, RECORDS, SCALE, WATCH, correlations, summaries, workouts

EPOCH = datetime.date(1970, 1, 1)
LAST = datetime.date(2026, 11, 20)

HMS = [f"{s // 3600:02d}:{s // 60 % 60:02d}:{s % 60:02d}" for s in range(86400)]


class Zone:
    """Europe/London (UTC+0, UTC+1 from the last Sunday of March to the last Sunday of
    October, changing at 01:00 UTC), but -0500 for a week of each year from the second
    Saturday of February: a trip. `stamp` writes an instant as Health does, at the offset in
    force then: `2024-05-01 09:12:03 +0100`."""

    def __init__(self, first_year, last_year):
        self.changes, self.offsets = [-(2**62)], [0]
        for year in range(first_year - 1, last_year + 2):
            feb = datetime.date(year, 2, 1)
            trip = feb + datetime.timedelta(days=(5 - feb.weekday()) % 7 + 7)
            for day, hour, offset in [
                (trip, 14, -18000),
                (trip + datetime.timedelta(days=7), 23, 0),
                (last_sunday(year, 3), 1, 3600),
                (last_sunday(year, 10), 1, 0),
            ]:
                self.changes.append(seconds(day) + hour * 3600)
                self.offsets.append(offset)
        self.cache = {}

    def offset(self, utc):
        return self.offsets[bisect.bisect_right(self.changes, utc) - 1]

    def stamp(self, utc):
        offset = self.offsets[bisect.bisect_right(self.changes, utc) - 1]
        local = utc + offset
        day = local // 86400
        prefix = self.cache.get((day, offset))
        if prefix is None:
            sign = "-" if offset < 0 else "+"
            zone = f"{sign}{abs(offset) // 3600:02d}{abs(offset) // 60 % 60:02d}"
            prefix = ((EPOCH + datetime.timedelta(days=day)).isoformat() + " ", " " + zone)
            self.cache[(day, offset)] = prefix
        return prefix[0] + HMS[local % 86400] + prefix[1]


def last_sunday(year, month):
    end = datetime.date(year + month // 12, month % 12 + 1, 1) - datetime.timedelta(days=1)
    return end - datetime.timedelta(days=(end.weekday() + 1) % 7)


def seconds(day):
    return (day - EPOCH).days * 86400


class Plan:
    """One day of Bob's life, from its own seeded generator: when he wakes and goes to bed,
    when the Watch charges, his walks and his workout. Times are seconds since 1970 (UTC)."""

    def __init__(self, day, seed, zone, index, days):
        rng = random.Random(seed * 1_000_003 + (day - EPOCH).days)
        self.day, self.index = day, index
        # The day's local midnight at the offset in force at noon.
        noon = seconds(day) + 12 * 3600
        self.offset = zone.offset(noon)
        midnight = seconds(day) - self.offset
        self.midnight = midnight
        self.wake = midnight + int(rng.uniform(6.4, 7.8) * 3600)
        self.bed = midnight + int(rng.uniform(22.4, 24.3) * 3600)
        # The Watch charges after waking; some days it stays off for an afternoon too.
        charge = self.wake + rng.randint(10, 40) * 60
        self.off = [(charge, charge + rng.randint(45, 80) * 60)]
        if rng.random() < 0.2:
            start = midnight + int(rng.uniform(13, 18) * 3600)
            self.off.append((start, start + rng.randint(3, 6) * 3600))
        # Sleep tracked by the Watch on most nights; in stages since watchOS 9 (the last two
        # thirds of the export), as one unspecified span before.
        self.watch_sleep = rng.random() < 0.85
        self.stages = index >= days // 3
        self.walks = []
        t = self.wake + 600
        while t < self.bed - 1800:
            length = rng.randint(2, 15) * 60
            self.walks.append((t, t + length, int(length / 60 * rng.uniform(60, 115))))
            t += length + rng.randint(15, 90) * 60
        # A routine: a workout on Mondays, Wednesdays and Saturdays, now and then another.
        self.workout = None
        if day.weekday() in (0, 2, 5) or rng.random() < 0.08:
            kind = rng.choice(["Running", "Walking", "Cycling", "Running"])
            start = midnight + int(rng.choice([7.9, 12.5, 18.2]) * 3600) + rng.randint(0, 40) * 60
            self.workout = (kind, start, start + rng.randint(25, 70) * 60)
        self.pressure = None
        if rng.random() < 0.15:
            self.pressure = (self.wake + rng.randint(600, 3000), (rng.randint(112, 135), rng.randint(68, 86)))
        # Filled as the records are written, for the day's ActivitySummary.
        self.active, self.exercise, self.stood = 0.0, 0, 0
        # Set once every day has its plan: when the night that ends this morning began.
        self.night = self.wake - 8 * 3600

    def worn(self, t):
        return not any(a <= t < b for a, b in self.off)


class Export:
    """Writes the export in big chunks; `count` is the number of top-level Records written."""

    def __init__(self, out, seed, zone, plans):
        self.out, self.seed, self.zone, self.plans = out, seed, zone, plans
        self.buffer, self.count, self.routes, self.pressure = [], 0, [], {}
        # Software versions: the newer from the export's second half on.
        self.versions = {WATCH: ("9.6", "10.1"), PHONE: ("16.6", "17.1"), "Health": ("16.6", "17.1")}
        self.switch = len(plans) // 2

    def put(self, text):
        self.buffer.append(text)
        if len(self.buffer) >= 20000:
            self.flush()

    def flush(self):
        if self.out:
            self.out.write("".join(self.buffer))
        self.buffer = []

    def source(self, name, plan, rng):
        """The source attributes of a record: sourceName, sourceVersion and, for Apple's own
        devices, the device string with its HKDevice address."""
        if name not in self.versions:
            return f'sourceName="{name}" sourceVersion="{"4.2" if name != SCALE else "6.1.0"}"'
        version = self.versions[name][plan.index >= self.switch]
        if name == "Health":
            return f'sourceName="{name}" sourceVersion="{version}"'
        if name == WATCH:
            kind, model, hardware = "Apple Watch", "Watch", "Watch6,1"
        else:
            kind, model, hardware = "iPhone", "iPhone", "iPhone14,5"
        address = f"0x28{rng.getrandbits(28):07x}"
        device = (
            f"&lt;&lt;HKDevice: {address}&gt;, name:{kind}, manufacturer:Apple Inc., model:{model}, "
            f"hardware:{hardware}, software:{version}&gt;"
        )
        return f'sourceName="{name}" sourceVersion="{version}" device="{device}"'

    def record(self, kind, source, unit, start, end, value, plan, rng, children=""):
        """Writes a top-level Record and returns its text, indented one level deeper, for a
        Correlation that holds it too."""
        stamp = self.zone.stamp
        unit_attr = f' unit="{unit}"' if unit else ""
        value_attr = f' value="{value}"' if value is not None else ""
        head = (
            f'<Record type="{kind}" {self.source(source, plan, rng)}{unit_attr} '
            f'creationDate="{stamp(end + rng.randint(5, 900))}" startDate="{stamp(start)}" endDate="{stamp(end)}"{value_attr}'
        )
        self.count += 1
        text = f" {head}>\n{children} </Record>\n" if children else f" {head}/>\n"
        self.put(text)
        return text


def plans_for(first, days, seed, zone, total):
    plans = [Plan(first + datetime.timedelta(days=i), seed, zone, total - days + i, total) for i in range(days)]
    for before, plan in zip(plans, plans[1:]):
        plan.night = before.bed
    return plans


def write_records(ex):
    for n, kind in enumerate(RECORDS):
        for plan in ex.plans:
            kind(ex, plan, random.Random(f"{ex.seed}/{plan.day}/{n}"))


def records_a_day(seed, last):
    """The mean number of Records a day, from a dry run over the 13 weeks up to `last`."""
    days = 91
    zone = Zone(last.year - 1, last.year)
    ex = Export(None, seed, zone, plans_for(last - datetime.timedelta(days=days - 1), days, seed, zone, days * 3))
    write_records(ex)
    return ex.count / days


def export_xml(records, seed, last, out):
    """Writes the export of about `records` Records ending on `last`; returns (records, days)."""
    days = max(1, round(records / records_a_day(seed, last)))
    first = last - datetime.timedelta(days=days - 1)
    zone = Zone(first.year, last.year)
    ex = Export(out, seed, zone, plans_for(first, days, seed, zone, days))
    exported = seconds(last + datetime.timedelta(days=1)) + 7 * 3600 + 41 * 60
    ex.put('<?xml version="1.0" encoding="UTF-8"?>\n' + DTD + '<HealthData locale="en_GB">\n')
    ex.put(f' <ExportDate value="{zone.stamp(exported - zone.offset(exported))}"/>\n' + ME)
    write_records(ex)
    correlations(ex)
    workouts(ex)
    summaries(ex)
    ex.put("</HealthData>\n")
    ex.flush()
    return ex.count, days, ex.routes


def gpx(start, end):
    points = "".join(
        f'<trkpt lon="{-0.1276 + i * 0.0004:.6f}" lat="{51.5072 + i * 0.0003:.6f}"><ele>{12 + i % 5}.0</ele>'
        f"<time>{datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')}</time></trkpt>\n"
        for i, t in enumerate(range(start, end, max(60, (end - start) // 20)))
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Apple Health Export">\n'
        f"<trk><name>Route</name><trkseg>\n{points}</trkseg></trk>\n</gpx>\n"
    )


def export_zip(xml_path, routes, zip_path):
    """export.zip as Health makes it: the export under apple_health_export/, deflated."""
    with zipfile.ZipFile(zip_path, "w", zipfile.ZIP_DEFLATED) as z:
        z.write(xml_path, "apple_health_export/export.xml")
        z.writestr("apple_health_export/export_cda.xml", CDA)
        for name, start, end in routes:
            z.writestr(f"apple_health_export/workout-routes/{name}", gpx(start, end))


def daily_csv(days, last, out, seed=1):
    """A CSV of daily values, one row a day up to `last`: `day`, `steps`, `sleep` in seconds
    (no unit in its header: `--unit total_sleep_duration=s`), `weight` in kg on some days only,
    and a `score` no attribute maps. Returns the number of rows."""
    rng = random.Random(seed)
    out.write("day,steps,total_sleep_duration,weight,score\n")
    first = last - datetime.timedelta(days=days - 1)
    for i in range(days):
        day = first + datetime.timedelta(days=i)
        weight = f"{80 - 8 * i / days + rng.gauss(0, 0.4):.1f}" if rng.random() < 0.6 else ""
        out.write(f"{day.isoformat()},{rng.randint(2500, 16000)},{rng.randint(19800, 32400)},{weight},{rng.randint(55, 95)}\n")
    return days


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, required=True, help="about how many Records to write")
    parser.add_argument("--out", required=True, help="the export.xml to write")
    parser.add_argument("--zip", help="also write this export.zip holding it")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--last", type=datetime.date.fromisoformat, default=LAST, help="the last day (YYYY-MM-DD)")
    args = parser.parse_args()
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        count, days, routes = export_xml(args.records, args.seed, args.last, f)
    if args.zip:
        export_zip(args.out, routes, args.zip)
    size = os.path.getsize(args.out) / 2**20
    print(f"{args.out}: {count} records over {days} days, {size:.1f} MiB", file=sys.stderr)


if __name__ == "__main__":
    main()
