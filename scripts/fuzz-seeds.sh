#!/usr/bin/env bash
# Seeds of `make fuzz`, from the sandbox's real answers: starts `pulpe-server` with the demo data
# (in memory, a fixed day and seed, so a re-run writes the same bodies), signs in, calls every
# endpoint the client reads — successes, errors, and the maintenance answers of a second server
# started with MAINTENANCE_MODE=true — and writes one file per answer per target under
# fuzz/corpus/: `response/` (a `<endpoint> <status>` line, then the body, as ResponseTarget reads
# it), `error-body/` (each error body), `pulpe-date/` (timestamps found in the bodies),
# `session-file/` and `client-keys-file/` (the files the client writes, built from these answers).
# The other targets' seeds (amounts, animations, config, keys, rows) are written by hand.
#
# Environment: PULPE_SERVER_BIN (default: the debug build's, built if missing). Needs curl and jq.
set -euo pipefail

cd "$(dirname "$0")/.."
BIN="${PULPE_SERVER_BIN:-$(swift build --show-bin-path)/pulpe-server}"
OUT="fuzz/corpus"
for tool in curl jq; do
    command -v "$tool" >/dev/null 2>&1 || { echo "fuzz-seeds: $tool is required" >&2; exit 1; }
done
[ -x "$BIN" ] || swift build --product pulpe-server >/dev/null

WORK="$(mktemp -d)"
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT

# start_server NAME [ENV=VALUE…]: sets ORIGIN to the server's http://127.0.0.1:port.
start_server() {
    local name="$1"; shift
    mkfifo "$WORK/$name.out"
    env "$@" "$BIN" --port 0 --in-memory --today 2026-01-15 --seed 7 --log-level warning \
        >"$WORK/$name.out" 2>"$WORK/$name.err" &
    PIDS+=($!)
    exec 3<"$WORK/$name.out"
    local line
    read -r -t 60 line <&3 || { echo "fuzz-seeds: $name did not start" >&2; cat "$WORK/$name.err" >&2; exit 1; }
    ORIGIN="${line#listening on }"
}

# call ENDPOINT LABEL curl-args…: one answer, written where its targets read it.
call() {
    local endpoint="$1" label="$2"; shift 2
    local status
    status=$(curl -s -o "$WORK/body" -w '%{http_code}' "$@")
    { printf '%s %s\n' "$endpoint" "$status"; cat "$WORK/body"; } >"$OUT/response/$endpoint-$status-$label"
    if [ "${status:0:1}" != 2 ] && [ -s "$WORK/body" ]; then cp "$WORK/body" "$OUT/error-body/$endpoint-$status-$label"; fi
    # Timestamps the body holds, each once.
    if jq -e . "$WORK/body" >/dev/null 2>&1; then
        jq -r '.. | strings | select(test("^[0-9]{4}-[0-9]{2}-[0-9]{2}T"))' "$WORK/body" | sort -u | head -3 |
            while read -r stamp; do printf '%s' "$stamp" >"$OUT/pulpe-date/$(printf '%s' "$stamp" | md5sum | cut -c1-12)"; done
    fi
    cp "$WORK/body" "$WORK/last"
}

rm -rf "$OUT/response" "$OUT/error-body" "$OUT/pulpe-date" "$OUT/session-file" "$OUT/client-keys-file"
mkdir -p "$OUT/response" "$OUT/error-body" "$OUT/pulpe-date" "$OUT/session-file" "$OUT/client-keys-file"
JSON=(-H 'Content-Type: application/json')

start_server live
API="$ORIGIN/api/v1"
call health ok "$ORIGIN/health"
call maintenance off "$API/maintenance/status"
call version ok "$API/app/version"
call auth-token ok -X POST "${JSON[@]}" "$ORIGIN/auth/v1/token?grant_type=password" \
    -d '{"email":"demo@pulpe.local","password":"pulpe-demo"}'
PASSWORD_SESSION="$(cat "$WORK/last")"
REFRESH="$(jq -r .refresh_token <<<"$PASSWORD_SESSION")"
call auth-token wrong-password -X POST "${JSON[@]}" "$ORIGIN/auth/v1/token?grant_type=password" \
    -d '{"email":"demo@pulpe.local","password":"nope"}'
