#!/usr/bin/env bash
# daybook against sqlite3 itself: builds the release binary people install, generates the
# journals under bench/out/, measures, and prints one table of ratios.
#   bench/run.sh               the full benchmark (a few minutes)
#   BENCH_SMOKE=1 bench/run.sh tiny sizes: checks only that it runs and prints its table
# Needs hyperfine, /usr/bin/time (package time), xmllint (libxml2-utils), sqlite3 and python3:
# `make bench` installs them.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
smoke=${BENCH_SMOKE:-0}

for tool in hyperfine sqlite3 python3 xmllint /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "bench: $tool is missing; run 'make bench-deps'" >&2; exit 1; }
done

# What people install: the release build with the Swift runtime linked in (Makefile RELEASE_FLAGS).
read -r -a release_flags <<<"${RELEASE_FLAGS:-$(make -s --no-print-directory release-flags)}"
$SWIFT build "${release_flags[@]}"
bin=$($SWIFT build "${release_flags[@]}" --show-bin-path)

args=(--binary "$bin/daybook" --bench-binary "$bin/daybook-bench")
if [ "$smoke" = 1 ]; then
    args+=(--smoke --out bench/out/smoke)
else
    # The same program linked against the shared Swift runtime, to check that static linking
    # still pays for itself in start-up time. Its own scratch folder keeps both builds.
    $SWIFT build -c release --product daybook --scratch-path .build-dynamic
    args+=(--dynamic "$($SWIFT build -c release --scratch-path .build-dynamic --show-bin-path)/daybook" --out bench/out)
fi
exec python3 bench/bench.py "${args[@]}"
