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

# seconds and peak KiB of one command
measure() { /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>&1 || true; cat "$work/time"; }
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
row() {  # label, then the command
    local label=$1; shift
    : >"$work/runs"
    for _ in $(seq 1 "$RUNS"); do "$@" >>"$work/runs"; done
    printf '| %s | %s s | %s MiB |\n' "$label" "$(cut -d' ' -f1 "$work/runs" | median)" \
        "$(cut -d' ' -f2 "$work/runs" | median | awk '{ printf "%.1f", $1 / 1024 }')"
}
first_read() { rm -f "$XDG_CACHE_HOME/pulpe/cache.sqlite"*; measure "$BIN/pulpe" sync --account "${api[@]}"; }
again() { measure "$BIN/pulpe" sync --account "${api[@]}"; }

# Bytes on the loopback during one command (both directions; what the client receives dominates).
lo_bytes() { awk '$1 == "lo:" { print $2 }' /proc/net/dev; }
wire() {  # label, then the command
    local label=$1 before after; shift
    before=$(lo_bytes); "$@" >/dev/null 2>&1 || true; after=$(lo_bytes)
    awk -v label="$label" -v bytes=$(( after - before )) 'BEGIN { printf "| %s | %.2f MiB |\n", label, bytes / 1048576 }'
}
sandbox_gzip() { curl -s -XPOST "http://127.0.0.1:$port/__sandbox/compression" -d "{\"enabled\":$1}" >/dev/null; }

echo "| figure (the heavy account: 120 months) | median wall | median peak RSS |"
echo "|---|---|---|"
row "first full read (\`pulpe sync --account\`, empty cache)" first_read
# The cache is sealed (decision 83): the rows are counted through pulpe itself.
rows=$(( $("$BIN/pulpe" export --format csv "${api[@]}" | wc -l) - 1 ))
row "a read with nothing changed (decoded and written: none, decision 117)" again
row "\`pulpe export --format ledger\` ($rows transactions)" measure "$BIN/pulpe" export --format ledger --force -o "$work/pulpe.journal" "${api[@]}"
"$BIN/pulpe" export --format ledger --force -o "$work/pulpe.journal" "${api[@]}"
row "\`pulpe search migros --json\`" measure "$BIN/pulpe" search migros --json "${api[@]}"
row "\`hledger reg desc:migros\` (peer)" measure hledger -f "$work/pulpe.journal" reg desc:migros
# The query language and the report (issue 61), beside hledger on the same journal, same run.
row "\`pulpe query 'migros amt:>20 date:2024..2026' --json\`" \
    measure "$BIN/pulpe" query 'migros amt:>20 date:2024..2026' --json "${api[@]}"
row "\`hledger reg desc:migros amt:>20 date:2024..2027\` (peer)" \
    measure hledger -f "$work/pulpe.journal" reg desc:migros 'amt:>20' date:2024..2027
row "\`pulpe report --months 120 --by line --json\`" measure "$BIN/pulpe" report --months 120 --by line --json "${api[@]}"
row "\`hledger bal -M --budget\` (peer)" measure hledger -f "$work/pulpe.journal" bal -M --budget

# What crosses the wire (decision 117): the sandbox gzips as the real backend; switched off, the
# answers are as the client received them before issue 61.
echo
echo "| bytes (the heavy account) | on the loopback |"
echo "|---|---|"
wire "first full read, gzip (as the real backend)" first_read
wire "a read with nothing changed, gzip" again
sandbox_gzip false
wire "first full read without gzip (the client before issue 61)" first_read
sandbox_gzip true
