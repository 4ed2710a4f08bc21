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
# Each process's log is printed whole as soon as that process ends (whichever ends first), so a
# failure reads as it would alone and a process that hangs does not hide the others. After
# E2E_TIMEOUT seconds (default 600, well under CI's 15 minutes) every process still running is
# named, its log so far printed (the last test it started is its last « started » line), and it
# is killed with its process group and every process it started (the sandbox servers run in
# groups of their own). Exits non-zero if any process failed or was killed.
#
# The suites that read the calendar (the demo data and the current pay-day period follow it) run
# again beside them with every process anchored on other days (`PULPE_TODAY`, decision 80): the
# current period's first day (the demo's pay day, the 25th) and its last (the 24th after), so a
# test that assumes the day it runs on fails on any day, not only on the unlucky ones. The whole
# pass runs on one day with `PULPE_TODAY=YYYY-MM-DD scripts/e2e.sh`. Before any process starts,
# `pulpe-server --print-today` says which day each anchor gives: a day the binaries would not take
# (they refuse a malformed PULPE_TODAY) or read as another stops the script.
#
# Environment: E2E_SHARDS (default 4), SWIFT (default swift; for the bundle's path), E2E_DAYS
# (the anchored days, default the period's first and last; empty: none), E2E_DAY_SUITES,
# E2E_TIMEOUT (seconds, default 600).
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
    [StatusLauncherE2ETests]=5 [TerminalStreamsE2ETests]=3 [CommandLineE2ETests]=3 [ReplicaE2ETests]=42 [MonthEndE2ETests]=40 [ProxyE2ETests]=12 [TagsE2ETests]=22 [ImportE2ETests]=16 [StatementAmountsE2ETests]=8
    [ReadYourWritesE2ETests]=22 [TemplatesE2ETests]=6 [SettingsE2ETests]=5 [SpreadE2ETests]=7 [RecapE2ETests]=7 [SettingsFaultInjectionTests]=9 [GroupWritesFaultInjectionTests]=12 [WithdrawalE2ETests]=7 [TemplateFaultInjectionTests]=55
    [AnchoredTodayE2ETests]=2 [ShellOutputSafetyE2ETests]=6
    [JointStatementE2ETests]=8 [SealedFailClosedE2ETests]=3
    [TwoAccountsE2ETests]=20 [QueryE2ETests]=15 [ReportE2ETests]=12 [PrivateLogE2ETests]=6 [SignOutE2ETests]=4 [SecretServiceE2ETests]=15 [SealingKillE2ETests]=40
)

# The test bundle itself, not `swift test`: SwiftPM locks .build and its build database for each
# command, so two `swift test` processes wait for each other (or fail on the locked database).
BIN="$("$SWIFT" build --show-bin-path)"
BUNDLE="$BIN/pulpe-tuiPackageTests.xctest"
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

# The anchored days, each checked before anything starts: the day a binary takes for today.
DAY_SUITES="${E2E_DAY_SUITES:-BrowseE2ETests}"
if [ -z "${E2E_DAYS+set}" ]; then
    base="${PULPE_TODAY:-$(date +%F)}"
    if [ "$((10#$(date -d "$base" +%d)))" -ge 25 ]; then first=$(date -d "$(date -d "$base" +%Y-%m)-25" +%F)
    else first=$(date -d "$(date -d "$base" +%Y-%m)-25 -1 month" +%F); fi
    E2E_DAYS="$first $(date -d "$first +1 month -1 day" +%F)"
fi
check_anchor() {
    local believed
    believed=$(PULPE_TODAY=$1 "$BIN/pulpe-server" --print-today 2>&1)
    [ "$believed" = "$1" ] || { echo "e2e: PULPE_TODAY=$1 is not the day the binaries take for today: $believed" >&2; exit 1; }
}
if [ -n "${PULPE_TODAY+set}" ]; then check_anchor "$PULPE_TODAY"; fi
for day in $E2E_DAYS; do check_anchor "$day"; done

