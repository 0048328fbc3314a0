"""The records of a generated Apple Health export, one writer a type (RECORDS, in a real
export's order), and what follows them: the blood-pressure Correlations, the Workouts and the
ActivitySummary elements. Each writer takes the Export being written, a day's Plan and a
generator seeded for that day and type (see health_gen.py)."""

import random

OWNER = "Bob"
WATCH = f"{OWNER}\u2019s Apple Watch"
PHONE = f"{OWNER}\u2019s iPhone"
SLEEP_APP = "AutoSleep"
SCALE = "Withings"
WATER_APP = "WaterMinder"
MINDFUL_APP = "Headspace"
RUN_APP = "Strava"
HOME_ZONE = "Europe/London"

HK = "HKQuantityTypeIdentifier"
SLEEP = "HKCategoryTypeIdentifierSleepAnalysis"
STAGE = "HKCategoryValueSleepAnalysis"
MOTION = '  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="{}"/>\n'


def body_mass(ex, plan, rng):
    """A scale most mornings in kg; now and then a weight typed into Health in pounds."""
    kg = 78 - 4 * plan.index / max(1, len(ex.plans)) + rng.gauss(0, 0.4)
    at = plan.wake + rng.randint(300, 1500)
    if rng.random() < 0.6:
        ex.record(HK + "BodyMass", SCALE, "kg", at, at, f"{kg:.2f}", plan, rng)
    if rng.random() < 0.05:
        entered = '  <MetadataEntry key="HKWasUserEntered" value="1"/>\n'
        ex.record(HK + "BodyMass", "Health", "lb", at + 3600, at + 3600, f"{kg / 0.45359237:.1f}", plan, rng, entered)


def heart_rate(ex, plan, rng):
    """Every few minutes while the Watch is worn, asleep too; every few seconds in a workout."""
    workout = plan.workout
    t = plan.night + 600
    while t < plan.bed:
        asleep = t < plan.wake
        if workout and workout[1] <= t < workout[2]:
            while t < workout[2]:
                bpm = int(120 + 45 * min(1.0, (t - workout[1]) / 600) + rng.randint(-6, 6))
                ex.record(HK + "HeartRate", WATCH, "count/min", t, t, bpm, plan, rng)
                t += rng.randint(4, 9)
            continue
        if (plan.watch_sleep or not asleep) and plan.worn(t):
            bpm = rng.randint(50, 62) if asleep else rng.randint(60, 88)
            ex.record(HK + "HeartRate", WATCH, "count/min", t, t, bpm, plan, rng, MOTION.format(0 if asleep else 1))
        t += rng.randint(7, 15) * 60 if asleep else rng.randint(3, 8) * 60


def blood_pressure(kind):
    """A cuff now and then (Plan.pressure): systolic and diastolic at the top level, each type
    in its place, and the Correlation that holds both, written after every Record."""

    def write(ex, plan, rng):
        if plan.pressure:
            at, values = plan.pressure
            value = values[kind == "Diastolic"]
            text = ex.record(HK + "BloodPressure" + kind, SCALE, "mmHg", at, at, value, plan, rng)
            ex.pressure.setdefault(plan.index, []).append(text)

    return write


def moves(plan, rng, watch):
    """(start, end, steps) as one source counts them: the day's walks in chunks (each source
    its own), and the Watch's small counts between them while it is worn."""
    out = []
    for start, end, steps in plan.walks:
        if watch and not plan.worn(start):
            continue
        if not watch and rng.random() > 0.85:
            continue
        t, left = start, steps * rng.uniform(0.95, 1.05)
        while t < end:
            chunk = min(end - t, rng.randint(3, 10) * 60 if watch else rng.randint(5, 20) * 60)
            n = int(left * chunk / (end - t))
            out.append((t, t + chunk, max(1, n)))
            left -= n
            t += chunk
    if watch:
        t = plan.wake
        while t < plan.bed:
            if plan.worn(t) and not any(a <= t < b for a, b, _ in plan.walks):
                out.append((t, t + rng.randint(60, 240), rng.randint(8, 90)))
            t += rng.randint(20, 45) * 60
    out.sort()
    return out


def steps_and_distance(kind):
    def write(ex, plan, rng):
        for source in (WATCH, PHONE):
            # The same chunks for steps and for distance: their own generator, seeded alike.
            chunks = moves(plan, random.Random(f"{ex.seed}/{plan.day}/{source}"), source == WATCH)
            for start, end, steps in chunks:
                if kind == "StepCount":
                    ex.record(HK + "StepCount", source, "count", start, end, steps, plan, rng)
                else:
                    ex.record(HK + "DistanceWalkingRunning", source, "km", start, end, f"{steps * 0.00074:.5f}", plan, rng)

    return write


def basal_energy(ex, plan, rng):
    """Resting energy from the Watch every half hour or so, day and night (not mapped)."""
    t = plan.night
    while t < plan.bed:
        length = rng.randint(15, 40) * 60
        if plan.worn(t):
            ex.record(HK + "BasalEnergyBurned", WATCH, "Cal", t, t + length, f"{length / 60 * 1.15:.3f}", plan, rng)
        t += length


