# pulpe-tui — the two commands a newcomer needs are `make run` and `make test`.
# `make deps` installs the system libraries (Debian/Ubuntu) the build links against.

SWIFT ?= swift
# Evaluated where used (=, not :=): `make install` needs no debug path, and no target pays for both.
BIN_DEBUG = $(shell $(SWIFT) build --show-bin-path 2>/dev/null)
BIN_RELEASE = $(shell $(SWIFT) build -c release --show-bin-path 2>/dev/null)
PREFIX ?= /usr/local
# Release builds. `pulpe` and `pulpe-app` link the Swift runtime and Foundation statically by their
# own linker settings (Package.swift, decision 64); the rest, the bench included, stays dynamic.
RELEASE := -c release
APT_PACKAGES := libncursesw5-dev libsqlite3-dev libcurl4-openssl-dev zlib1g-dev libxml2 libargon2-1
# What `make test` checks the app's output with: hledger reads `pulpe export` back (issue 42);
# tinyproxy is the real proxy the transport's end-to-end test goes through (issue 48); keyutils'
# keyctl runs the kept-key tests in a session keyring of their own (issue 58); a session bus and
# GNOME Keyring are the real Secret Service of the cache's second secret (decision 105), installed
# without their recommends (no desktop). Beancount's bean-check (PyPI, not Debian) reads the
# beancount export.
TEST_PACKAGES := hledger tinyproxy keyutils
SECRET_SERVICE_PACKAGES := dbus-daemon gnome-keyring libsecret-1-0
# What `make bench` compares with and loads the server with (Debian packages).
BENCH_PACKAGES := hledger-ui hledger wrk curl jq time
# Seconds per fuzz target in `make fuzz` (CI runs a short pass).
FUZZ_SECONDS ?= 60
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# The formatter: swift-format of the toolchain, its settings in .swift-format.
SWIFT_FORMAT ?= $(SWIFT) format
FORMAT_PATHS := Sources Tests Package.swift

.PHONY: deps test-deps run test format-check format bench bench-deps fuzz fuzz-build fuzz-seeds release install server assets clean

deps: ## Install the system libraries (ncursesw, SQLite headers) if they are missing.
	@if dpkg -s $(APT_PACKAGES) >/dev/null 2>&1; then echo "system packages present"; \
	else $(SUDO) apt-get update && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y $(APT_PACKAGES); fi

test-deps: deps ## Install what the tests check the app's output with (hledger), if missing.
	@if dpkg -s $(TEST_PACKAGES) >/dev/null 2>&1; then echo "test packages present"; \
	else $(SUDO) apt-get update && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y $(TEST_PACKAGES); fi
	@if dpkg -s $(SECRET_SERVICE_PACKAGES) >/dev/null 2>&1; then echo "secret service packages present"; \
	else $(SUDO) apt-get update && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(SECRET_SERVICE_PACKAGES); fi
	@command -v bean-check >/dev/null || python3 -m pip install --quiet beancount

run: deps ## Build and open the full-screen app (with pulpe-server, its built-in sandbox, beside it).
	$(SWIFT) build --product pulpe
	$(SWIFT) build --product pulpe-app
	$(SWIFT) build --product pulpe-server
	$(BIN_DEBUG)/pulpe $(ARGS)

# CI's clean build skips debug information (DWARF for every module and the binaries' link): the
# tests read no line tables — a failure's place is the test's own source location — and the
# clean-clone run must stay under 15 minutes on the 2-core machine (decision 82). A local build
# keeps it, for the debugger.
TEST_BUILD_FLAGS ?= $(if $(CI),-debug-info-format none,)

test: test-deps ## Check the format, build everything and run every test (unit, golden, end-to-end in a pty).
	@# Seconds, before the build: a line over the limit or a broken rule fails fast.
	$(MAKE) format-check
	$(SWIFT) build --build-tests $(TEST_BUILD_FLAGS)
	@# In-process tests first: their servers' handlers need the few cooperative threads (one per
	@# core) that an end-to-end test blocks while it waits on a pseudo-terminal.
	$(SWIFT) test --skip-build --skip PulpeE2ETests
	@# The kept key in a session keyring of its own, as after a login (skipped in the run above).
	keyctl session - $(BIN_DEBUG)/pulpe-tuiPackageTests.xctest --testing-library swift-testing --filter KeptClientKeysTests
	@# The real binaries in pseudo-terminals, against out-of-process servers: one test at a time per
	@# process (a test waiting on its pty holds a cooperative thread, and a neighbour's async steps
	@# would starve), in four processes at once (scripts/e2e.sh deals the suites by measured time),
	@# and beside them the two fault injections (kills and server faults under `pulpe add` and every
	@# shell verb, issues 12 and 23), each in a process of its own.
	SWIFT=$(SWIFT) ./scripts/e2e.sh

# swift-format 6.3 cannot switch off its whitespace findings one by one (indentation, line breaks,
# spacing: rules of a layout this tree does not follow), so the lint runs its rules without them
# (`--debug-disable-pretty-print`) and the line limit of .swift-format is checked by a script.
format-check: ## swift-format's rules (.swift-format), its line limit, one type per file, and every docs/*.md and § a source comment cites; changes nothing.
	$(SWIFT_FORMAT) lint --strict --recursive --debug-disable-pretty-print --configuration .swift-format $(FORMAT_PATHS)
	./scripts/check-line-length.sh $(FORMAT_PATHS)
	./scripts/check-references.sh Sources Tests
	./scripts/check-one-type.sh Sources Tests