TIMEOUT="${E2E_TIMEOUT:-600}"
logs=$(mktemp -d)
declare -A index_of=()
pids=()
# Each process in a process group of its own (setsid, same pid): the time limit kills it with
# every program it started (the app, the sandbox servers).
start() {
    local i=$1
    shift
    setsid "$@" >"$logs/$i.log" 2>&1 &
    pids[i]=$!
    index_of[$!]=$i
}

for ((i = 0; i < SHARDS; i++)); do
    [ -n "${members[i]}" ] || continue
    echo "e2e: shard $((i + 1)) (~${load[i]} s alone): ${members[i]//|/ }"
    start "$i" "$BUNDLE" --testing-library swift-testing --no-parallel --filter "PulpeE2ETests\\.(${members[i]})/"
done
for ((k = 0; k < ${#FAULTS[@]}; k++)); do
    suite=${FAULTS[k]} i=$((SHARDS + k))
    members[i]=$suite
    echo "e2e: process $((i + 1)): $suite"
    start "$i" "$BUNDLE" --testing-library swift-testing --no-parallel --filter "PulpeE2ETests\\.$suite/"
done
# The date-sensitive suites on the anchored days, one process a day.
for day in $E2E_DAYS; do
    i=${#members[@]}
    members[i]="$DAY_SUITES on $day"
    echo "e2e: process $((i + 1)): ${DAY_SUITES//|/ } anchored on $day"
    start "$i" env PULPE_TODAY="$day" "$BUNDLE" --testing-library swift-testing --no-parallel --filter "PulpeE2ETests\\.($DAY_SUITES)/"
done

# Every process below `pid`: the sandbox servers a test starts are put in process groups of their
# own (Foundation's Process), so killing a shard's group alone would leave them running.
descendants() {
    local child
    for child in $(pgrep -P "$1"); do
        echo "$child"
        descendants "$child"
    done
}
# The running processes, their groups, and everything they started (listed before the first
# signal: once a parent is gone its children belong to init), killed with TERM, then KILL.
end_all() {
    local pid started=()
    for pid in "${running[@]}"; do started+=($(descendants "$pid")); done
    for signal in TERM KILL; do
        for pid in "${running[@]}"; do kill "-$signal" -- "-$pid" 2>/dev/null; done
        ((${#started[@]} == 0)) || kill "-$signal" "${started[@]}" 2>/dev/null
        [ "$signal" = KILL ] || sleep "${1:-0}"
    done
}

sleep "$TIMEOUT" &
timer=$!
failed=0
running=("${pids[@]}")
# Stopped from outside (Ctrl-C, CI): the groups are not this terminal's any more, so end them here.
trap 'end_all 0; kill "$timer" 2>/dev/null; rm -rf "$logs"; exit 130' INT TERM
while ((${#running[@]} > 0)); do
    ended=""
    status=0
    wait -n -p ended "${running[@]}" "$timer" || status=$?
    if [ "$ended" = "$timer" ]; then
        echo "e2e: time limit: ${TIMEOUT} s (E2E_TIMEOUT) passed with ${#running[@]} process(es) still running" >&2
        for pid in "${running[@]}"; do
            i=${index_of[$pid]}
            echo "e2e: ----- process $((i + 1)): ${members[i]//|/ } (still running after ${TIMEOUT} s: killed) -----"
            cat "$logs/$i.log"
        done
        # TERM first, so the apps can restore their terminals; what is left two seconds later, KILL.
        end_all 2
        rm -rf "$logs"
        exit 1
    fi
    [ -n "$ended" ] || continue
    i=${index_of[$ended]}
    echo "e2e: ----- process $((i + 1)): ${members[i]//|/ } (exit $status) -----"
    cat "$logs/$i.log"
    [ "$status" = 0 ] || failed=1
    still=()
    for pid in "${running[@]}"; do [ "$pid" = "$ended" ] || still+=("$pid"); done
    running=("${still[@]}")
done
kill "$timer" 2>/dev/null
wait "$timer" 2>/dev/null
rm -rf "$logs"
exit "$failed"