def active_energy(ex, plan, rng):
    """Active energy from the Watch (in Cal) every minute or two while worn and awake, more in
    a workout; a running app's own figure for a run (in kcal)."""
    workout = plan.workout
    t = plan.wake
    while t < plan.bed:
        busy = workout and workout[1] <= t < workout[2]
        length = rng.randint(20, 60) if busy else rng.randint(60, 180)
        if plan.worn(t):
            value = length / 60 * (rng.uniform(7, 12) if busy else rng.uniform(0.05, 0.7))
            plan.active += value
            ex.record(HK + "ActiveEnergyBurned", WATCH, "Cal", t, t + length, f"{value:.3f}", plan, rng)
        t += length
    if workout and workout[0] == "Running":
        value = (workout[2] - workout[1]) / 60 * 11.5
        ex.record(HK + "ActiveEnergyBurned", RUN_APP, "kcal", workout[1], workout[2], f"{value:.1f}", plan, rng)


def water(ex, plan, rng):
    for _ in range(rng.randint(3, 8)):
        at = rng.randint(plan.wake, plan.bed)
        ex.record(HK + "DietaryWater", WATER_APP, "mL", at, at, rng.choice([250, 330, 500, 200]), plan, rng)


def exercise_time(ex, plan, rng):
    """A minute of exercise per record: the workout's minutes and the brisk part of long walks."""
    spans = [(s, e) for s, e, n in plan.walks if e - s >= 900 and n / ((e - s) / 60) > 105 and plan.worn(s)]
    if plan.workout:
        spans.append(plan.workout[1:])
    for start, end in sorted(spans):
        for t in range(start, end - 59, 60):
            plan.exercise += 1
            ex.record(HK + "AppleExerciseTime", WATCH, "min", t, t + 60, 1, plan, rng)


def resting_heart_rate(ex, plan, rng):
    ex.record(HK + "RestingHeartRate", WATCH, "count/min", plan.midnight, plan.bed, rng.randint(52, 61), plan, rng)


def hrv(ex, plan, rng):
    """SDNN a few times a day, each with its list of instantaneous beats per minute."""
    for _ in range(rng.randint(2, 5)):
        at = rng.randint(plan.night, plan.bed - 120)
        if not plan.worn(at):
            continue
        beats, t = [], (at + plan.offset) % 86400 * 100
        for _ in range(rng.randint(50, 75)):
            bpm = rng.randint(55, 75)
            beats.append(
                f'   <InstantaneousBeatsPerMinute bpm="{bpm}" time="{t // 360000 % 24:02d}:{t // 6000 % 60:02d}:'
                f'{t // 100 % 60:02d}.{t % 100:02d}"/>\n'
            )
            t += 6000 * 60 // bpm
        children = "  <HeartRateVariabilityMetadataList>\n" + "".join(beats) + "  </HeartRateVariabilityMetadataList>\n"
        ex.record(HK + "HeartRateVariabilitySDNN", WATCH, "ms", at, at + 60, f"{rng.uniform(25, 70):.4f}", plan, rng, children)


def sleep(ex, plan, rng):
    """The night that ends this morning: the Watch's stages (one unspecified span a night in
    the export's first third, before watchOS 9), in-bed time from the iPhone, and a third-party
    app's own in-bed and asleep spans."""
    start, wake = plan.night, plan.wake
    ex.record(SLEEP, PHONE, None, start - 300, wake + 300, STAGE + "InBed", plan, rng)
    if plan.watch_sleep:
        t = start + rng.randint(5, 25) * 60
        while t < wake - 600:
            if not plan.stages:
                end = min(wake, t + rng.randint(90, 240) * 60)
                ex.record(SLEEP, WATCH, None, t, end, STAGE + "AsleepUnspecified", plan, rng)
                t = end + rng.randint(3, 20) * 60
                continue
            for stage, low, high in [("Core", 20, 50), ("Deep", 10, 40), ("Core", 10, 30), ("REM", 10, 30), ("Awake", 1, 5)]:
                end = min(wake, t + rng.randint(low, high) * 60)
                if end > t:
                    ex.record(SLEEP, WATCH, None, t, end, STAGE + ("Asleep" + stage if stage != "Awake" else stage), plan, rng)
                t = end
    ex.record(SLEEP, SLEEP_APP, None, start - 120, wake + 600, STAGE + "InBed", plan, rng)
    ex.record(SLEEP, SLEEP_APP, None, start + 900, wake - 300, STAGE + "AsleepUnspecified", plan, rng)


def stand_hours(ex, plan, rng):
    first = (plan.wake - plan.midnight) // 3600 + 1
    last = (plan.bed - plan.midnight) // 3600
    for hour in range(first, last):
        t = plan.midnight + hour * 3600
        if plan.worn(t):
            stood = rng.random() < 0.75
            plan.stood += stood
            value = "HKCategoryValueAppleStandHour" + ("Stood" if stood else "Idle")
            ex.record("HKCategoryTypeIdentifierAppleStandHour", WATCH, None, t, t + 3600, value, plan, rng)


