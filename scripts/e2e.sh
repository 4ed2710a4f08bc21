#!/usr/bin/env bash
# `make test`'s end-to-end pass: every suite of PulpeE2ETests, dealt into E2E_SHARDS processes of
# the test bundle (four by default) that run at the same time, and the two fault injections, each
# in a process of its own beside them.
#
# Why processes and not `--parallel`: an end-to-end test waits on its pseudo-terminal by blocking
# its thread, and the cooperative pool has one thread per core — two tests in one process starve
# each other's async steps. Each process has its own pool, and the tests mostly wait (on the app,
# the sandbox, a timeout), so three shards on two cores take about a third of the time of one
# (measured: 7.7 min → 2.7 min, each shard as long as its suites alone).
#
# Why the fault injections run beside the shards: they too mostly wait (kills after a delay,
# slowed answers, `--wait`): three shards used one core (178 s of CPU in 174 s), the two fault
# injections 0.7 of one (67 s of CPU in 94 s). Four shards and the two fault injections at once
# take 160 s and 1.4 cores, where three shards and then the fault injections took 174 + 94 s
# (decision 71).
#
# Suites are dealt longest first onto the shard with the least work (the weights are seconds
# measured on the 2-core machine with all six processes running; a suite not listed counts 10 s).
# Each process's log is printed whole when it ends, so a failure reads as it would alone. Exits
# non-zero if any process failed.
#
# The suites that read the calendar (the demo data and the current pay-day period follow it) run
# again beside them with every process anchored on other days (`PULPE_TODAY`, decision 80): the
# current period's first day (the demo's pay day, the 25th) and its last (the 24th after), so a
# test that assumes the day it runs on fails on any day, not only on the unlucky ones. The whole
# pass runs on one day with `PULPE_TODAY=YYYY-MM-DD scripts/e2e.sh`.
#
# Environment: E2E_SHARDS (default 4), SWIFT (default swift; for the bundle's path), E2E_DAYS
# (the anchored days, default the period's first and last; empty: none), E2E_DAY_SUITES.
set -uo pipefail

cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
SHARDS="${E2E_SHARDS:-4}"
# Each in its own process: ~250 client processes apiece, and their own time limits.
FAULTS=(OutboxFaultInjectionTests OperationFaultInjectionTests)
SKIP="^($(IFS='|'; echo "${FAULTS[*]}"))$"

declare -A WEIGHT=(
    [GesturesE2ETests]=85 [DamagedStateE2ETests]=68 [HugeMonthE2ETests]=48 [PlanningE2ETests]=47
    [StaleKeyE2ETests]=45 [FirstPaintE2ETests]=41 [ShellPanelsE2ETests]=39 [ShellVerbsE2ETests]=24
    [TerminalAbuseE2ETests]=22 [MaintenanceE2ETests]=19 [FoundationE2ETests]=17 [HeldRequestCPUTests]=15
    [QuickAddE2ETests]=14 [SecretsE2ETests]=12 [SandboxChildE2ETests]=11 [BrowseE2ETests]=10
    [ShellAddE2ETests]=10 [UnicodeNamesE2ETests]=10 [RootStateE2ETests]=6 [LoginE2ETests]=5
    [StatusLauncherE2ETests]=5 [TerminalStreamsE2ETests]=3 [CommandLineE2ETests]=3 [ReplicaE2ETests]=35 [MonthEndE2ETests]=40 [ProxyE2ETests]=12 [TagsE2ETests]=22 [ImportE2ETests]=16 [StatementAmountsE2ETests]=8
    [JointStatementE2ETests]=8
)

# The test bundle itself, not `swift test`: SwiftPM locks .build and its build database for each
# command, so two `swift test` processes wait for each other (or fail on the locked database).
BUNDLE="$("$SWIFT" build --show-bin-path)/pulpe-tuiPackageTests.xctest"
[ -x "$BUNDLE" ] || { echo "e2e: $BUNDLE is not built (swift build --build-tests)" >&2; exit 1; }

suites=$("$BUNDLE" --testing-library swift-testing --list-tests 2>/dev/null | sed -nE 's/^PulpeE2ETests\.([A-Za-z0-9_]+)\/.*/\1/p' | sort -u \
    | grep -Ev "$SKIP")
[ -n "$suites" ] || { echo "e2e: no end-to-end suite found (was the build done?)" >&2; exit 1; }

# Longest first, each onto the lightest shard.
declare -a load members
for ((i = 0; i < SHARDS; i++)); do load[i]=0; members[i]=""; done
while read -r weight suite; do
    lightest=0
    for ((i = 1; i < SHARDS; i++)); do ((load[i] < load[lightest])) && lightest=$i; done
    load[lightest]=$((load[lightest] + weight))
    members[lightest]+="${members[lightest]:+|}$suite"
done < <(for suite in $suites; do echo "${WEIGHT[$suite]:-10} $suite"; done | sort -rn)

logs=$(mktemp -d)
pids=()
for ((i = 0; i < SHARDS; i++)); do
    [ -n "${members[i]}" ] || continue
    echo "e2e: shard $((i + 1)) (~${load[i]} s alone): ${members[i]//|/ }"
    "$BUNDLE" --testing-library swift-testing --no-parallel --filter "PulpeE2ETests\\.(${members[i]})/" >"$logs/$i.log" 2>&1 &
    pids[i]=$!
done
for ((k = 0; k < ${#FAULTS[@]}; k++)); do
    suite=${FAULTS[k]} i=$((SHARDS + k))
    members[i]=$suite
    echo "e2e: process $((i + 1)): $suite"
    "$BUNDLE" --testing-library swift-testing --no-parallel --filter "PulpeE2ETests\\.$suite/" >"$logs/$i.log" 2>&1 &
    pids[i]=$!
done

# The date-sensitive suites on the anchored days, one process a day.
DAY_SUITES="${E2E_DAY_SUITES:-BrowseE2ETests}"
if [ -z "${E2E_DAYS+set}" ]; then
    base="${PULPE_TODAY:-$(date +%F)}"
    if [ "$((10#$(date -d "$base" +%d)))" -ge 25 ]; then first=$(date -d "$(date -d "$base" +%Y-%m)-25" +%F)
    else first=$(date -d "$(date -d "$base" +%Y-%m)-25 -1 month" +%F); fi
    E2E_DAYS="$first $(date -d "$first +1 month -1 day" +%F)"
fi
for day in $E2E_DAYS; do
    i=${#members[@]}
    members[i]="$DAY_SUITES on $day"
    echo "e2e: process $((i + 1)): ${DAY_SUITES//|/ } anchored on $day"
    PULPE_TODAY=$day "$BUNDLE" --testing-library swift-testing --no-parallel --filter "PulpeE2ETests\\.($DAY_SUITES)/" >"$logs/$i.log" 2>&1 &
    pids[i]=$!
done

failed=0
for i in "${!pids[@]}"; do
    status=0
    wait "${pids[i]}" || status=$?
    echo "e2e: ----- process $((i + 1)): ${members[i]//|/ } (exit $status) -----"
    cat "$logs/$i.log"
    [ "$status" = 0 ] || failed=1
done
rm -rf "$logs"
exit "$failed"
