#!/bin/sh
#
# bench/report-size.sh [RUN_DIR]: what report.html weighs and why. Without RUN_DIR it runs the
# quickstart plan (embedded test server, about 3 minutes) into a temporary directory; with one, it
# redraws a copy of that run directory (`scripts/orchestrator report`, the directory itself is left
# alone). Prints the date, the machine, the server and the commit, then per chart: its points, the
# compacted SVG, the PNG and the PNG as a base64 data URI in bytes, and which one the page inlined
# (the smaller); then report.html's size against the page with every chart as SVG or every chart
# as PNG, and how many element ids the page repeats. Needs `mvn package` first and jq.
set -eu
root=$(CDPATH='' cd -P -- "$(dirname -- "$0")/.." && pwd)
command -v jq >/dev/null 2>&1 || { echo "report-size: jq is needed" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

if [ $# -ge 1 ]; then
  [ -f "$1/results.jsonl" ] || { echo "report-size: $1 is not a run directory (no results.jsonl)" >&2; exit 2; }
  cp -r "$1" "$out/run"
  run=$out/run
  "$root/scripts/orchestrator" report "$run" >/dev/null
  how="redrawn from $(basename "$1") with scripts/orchestrator report"
else
  "$root/scripts/orchestrator" run "$root/workloads/plans/quickstart.yaml" -o "$out/source" --progress none \
    >/dev/null || true   # an UNSTABLE cell exits 1; its report is written all the same
  run=$(ls -d "$out"/source/quickstart-*)
  how="scripts/orchestrator run workloads/plans/quickstart.yaml"
fi
html=$run/report.html
[ -f "$html" ] || { echo "report-size: no report.html in $run" >&2; exit 1; }

echo "date:    $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "machine: $(nproc) cores, $(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo) RAM, Linux $(uname -r), $(java -version 2>&1 | head -1)"
echo "server:  embedded test server (mongo-java-server, in memory), not MongoDB"
echo "commit:  $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown); $how"
echo
printf '%-48s %6s %9s %9s %12s %8s\n' chart points svg_bytes png_bytes png_b64_bytes inlined
svg_total=0
b64_total=0
for id in $(jq -r '.[].id' "$run/charts/charts.json"); do
  svg=$run/charts/$id.svg
  png=$run/charts/$id.png
  [ -f "$svg" ] || continue
  points=$(jq --arg id "$id" '[.[] | select(.id == $id) | .series[].points | length] | add' "$run/charts/charts.json")
  s=$(wc -c < "$svg")
  p=$(wc -c < "$png")
  b=$(base64 -w0 < "$png" | wc -c)
  if grep -q "<figure id=\"chart-$id\">" "$html" && grep -A1 "<figure id=\"chart-$id\">" "$html" | grep -q '<img src="data:image/png'; then
    inlined=png
  else
    inlined=svg
  fi
  printf '%-48s %6d %9d %9d %12d %8s\n' "$id" "$points" "$s" "$p" "$b" "$inlined"
  svg_total=$((svg_total + s))
  b64_total=$((b64_total + b))
done
size=$(wc -c < "$html")
repeated=$(grep -o ' id="[^"]*"' "$html" | sort | uniq -d | wc -l)
echo
echo "charts as SVG, summed:          $svg_total bytes"
echo "charts as PNG data URIs, summed: $b64_total bytes"
echo "report.html (smaller of each):  $size bytes ($(awk -v b="$size" 'BEGIN { printf "%.0f", b / 1024 }') KB; limit 600 KB)"
echo "ids repeated in report.html:    $repeated"
