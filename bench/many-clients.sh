#!/usr/bin/env bash
#
# bench/many-clients.sh [ROUNDS]: the local backend at 1, 2 and 4 client processes against one
# embedded test server (its own JVM; NOT MongoDB), ROUNDS runs (default 3) of
# bench/plans/many-clients-bench.yaml. Per cell: throughput (the merged steady window; for 1 client
# its own), the client processes' CPU per successful operation (utime+stime of every ClientMain /
# YcsbMain child, sampled from /proc while it runs), and the orchestrator's own time around the
# clients (clients/overhead.txt: launch to first measurement, last measurement to every line read,
# merge; for 1 client the phase's runtime minus its measured span). Medians and min-max over rounds.
# Needs `mvn package` first.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=${1:-3}
PORT=${PORT:-28117}
OUT=$(mktemp -d)
SERVER_PID=
cleanup() {
  [[ -n $SERVER_PID ]] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
  rm -rf "$OUT"
}
trap cleanup EXIT
[[ -e $ROOT/orchestrator/target/lib ]] || { echo "bench: run mvn package first" >&2; exit 2; }

"$ROOT/scripts/embedded-mongo" "$PORT" >"$OUT/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 100); do grep -q listening "$OUT/server.log" 2>/dev/null && break; sleep 0.2; done
grep -q listening "$OUT/server.log" || { echo "bench: embedded server did not start" >&2; cat "$OUT/server.log" >&2; exit 1; }

echo "# many-clients bench $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown); server: embedded test server (mongo-java-server) in its own JVM, NOT MongoDB; clients: local child JVMs on the same 2 cores"

# sample PID -> utime+stime ticks of every client JVM until the file $OUT/stop appears
sample_cpu() {
  local file=$1
  while [[ ! -e $OUT/stop ]]; do
    for p in $(pgrep -f 'launch.ClientMain|launch.YcsbMain' || true); do
      awk -v p="$p" '{print p, $14 + $15}' "/proc/$p/stat" 2>/dev/null || true
    done >>"$file"
    sleep 0.2
  done
}

for r in $(seq 1 "$ROUNDS"); do
  rm -f "$OUT/stop"
  sample_cpu "$OUT/cpu-$r.txt" &
  SAMPLER=$!
  BENCH_URI="mongodb://127.0.0.1:$PORT/ycsb" "$ROOT/scripts/orchestrator" run "$ROOT/bench/plans/many-clients-bench.yaml" \
    -o "$OUT/r$r" --progress none >/dev/null 2>"$OUT/r$r.err" || { echo "bench: round $r failed" >&2; tail -5 "$OUT/r$r.err" >&2; }
  touch "$OUT/stop"
  wait "$SAMPLER"
done

python3 - "$OUT" "$ROUNDS" <<'PY'
import glob, json, os, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
hz = os.sysconf("SC_CLK_TCK")
rows = {}
for r in range(1, rounds + 1):
    # each client JVM's last sample is its CPU; JVMs are told apart by the order they appeared in: the
    # plan runs the preparing load (1 JVM), then clients=1 (1 JVM), clients=2 (2), clients=4 (4)
    last, order = {}, []
    for line in open(f"{out}/cpu-{r}.txt"):
        pid, ticks = line.split()
        if pid not in last:
            order.append(pid)
        last[pid] = max(last.get(pid, 0), int(ticks))
    cpu, i = {}, 1
    for n in (1, 2, 4):
        cpu[n] = sum(last[p] for p in order[i:i + n]) / hz if len(order) >= i + n else None
        i += n
    for run_dir in glob.glob(f"{out}/r{r}/*/"):
        for line in open(run_dir + "results.jsonl"):
            rec = json.loads(line)
            if rec["kind"] != "RUN":
                continue
            n = rec["parameters"]["clients"]
            d = run_dir + rec["outputDirectory"]
            oh = {"start_s": None, "collect_s": None, "merge_s": None, "measured_s": rec["full"]["durationSeconds"]}
            if os.path.exists(d + "/clients/overhead.txt"):
                for l in open(d + "/clients/overhead.txt"):
                    k, v = l.split()
                    oh[k] = float(v)
            w = rec.get("steady") or rec["full"]
            rows.setdefault(n, []).append({"tput": w["throughputOpsPerSec"], "ops": rec["full"]["operations"],
                "runtime": rec["runtimeSeconds"], "status": rec["status"], "cpu_s": cpu.get(n), **oh})

def med(xs):
    xs = [x for x in xs if x is not None]
    return (statistics.median(xs), min(xs), max(xs)) if xs else (None, None, None)

def fmt(t, f="{:.0f}"):
    m, lo, hi = t
    return "-" if m is None else f"{f.format(m)} ({f.format(lo)}-{f.format(hi)})"

print(f"\n| clients | throughput ops/s | client CPU µs/op | launch to first measurement s | last measurement to all lines s | merge s | phase runtime - measured s | statuses |")
print("|---:|---:|---:|---:|---:|---:|---:|:---|")
for n in sorted(rows):
    cs = rows[n]
    cpu_us = [c["cpu_s"] * 1e6 / c["ops"] if c.get("cpu_s") and c["ops"] else None for c in cs]
    print(f"| {n} | {fmt(med([c['tput'] for c in cs]))} | {fmt(med(cpu_us), '{:.1f}')} | "
          f"{fmt(med([c['start_s'] for c in cs]), '{:.2f}')} | {fmt(med([c['collect_s'] for c in cs]), '{:.2f}')} | "
          f"{fmt(med([c['merge_s'] for c in cs]), '{:.3f}')} | {fmt(med([c['runtime'] - c['measured_s'] for c in cs]), '{:.2f}')} | "
          f"{', '.join(sorted(set(c['status'] for c in cs)))} |")
print(f"\nmedian (min-max) of {rounds} rounds; 30 s per cell (every client), 4 threads per client; client CPU includes each JVM's start and JIT warm-up")
PY
