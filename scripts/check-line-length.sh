#!/usr/bin/env bash
# The line limit of `make format-check`: no line of Swift under the given paths may be longer than
# `lineLength` of .swift-format, counted in characters (not bytes: « é » and « — » are one each).
#
#   scripts/check-line-length.sh [paths…]        (default: Sources Tests Package.swift)
#
# Not counted: a line that holds a string literal (JSON fixtures, messages — splitting one changes
# the code, and the formatter never does), and the lines listed in .swift-format-long-lines as
# `path:exact text of the line` (known exceptions, to be shortened by hand; an entry stops
# matching as soon as its line is edited). swift-format checks this itself only together with
# every other whitespace difference, which this tree does not follow (see the Makefile).
set -euo pipefail
cd "$(dirname "$0")/.."

limit=$(sed -nE 's/.*"lineLength" *: *([0-9]+).*/\1/p' .swift-format)
if [ -z "$limit" ]; then
    echo "check-line-length: no lineLength in .swift-format" >&2
    exit 2
fi
[ $# -gt 0 ] || set -- Sources Tests Package.swift

# GNU grep counts characters in a UTF-8 locale. Output: path:line:text.
over=$(LC_ALL=C.UTF-8 grep -rHnE --include='*.swift' "^.{$((limit + 1)),}" "$@" | grep -vE '^[^:]+:[0-9]+:.*"' || true)
[ -n "$over" ] || exit 0

printf '%s\n' "$over" | awk -v allow=.swift-format-long-lines -v limit="$limit" '
    BEGIN { while ((getline entry < allow) > 0) if (entry != "" && entry !~ /^#/) known[entry] = 1 }
    {
        i = index($0, ":"); path = substr($0, 1, i - 1); rest = substr($0, i + 1)
        j = index(rest, ":"); number = substr(rest, 1, j - 1); text = substr(rest, j + 1)
        if (!((path ":" text) in known)) { print path ":" number ": longer than " limit " characters"; bad++ }
    }
    END {
        if (bad) { print bad " line(s) over the limit: shorten them (or, for a justified exception, add `path:text` to .swift-format-long-lines)"; exit 1 }
    }'
