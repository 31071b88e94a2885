#!/usr/bin/env bash
# Client-side cost of the binding against the embedded MongoDB-wire test server.
#
# Prints the figures BENCHMARKS.md quotes: per thread count, workload A through our binding
# (scripts/ycsb) and through a bare driver loop (BareDriverLoop) on the same data, run
# alternately in one session so machine noise hits both alike; client CPU microseconds per
# successful operation, successful ops/s, and their ratios (medians over REPS). Then unbatched
# vs batchsize=100 loads, and the client RSS of a 10,000-thread run with the launcher defaults.
#
# The server is NOT MongoDB: these numbers describe our client's CPU, not a database.
#
# Usage: bench/binding-bench.sh [quick]   (after mvn package; needs /usr/bin/time)
# Env: PORT (27917), REPS (5), THREADS ("1 8 16 64"), OPS (400000), RECORDS (10000),
#      LOAD_RECORDS (200000), LOAD_THREADS ("1 8"), BIG_THREADS (10000)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PORT=${PORT:-27917}
REPS=${REPS:-5}
THREADS=${THREADS:-"1 8 16 64"}
OPS=${OPS:-400000}
RECORDS=${RECORDS:-10000}
BIG_THREADS=${BIG_THREADS:-10000}
LOAD_RECORDS=${LOAD_RECORDS:-200000}
LOAD_THREADS=${LOAD_THREADS:-"1 8"}
if [[ "${1:-}" == quick ]]; then REPS=1; THREADS="16"; OPS=30000; BIG_THREADS=0; LOAD_RECORDS=20000; LOAD_THREADS=8; fi
OUT=$ROOT/bench/out/$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$OUT"
URL="mongodb://127.0.0.1:$PORT"
JVM_OPTS="-Xmx1g -Xss512k -XX:+UseParallelGC"    # what scripts/ycsb gives YCSB by default, for both sides
BARE_CP="$ROOT/bench/target/bench-0.1.0-SNAPSHOT.jar:$ROOT/bench/target/lib/*"