format: ## Rewrite Sources, Tests and Package.swift in place with swift-format and .swift-format (a large diff today).
	$(SWIFT_FORMAT) format --in-place --recursive --configuration .swift-format $(FORMAT_PATHS)

bench-deps: ## Install what `make bench` measures against: hledger-ui and hledger (the peers), wrk (server load).
	@if dpkg -s $(BENCH_PACKAGES) >/dev/null 2>&1; then echo "bench packages present"; \
	else $(SUDO) apt-get update && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y $(BENCH_PACKAGES); fi

bench: deps ## Release build, then measure start-up, idle CPU, browsing, pulpe beside hledger-ui; figures in bench-results/.
	$(SWIFT) build $(RELEASE) --product pulpe
	$(SWIFT) build $(RELEASE) --product pulpe-app
	$(SWIFT) build $(RELEASE) --product pulpe-server
	$(SWIFT) build $(RELEASE) --product pulpe-bench
	@# pulpe beside hledger-ui (make bench-deps) on the same household, in one run, as ratios:
	@# exec to data on screen with a slow server, peak RSS, CPU idle and while requests wait.
	$(BIN_RELEASE)/pulpe-bench --scenario compare --bin $(BIN_RELEASE)/pulpe --out bench-results/compare.md \
		--runs 7 --transactions 105 --rows 40 --cols 120 $(BENCH_ARGS)
	@# The built-in sandbox starts in maintenance so the app settles on a screen where `q` quits
	@# and an animation runs: start-up, memory, and the idle cost of the animation in one pass.
	$(BIN_RELEASE)/pulpe-bench --bin $(BIN_RELEASE)/pulpe --out bench-results/bench.md --runs 5 \
		--env MAINTENANCE_MODE=true --marker "Maintenance en cours" --idle-seconds 10 $(BENCH_ARGS)
	@# A returning user with a cached month of 10 000 transactions (pulpe-server beside the app):
	@# exec to the cached month painted, keystroke-to-paint while scrolling, memory, frame cost.
	$(BIN_RELEASE)/pulpe-bench --scenario browse --bin $(BIN_RELEASE)/pulpe --out bench-results/browse.md \
		--runs 5 --transactions 10000 --rows 40 --cols 120 $(BENCH_ARGS)
	@# The same with a month of 100 000 transactions (issue 15): keystroke-to-paint while scrolling
	@# (goal: under 16 ms a key), peak RSS, frame cost and cache reads at ten times the size.
	$(BIN_RELEASE)/pulpe-bench --scenario browse --bin $(BIN_RELEASE)/pulpe --out bench-results/browse-100k.md \
		--runs 3 --transactions 100000 --rows 40 --cols 120 $(BENCH_ARGS)
	@# The shell side: pulpe status with a fresh cache (a tmux status bar runs it every few seconds),
	@# pulpe month, and pulpe add online — process start to exit, median of 20, peak RSS (GNU time) —
	@# beside hledger bal on the same household, with the ratios.
	$(BIN_RELEASE)/pulpe-bench --scenario shell --bin $(BIN_RELEASE)/pulpe --out bench-results/shell.md --runs 20 $(BENCH_ARGS)
	@# The account replica on a heavy account (120 months × ~500 transactions): first read, a read
	@# with nothing changed, the ledger export, search beside hledger on the exported journal.
	./scripts/bench-replica.sh $(BIN_RELEASE) 5 | tee bench-results/replica.md
	@if command -v wrk >/dev/null; then ./scripts/bench-server.sh | tee bench-results/server.txt; \
	else echo "wrk not installed: skipping the server load run (make bench-deps)"; fi

fuzz: deps ## libFuzzer + AddressSanitizer build in .build-fuzz, each fuzz target for FUZZ_SECONDS (default 60); figures in bench-results/fuzz.md.
	FUZZ_SECONDS=$(FUZZ_SECONDS) SWIFT=$(SWIFT) ./scripts/fuzz.sh

fuzz-build: deps ## Only the sanitized build of `make fuzz` (its seconds kept for the report of the run that follows).
	FUZZ_BUILD_ONLY=1 SWIFT=$(SWIFT) ./scripts/fuzz.sh

fuzz-seeds: deps ## Rewrite the fuzz seeds taken from the sandbox's answers (fuzz/corpus/response, error-body, …).
	$(SWIFT) build --product pulpe-server
	./scripts/fuzz-seeds.sh

release: deps ## Optimised binaries in .build/release.
	$(SWIFT) build $(RELEASE)

install: deps ## Release pulpe (and pulpe-app behind it) and pulpe-server, pulpe(1) and bash/zsh/fish completions under PREFIX (default /usr/local; DESTDIR honoured).
	$(SWIFT) build $(RELEASE) --product pulpe
	$(SWIFT) build $(RELEASE) --product pulpe-app
	$(SWIFT) build $(RELEASE) --product pulpe-server
	./scripts/install-files.sh "$(BIN_RELEASE)" "$(PREFIX)"

server: deps ## The sandbox alone on http://127.0.0.1:3000 with the demo data (ARGS for more options).
	$(SWIFT) build --product pulpe-server
	$(BIN_DEBUG)/pulpe-server --port 3000 $(ARGS)

assets: ## Re-embed assets/animations into the binary's sources.
	./scripts/embed-assets.sh

clean:
	rm -rf .build .build-fuzz bench-results
