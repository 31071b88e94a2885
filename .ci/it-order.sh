#!/usr/bin/env bash
# Writes integration-tests/run-order/.surefire-it-order, the order failsafe hands the integration-test classes
# to its JVMs (runOrder balanced: longest first), from the failsafe XML reports of a whole run: one line per
# class, "1,<milliseconds>,<class>,class" (surefire's statistics format, one entry standing for the class).
# Run it after a full `.ci/run` (or `mvn verify`) on the CI machine and commit the file when the order changed.
# Usage: .ci/it-order.sh [project-dir] (default this clone).
set -euo pipefail
root=${1:-"$(dirname "$0")/.."}
cd "$root"
mapfile -t reports < <(find integration-tests/target/failsafe-reports -name 'TEST-*.xml' -type f 2>/dev/null)
if [ "${#reports[@]}" -eq 0 ]; then
  echo "it-order: no failsafe reports under integration-tests/target/failsafe-reports: run the integration tests first" >&2
  exit 1
fi
out=integration-tests/run-order/.surefire-it-order
awk '
  FNR == 1 { done = 0 }
  !done && /<testsuite[ >]/ {
    name = ""; time = ""
    if (match($0, / name="[^"]*"/)) name = substr($0, RSTART + 7, RLENGTH - 8)
    if (match($0, / time="[^"]*"/)) time = substr($0, RSTART + 7, RLENGTH - 8)
    gsub(/,/, "", time)
    if (name != "" && time != "") printf "1,%d,%s,class\n", time * 1000, name
    done = 1
  }
' "${reports[@]}" | sort -t, -k2,2nr > "$out"
echo "it-order: $out: $(wc -l < "$out") classes, longest first:"
head -5 "$out"
