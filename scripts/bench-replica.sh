#!/usr/bin/env bash
# `make bench`'s account-replica figures (issue 42), on the heavy account: 120 months × about 500
# transactions (`pulpe-server --demo-months 120 --demo-month-transactions 480`), release binaries.
# Prints a Markdown table: the first full read of the account (`pulpe sync --account` with an empty
# cache: export over loopback → decoded → stored), a read with nothing changed, `pulpe export
# --format ledger`, and `pulpe search TEXT --json` beside `hledger reg desc:TEXT` on the exported
# journal (the peer, in the same run), `pulpe query` beside `hledger reg` and `pulpe report` beside
# `hledger bal -M --budget` — medians of RUNS, wall time and peak RSS (GNU time).
#
# The sign-in is the TUI's (a person's keys sent through tmux): the shell has no login verb.
#
# Usage: scripts/bench-replica.sh BIN_DIR [RUNS]   (BIN_DIR: the folder with pulpe, pulpe-app, pulpe-server)
set -euo pipefail
BIN="${1:?usage: bench-replica.sh BIN_DIR [RUNS]}"
RUNS="${2:-5}"
for tool in tmux hledger curl /usr/bin/time; do command -v "$tool" >/dev/null || { echo "bench-replica: $tool is needed (make bench-deps)" >&2; exit 1; }; done

work=$(mktemp -d /tmp/pulpe-bench-replica.XXXXXX)
port=$((20000 + RANDOM % 20000))
api=(--api-url "http://127.0.0.1:$port/api/v1")
export HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share" \
    XDG_STATE_HOME="$work/home/.local/state" XDG_CACHE_HOME="$work/home/.cache" TERM=xterm-256color LANG=C.UTF-8
mkdir -p "$HOME"
"$BIN/pulpe-server" --port "$port" --in-memory --deployed-search --demo-months 120 --demo-month-transactions 480 \
    >"$work/server.log" 2>&1 &
