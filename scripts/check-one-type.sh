#!/bin/sh
# One type per file (issue 60): a Swift file declares at most one top-level type that other files
# can see — its own extensions, private helpers and types nested in an extension aside — so a
# newcomer finds a type by its file name. Usage: scripts/check-one-type.sh DIR...
set -eu
exec python3 - "$@" <<'PY'
import os, re, sys

DECL = re.compile(r"^(?:(?:public|package|internal|final|@[A-Za-z]+(?:\([^)]*\))?) )*(struct|enum|class|actor|protocol) +([A-Za-z_][A-Za-z0-9_]*)")
problems = []
for root in sys.argv[1:]:
    for folder, _, files in os.walk(root):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            lines = open(path, encoding="utf-8").read().split("\n")
            types = []
            for i, line in enumerate(lines):
                m = DECL.match(line)
                if not m:
                    continue
                j = i - 1
                while j >= 0 and (lines[j].startswith("///") or lines[j].startswith("@")):
                    j -= 1
                if j >= 0 and lines[j].startswith("extension "):
                    continue
                types.append(m.group(2))
            if len(types) > 1:
                problems.append(f"{path}: {len(types)} top-level types ({', '.join(types)}): one file each")
for problem in problems:
    print(problem)
if problems:
    print(f"{len(problems)} file(s) with several top-level types")
    sys.exit(1)
PY
