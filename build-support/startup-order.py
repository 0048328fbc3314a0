#!/usr/bin/env python3
"""Writes the order in which the release build lays out its code (make startup-order).

A one-shot command touches a few hundred functions of the executable's 5 MiB of code, most of
them in the Swift runtime and standard library, scattered across it. The kernel maps code in
64 KiB blocks around each page that is touched, so scattered code costs about 3.5 MiB of
resident memory. Listed in startup-order.txt, which the release link hands to lld
(--symbol-ordering-file), those functions are placed together first, and a one-shot command
maps about 1.5 MiB less.

This runs the one-shot commands under callgrind on a generated journal and lists, in the order
first seen, every function of the executable that ran. Commands this daybook does not have yet
are run all the same: their error path is listed, and nothing fails. Names that a later build no
longer has are skipped by the linker, and functions missing from the list still link, at the
end: a stale list costs memory, never correctness. Run it again after adding or changing
commands. Needs valgrind, sqlite3 and python3; standard library only.

    build-support/startup-order.py --binary .build/release/daybook --out build-support/startup-order.txt
"""

import argparse
import datetime
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import gen  # noqa: E402

TODAY = datetime.date(2026, 11, 21)
DAYS = 400

# What people run once from the command line. The journal is opened, read or written, and closed.
COMMANDS = [
    ["--version"],
    ["--help"],
    ["help"],
    ["help", "log"],
    ["show"],
    ["show", "yesterday"],
    ["today"],
    ["week"],
    ["goals"],
    ["insights"],
    ["calendar"],
    ["review"],
    ["review", "month"],
    ["review", "year"],
    ["review", "month", "--json"],
    ["chart", "steps"],
    ["chart", "steps", "all"],
    ["chart", "mood"],
    ["chart", "steps", "sleep"],
    ["show", "--on-this-day"],
    ["search", "walk"],
    ["tags"],
    ["set"],
    ["--color", "always", "show"],
    ["mood", "4", "walked by the sea"],
    ["note", "called #mum"],
    ["log", "steps", "8200", "sleep", "7h30m"],
    ["undo"],
    ["show", "no-such-day"],
    ["no-such-command"],
    # What the completion scripts run at each TAB (the journal goes after `--`).
    ["__complete", "--", "note", "walked", "#"],
    ["__complete", "--", "log", "steps", "8200", ""],
    # What a shell prompt or a status bar runs at each prompt.
    ["status"],
    ["status", "--prompt", "bash", "--format", "%checkin %mood %goals %streak"],
]
# A script on standard input: the batched path.
SCRIPT = "log steps 100\nmood 3\nnote a line from a script\nshow\n"


def functions(profile, binary):
    """The functions of `binary` that have a cost in a callgrind profile, in file order."""
    objects, names, found = {}, {}, []
    current = None
    for line in open(profile, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        m = re.match(r"^(c?ob)=\((\d+)\)(?: (.*))?$", line)
        if m:
            if m.group(3):
                objects[m.group(2)] = m.group(3)
            if m.group(1) == "ob":
                current = objects.get(m.group(2))
            continue
        m = re.match(r"^cfn=\((\d+)\) (.*)$", line)
        if m:
            names[m.group(1)] = m.group(2)
            continue
        m = re.match(r"^fn=\((\d+)\)(?: (.*))?$", line)
        if m:
            if m.group(2):
                names[m.group(1)] = m.group(2)
            name = names.get(m.group(1))
            if current and os.path.realpath(current) == binary and name and not name.startswith("0x"):
                found.append(re.sub(r"'\d+$", "", name))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True, help="the daybook release binary")
    parser.add_argument("--out", required=True, help="the symbol ordering file to write")
    args = parser.parse_args()
    binary = os.path.realpath(args.binary)
    for tool in ("valgrind", "sqlite3"):
        if shutil.which(tool) is None:
            raise SystemExit(f"startup-order: {tool} is missing")

    work = tempfile.mkdtemp(prefix="daybook-order-")
    try:
        env = {k: v for k, v in os.environ.items() if k != "DAYBOOK_JOURNAL"}
        env.update({"DAYBOOK_NOW": "2026-11-21T09:30", "TZ": "UTC", "LANG": "C.UTF-8", "HOME": work})
        journal = os.path.join(work, "journal.sqlite3")
        first = TODAY - datetime.timedelta(days=DAYS - 1)
        goals = subprocess.run([binary, "help", "goal"], env=env, capture_output=True).returncode == 0
        setup = "".join(c + "\n" for c in gen.setup_commands(first, TODAY, goals))
        subprocess.run([binary, "--journal", journal], input=setup, env=env, capture_output=True, text=True)
        data = os.path.join(work, "journal.sql")
        with open(data, "w") as f:
            gen.journal_sql(first, TODAY, f)
        with open(data) as f:
            subprocess.run(["sqlite3", "-bail", journal], stdin=f, check=True, capture_output=True)

        def argv(words):
            if words[0] == "__complete":
                return [binary, "__complete", "--", "--journal", journal, *words[2:]]
            return [binary, "--journal", journal, *words]

        runs = [(argv(words), None) for words in COMMANDS]
        runs.append(([binary, "--journal", journal], SCRIPT))
        order, seen = [], set()
        profile = os.path.join(work, "callgrind.out")
        for argv, stdin in runs:
            subprocess.run(
                ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}", *argv],
                input=stdin if stdin is not None else "",
                env=env,
                capture_output=True,
                text=True,
            )
            for name in functions(profile, binary):
                if name not in seen:
                    seen.add(name)
                    order.append(name)
        if len(order) < 100:
            raise SystemExit(f"startup-order: only {len(order)} functions found; is {binary} a release build?")
        with open(args.out, "w") as f:
            f.write("".join(name + "\n" for name in order))
        print(f"startup-order: {len(order)} functions in {args.out}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
