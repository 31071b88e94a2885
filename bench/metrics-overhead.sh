#!/usr/bin/env bash
#
# bench/metrics-overhead.sh [PAIRS]: what `run --metrics-port` costs the client side per operation.
# Runs the same one-cell plan (workload rw-50-50, 8 threads, SECONDS_PER_RUN s (default 20), 10,000
# records) PAIRS times (default 5) with the endpoint on, scraped once a second by curl (Prometheus at
# its most eager; its default is 15 s), and off, alternating on/off within each pair so the machine's
# noise falls on both. The server is the embedded test server (NOT MongoDB) in its own JVM, so the CPU
# counted is the client side's alone: the orchestrator's JVM and the YCSB JVMs it starts (user +
# system from /usr/bin/time, which counts the children the orchestrator waited for), over every
# operation of the plan (the load's and the run phase's, from results.jsonl). Prints each run's CPU
# µs per operation, the medians of each side and their ratio; then LiveMetricsBench's piece-by-piece
# figures (one status line kept, one scrape rendered, one scrape over HTTP). Raw outputs under
# bench/out/<time>/. Needs `mvn package` first. Knobs: SECONDS_PER_RUN, PORT, METRICS_PORT.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PAIRS=${1:-5}
SECONDS_PER_RUN=${SECONDS_PER_RUN:-20}
PORT=${PORT:-27391}
METRICS_PORT=${METRICS_PORT:-29464}
OUT=$ROOT/bench/out/metrics-overhead-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$OUT"
[[ -e $ROOT/bench/target/bench-0.1.0-SNAPSHOT.jar && -e $ROOT/orchestrator/target/lib ]] \
  || { echo "bench: run mvn package first" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "bench: needs /usr/bin/time (GNU time)" >&2; exit 2; }
# shellcheck source=bench/lib.sh
. "$ROOT/bench/lib.sh"
. "$ROOT/bench/header.sh"
start_embedded_server "$PORT"

cat >"$OUT/plan.yaml" <<YAML
name: metrics-overhead
targets: [{name: local, uri: "mongodb://127.0.0.1:$PORT/ycsb"}]
scenarios: [{name: rw-50-50, workload: $ROOT/workloads/rw-50-50}]
properties: {recordcount: 10000, operationcount: 100000000, maxexecutiontime: $SECONDS_PER_RUN, threads: 8,
             server.sampleInterval: off}
execution: {load: {threads: 4}, rampUp: 2s, acceptance: {precision: off, hostBusy: off}}
YAML

# every phase's operations, ok and failed, from a results.jsonl
operations() {
  awk '{ if (match($0, /"full":\{[^}]*"operations":[0-9]+,"failedOperations":[0-9]+/)) {
    s = substr($0, RSTART, RLENGTH); sub(/.*"operations":/, "", s); split(s, a, /,"failedOperations":/);
    n += a[1] + a[2] } } END { print n + 0 }' "$1"
}

# one SIDE PAIR: runs the plan, prints its client-side CPU µs per operation
one() {
  local side=$1 name="$1-$2" scraper="" args
  args=(run "$OUT/plan.yaml" -o "$OUT/runs-$name" --progress none)
  if [[ $side == on ]]; then
    args+=(--metrics-port "$METRICS_PORT")
    (while :; do curl -s -o /dev/null "http://127.0.0.1:$METRICS_PORT/metrics" || true; sleep 1; done) &
    scraper=$!
  fi
  timed "$name" "$ROOT/scripts/orchestrator" "${args[@]}" || true
  if [[ -n $scraper ]]; then kill "$scraper" 2>/dev/null; wait "$scraper" 2>/dev/null || true; fi
  local ops
  ops=$(operations "$(ls "$OUT/runs-$name"/metrics-overhead-*/results.jsonl)")
  awk -v ops="$ops" '{ printf "%.3f\n", ($1 + $2) * 1e6 / ops }' "$OUT/$name.time"
}

bench_header "$ROOT" "server: embedded test server (mongo-java-server) in its own JVM, NOT MongoDB; port $PORT"
echo "pair  on_cpu_us_per_op  off_cpu_us_per_op"
for ((i = 1; i <= PAIRS; i++)); do
  if ((i % 2)); then order=(on off); else order=(off on); fi
  for side in "${order[@]}"; do
    v=$(one "$side" "$i")
    echo "$v" >>"$OUT/$side"
    if [[ $side == on ]]; then on=$v; else off=$v; fi
  done
  printf '%-5d %17s %18s\n' "$i" "$on" "$off"
done
m_on=$(median <"$OUT/on"); m_off=$(median <"$OUT/off")
awk -v a="$m_on" -v b="$m_off" 'BEGIN { printf "median on %.3f us/op, off %.3f us/op, ratio on/off %.4f\n", a, b, a / b }'
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
java -Xmx256m -cp "$ROOT/bench/target/bench-0.1.0-SNAPSHOT.jar:$ROOT/orchestrator/target/orchestrator-0.1.0-SNAPSHOT.jar:$ROOT/orchestrator/target/lib/*" \
  dev.ycsbmongo.bench.LiveMetricsBench
