#!/usr/bin/env bash
# Regenerates linker/pulpe-app-startup.order: every function `pulpe-app` runs in a returning
# user's session (exec, cached month painted, fresh month in, idle, quit), as valgrind's callgrind
# saw them (decisions 67, 77). The linker puts these first in the binary's code, so a session
# touches a few contiguous megabytes of it instead of pages all over 20 MB. A stale list is
# harmless (unknown names are skipped): rerun this after large changes to the start path. SwiftPM
# does not see the list: delete .build/release/pulpe-app to relink with a new one. Needs valgrind
# and tmux; builds the release binaries.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product pulpe-app
swift build -c release --product pulpe-server
bin=$(swift build -c release --show-bin-path)
work=$(mktemp -d)
trap 'tmux -L pulpe-order kill-server 2>/dev/null || true; kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$bin/pulpe-server" --port "$port" --in-memory >"$work/server.log" 2>&1 &
server=$!
sleep 1
api="http://127.0.0.1:$port/api/v1"
# valgrind cannot read the debug info of a 160 MB binary: a copy without it has the same symbols.
strip --strip-debug -o "$work/pulpe-app" "$bin/pulpe-app"
tui() {  # $1: command line run in a 120x40 tmux pane with HOME=$work/home
    tmux -L pulpe-order kill-server 2>/dev/null || true
    tmux -L pulpe-order new-session -d -x 120 -y 40 "env HOME=$work/home $1; sleep 60"
}
wait_for() {  # $1: text on screen; $2: seconds
    for _ in $(seq "$(( $2 * 4 ))"); do
        tmux -L pulpe-order capture-pane -p | grep -q "$1" && return 0
        sleep 0.25
    done
    echo "startup-order: « $1 » never showed" >&2
    tmux -L pulpe-order capture-pane -p >&2
    exit 1
}
# First run: sign in with the demo, which fills the cache.
tui "$work/pulpe-app --api-url $api"
wait_for "Essayer la démo" 20
tmux -L pulpe-order send-keys C-d
wait_for "Mis à jour à" 30
tmux -L pulpe-order send-keys q
sleep 1
# Measured run: a returning user's session. The budgets are held back 8 s (under valgrind the
# cached month paints in ~3), so the cached month is painted first, then the fresh one comes in,
# the panels idle, and q. One sorted list of every function the session ran: sorted, not split
# into start-up then the rest, because a split start-up block measured ~5 ms slower to paint
# with no memory saved (decision 77).
curl -s -XPOST "127.0.0.1:$port/__sandbox/latency" -d '{"milliseconds":8000,"pathPrefix":"/api/v1/budgets"}' >/dev/null
tui "valgrind --tool=callgrind --demangle=no --callgrind-out-file=$work/callgrind.out $work/pulpe-app --api-url $api"
wait_for "Transactions (" 120
wait_for "Mis à jour à" 120
sleep 3
tmux -L pulpe-order send-keys q
for _ in $(seq 120); do [ -s "$work/callgrind.out" ] && break; sleep 0.5; done
sleep 1
# Every function callgrind named (as caller or callee), mangled, sorted for a stable diff.
sed -n -E 's/^c?fn=\([0-9]+\) (.+)$/\1/p' "$work/callgrind.out" | grep -v '^0x' | LC_ALL=C sort -u >linker/pulpe-app-startup.order
echo "linker/pulpe-app-startup.order: $(wc -l <linker/pulpe-app-startup.order) functions"