[[ -x /usr/bin/time ]] || { echo "bench: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
[[ -e $ROOT/bench/target/lib ]] || { echo "bench: run mvn package first" >&2; exit 2; }

# shared helpers: start_embedded_server, timed, cpu_seconds, ycsb_ok, ycsb_failed, ycsb_runtime_s, median, ...
source "$ROOT/bench/lib.sh"
start_embedded_server "$PORT"

export JAVA_OPTS="$JVM_OPTS"
YCSB=$ROOT/scripts/ycsb

echo "# binding bench $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), $(java -version 2>&1 | head -1)"
echo "# server: embedded MongoDB-wire test server (mongo-java-server), NOT MongoDB; figures are client-side"
echo "# raw outputs: $OUT"

timed load-a "$YCSB" load mongodb -P "$ROOT/workloads/workloada" -p recordcount="$RECORDS" \
  -p mongodb.url="$URL/bench_a" -threads 4
echo "loaded $RECORDS records: $(ycsb_ok load-a) ok, $(ycsb_failed load-a) failed"

echo
echo "## workload A, $OPS operations per run ($((OPS / 4)) at 1 thread), median of $REPS"
printf '%-8s | %-16s | %-16s | %-10s | %-16s | %-16s | %-10s\n' threads "ours CPU us/op" "bare CPU us/op" "CPU ratio" "ours ok ops/s" "bare ok ops/s" "tput ratio"
for t in $THREADS; do
  ops=$OPS
  [[ $t -gt 1 ]] || ops=$((OPS / 4))   # one thread is latency-bound: a quarter keeps the run short
  : >"$OUT/t$t.ours.cpu"; : >"$OUT/t$t.bare.cpu"; : >"$OUT/t$t.ours.tput"; : >"$OUT/t$t.bare.tput"
  for rep in $(seq 1 "$REPS"); do
    n=t$t-r$rep
    timed "$n-ours" "$YCSB" run mongodb -P "$ROOT/workloads/workloada" -p recordcount="$RECORDS" \
      -p operationcount="$ops" -p mongodb.url="$URL/bench_a" -threads "$t"
    ok=$(ycsb_ok "$n-ours"); failed=$(ycsb_failed "$n-ours")
    [[ $failed == 0 ]] || echo "WARNING: $n-ours had $failed failed operations" >&2
    awk -v c="$(cpu_seconds "$n-ours")" -v n="$ok" 'BEGIN {printf "%.2f\n", c * 1e6 / n}' >>"$OUT/t$t.ours.cpu"
    awk -v r="$(ycsb_runtime_s "$n-ours")" -v n="$ok" 'BEGIN {printf "%.1f\n", n / r}' >>"$OUT/t$t.ours.tput"

    timed "$n-bare" java $JVM_OPTS -cp "$BARE_CP" dev.ycsbmongo.bench.BareDriverLoop "$URL" bench_a "$t" "$ops" "$RECORDS"
    ok=$(sed -n 's/.* ok=\([0-9]*\) .*/\1/p' "$OUT/$n-bare.out")
    awk -v c="$(cpu_seconds "$n-bare")" -v n="$ok" 'BEGIN {printf "%.2f\n", c * 1e6 / n}' >>"$OUT/t$t.bare.cpu"
    sed -n 's/.*throughput_ops_s=\([0-9.]*\).*/\1/p' "$OUT/$n-bare.out" >>"$OUT/t$t.bare.tput"
  done
  oc=$(median <"$OUT/t$t.ours.cpu"); bc=$(median <"$OUT/t$t.bare.cpu")
  ot=$(median <"$OUT/t$t.ours.tput"); bt=$(median <"$OUT/t$t.bare.tput")
  printf '%-8s | %-16s | %-16s | %-10s | %-16s | %-16s | %-10s\n' "$t" "$oc" "$bc" \
    "$(awk -v a="$oc" -v b="$bc" 'BEGIN {printf "%.2fx", a / b}')" "$ot" "$bt" \
    "$(awk -v a="$ot" -v b="$bt" 'BEGIN {printf "%.2f", a / b}')"
done

echo
echo "## load of $LOAD_RECORDS records: unbatched vs batchsize=100, successful records/s and client CPU us/record (median of $REPS)"
printf '%-8s | %-18s | %-18s | %-9s | %-16s | %-16s\n' threads "unbatched rec/s" "batched rec/s" speed-up "unbatched CPU us" "batched CPU us"
for t in $LOAD_THREADS; do
  for b in 1 100; do : >"$OUT/load-t$t-b$b.tput"; : >"$OUT/load-t$t-b$b.cpu"; done
  for rep in $(seq 1 "$REPS"); do
    for b in 1 100; do
      n=load-t$t-b$b-r$rep
      timed "$n" "$YCSB" load mongodb -P "$ROOT/workloads/workloada" -p recordcount="$LOAD_RECORDS" \
        -p mongodb.url="$URL/bench_load_${t}_${b}_$rep" -p batchsize="$b" -threads "$t"
      ok=$(ycsb_ok "$n"); failed=$(ycsb_failed "$n")
      [[ $failed == 0 ]] || echo "WARNING: $n had $failed failed operations" >&2
      awk -v r="$(ycsb_runtime_s "$n")" -v n="$ok" 'BEGIN {printf "%.1f\n", n / r}' >>"$OUT/load-t$t-b$b.tput"
      awk -v c="$(cpu_seconds "$n")" -v n="$ok" 'BEGIN {printf "%.2f\n", c * 1e6 / n}' >>"$OUT/load-t$t-b$b.cpu"
      # the embedded server holds every record on its heap: free this load's before the next
      java -cp "$BARE_CP" dev.ycsbmongo.bench.DropDatabase "$URL" "bench_load_${t}_${b}_$rep" 2>/dev/null
    done
  done
  s1=$(median <"$OUT/load-t$t-b1.tput"); s100=$(median <"$OUT/load-t$t-b100.tput")
  printf '%-8s | %-18s | %-18s | %-9s | %-16s | %-16s\n' "$t" "$s1" "$s100" \
    "$(awk -v a="$s100" -v b="$s1" 'BEGIN {printf "%.1fx", a / b}')" \
    "$(median <"$OUT/load-t$t-b1.cpu")" "$(median <"$OUT/load-t$t-b100.cpu")"
done

if [[ $BIG_THREADS -gt 0 ]]; then
  echo
  echo "## $BIG_THREADS threads x 5 operations (launcher defaults, no pool option)"
  JAVA_OPTS= timed big "$YCSB" run mongodb -P "$ROOT/workloads/workloada" -p recordcount="$RECORDS" \
    -p operationcount=$((BIG_THREADS * 5)) -p mongodb.url="$URL/bench_a" -threads "$BIG_THREADS"
  echo "ok $(ycsb_ok big), failed $(ycsb_failed big), client max RSS $(max_rss_mib big) MiB, elapsed $(elapsed_seconds big) s"
  grep -h "pool summary" "$OUT/big.err" || true
fi