server=$!
session="pulpe-bench-$$"
cleanup() { tmux kill-session -t "$session" 2>/dev/null || true; kill "$server" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
for _ in $(seq 1 600); do grep -q "listening" "$work/server.log" 2>/dev/null && break; sleep 0.1; done

# Sign in as a person would, then quit: the session and the kept key stay.
tmux new-session -d -s "$session" -x 120 -y 40 "$BIN/pulpe ${api[*]}"
wait_for() { for _ in $(seq 1 300); do tmux capture-pane -p -t "$session" | grep -q "$1" && return 0; sleep 0.1; done; echo "bench-replica: no « $1 »" >&2; exit 1; }
wait_for "Mot de passe"
tmux send-keys -t "$session" "demo@pulpe.local" Enter "pulpe-demo" Enter
wait_for "Code PIN"
tmux send-keys -t "$session" "1234"
wait_for "Disponible"
tmux send-keys -t "$session" q
sleep 1

# milliseconds (wall, from the shell) and peak KiB (GNU time) of one command
measure() {
    local start end
    start=$(date +%s%N)
    /usr/bin/time -f "%M" -o "$work/time" "$@" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    echo "$(( (end - start) / 1000000 )) $(cat "$work/time")"
}
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
declare -A WALL RSS
row() {  # key, label, then the command; the medians kept in WALL[key] (ms) and RSS[key] (KiB)
    local key=$1 label=$2; shift 2
    : >"$work/runs"
    for _ in $(seq 1 "$RUNS"); do "$@" >>"$work/runs"; done
    WALL[$key]=$(cut -d' ' -f1 "$work/runs" | median)
    RSS[$key]=$(cut -d' ' -f2 "$work/runs" | median)
    printf '| %s | %s s | %s MiB |\n' "$label" "$(awk -v ms="${WALL[$key]}" 'BEGIN { printf "%.3f", ms / 1000 }')" \
        "$(awk -v kib="${RSS[$key]}" 'BEGIN { printf "%.1f", kib / 1024 }')"
}
first_read() { rm -f "$XDG_CACHE_HOME/pulpe/cache.sqlite"*; measure "$BIN/pulpe" sync --account "${api[@]}"; }
again() { measure "$BIN/pulpe" sync --account "${api[@]}"; }

# Bytes on the loopback during one command (both directions; what the client receives dominates).
lo_bytes() { awk '$1 == "lo:" { print $2 }' /proc/net/dev; }
declare -A BYTES
wire() {  # key, label, then the command; the bytes kept in BYTES[key]
    local key=$1 label=$2 before after; shift 2
    before=$(lo_bytes); "$@" >/dev/null 2>&1 || true; after=$(lo_bytes)
    BYTES[$key]=$(( after - before ))
    awk -v label="$label" -v bytes="${BYTES[$key]}" 'BEGIN { printf "| %s | %.2f MiB |\n", label, bytes / 1048576 }'
}
sandbox_gzip() { curl -s -XPOST "http://127.0.0.1:$port/__sandbox/compression" -d "{\"enabled\":$1}" >/dev/null; }

echo "| figure (the heavy account: 120 months) | median wall | median peak RSS |"
echo "|---|---|---|"
row first "first full read (\`pulpe sync --account\`, empty cache)" first_read
# The cache is sealed (decision 83): the rows are counted through pulpe itself.
rows=$(( $("$BIN/pulpe" export --format csv "${api[@]}" | wc -l) - 1 ))
row again "a read with nothing changed (decoded and written: none, decision 117)" again
row export "\`pulpe export --format ledger\` ($rows transactions)" measure "$BIN/pulpe" export --format ledger --force -o "$work/pulpe.journal" "${api[@]}"
"$BIN/pulpe" export --format ledger --force -o "$work/pulpe.journal" "${api[@]}"
row search "\`pulpe search migros --json\`" measure "$BIN/pulpe" search migros --json "${api[@]}"
row hsearch "\`hledger reg desc:migros\` (peer)" measure hledger -f "$work/pulpe.journal" reg desc:migros
# The query language and the report (issue 61), beside hledger on the same journal, same run.
row query "\`pulpe query 'migros amt:>20 date:2024..2026' --json\`" \
    measure "$BIN/pulpe" query 'migros amt:>20 date:2024..2026' --json "${api[@]}"
row hquery "\`hledger reg desc:migros amt:>20 date:2024..2027\` (peer)" \
    measure hledger -f "$work/pulpe.journal" reg desc:migros 'amt:>20' date:2024..2027
row report "\`pulpe report --months 120 --by line --json\`" measure "$BIN/pulpe" report --months 120 --by line --json "${api[@]}"
row hreport "\`hledger bal -M --budget\` (peer)" measure hledger -f "$work/pulpe.journal" bal -M --budget

# What crosses the wire (decision 117): the sandbox gzips as the real backend; switched off, the
# answers are as the client received them before issue 61.
echo
echo "| bytes (the heavy account) | on the loopback |"
echo "|---|---|"
wire gzip "first full read, gzip (as the real backend)" first_read
wire resync "a read with nothing changed, gzip" again
sandbox_gzip false
wire plain "first full read without gzip (the client before issue 61)" first_read
sandbox_gzip true

# Issue 61's goals beside the peer, same run. « Rapports »: the in-process probe (pulpe-bench
# --scenario reports: 120 months, key → diffed frame), its slowest key standing for the p95.
keys=""
if [ -x "$BIN/pulpe-bench" ]; then
    "$BIN/pulpe-bench" --scenario reports --runs 100 --out "$work/reports.md" >/dev/null 2>&1 || true
    keys=$(grep "key → painted" "$work/reports.md" 2>/dev/null | awk -F'|' '{ gsub(/ /, "", $5); gsub(/ /, "", $7); print $5 " ms median, " $7 " ms slowest" }')
fi
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
verdict() { awk -v ok="$1" 'BEGIN { print (ok ? "met" : "**missed**") }'; }
echo
echo "| issue 61's goal | measured | peer (same run) | ratio | goal | |"
echo "|---|---|---|---|---|---|"
echo "| \`pulpe query 'migros amt:>20 date:2024..2026' --json\` | ${WALL[query]} ms | \`hledger reg\` ${WALL[hquery]} ms | $(ratio "${WALL[query]}" "${WALL[hquery]}") | ≤ 30 ms, ≤ 0.05 | $(verdict "$(( WALL[query] <= 30 && WALL[query] * 20 <= WALL[hquery] ))") |"
echo "| \`pulpe report --months 120 --by line --json\` | ${WALL[report]} ms | \`hledger bal -M --budget\` ${WALL[hreport]} ms | $(ratio "${WALL[report]}" "${WALL[hreport]}") | ≤ 100 ms, ≤ 0.1 | $(verdict "$(( WALL[report] <= 100 && WALL[report] * 10 <= WALL[hreport] ))") |"
echo "| a re-sync with nothing changed | ${WALL[again]} ms, 0 rows written, $(( BYTES[resync] / 1024 )) KiB | — | — | ≤ 300 ms, 0 rows, < 1 KiB | $(verdict "$(( WALL[again] <= 300 && BYTES[resync] < 1024 ))") |"
echo "| the first full read | ${WALL[first]} ms, $(( RSS[first] / 1024 )) MiB, $(( BYTES[gzip] / 1024 )) KiB | without gzip $(( BYTES[plain] / 1024 )) KiB | $(ratio "${BYTES[gzip]}" "${BYTES[plain]}") | ≤ 3 s, ≤ 120 MiB, bytes ≤ 0.2 | $(verdict "$(( WALL[first] <= 3000 && RSS[first] <= 122880 && BYTES[gzip] * 5 <= BYTES[plain] ))") |"
echo "| « Rapports », key → painted, 120 months | ${keys:-not measured (pulpe-bench missing)} | — | — | ≤ 16 ms p95 | |"
