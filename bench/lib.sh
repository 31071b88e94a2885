# bench/lib.sh: shell helpers the bench scripts share (sourced; bash). Needs OUT (a directory for
# the raw outputs) set before use.

# start_embedded_server PORT: the embedded test server (NOT MongoDB) in its own JVM on PORT, stopped
# when the sourcing script exits; its log in $OUT/server.log.
start_embedded_server() {
  local port=$1
  "$ROOT/scripts/embedded-mongo" "$port" >"$OUT/server.log" 2>&1 &
  SERVER_PID=$!
  trap 'kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true' EXIT
  for _ in $(seq 1 100); do grep -q listening "$OUT/server.log" 2>/dev/null && break; sleep 0.2; done
  grep -q listening "$OUT/server.log" || { echo "bench: embedded server did not start" >&2; cat "$OUT/server.log" >&2; exit 1; }
}

# bench_server PORT: BENCH_URI when set (a server without credentials; its path names the database),
# else the embedded test server on PORT; sets BASE (the URI without options) and SERVER (what to print).
bench_server() {
  if [[ -z ${BENCH_URI:-} ]]; then
    start_embedded_server "$1"
    BASE="mongodb://127.0.0.1:$1/ycsb"
    SERVER="embedded test server (mongo-java-server) in its own JVM, NOT MongoDB"
  else
    BASE=$BENCH_URI
    SERVER=$BENCH_URI
  fi
}

# timed NAME CMD...: runs CMD with stdout to $OUT/NAME.out, stderr to $OUT/NAME.err, and
# user/sys CPU seconds, elapsed seconds and max RSS (KiB) to $OUT/NAME.time.
timed() {
  local name=$1; shift
  /usr/bin/time -f '%U %S %e %M' -o "$OUT/$name.time" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err"
}
cpu_seconds() { awk '{printf "%.3f", $1 + $2}' "$OUT/$1.time"; }
elapsed_seconds() { awk '{print $3}' "$OUT/$1.time"; }
max_rss_mib() { awk '{printf "%.0f", $4 / 1024}' "$OUT/$1.time"; }
# successful operations and failed operations in a YCSB output file
ycsb_ok() { awk -F', ' '/^\[(READ|UPDATE|INSERT|SCAN|DELETE)\], Return=(OK|BATCHED_OK),/ {s += $3} END {print s + 0}' "$OUT/$1.out"; }
ycsb_failed() { awk -F', ' '/^\[(READ|UPDATE|INSERT|SCAN|DELETE)\], Return=/ && !/Return=(OK|BATCHED_OK),/ {s += $3} END {print s + 0}' "$OUT/$1.out"; }
ycsb_runtime_s() { awk -F', ' '/^\[OVERALL\], RunTime/ {printf "%.3f", $3 / 1000}' "$OUT/$1.out"; }
# median of the numbers on stdin; min_max: "min-max"
median() { sort -g | awk '{a[NR] = $1} END {if (NR % 2) print a[(NR + 1) / 2]; else printf "%.3f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
min_max() { sort -g | awk 'NR == 1 {lo = $1} {hi = $1} END {print lo "-" hi}'; }
