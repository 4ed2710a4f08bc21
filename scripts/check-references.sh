#!/bin/sh
# Every document a source comment cites is in the repository, and every section it cites is a
# heading of that document (issue 60): `docs/product.md §2.8` needs `docs/product.md` and a
# heading numbered 2.8 in it; a bare `§15.2` is docs/contract.md's; an RFC's sections are not
# ours. Usage: scripts/check-references.sh DIR...
set -eu
exec python3 - "$@" <<'PY'
import os, re, sys

def headings(path):
    found = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"#+\s+(\d+(?:\.\d+)*)[.\s]", line)
            if m:
                found.add(m.group(1))
    return found

known = {}
problems = []
for root in sys.argv[1:]:
    for folder, _, files in os.walk(root):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                # A comment that names a document goes on citing it on its next lines.
                carried = None
                for number, line in enumerate(f, 1):
                    if not line.lstrip().startswith("//"):
                        carried = None
                    for doc in re.findall(r"docs/[A-Za-z0-9_-]+\.md", line):
                        if not os.path.exists(doc):
                            problems.append(f"{path}:{number}: cites {doc}, which is not in the repository")
                    for m in re.finditer(r"§(\d+(?:\.\d+)*)", line):
                        before = line[:m.start()]
                        if re.search(r"RFC\s*\d+\s*$", before):
                            continue
                        docs = re.findall(r"docs/[A-Za-z0-9_-]+\.md", before)
                        doc = docs[-1] if docs else carried or "docs/contract.md"
                        if not os.path.exists(doc):
                            continue
                        if doc not in known:
                            known[doc] = headings(doc)
                        if m.group(1) not in known[doc]:
                            problems.append(f"{path}:{number}: cites {doc} §{m.group(1)}, which has no such heading")
                    cited = re.findall(r"docs/[A-Za-z0-9_-]+\.md", line)
                    if cited and line.lstrip().startswith("//"):
                        carried = cited[-1]
for problem in problems:
    print(problem)
if problems:
    print(f"{len(problems)} reference(s) that do not resolve: add the section or correct the citation")
    sys.exit(1)
PY
