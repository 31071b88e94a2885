#!/usr/bin/env bash
# bench/profile-stock.sh BASELINE_LAUNCHER [THREADS]: where each client's CPU per operation goes.
# Runs our scripts/ycsb and the given launcher (YCSB 0.17.0's own binding:
# e.g. ycsb-mongodb-binding-0.17.0/bin/ycsb.sh of its release) once each, ROUNDS times alternating, under
# async-profiler (CPU samples of every thread: Java, GC, JIT, native), with the settings of
# bench/compare-stock.sh, and prints per side the client CPU per successful operation split into
# categories: each sample goes to the first category met walking its stack from the leaf up, so
# the rows add up to the whole (an HashMap.put inside a codec counts as the codec).
#
# WARMUP=S profiles each run from its status line at S seconds for SPAN seconds instead of the whole
# run (the profiler attached then through jcmd, the JVM's CPU sampled from /proc, operations from
# YCSB's status lines): what an operation costs once the JIT has compiled, without the start-up and
# compiler threads that dominate a short run on two cores.
#
# Env: ROUNDS (3), RECORDS (50000), OPS (300000), PORT (27919), BENCH_URI, WORKLOAD, JAVA_OPTS as
#      in compare-stock.sh; AP_VERSION (4.6: tools.profiler:async-profiler from Maven Central),
#      AP_EVENT (itimer; cpu samples through perf events and shows kernel frames, but puts a
#      counter on every thread that each context switch must save and restore: with one switch per
#      operation it doubled both clients' CPU per operation at 16 threads, 2026-11-25), KEEP (a
#      directory to keep the collapsed stacks in), WARMUP (0: whole runs), SPAN (20: seconds
#      profiled after WARMUP).
# Needs mvn package, /usr/bin/time and Maven (to fetch async-profiler once).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
[[ $# -ge 1 ]] || { echo "usage: bench/profile-stock.sh BASELINE_LAUNCHER [THREADS]" >&2; exit 2; }
STOCK=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
[[ -x $STOCK ]] || { echo "bench: $STOCK is not an executable launcher" >&2; exit 2; }
T=${2:-16}
ROUNDS=${ROUNDS:-3}
RECORDS=${RECORDS:-50000}
OPS=${OPS:-300000}
PORT=${PORT:-27919}
WORKLOAD=${WORKLOAD:-$ROOT/workloads/rw-50-50}
AP_VERSION=${AP_VERSION:-4.6}
AP_EVENT=${AP_EVENT:-itimer}
WARMUP=${WARMUP:-0}
SPAN=${SPAN:-20}
[[ $WARMUP =~ ^[0-9]+$ ]] || { echo "bench: WARMUP=$WARMUP (accepted: whole seconds, 0 for whole runs)" >&2; exit 2; }
[[ $SPAN =~ ^[1-9][0-9]*$ ]] || { echo "bench: SPAN=$SPAN (accepted: whole seconds above 0)" >&2; exit 2; }
(( WARMUP == 0 )) || command -v jcmd >/dev/null || { echo "bench: WARMUP needs jcmd (a JDK's bin on PATH)" >&2; exit 2; }
BASE_JAVA_OPTS=${JAVA_OPTS:-"-Xmx1g -Xss512k -XX:+UseParallelGC"}
OURS=$ROOT/scripts/ycsb
OUT=$(mktemp -d)
[[ -x /usr/bin/time ]] || { echo "bench: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
[[ -e $ROOT/mongodb-binding/target/lib ]] || { echo "bench: run mvn package first" >&2; exit 2; }

AP_JAR=$HOME/.m2/repository/tools/profiler/async-profiler/$AP_VERSION/async-profiler-$AP_VERSION.jar
[[ -f $AP_JAR ]] || mvn -B -q dependency:get -Dartifact="tools.profiler:async-profiler:$AP_VERSION" -Dtransitive=false >/dev/null \
  || { echo "bench: cannot fetch tools.profiler:async-profiler:$AP_VERSION from Maven Central" >&2; exit 2; }
(cd "$OUT" && unzip -q -o "$AP_JAR" linux-x64/libasyncProfiler.so)
AP_LIB=$OUT/linux-x64/libasyncProfiler.so

source "$ROOT/bench/lib.sh"
bench_server "$PORT"
URL="$BASE?w=1&maxPoolSize=100"

echo "# profile-stock $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
RUN_LENGTH="$OPS operations"; (( WARMUP == 0 )) || RUN_LENGTH="$((WARMUP + SPAN + 2)) s per run"
echo "# server: $SERVER; -P $WORKLOAD, $RECORDS records, $RUN_LENGTH, $T threads, $URL; JAVA_OPTS=$BASE_JAVA_OPTS"
echo "# async-profiler $AP_VERSION, event $AP_EVENT, 1 ms interval; $ROUNDS rounds per side, alternating"
(( WARMUP == 0 )) || echo "# profiled from each run's status line at $WARMUP s to the one at $((WARMUP + SPAN)) s"

JAVA_OPTS=$BASE_JAVA_OPTS timed load "$OURS" load mongodb -s -P "$WORKLOAD" -p recordcount="$RECORDS" -p mongodb.url="$URL" -threads 8
[[ $(ycsb_ok load) == "$RECORDS" ]] || { echo "bench: the load failed" >&2; tail -5 "$OUT/load.err" >&2; exit 1; }

run_one() {  # run_one SIDE LAUNCHER ROUND
  local n=$1-r$3
  if (( WARMUP )); then
    JAVA_OPTS=$BASE_JAVA_OPTS timed_sampled "$n" "$2" run mongodb -s -P "$WORKLOAD" -p recordcount="$RECORDS" \
      -p operationcount=1000000000 -p maxexecutiontime=$((WARMUP + SPAN + 2)) -p status.interval=1 \
      -p mongodb.url="$URL" -threads "$T" &
    local run=$!
    profile_window "$n" || { kill "$run" 2>/dev/null; wait "$run" 2>/dev/null; echo "bench: $n: no profile window" >&2; tail -5 "$OUT/$n.err" >&2; exit 1; }
    wait "$run"
    cost_between "$n" "$WARMUP" $((WARMUP + SPAN)) >"$OUT/$n.window"
  else
    JAVA_OPTS="$BASE_JAVA_OPTS -agentpath:$AP_LIB=start,event=$AP_EVENT,interval=1ms,threads,collapsed,file=$OUT/$n.collapsed" \
      timed "$n" "$2" run mongodb -s -P "$WORKLOAD" -p recordcount="$RECORDS" -p operationcount="$OPS" \
      -p mongodb.url="$URL" -threads "$T"
  fi
  [[ $(ycsb_ok "$n") -gt 0 && -s $OUT/$n.collapsed ]] || { echo "bench: $n ran no operation or wrote no profile" >&2; tail -5 "$OUT/$n.err" >&2; exit 1; }
}

# profile_window NAME: once the run's status line at WARMUP s is out, start the profiler in its JVM;
# at WARMUP + SPAN s, stop it and write the collapsed stacks. Fails if the run ends first.
profile_window() {
  local n=$1
  status_reached "$n" "$WARMUP" && profiler "$n" "start,event=$AP_EVENT,interval=1ms,threads" &&
    status_reached "$n" $((WARMUP + SPAN)) && profiler "$n" "stop,threads,collapsed,file=$OUT/$n.collapsed"
}
# profiler NAME COMMAND: async-profiler's COMMAND in the run's JVM. jcmd would read the command's
# "k=v" as its own named arguments, hence the quotes; its exit status is 0 even when the agent
# refuses the command, hence the check of the return code it prints.
profiler() {
  jcmd "$(<"$OUT/$1.pid")" JVMTI.agent_load "$AP_LIB" "\"$2\"" >"$OUT/$1.jcmd" 2>&1
  grep -q 'return code: 0' "$OUT/$1.jcmd" || { echo "bench: $1: async-profiler refused '$2':" >&2; cat "$OUT/$1.jcmd" >&2; return 1; }
}
# status_reached NAME S: waits until the run prints its status line at S seconds (or ends: 1)
status_reached() {
  until grep -qE "^[0-9-]+ [0-9:]+ $2 sec: " "$OUT/$1.err" 2>/dev/null; do
    [[ -s $OUT/$1.time ]] && return 1
    sleep 0.1
  done
  [[ -s $OUT/$1.pid ]]
}
for r in $(seq 1 "$ROUNDS"); do
  if (( r % 2 )); then run_one ours "$OURS" "$r"; run_one stock "$STOCK" "$r"
  else run_one stock "$STOCK" "$r"; run_one ours "$OURS" "$r"; fi
done
[[ -n ${KEEP:-} ]] && mkdir -p "$KEEP" && cp "$OUT"/*.collapsed "$KEEP"/

# categorize: one line per sample group, "category count"; the first rule met from the leaf up wins
categorize() {
  awk '
    function cat_of(f) {
      if (f ~ /^\[(GC Thread|GC Thread#|VM Thread|Parallel|PS|G1|GC)/ || f ~ /^\[.*GC.*tid=/) return "JVM: garbage collection"
      if (f ~ /^\[C[12] Compiler/) return "JVM: JIT compiler threads"
      if (f ~ /PoolStats/) return "binding: pool listener and POOL-CHECKOUT"
      if (f ~ /MaskingOutputStream/) return "binding: output masking"
      if (f ~ /^site\/ycsb\/measurements|^org\/HdrHistogram/) return "YCSB measurements (HdrHistogram)"
      if (f ~ /^site\/ycsb\/(workloads|generator|Utils|RandomByteIterator|ByteIterator)/) return "YCSB workload and generators"
      if (f ~ /^site\/ycsb\/(StatusThread|DBWrapper|ClientThread|Client)/) return "YCSB client loop and status"
      if (f ~ /^(dev\/ycsbmongo|site\/ycsb\/db)/) return "binding (ours: dev.ycsbmongo; stock: site.ycsb.db)"
      if (f ~ /^com\/mongodb\/(internal\/)?connection\/(DefaultConnectionPool|ConcurrentPool|UsageTrackingInternalConnection|PooledConnection)|^com\/mongodb\/internal\/connection\/.*Pool/) return "driver: connection pool"
      if (f ~ /^com\/mongodb\/(internal\/)?connection\/(SocketStream|SocketStreamHelper)|^java\/net\/|^sun\/nio\/ch\/|^java\/io\/|^sun\/net/) return "socket I/O (Java side)"
      if (f ~ /^com\/mongodb\/(internal\/)?connection\/(CommandMessage|RequestMessage|ByteBufferBsonOutput|ReplyMessage|ResponseBuffers|ReplyHeader|MessageHeader|CompositeByteBuf|BsonWriterDecorator|SplittablePayload|ElementExtendingBsonWriter|LevelCountingBsonWriter|BsonWriterHelper|IdHoldingBsonWriter)/) return "driver: command encoding and reply framing"
      if (f ~ /^org\/bson\/|^com\/mongodb\/internal\/connection\/ByteBuf|^com\/mongodb\/(internal\/)?connection\/.*Codec/) return "BSON: codecs, readers and writers"
      if (f ~ /^com\/mongodb\//) return "driver: operation, selection, session and retry plumbing"
      if (f ~ /^(__libc_|__GI_|__send|__recv|send|recv|read|write|poll|epoll|sendto|recvfrom|__poll|__read|__write)/ || f ~ /_\[k\]$/) return "system calls (send/recv/poll)"
      return ""
    }
    {
      n = $NF; $NF = ""; sub(/ $/, "")
      k = split($0, fr, ";")
      thread = fr[1]
      c = ""
      if (thread ~ /^\[/) c = cat_of(thread)
      for (i = k; i >= 2 && c == ""; i--) c = cat_of(fr[i])
      if (c == "") c = "other (JDK, JVM runtime, unresolved)"
      s[c] += n; total += n
    }
    END { for (c in s) printf "%s\t%d\n", c, s[c]; printf "TOTAL\t%d\n", total }'
}

# per side: samples per category over all rounds, scaled to the side's CPU µs per successful operation
for side in ours stock; do
  cpu=0; ok=0
  for r in $(seq 1 "$ROUNDS"); do
    if (( WARMUP )); then
      # the window's CPU µs/op and ops/s as seconds x ops/s x µs/op: CPU µs and operations to add up
      read -r wcpu wtput <"$OUT/$side-r$r.window"
      [[ $wcpu != n/a ]] || { echo "bench: $side-r$r: no figures for its window" >&2; exit 1; }
      cpu=$(awk -v a="$cpu" -v c="$wcpu" -v p="$wtput" -v s="$SPAN" 'BEGIN {print a + c * p * s / 1e6}')
      ok=$(awk -v a="$ok" -v p="$wtput" -v s="$SPAN" 'BEGIN {printf "%d", a + p * s}')
    else
      cpu=$(awk -v a="$cpu" -v b="$(cpu_seconds "$side-r$r")" 'BEGIN {print a + b}')
      ok=$((ok + $(ycsb_ok "$side-r$r")))
    fi
  done
  cat "$OUT"/"$side"-r*.collapsed | categorize >"$OUT/$side.cats"
  echo "$cpu $ok" >"$OUT/$side.cpu"
done
# rows sorted by ours' share, then the whole as measured
printf '\n| where the client CPU goes (exclusive; rows add up) | ours µs/op | stock µs/op | ours − stock |\n|---|---:|---:|---:|\n'
src="/usr/bin/time"; (( WARMUP == 0 )) || src="/proc, $WARMUP-$((WARMUP + SPAN)) s of each run"
awk -F'\t' -v src="$src" -v ocpu="$(cat "$OUT/ours.cpu")" -v scpu="$(cat "$OUT/stock.cpu")" '
  FNR == 1 { side = (side == "" ? "ours" : "stock") }
  { v[side, $1] = $2; if ($1 != "TOTAL") names[$1] = 1 }
  END {
    split(ocpu, o, " "); split(scpu, s, " ")
    ous = o[1] * 1e6 / o[2]; sus = s[1] * 1e6 / s[2]
    for (c in names) {
      a = ous * v["ours", c] / v["ours", "TOTAL"]; b = sus * v["stock", c] / v["stock", "TOTAL"]
      printf "%.3f\t| %s | %.1f | %.1f | %+.1f |\n", a, c, a, b, a - b
    }
    printf "-1\t| **all (client CPU: user + system, %s)** | **%.1f** | **%.1f** | **%+.1f** |\n", src, ous, sus, ous - sus
  }' "$OUT/ours.cats" "$OUT/stock.cats" | sort -t$'\t' -k1,1gr | cut -f2-
echo
echo "# samples: ours $(awk -F'\t' '$1 == "TOTAL" {print $2}' "$OUT/ours.cats"), stock $(awk -F'\t' '$1 == "TOTAL" {print $2}' "$OUT/stock.cats")"
rm -rf "$OUT"
