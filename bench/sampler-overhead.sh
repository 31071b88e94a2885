#!/bin/sh
#
# bench/sampler-overhead.sh [PAIRS]: what the server sampler costs a phase. Runs the same one-cell
# plan (workload rw-50-50, 8 threads, 8 s, on the plan's embedded test server) PAIRS times (default
# 5) with server.sampleInterval 1s and with it off, alternating on/off within each pair so the
# machine's noise falls on both, and prints each run's successful-ops throughput (steady window)
# and the median of each side with their ratio. Against the embedded test server (not MongoDB),
# which answers serverStatus from the orchestrator's own JVM: this measures the sampler's cost on
# the client side, not a MongoDB server's. Needs `mvn package` first. POSIX sh + awk.
set -eu
root=$(CDPATH='' cd -P -- "$(dirname -- "$0")/.." && pwd)
pairs=${1:-5}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

plan() {  # plan NAME INTERVAL
  cat > "$out/$1.yaml" <<YAML
name: $1
targets: [{name: embedded, uri: embedded}]
scenarios: [{name: rw-50-50, workload: $root/workloads/rw-50-50}]
properties: {recordcount: 10000, operationcount: 100000000, maxexecutiontime: 8, threads: 8,
             server.sampleInterval: $2}
execution: {load: {threads: 4}, rampUp: 2s}
YAML
}
plan sampled 1s
plan unsampled off

throughput() {  # the measured run's steady-window throughput from its results.jsonl
  awk '/"kind":"RUN"/ { if (match($0, /"steady":\{[^}]*"throughputOpsPerSec":[0-9.]+/)) {
    s = substr($0, RSTART, RLENGTH); sub(/.*"throughputOpsPerSec":/, "", s); print s } }' "$1"
}

echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ); host: $(uname -srm), $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo); load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "server: embedded test server (not MongoDB); commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "pair  sampled_ops_s  unsampled_ops_s"
: > "$out/on"; : > "$out/off"
i=1
while [ "$i" -le "$pairs" ]; do
  if [ $((i % 2)) -eq 1 ]; then order="sampled unsampled"; else order="unsampled sampled"; fi
  for p in $order; do
    "$root/scripts/orchestrator" run "$out/$p.yaml" -o "$out/runs-$i" --progress none >/dev/null
    t=$(throughput "$(ls "$out/runs-$i/$p"-*/results.jsonl)")
    if [ "$p" = sampled ]; then echo "$t" >> "$out/on"; on=$t; else echo "$t" >> "$out/off"; off=$t; fi
  done
  printf '%-5d %14.0f %16.0f\n' "$i" "$on" "$off"
  i=$((i + 1))
done
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
m_on=$(median "$out/on"); m_off=$(median "$out/off")
awk -v a="$m_on" -v b="$m_off" 'BEGIN { printf "median sampled %.0f ops/s, unsampled %.0f ops/s, ratio sampled/unsampled %.3f\n", a, b, a / b }'
