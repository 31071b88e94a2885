#!/usr/bin/env bash
# Prints the slowest test classes of the last build, from the surefire and failsafe XML reports
# (each TEST-*.xml's <testsuite time=...>), so that a CI log says where its minutes went.
# Usage: .ci/slowest-tests.sh [count [project-dir]] (default 10, this clone). Never fails the run:
# with no reports it says so in one line.
count=${1:-10}
root=${2:-"$(dirname "$0")/.."}
cd "$root" 2>/dev/null || exit 0
mapfile -t reports < <(find . -path '*/target/*-reports/TEST-*.xml' -type f 2>/dev/null)
if [ "${#reports[@]}" -eq 0 ]; then
  echo "ci: no surefire or failsafe reports to time"
  exit 0
fi
# One line per report from its <testsuite ...> element (its name, time in seconds and test count),
# each attribute read on its own so that their order does not matter.
timed=$(awk '
  FNR == 1 { done = 0 }
  !done && /<testsuite[ >]/ {
    name = ""; time = ""; tests = 0; module = FILENAME
    sub(/\/target\/.*/, "", module); sub(/^\.\//, "", module)
    if (match($0, / name="[^"]*"/)) name = substr($0, RSTART + 7, RLENGTH - 8)
    if (match($0, / time="[^"]*"/)) time = substr($0, RSTART + 7, RLENGTH - 8)
    if (match($0, / tests="[^"]*"/)) tests = substr($0, RSTART + 8, RLENGTH - 9)
    gsub(/,/, "", time)
    if (name != "" && time != "") printf "%10.1f s %5d tests  %s (%s)\n", time, tests, name, module
    done = 1
  }
' "${reports[@]}" 2>/dev/null)
total=$(printf '%s\n' "$timed" | awk '{ s += $1; n += $3 } END { printf "%.1f s, %d tests", s, n }')
echo "ci: the $count slowest test classes of ${#reports[@]} (surefire and failsafe reports; all: $total):"
printf '%s\n' "$timed" | sort -rn | head -n "$count"
exit 0
