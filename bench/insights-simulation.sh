#!/bin/sh
# The numbers of the README's Insights section: how often insights claim a link or a weekday
# pattern in noise whose days lean on the day before, and how often they find a planted link,
# over many seeded journals (Tests/DaybookCoreTests/InsightsSimulationTests.swift), in release.
# JOURNALS journals, each evaluated on its last DAYS days; a build folder of its own, so that
# it does not hold the debug build's lock for the minutes a release build of the tests takes.
set -eu
cd "$(dirname "$0")/.."
JOURNALS=${JOURNALS:-1000}
DAYS=${DAYS:-30}
DAYBOOK_SIMULATION_JOURNALS=$JOURNALS DAYBOOK_SIMULATION_DAYS=$DAYS \
	${SWIFT:-swift} test -c release --scratch-path .build-simulation --filter InsightsSimulationTests 2>&1 |
	grep -E '^(Serial|Independent|Planted)|passed|failed'
