"""How the benchmark measures and reports: running commands, hyperfine medians, peak RSS,
instruction counts, the rows of the table and the units they are written in. `Measure` is the
base of bench.Bench; the modules that add rows (health_bench, million_bench, ...) call these
through the Bench they are given."""

import json
import os
import re
import shutil
import statistics
import subprocess


class Measure:
    """Needs, from the class that extends it: args, sizes, out, binary, env, log and rows."""

    def run(self, argv, stdin=None, check=True, capture=False, env=None):
        result = subprocess.run(
            argv,
            stdin=stdin,
            stdout=subprocess.PIPE if capture else self.log,
            stderr=subprocess.PIPE if capture else self.log,
            env=env or self.env,
            text=True,
        )
        if check and result.returncode != 0:
            detail = (result.stderr or "") if capture else f"see {self.log.name}"
            raise SystemExit(f"bench: {' '.join(argv[:4])}... failed ({result.returncode}): {detail.strip()}")
        return result

    def same_rows(self, ours, theirs, counts, what):
        """Both sides of a write figure must have written the same rows, or the comparison
        means nothing: `counts` is a query whose answer must agree."""
        a = self.run(["sqlite3", ours, counts], capture=True).stdout.strip()
        b = self.run(["sqlite3", theirs, counts], capture=True).stdout.strip()
        if a != b:
            raise SystemExit(f"bench: {what} wrote different rows: daybook {a}, sqlite3 {b}")

    def has_command(self, name):
        return self.run([self.binary, "help", name], check=False).returncode == 0

    def daybook(self, journal, *words):
        return [self.binary, "--journal", journal, *words]

    def hyperfine(self, commands, plan, shell=False, prepare=None, env=None):
        """Median seconds of each command, over `rounds` hyperfine runs that alternate the order."""
        rounds, runs, warmup = plan
        samples = [[] for _ in commands]
        export = os.path.join(self.out, "hyperfine.json")
        for r in range(rounds):
            order = list(range(len(commands)))
            if r % 2 == 1:
                order.reverse()
            argv = ["hyperfine", "--style", "none", "--runs", str(runs), "--warmup", str(warmup)]
            argv += ["--export-json", export]
            if not shell:
                argv.append("-N")
            if prepare:
                for i in order:
                    argv += ["--prepare", prepare[i]]
            argv += [commands[i] for i in order]
            self.log.write("$ " + " ".join(argv) + "\n")
            self.log.flush()
            self.run(argv, env=env)
            with open(export) as f:
                results = json.load(f)["results"]
            for position, i in enumerate(order):
                samples[i] += results[position]["times"]
        return [statistics.median(s) for s in samples]

    def peak_rss(self, argv, stdin_path=None, prepare=None, env=None):
        """Median peak resident set size in bytes, from /usr/bin/time."""
        values = []
        report = os.path.join(self.out, "time.txt")
        for _ in range(self.sizes.rss_runs):
            if prepare:
                prepare()
            stdin = open(stdin_path) if stdin_path else subprocess.DEVNULL
            try:
                self.run(["/usr/bin/time", "-f", "%M", "-o", report, *argv], stdin=stdin, env=env)
            finally:
                if stdin_path:
                    stdin.close()
            with open(report) as f:
                values.append(int(f.read().strip().splitlines()[-1]) * 1024)
        return statistics.median(values)

    def instructions(self, argv):
        """Instructions executed by one run, counted by callgrind: stable on a busy machine."""
        out = os.path.join(self.out, "callgrind.out")
        result = self.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *argv], capture=True)
        found = re.search(r"Collected : (\d+)", result.stderr)
        if not found:
            raise SystemExit("bench: callgrind printed no instruction count")
        return int(found.group(1))

    def add(self, figure, daybook, baseline, ratio, target, met):
        self.rows.append((figure, daybook, baseline, ratio, target, met))

    def na(self, figure, why, target):
        self.add(figure, "n/a", "n/a", "n/a", target, why)


    def ratio_row(self, figure, d, s, limit, unit):
        self.add(figure, unit(d), unit(s), ratio(d, s), f"≤ {limit:g}×", verdict(d / s <= limit))

    @staticmethod
    def quote(argv):
        return " ".join(shell_quote(a) for a in argv)

    @staticmethod
    def fresh_copy(source, target):
        """The shell command (for hyperfine's --prepare) that puts a copy of the journal `source`
        at `target`, without the write-ahead log a run before left beside it."""
        q = shell_quote
        return f"cp {q(source)} {q(target)} && rm -f {q(target + '-wal')} {q(target + '-shm')}"

    @staticmethod
    def copy(source, target):
        for suffix in ("-wal", "-shm"):
            if os.path.exists(target + suffix):
                os.remove(target + suffix)
        shutil.copyfile(source, target)

    def table(self):
        header = ("figure", "daybook", "baseline", "ratio", "target", "met")
        rows = [header] + self.rows
        widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
        lines = []
        for n, r in enumerate(rows):
            lines.append("| " + " | ".join(c.ljust(widths[i]) for i, c in enumerate(r)) + " |")
            if n == 0:
                lines.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
        return "\n".join(lines)


def shell_quote(text):
    if text and all(c.isalnum() or c in "-_./=:@%+," for c in text):
        return text
    return "'" + text.replace("'", "'\\''") + "'"


def age(days):
    return f"{round(days / 365.25)} y" if days >= 365 else f"{days} d"


def ms(seconds):
    return f"{seconds * 1000:.2f} ms"


def mega(count):
    return f"{count / 1e6:.2f} M"


def seconds(value):
    return f"{value:.2f} s" if value >= 1 else ms(value)


def micro(us):
    return f"{us:.0f} µs" if us < 1000 else f"{us / 1000:.2f} ms"


def mib(value):
    return f"{value / 2**20:.1f} MiB"


def ratio(a, b):
    return f"{a / b:.2f}×" if b else "—"


def verdict(ok):
    return "yes" if ok else "NO"
