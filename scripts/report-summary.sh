#!/bin/sh
# report-summary.sh — prints a censor report (--report FILE) for people: one line per
# censored span, with its time range in seconds and the words it covers.
#
#   scripts/report-summary.sh REPORT.json
#
# Plain POSIX sh + tr + awk (no jq or python needed): the report's span objects hold no
# nested objects, so splitting the JSON at "{" gives one span a line, in any key order and
# whether the report is pretty-printed or not.
set -eu

report=${1:?usage: report-summary.sh REPORT.json}
[ -r "$report" ] || { echo "report-summary.sh: cannot read $report" >&2; exit 1; }

tr -d '\n\r' < "$report" | tr '{' '\n' | awk '
    # field(name, pattern): the value of "name": <pattern> on this line, or "".
    function field(name, pattern,    s) {
        if (!match($0, "\"" name "\"[ \t]*:[ \t]*" pattern)) return ""
        s = substr($0, RSTART, RLENGTH)
        sub(/^"[^"]*"[ \t]*:[ \t]*/, "", s)
        return s
    }
    function str(name,    s) {
        s = field(name, "\"([^\"\\\\]|\\\\.)*\"")
        s = substr(s, 2, length(s) - 2)
        gsub(/\\"/, "\"", s); gsub(/\\\//, "/", s); gsub(/\\\\/, "\\", s)
        return s
    }
    function num(name) { return field(name, "-?[0-9][0-9.eE+-]*") }

    mode == "" { mode = str("mode") }
    /"startFrame"/ {
        n++
        lines = lines sprintf("  %7.2f s - %7.2f s   %s\n", num("start"), num("end"), str("text"))
    }
    END {
        if (n == 0) { print "Nothing matched: the output equals the input."; exit }
        printf "Censored %d span%s%s:\n%s", n, (n == 1 ? "" : "s"), (mode == "" ? "" : " (" mode ")"), lines
    }
'
