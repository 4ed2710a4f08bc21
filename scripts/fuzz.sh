#!/usr/bin/env bash
# `make fuzz`: builds `pulpe-fuzz` with libFuzzer and AddressSanitizer in .build-fuzz (its own
# scratch path: the sanitized objects never mix with .build), then runs every target of
# PulpeFuzzing for FUZZ_SECONDS each, on a working corpus outside git (.build-fuzz/corpus/<target>,
# seeded from fuzz/corpus/<target> and fuzz/regressions/<target>, growing from run to run).
#
# Fails when a target crashes, hangs (one input over FUZZ_TIMEOUT s), leaks or breaks a property;
# the input is kept in .build-fuzz/artifacts/ (copy it to fuzz/regressions/<target>/ once fixed).
# Writes executions per target (libFuzzer's -print_final_stats=1) to bench-results/fuzz.md.
#
# Environment: FUZZ_SECONDS (default 60), FUZZ_TARGETS (default: all), FUZZ_TIMEOUT (default 10),
#              FUZZ_JOBS (targets at a time, default: the cores), SWIFT (default swift),
#              FUZZ_BUILD_ONLY=1 (`make fuzz-build`: the sanitized build alone, its seconds kept for
#              the report of the run that follows), FUZZ_PREBUILT=1 (that build is current: skip it).
set -euo pipefail

cd "$(dirname "$0")/.."
SECONDS_EACH="${FUZZ_SECONDS:-60}"
TIMEOUT="${FUZZ_TIMEOUT:-10}"
SWIFT="${SWIFT:-swift}"
JOBS="${FUZZ_JOBS:-$(nproc)}"
SCRATCH=.build-fuzz
FLAGS=(-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld)

build_start=$(date +%s)
# FUZZ_PREBUILT=1 (CI, right after `make fuzz-build`): no second look at the build (~15 s of planning).
if [ "${FUZZ_PREBUILT:-0}" != 1 ]; then
    "$SWIFT" build --scratch-path "$SCRATCH" --product pulpe-fuzz "${FLAGS[@]}" 2>&1 | grep -v "Cannot export local symbol" || true
fi
BIN="$("$SWIFT" build --scratch-path "$SCRATCH" --show-bin-path "${FLAGS[@]}")/pulpe-fuzz"
[ -x "$BIN" ] || { echo "fuzz: $BIN was not built" >&2; exit 1; }
build_seconds=$(( $(date +%s) - build_start ))
if [ "${FUZZ_BUILD_ONLY:-0}" = 1 ]; then
    echo "$build_seconds" >"$SCRATCH/build-seconds"
    echo "fuzz: sanitized build ready in $build_seconds s"
    exit 0
fi
# A build done beforehand (`make fuzz-build`) is reported with its own seconds.
if [ -s "$SCRATCH/build-seconds" ]; then
    build_seconds="$(cat "$SCRATCH/build-seconds") s beforehand + ${build_seconds}"
    rm -f "$SCRATCH/build-seconds"
fi

# The Swift backtracer would hold a crashing process for seconds: libFuzzer reports the crash.
export SWIFT_BACKTRACE=enable=no
# A property broken inside a target is a fatalError (SIGILL): libFuzzer's handler keeps the input.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:handle_sigill=1:allocator_may_return_null=1}"

TARGETS="${FUZZ_TARGETS:-$(PULPE_FUZZ_TARGET=--list "$BIN" 2>/dev/null | cut -f1)}"
mkdir -p bench-results "$SCRATCH/artifacts" "$SCRATCH/logs"
REPORT=bench-results/fuzz.md
{
    echo "# make fuzz"
    echo
    echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, ${SECONDS_EACH} s per target, ${JOBS} at a time, -timeout=${TIMEOUT}," \
         "libFuzzer + AddressSanitizer (swift $("$SWIFT" --version 2>/dev/null | head -1 | sed 's/.*version \([0-9.]*\).*/\1/'))," \
         "sanitized build ${build_seconds} s."
    echo
    echo "| target | result | executions | exec/s | corpus (start → end) | new units | peak RSS (MB) |"
    echo "|---|---|---:|---:|---|---:|---:|"
} >"$REPORT"

# One target: its run, its row of the report (in $SCRATCH/rows), and a mark when it failed.
fuzz_target() {
    local target="$1" corpus="$SCRATCH/corpus/$1" log="$SCRATCH/logs/$1.log" status=0 seeds start_count end_count
    mkdir -p "$corpus"
    for seeds in "fuzz/corpus/$target" "fuzz/regressions/$target"; do
        [ -d "$seeds" ] && find "$seeds" -maxdepth 1 -type f ! -name '.*' -exec cp -n {} "$corpus/" \;
    done
    start_count=$(find "$corpus" -type f | wc -l)
    echo "fuzz: $target for ${SECONDS_EACH} s ($start_count inputs)"
    PULPE_FUZZ_TARGET="$target" "$BIN" "$corpus" -max_total_time="$SECONDS_EACH" -timeout="$TIMEOUT" \
        -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 -artifact_prefix="$SCRATCH/artifacts/$target-" \
        >"$log" 2>&1 || status=$?
    stat() { sed -n "s/^stat::$1: *//p" "$log" | tail -1; }
    end_count=$(find "$corpus" -type f | wc -l)
    local result="ok"
    if [ "$status" != 0 ]; then
        local artifact kind
        artifact=$(grep -o "Test unit written to [^ ]*" "$log" | tail -1 | sed 's/Test unit written to //')
        kind=$(grep -o -m1 "ERROR: libFuzzer: [a-z-]*\|ERROR: AddressSanitizer: [a-z-]*\|ERROR: LeakSanitizer: [a-z-]*\|Fatal error: [^\n]*" "$log" | head -1)
        result="FAILED ($kind; ${artifact:-no artifact})"
        touch "$SCRATCH/rows/$target.failed"
        grep -m5 "Fatal error\|ERROR:\|SUMMARY" "$log" >&2 || true
    fi
    echo "| $target | $result | $(stat number_of_executed_units) | $(stat average_exec_per_sec) | $start_count → $end_count | $(stat new_units_added) | $(stat peak_rss_mb) |" >"$SCRATCH/rows/$target"
}

# FUZZ_JOBS targets at a time (default: one per core): each run is one process on one core.
rm -rf "$SCRATCH/rows" && mkdir -p "$SCRATCH/rows"
running=0
for target in $TARGETS; do
    if [ "$running" -ge "$JOBS" ]; then wait -n || true; running=$((running - 1)); fi
    fuzz_target "$target" &
    running=$((running + 1))
done
wait

failed=()
for target in $TARGETS; do
    cat "$SCRATCH/rows/$target" >>"$REPORT"
    [ -e "$SCRATCH/rows/$target.failed" ] && failed+=("$target")
done

echo
cat "$REPORT"
if [ "${#failed[@]}" -gt 0 ]; then
    echo "fuzz: failed: ${failed[*]} (logs in $SCRATCH/logs, inputs in $SCRATCH/artifacts)" >&2
    exit 1
fi
