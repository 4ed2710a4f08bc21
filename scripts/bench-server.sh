#!/usr/bin/env bash
# Load run for the sandbox: how many GET /api/v1/budgets/:id/details per second a release
# pulpe-server answers on loopback for a budget holding 500 transactions.
#
# Steps: start `pulpe-server --port 0 --in-memory` (release), time its listening line, open a demo
# session, add 500 transactions to an empty (future) budget through the API, run
# `wrk -t1 -c16 -d10s` with the bearer and client-key headers, print req/s, stop the server.
# Bounded: one 10 s wrk run against 127.0.0.1 only. Skips (exit 0) when wrk is missing.
#
# Environment: PULPE_SERVER_BIN (default .build/release/pulpe-server, built if missing),
#              BENCH_DURATION (default 10s), BENCH_CONNECTIONS (default 16).
set -euo pipefail

cd "$(dirname "$0")/.."
BIN="${PULPE_SERVER_BIN:-.build/release/pulpe-server}"
DURATION="${BENCH_DURATION:-10s}"
CONNECTIONS="${BENCH_CONNECTIONS:-16}"

if ! command -v wrk >/dev/null 2>&1; then
    echo "bench-server: wrk is not installed (apt-get install -y wrk); skipping the load run"
    exit 0
fi
for tool in curl jq; do
    command -v "$tool" >/dev/null 2>&1 || { echo "bench-server: $tool is required" >&2; exit 1; }
done
if [ ! -x "$BIN" ]; then
    echo "bench-server: building $BIN (swift build -c release --product pulpe-server)"
    swift build -c release --product pulpe-server >/dev/null
fi

WORK="$(mktemp -d)"
SERVER_PID=""
cleanup() {
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

mkfifo "$WORK/stdout"
START_NS=$(date +%s%N)
"$BIN" --port 0 --in-memory --log-level warning >"$WORK/stdout" 2>"$WORK/stderr" &
SERVER_PID=$!
exec 3<"$WORK/stdout"
if ! read -r -t 30 LINE <&3; then
    echo "bench-server: no listening line within 30 s" >&2
    cat "$WORK/stderr" >&2
    exit 1
fi
READY_NS=$(date +%s%N)
ORIGIN="${LINE#listening on }"
echo "startup to listening line: $(( (READY_NS - START_NS) / 1000000 )) ms (in-memory, demo account seeded)"

SESSION="$(curl -sf -X POST "$ORIGIN/api/v1/demo/session" -H 'Content-Type: application/json' -d '{"turnstileToken":""}')"
TOKEN="$(jq -r '.data.session.access_token' <<<"$SESSION")"
KEY="0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
AUTH=(-H "Authorization: Bearer $TOKEN" -H "X-Client-Key: $KEY")

# The newest budget is two months ahead: a plan without transactions, so it ends with exactly 500.
BUDGET="$(curl -sf "${AUTH[@]}" "$ORIGIN/api/v1/budgets?fields=month,year&limit=1" | jq -r '.data[0].id')"
echo "seeding 500 transactions into budget $BUDGET"
for i in $(seq 1 500); do
    printf '{"budgetId":"%s","name":"Achat %d","amount":%d.%02d,"kind":"expense","transactionDate":"2026-01-%02dT12:00:00+01:00"}\n' \
        "$BUDGET" "$i" $(( i % 90 + 5 )) $(( i % 100 )) $(( i % 28 + 1 ))
done >"$WORK/bodies.jsonl"
CREATED=0
while IFS= read -r body; do
    code="$(curl -s -o /dev/null -w '%{http_code}' -X POST "$ORIGIN/api/v1/transactions" "${AUTH[@]}" \
        -H 'Content-Type: application/json' -d "$body")"
    [ "$code" = "201" ] && CREATED=$((CREATED + 1))
done <"$WORK/bodies.jsonl"
COUNT="$(curl -sf "${AUTH[@]}" "$ORIGIN/api/v1/budgets/$BUDGET/details" | jq '.data.transactions | length')"
echo "created $CREATED, details lists $COUNT transactions ($(curl -sf "${AUTH[@]}" "$ORIGIN/api/v1/budgets/$BUDGET/details" | wc -c) bytes)"

echo "wrk -t1 -c$CONNECTIONS -d$DURATION GET /api/v1/budgets/:id/details"
wrk -t1 -c"$CONNECTIONS" -d"$DURATION" --latency "${AUTH[@]}" "$ORIGIN/api/v1/budgets/$BUDGET/details" | tee "$WORK/wrk.txt"
RPS="$(awk '/Requests\/sec/ {print $2}' "$WORK/wrk.txt")"
echo "details with 500 transactions: $RPS req/s"
