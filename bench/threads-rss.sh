#!/usr/bin/env bash
# YCSB client threads vs client memory: the peak RSS of the client JVM that `scripts/ycsb run
# mongodb` starts, with the launcher's default JVM options, at several -threads counts.
#
# One embedded test server process (scripts/embedded-mongo on a free loopback port, stopped by
# its PID on exit), one small load, then for each repetition every thread count once, in an
# order rotated by one place per repetition so that no count always runs first or last. Each
# run has OPS_PER_THREAD operations per thread (YCSB gives every thread its share, so every
# thread runs). Peak RSS is the high-water mark of the java process (the launcher execs java):
# GNU time's maximum resident set size where /usr/bin/time exists, else the last VmHWM read from
# /proc/PID/status, polled every 0.1 s until the process ends. Prints a table: per thread count
# the median and min-max of peak RSS and wall time, the JVM options the launcher chose, and the
# client RSS per thread between the two highest counts (same JVM options from 1,000 threads on).
#
# The server is NOT MongoDB: these numbers describe our client's memory, not a database.
#
# Usage: bench/threads-rss.sh            (after mvn package)
# Env: THREAD_COUNTS ("1 100 1000 10000"), REPS (3), OPS_PER_THREAD (5), RECORDS (10000),
#      RSS_METHOD (auto | time | proc)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
THREAD_COUNTS=${THREAD_COUNTS:-"1 100 1000 10000"}
REPS=${REPS:-3}
OPS_PER_THREAD=${OPS_PER_THREAD:-5}
RECORDS=${RECORDS:-10000}
RSS_METHOD=${RSS_METHOD:-auto}
DATABASE=bench_threads_rss
OUT=$ROOT/bench/out/threads-rss-$(date -u +%Y%m%dT%H%M%SZ)
BENCH_CP="$ROOT/bench/target/bench-0.1.0-SNAPSHOT.jar:$ROOT/bench/target/lib/*"
YCSB=$ROOT/scripts/ycsb

[[ -e $ROOT/bench/target/lib && -e $ROOT/mongodb-binding/target/lib ]] || { echo "bench: run mvn package first" >&2; exit 2; }
if [[ $RSS_METHOD == auto ]]; then
  if [[ -x /usr/bin/time ]]; then RSS_METHOD="time"; else RSS_METHOD="proc"; fi
fi
case $RSS_METHOD in
  time) [[ -x /usr/bin/time ]] || { echo "bench: RSS_METHOD=time needs /usr/bin/time (apt-get install time)" >&2; exit 2; } ;;
  proc) ;;
  *) echo "bench: RSS_METHOD must be auto, time or proc, not '$RSS_METHOD'" >&2; exit 2 ;;
esac
read -r -a COUNTS <<<"$THREAD_COUNTS"
mkdir -p "$OUT"