call auth-refresh ok -X POST "${JSON[@]}" "$ORIGIN/auth/v1/token?grant_type=refresh_token" -d "{\"refresh_token\":\"$REFRESH\"}"
call auth-refresh spent -X POST "${JSON[@]}" "$ORIGIN/auth/v1/token?grant_type=refresh_token" -d "{\"refresh_token\":\"$REFRESH\"}"
PASSWORD_TOKEN="$(jq -r .access_token <<<"$PASSWORD_SESSION")"
call salt ok -H "Authorization: Bearer $PASSWORD_TOKEN" "$API/encryption/salt"
call demo-session ok -X POST "${JSON[@]}" "$API/demo/session" -d '{"turnstileToken":""}'
cp "$WORK/last" "$WORK/demo"
TOKEN="$(jq -r .data.session.access_token "$WORK/demo")"
KEY="0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
AUTH=(-H "Authorization: Bearer $TOKEN" -H "X-Client-Key: $KEY")
call settings ok "${AUTH[@]}" "$API/users/settings"
call budgets ok "${AUTH[@]}" "$API/budgets"
BUDGET="$(jq -r '.data[0].id' "$WORK/last")"
call budget-summaries ok "${AUTH[@]}" "$API/budgets?fields=month,year,remaining,rollover&year=2026&limit=12"
call budget-summaries bad-field "${AUTH[@]}" "$API/budgets?fields=color"
call budget ok "${AUTH[@]}" "$API/budgets/$BUDGET"
call budget bad-uuid "${AUTH[@]}" "$API/budgets/not-a-uuid"
call budget-details ok "${AUTH[@]}" "$API/budgets/$BUDGET/details"
call budget-exists ok "${AUTH[@]}" "$API/budgets/exists"
call templates ok "${AUTH[@]}" "$API/budget-templates"
call transactions ok "${AUTH[@]}" "$API/transactions/budget/$BUDGET"
TRANSACTION="$(jq -r '.data[0].id' "$WORK/last")"
call transaction ok "${AUTH[@]}" "$API/transactions/$TRANSACTION"
call transaction missing "${AUTH[@]}" "$API/transactions/00000000-0000-4000-8000-000000000000"
NEW='{"id":"6f1c2a9e-3b7d-4c5e-9f10-2a3b4c5d6e7f","budgetId":"'"$BUDGET"'","name":"Fuzz café","amount":12.5,"kind":"expense","checkedAt":null}'
call transaction created -X POST "${JSON[@]}" "${AUTH[@]}" "$API/transactions" -d "$NEW"
call transaction duplicate -X POST "${JSON[@]}" "${AUTH[@]}" "$API/transactions" -d "$NEW"
call transaction too-large -X POST "${JSON[@]}" "${AUTH[@]}" "$API/transactions" \
    -d '{"budgetId":"'"$BUDGET"'","name":"x","amount":1000001,"kind":"expense"}'
call transaction unknown-key -X POST "${JSON[@]}" "${AUTH[@]}" "$API/transactions" \
    -d '{"budgetId":"'"$BUDGET"'","name":"x","amount":1,"kind":"expense","category":"food"}'
call transaction blank-name -X POST "${JSON[@]}" "${AUTH[@]}" "$API/transactions" \
    -d '{"budgetId":"'"$BUDGET"'","name":"  ","amount":1,"kind":"expense"}'
call budgets no-bearer "$API/budgets"
call budgets bad-bearer -H "Authorization: Bearer nope" -H "X-Client-Key: $KEY" "$API/budgets"
call budgets no-key -H "Authorization: Bearer $TOKEN" "$API/budgets"
call budgets unknown-route "${AUTH[@]}" "$API/budgetz"
call salt wrong-key -X POST "${JSON[@]}" -H "Authorization: Bearer $PASSWORD_TOKEN" "$API/encryption/validate-key" \
    -d "{\"clientKey\":\"$KEY\"}"

start_server maintenance MAINTENANCE_MODE=true
API="$ORIGIN/api/v1"
call maintenance on "$API/maintenance/status"
call budgets maintenance "${AUTH[@]}" "$API/budgets"
call auth-token maintenance -X POST "${JSON[@]}" "$ORIGIN/auth/v1/token?grant_type=password" \
    -d '{"email":"demo@pulpe.local","password":"pulpe-demo"}'
call health maintenance "$ORIGIN/health"

# The files the client writes, from these answers.
SERVER="http://127.0.0.1:3000/api/v1"
USER_ID="$(jq -r .user.id <<<"$PASSWORD_SESSION")"
jq -c --arg server "$SERVER" '{version: 1, servers: {($server): {session: ., receivedAt: "2026-01-15T08:30:00.000000+00:00", kind: "password"}}}' \
    <<<"$PASSWORD_SESSION" >"$OUT/session-file/password"
jq -c --arg server "$SERVER" '{version: 1, servers: {($server): {session: .data.session, receivedAt: "2026-01-15T08:30:00+01:00", kind: "demo"}}}' \
    "$WORK/demo" >"$OUT/session-file/demo"
printf '{"keys":{"%s %s":"%s"},"version":1}' "$SERVER" "$USER_ID" "$KEY" >"$OUT/client-keys-file/one-key"
printf '{"keys":{"%s %s":"%s","https://api.pulpe.app/api/v1 other":"NOT-HEX"},"version":1}' "$SERVER" "$USER_ID" "$KEY" \
    >"$OUT/client-keys-file/one-good-one-bad"
echo "fuzz-seeds: $(find "$OUT" -type f | wc -l) files under $OUT"
