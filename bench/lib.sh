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

# process_ticks PID VAR: that process's CPU so far (user + system, clock ticks) into VAR, without a
# subshell (timed_sampled calls it five times a second); fails when the process is gone
process_ticks() {
  local f
  read -r -a f 2>/dev/null <"/proc/$1/stat" && printf -v "$2" '%d' $((f[13] + f[14]))
}
# server_ticks: the embedded test server JVM's CPU so far, or "n/a" when the server is not ours to
# read (BENCH_URI) or has gone.
server_ticks() {
  local t
  if [[ -n ${SERVER_PID:-} ]] && process_ticks "$SERVER_PID" t; then echo "$t"; else echo n/a; fi
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

# timed_sampled NAME CMD...: as timed, and while it runs the client JVM's CPU (user + system, in
# clock ticks) every 0.2 s into $OUT/NAME.ticks as "epoch-seconds ticks", and the JVM's PID into
# $OUT/NAME.pid. The launcher execs java, so the JVM is /usr/bin/time's one child.
timed_sampled() {
  local name=$1; shift
  /usr/bin/time -f '%U %S %e %M' -o "$OUT/$name.time" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" &
  local timer=$! jvm="" ticks
  while kill -0 "$timer" 2>/dev/null; do
    if [[ -z $jvm ]]; then
      jvm=$(pgrep -P "$timer" | head -1 || true)
      [[ -z $jvm ]] || echo "$jvm" >"$OUT/$name.pid"
    fi
    if [[ -n $jvm ]] && process_ticks "$jvm" ticks; then
      echo "$EPOCHREALTIME $ticks" >>"$OUT/$name.ticks"
    fi
    sleep 0.2
  done
  wait "$timer"
}

# cost_between NAME FROM [TO]: client CPU µs per operation and operations per second from YCSB's
# first status line at or after FROM seconds to its last one at or before TO (default: the end) that
# the CPU samples reach (needs -s with status.interval=1 and timed_sampled), as "CPU_US_PER_OP
# OPS_PER_S"; "n/a n/a" when that leaves less than 5 s.
cost_between() {
  local name=$1 from=$2 to=${3:-999999999} last_sample status a b
  last_sample=$(tail -1 "$OUT/$name.ticks" 2>/dev/null | cut -d' ' -f1)
  # status lines ("2026-11-25 04:20:01:123 25 sec: 412345 operations; ...") as "epoch sec ops",
  # converted once per run (one date per line) and kept for its other windows
  if [[ ! -e $OUT/$name.status ]]; then
    grep -E '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:]+ [0-9]+ sec: [0-9]+ operations;' "$OUT/$name.err" |
      while read -r day time sec _ ops _; do
        echo "$(date -d "$day ${time%:*}.${time##*:}" +%s.%N) $sec $ops"
      done >"$OUT/$name.status"
  fi
  status=$(<"$OUT/$name.status")
  a=$(awk -v w="$from" '$2 >= w {print; exit}' <<<"$status")
  b=$(awk -v t="${last_sample:-0}" -v to="$to" '$1 <= t && $2 <= to {line = $0} END {print line}' <<<"$status")
  if [[ -z $a || -z $b ]] || ! awk -v a="$a" -v b="$b" 'BEGIN {split(a, x, " "); split(b, y, " "); exit !(y[2] - x[2] >= 5)}'; then
    echo "n/a n/a"; return
  fi
  awk -v a="$a" -v b="$b" -v hz="$(getconf CLK_TCK)" '
    { t[NR] = $1; c[NR] = $2 }
    function cpu_at(x,   i) {  # ticks at time x, interpolated between the samples around it
      for (i = 2; i <= NR; i++) if (t[i] >= x) return c[i - 1] + (c[i] - c[i - 1]) * (x - t[i - 1]) / (t[i] - t[i - 1])
      return c[NR]
    }
    END {
      split(a, x, " "); split(b, y, " ")
      printf "%.2f %.1f\n", (cpu_at(y[1]) - cpu_at(x[1])) * 1e6 / hz / (y[3] - x[3]), (y[3] - x[3]) / (y[1] - x[1])
    }' "$OUT/$name.ticks"
}
