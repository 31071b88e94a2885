#!/bin/sh
#
# bench/connections-bench.sh [COUNT] [SMALL_COUNT] [SERVERS] [HOLD]: the connection stress of
# study 5 against SERVERS embedded test servers (default 4) on free loopback ports, first
# SMALL_COUNT connections (default 10000, for memory per held connection), then COUNT (default
# 50000, the most one command holds), each held HOLD (default 20s). The counts are in all:
# connections.count is per server, so each run asks COUNT / SERVERS of each server (--count). One embedded server process
# stops near 20,000 open files here (ulimit -n), hence several. Prints the date, the machine, the
# server, and per run: reached, seen by the server (the servers' established sockets from `ss`:
# the embedded server's serverStatus always answers connections.current 1), open time, client
# peak RSS, bytes per held connection, and the servers' RSS while held. Stops its servers by PID.
#
# The servers are the embedded MongoDB-wire test server (mongo-java-server), not MongoDB: open
# times measure the client and that server together on this machine's 2 shared cores.
# Needs `mvn package` first, jq and ss. Results (JSON, logs) stay in bench/out/connections-<time>/.
set -eu
root=$(CDPATH='' cd -P -- "$(dirname -- "$0")/.." && pwd)
count=${1:-50000}
small=${2:-10000}
servers=${3:-4}
hold=${4:-20s}
out=$root/bench/out/connections-$(date -u +%Y%m%d-%H%M%S)
mkdir -p "$out"

for tool in jq ss; do
  command -v "$tool" >/dev/null 2>&1 || { echo "connections-bench: $tool is needed" >&2; exit 2; }
done

# Each server: 2 GB heap at most; the logger that prints a stack trace for every connection reset
# (the client closes with a reset) is off, or 50,000 closes would write gigabytes of logs.
server_opts="-Xmx2g -Dorg.slf4j.simpleLogger.log.de.bwaldvogel.mongo.wire.MongoExceptionHandler=off"

pids=
stop_servers() {
  for pid in $pids; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in $pids; do
    wait "$pid" 2>/dev/null || true
  done
  pids=
}
trap stop_servers EXIT
trap 'stop_servers; exit 130' INT TERM

# Start the servers on port 0 and read the port each one picked from its first line.
ports=
i=1
while [ "$i" -le "$servers" ]; do
  JAVA_OPTS=$server_opts "$root/scripts/embedded-mongo" 0 >"$out/server-$i.log" 2>&1 &
  pids="$pids $!"
  i=$((i + 1))
done
uri=mongodb://
i=1
for pid in $pids; do
  port=
  tries=0
  while [ -z "$port" ] && [ "$tries" -lt 300 ]; do
    port=$(sed -n 's|^embedded-mongo: listening on mongodb://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$out/server-$i.log")
    [ -n "$port" ] || { sleep 0.1; tries=$((tries + 1)); }
  done
  [ -n "$port" ] || { echo "connections-bench: server $i (pid $pid) did not start: $(cat "$out/server-$i.log")" >&2; exit 1; }
  ports="$ports $port"
  [ "$i" -gt 1 ] && uri="$uri,"
  uri="${uri}127.0.0.1:$port"
  i=$((i + 1))
done
uri="$uri/"

# server_sockets: established sockets whose local port is a server's: what the servers hold.
server_sockets() {
  ss -Htn state established | awk -v ports="$ports" '
    BEGIN { n = split(ports, p, " "); for (i = 1; i <= n; i++) want[":" p[i]] = 1 }
    { local = $3; sub(/.*:/, ":", local); if (local in want) c++ }
    END { print c + 0 }'
}

# server_rss_mib: the servers' resident memory, summed, in MiB.
server_rss_mib() {
  total=0
  for pid in $pids; do
    kb=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo 0)
    total=$((total + ${kb:-0}))
  done
  echo $((total / 1024))
}

echo "date:    $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "machine: $(nproc) cores ($(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo)), $(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo) RAM, Linux $(uname -r), $(java -version 2>&1 | head -1)"
echo "limits:  ulimit -n $(awk '/^Max open files/ { print $4 }' /proc/self/limits), net.ipv4.ip_local_port_range $(tr '\t' ' ' </proc/sys/net/ipv4/ip_local_port_range)"
echo "server:  embedded test server (mongo-java-server 1.47.0, not MongoDB), $servers processes on ports$ports, each $server_opts"
echo "command: scripts/orchestrator connections --uri $uri --count N/$servers --hold $hold --json FILE (N/$servers to each server)"
echo

for n in $small $count; do
  json=$out/connections-$n.json
  before=$(server_sockets)
  "$root/scripts/orchestrator" connections --uri "$uri" --count "$((n / servers))" --hold "$hold" --json "$json" \
    >"$out/connections-$n.out" 2>"$out/connections-$n.err" &
  client=$!
  peak=0
  peak_rss=0
  while kill -0 "$client" 2>/dev/null; do
    now=$(server_sockets)
    if [ "$now" -gt "$peak" ]; then
      peak=$now
      peak_rss=$(server_rss_mib)
    fi
    sleep 1
  done
  status=0
  wait "$client" || status=$?
  if [ ! -s "$json" ]; then
    echo "connections-bench: the $n run wrote no result (exit $status):" >&2
    tail -5 "$out/connections-$n.err" >&2
    exit 1
  fi
  echo "== $n connections (exit $status)"
  jq -r --arg seen "$((peak - before))" --arg srss "$peak_rss" '
    def mib: if . == null then "?" else (. / 1048576 * 10 | round / 10 | tostring) + " MiB" end;
    "reached:              \(.opened) of \(.requested) (client side); failures: \(.failuresByCause | if length == 0 then "none" else tostring end)",
    "seen by the servers:  \($seen) established server-side sockets at the peak (ss; serverStatus: \(.seenByServerNote | .[0:60])...)",
    "open time:            \(.openSeconds | . * 10 | round / 10) s (first attempt to last open); per connection p50 \(.openLatencyP50Millis) ms, p99 \(.openLatencyP99Millis) ms, max \(.openLatencyMaxMillis) ms",
    "held:                 \(.holdSeconds | . * 10 | round / 10) s, dropped while held: \(.droppedWhileHeld)",
    "client:               \(.workers) worker JVMs; RSS before \(.clientRssBeforeBytes | mib), held \(.clientRssHeldBytes | mib), peak \(.clientPeakRssBytes | mib); \(.clientBytesPerConnection) bytes per held connection",
    "servers RSS at peak:  \($srss) MiB over all server processes",
    "spread:               source addresses \(.sourceAddresses | if length == 0 then "the kernel'"'"'s choice" else join(",") end); \(.limits)"
  ' "$json"
  echo
done
echo "files: $out"