SERVER_PID=
CLIENT_PID=
# Stops what this script started, each by its PID: a client still running (and, under GNU time,
# its java child), then the server.
cleanup() {
  if [[ -n $CLIENT_PID ]]; then
    pkill -TERM -P "$CLIENT_PID" 2>/dev/null || true
    kill "$CLIENT_PID" 2>/dev/null || true
    wait "$CLIENT_PID" 2>/dev/null || true
  fi
  if [[ -n $SERVER_PID ]]; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Port 0: the server takes a free port and says which in its "listening on" line.
env -u JAVA_OPTS "$ROOT/scripts/embedded-mongo" 0 >"$OUT/server.log" 2>&1 &
SERVER_PID=$!
URL=
for _ in $(seq 1 150); do
  URL=$(sed -n 's|^embedded-mongo: listening on \(mongodb://127\.0\.0\.1:[0-9]*\)/.*|\1|p' "$OUT/server.log")
  [[ -n $URL ]] && break
  kill -0 "$SERVER_PID" 2>/dev/null || break
  sleep 0.2
done
[[ -n $URL ]] || { echo "bench: embedded server did not start" >&2; cat "$OUT/server.log" >&2; exit 1; }

# successful and failed operations in a YCSB output file
ycsb_ok() { awk -F', ' '/^\[(READ|UPDATE|INSERT|SCAN|DELETE|READ-MODIFY-WRITE)\], Return=(OK|BATCHED_OK),/ {s += $3} END {print s + 0}' "$1"; }
ycsb_failed() { awk -F', ' '/^\[(READ|UPDATE|INSERT|SCAN|DELETE|READ-MODIFY-WRITE)\], Return=/ && !/Return=(OK|BATCHED_OK),/ {s += $3} END {print s + 0}' "$1"; }
median() { sort -g | awk '{a[NR] = $1} END {if (NR % 2) print a[(NR + 1) / 2]; else printf "%.1f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
minmax() { sort -g | awk 'NR == 1 {lo = $1} {hi = $1} END {print lo "-" hi}'; }

# measure NAME CMD...: runs CMD (which must exec java) with stdout and stderr to $OUT/NAME.out
# and .err; appends "PEAK_RSS_KIB WALL_SECONDS" to $OUT/NAME.rss.
measure() {
  local name=$1 start end hwm=0 key value _
  shift
  start=$(date +%s.%N)
  if [[ $RSS_METHOD == time ]]; then
    /usr/bin/time -f '%M' -o "$OUT/$name.time" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" &
    CLIENT_PID=$!
    wait "$CLIENT_PID" || true
    hwm=$(tail -1 "$OUT/$name.time")
  else
    "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" &
    CLIENT_PID=$!
    # VmHWM only grows; the last value read before the process ends is its peak (to within 0.1 s)
    while [[ -r /proc/$CLIENT_PID/status ]]; do
      while read -r key value _; do
        if [[ $key == VmHWM: ]]; then hwm=$value; fi
      done <"/proc/$CLIENT_PID/status" 2>/dev/null || true
      # a zombie (ended, not yet waited for) has no VmHWM left to read
      if [[ $(awk '{print $3}' "/proc/$CLIENT_PID/stat" 2>/dev/null) == Z ]]; then break; fi
      sleep 0.1
    done
    wait "$CLIENT_PID" || true
  fi
  CLIENT_PID=
  end=$(date +%s.%N)
  echo "$hwm $(awk -v s="$start" -v e="$end" 'BEGIN {printf "%.2f", e - s}')" >"$OUT/$name.rss"
}

echo "# YCSB threads vs client RSS, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "# machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo), $(uname -sr), $(java -version 2>&1 | head -1)"
echo "# server: embedded test server (mongo-java-server, in memory, own process on $URL), NOT MongoDB; figures are the client's"
echo "# client: scripts/ycsb run mongodb -P workloads/workloada, launcher default JVM options, no pool option"
echo "# peak RSS from: $([[ $RSS_METHOD == time ]] && echo "GNU time (max resident set size of the java process)" || echo "VmHWM of /proc/PID/status, polled every 0.1 s")"
echo "# raw outputs: $OUT"
echo "# load average at start (1, 5, 15 min): $(cut -d' ' -f1-3 /proc/loadavg)"

measure load env -u JAVA_OPTS "$YCSB" load mongodb -P "$ROOT/workloads/workloada" -p recordcount="$RECORDS" \
  -p mongodb.url="$URL/$DATABASE" -threads 4
[[ $(ycsb_ok "$OUT/load.out") == "$RECORDS" ]] || { echo "bench: load of $RECORDS records failed, see $OUT/load.err" >&2; exit 1; }
echo "# loaded $RECORDS records into $DATABASE"

problems=0
n=${#COUNTS[@]}
for rep in $(seq 1 "$REPS"); do
  for i in $(seq 0 $((n - 1))); do
    t=${COUNTS[$(((i + rep - 1) % n))]}
    ops=$((t * OPS_PER_THREAD))
    name=t$t-r$rep
    # YCSB_LAUNCHER_DEBUG=1: the launcher prints the java command line (URL hidden) on stderr
    measure "$name" env -u JAVA_OPTS YCSB_LAUNCHER_DEBUG=1 "$YCSB" run mongodb -P "$ROOT/workloads/workloada" \
      -p recordcount="$RECORDS" -p operationcount="$ops" -p mongodb.url="$URL/$DATABASE" -threads "$t"
    ok=$(ycsb_ok "$OUT/$name.out"); failed=$(ycsb_failed "$OUT/$name.out")
    read -r rss wall <"$OUT/$name.rss"
    echo "# rep $rep, $t threads: $ok ok, $failed failed of $ops, peak RSS $(awk -v k="$rss" 'BEGIN {printf "%.0f", k / 1024}') MiB, wall $wall s" >&2
    if [[ $ok != "$ops" || $failed != 0 ]]; then
      echo "WARNING: $name: $ok of $ops operations succeeded, $failed failed (see $OUT/$name.err)" >&2
      problems=$((problems + 1))
    fi
    echo "$rss" >>"$OUT/t$t.rss-kib"
    echo "$wall" >>"$OUT/t$t.wall"
    grep -o -- ' -Xmx[^ ]* -Xss[^ ]* -XX:+Use[A-Za-z]*GC' "$OUT/$name.err" | head -1 | sed 's/^ //' >"$OUT/t$t.jvm"
  done
done

echo
echo "## peak RSS of the client JVM, $REPS runs per thread count ($OPS_PER_THREAD operations per thread)"
printf '| %-7s | %-10s | %-15s | %-17s | %-14s | %-12s | %s |\n' threads operations "peak RSS MiB" "min-max MiB" "wall s (median)" "wall min-max" "JVM options (launcher defaults)"
echo "|---:|---:|---:|---:|---:|---:|---|"
for t in $(printf '%s\n' "${COUNTS[@]}" | sort -n); do
  mib=$(awk '{printf "%.0f\n", $1 / 1024}' "$OUT/t$t.rss-kib")
  printf '| %-7s | %-10s | %-15s | %-17s | %-14s | %-12s | %s |\n' "$t" "$((t * OPS_PER_THREAD))" \
    "$(median <<<"$mib")" "$(minmax <<<"$mib")" "$(median <"$OUT/t$t.wall")" "$(minmax <"$OUT/t$t.wall")" \
    "$(cat "$OUT/t$t.jvm")"
done

# client RSS per thread between the two highest counts (from 1,000 threads on both have the same JVM options)
read -r -a SORTED <<<"$(printf '%s\n' "${COUNTS[@]}" | sort -n | tail -2 | tr '\n' ' ')"
if [[ ${#SORTED[@]} == 2 ]]; then
  lo=${SORTED[0]}; hi=${SORTED[1]}
  rlo=$(median <"$OUT/t$lo.rss-kib"); rhi=$(median <"$OUT/t$hi.rss-kib")
  echo
  echo "client RSS per thread, (median rss$hi - median rss$lo) / $((hi - lo)): $(awk -v a="$rhi" -v b="$rlo" -v d="$((hi - lo))" 'BEGIN {printf "%.1f KiB", (a - b) / d}')"
  if [[ $(cat "$OUT/t$lo.jvm") != "$(cat "$OUT/t$hi.jvm")" ]]; then
    echo "(note: $lo and $hi threads ran with different JVM options, so this mixes the options' cost in)"
  fi
fi

echo "# load average at end (1, 5, 15 min): $(cut -d' ' -f1-3 /proc/loadavg)"
java -cp "$BENCH_CP" dev.ycsbmongo.bench.DropDatabase "$URL" "$DATABASE" 2>>"$OUT/drop.err" \
  || echo "WARNING: could not drop $DATABASE (see $OUT/drop.err)" >&2
if [[ $problems -gt 0 ]]; then
  echo "WARNING: $problems runs did not complete every operation; their figures are in the table all the same" >&2
  exit 1
fi
