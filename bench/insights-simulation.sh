#!/bin/sh
# The numbers of docs/insights.md: how often insights and reviews claim a link or a weekday
# pattern in noise (days that lean on the day before, shared seasons and trends over years,
# random walks), and how often they find a planted link, over many seeded journals
# (Tests/DaybookCoreTests/InsightsSimulationTests.swift and LinkScaleSimulationTests.swift), in
# release. JOURNALS journals, each evaluated on its last DAYS days (the first suite); a build
# folder of its own, so that it does not hold the debug build's lock for the minutes a release
# build of the tests takes.
set -eu
cd "$(dirname "$0")/.."
JOURNALS=${JOURNALS:-1000}
DAYS=${DAYS:-30}
DAYBOOK_SIMULATION_JOURNALS=$JOURNALS DAYBOOK_SIMULATION_DAYS=$DAYS DAYBOOK_SIMULATION_COMPARE=1 \
	${SWIFT:-swift} test -c release --scratch-path .build-simulation \
	--filter 'InsightsSimulationTests|LinkScaleSimulationTests' 2>&1 |
	grep -E '^(Serial|Independent|Planted|Year review|Random walks|AR\(1\)|Power)|passed|failed'