def mindful(ex, plan, rng):
    if rng.random() < 0.3:
        at = plan.bed - rng.randint(20, 60) * 60
        ex.record("HKCategoryTypeIdentifierMindfulSession", MINDFUL_APP, None, at, at + rng.randint(5, 15) * 60, None, plan, rng)


# In a real export's order: every Record of a type together, the types in HealthKit's order.
RECORDS = [
    body_mass,
    heart_rate,
    blood_pressure("Systolic"),
    blood_pressure("Diastolic"),
    steps_and_distance("StepCount"),
    steps_and_distance("DistanceWalkingRunning"),
    basal_energy,
    active_energy,
    water,
    exercise_time,
    resting_heart_rate,
    hrv,
    sleep,
    stand_hours,
    mindful,
]

def correlations(ex):
    """The blood-pressure Correlations, each holding the two Records also written above."""
    for plan in ex.plans:
        texts = ex.pressure.get(plan.index)
        if not texts:
            continue
        at = plan.pressure[0]
        stamp = ex.zone.stamp
        ex.put(
            f' <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="{SCALE}" sourceVersion="6.1.0" '
            f'creationDate="{stamp(at + 40)}" startDate="{stamp(at)}" endDate="{stamp(at)}">\n'
            '  <MetadataEntry key="HKWasUserEntered" value="0"/>\n' + "".join(" " + t for t in texts) + " </Correlation>\n"
        )


def workouts(ex):
    """Each day's workout from the Watch, with its events, statistics and route."""
    stamp = ex.zone.stamp
    for plan in ex.plans:
        if not plan.workout:
            continue
        rng = random.Random(f"{ex.seed}/{plan.day}/workout")
        kind, start, end = plan.workout
        minutes = (end - start) / 60
        pause = start + int((end - start) * rng.uniform(0.3, 0.7))
        zone = "America/New_York" if ex.zone.offset(start) < 0 else HOME_ZONE
        local = start + ex.zone.offset(start)
        hour = local // 3600 % 24
        clock = f"{(hour + 11) % 12 + 1}.{local // 60 % 60:02d}{'am' if hour < 12 else 'pm'}"
        route = f"route_{stamp(start)[:10]}_{clock}.gpx"
        ex.routes.append((route, start, end))
        distance = "DistanceCycling" if kind == "Cycling" else "DistanceWalkingRunning"
        km = minutes * {"Running": 0.17, "Walking": 0.09, "Cycling": 0.4}[kind]
        span = f'startDate="{stamp(start)}" endDate="{stamp(end)}"'
        ex.put(
            f' <Workout workoutActivityType="HKWorkoutActivityType{kind}" duration="{minutes:.4f}" durationUnit="min" '
            f'{ex.source(WATCH, plan, rng)} creationDate="{stamp(end + 30)}" {span}>\n'
            '  <MetadataEntry key="HKIndoorWorkout" value="0"/>\n'
            f'  <MetadataEntry key="HKTimeZone" value="{zone}"/>\n'
            f'  <MetadataEntry key="HKAverageMETs" value="{rng.uniform(5, 11):.5f} kcal/hr\u00b7kg"/>\n'
            f'  <MetadataEntry key="HKWeatherTemperature" value="{rng.randint(35, 75)} degF"/>\n'
            f'  <WorkoutEvent type="HKWorkoutEventTypeSegment" date="{stamp(start)}" duration="{minutes / 2:.4f}" durationUnit="min"/>\n'
            f'  <WorkoutEvent type="HKWorkoutEventTypePause" date="{stamp(pause)}"/>\n'
            f'  <WorkoutEvent type="HKWorkoutEventTypeResume" date="{stamp(pause + 45)}"/>\n'
            f'  <WorkoutStatistics type="{HK}ActiveEnergyBurned" {span} sum="{minutes * 11:.3f}" unit="Cal"/>\n'
            f'  <WorkoutStatistics type="{HK}BasalEnergyBurned" {span} sum="{minutes * 1.15:.3f}" unit="Cal"/>\n'
            f'  <WorkoutStatistics type="{HK}HeartRate" {span} average="{rng.uniform(135, 155):.3f}" minimum="98" '
            f'maximum="{rng.randint(165, 182)}" unit="count/min"/>\n'
            f'  <WorkoutStatistics type="{HK}{distance}" {span} sum="{km:.4f}" unit="km"/>\n'
            f'  <WorkoutRoute {ex.source(WATCH, plan, rng)} creationDate="{stamp(end + 60)}" {span}>\n'
            '   <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>\n'
            f'   <FileReference path="/workout-routes/{route}"/>\n'
            "  </WorkoutRoute>\n"
            " </Workout>\n"
        )


def summaries(ex):
    for plan in ex.plans:
        ex.put(
            f' <ActivitySummary dateComponents="{plan.day.isoformat()}" activeEnergyBurned="{plan.active:.3f}" '
            'activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="Cal" appleMoveTime="0" appleMoveTimeGoal="0" '
            f'appleExerciseTime="{plan.exercise}" appleExerciseTimeGoal="30" appleStandHours="{plan.stood}" '
            'appleStandHoursGoal="12"/>\n'
        )
