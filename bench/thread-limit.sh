#!/bin/sh
#
# bench/thread-limit.sh [RUNS]: a run phase asking more threads than its cgroup allows, as
# `docker --pids-limit 400` gives: how long until the phase is recorded failed, and its cause. The
# orchestrator runs in a pids cgroup of its own (cgroup v1's pids controller, or v2 with pids
# enabled); the plan asks 1,000 threads for 8 s (maxexecutiontime) against the embedded server
# (mongo-java-server, not MongoDB), and pids.max is lowered to PIDS (default 400) once the load
# phase runs: validate would refuse the plan in the lowered group, naming pids.max. Prints the run
# phase's runtime and cause, RUNS times (default 3). Needs root (to make the cgroup) and
# `mvn package` first.
set -eu
root=$(CDPATH='' cd -P -- "$(dirname -- "$0")/.." && pwd)
runs=${1:-3}
pids=${PIDS:-400}
if [ -d /sys/fs/cgroup/pids ] && [ -f /sys/fs/cgroup/pids/cgroup.procs ]; then
  group=/sys/fs/cgroup/pids/thread-limit-$$
elif grep -qw pids /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
  echo +pids > /sys/fs/cgroup/cgroup.subtree_control 2>/dev/null || true
  group=/sys/fs/cgroup/thread-limit-$$
else
  echo "bench: no pids cgroup controller here" >&2; exit 2
fi
mkdir "$group" || { echo "bench: cannot make a cgroup (needs root): $group" >&2; exit 2; }
out=$(mktemp -d)
cleanup() { rmdir "$group" 2>/dev/null || true; rm -rf "$out"; }
trap cleanup EXIT
cat > "$out/plan.yaml" <<PLAN
name: thread-limit
targets: [{name: local, uri: embedded}]
scenarios: [{name: a, properties: {threads: 1000}}]
properties: {workload: site.ycsb.workloads.CoreWorkload, recordcount: 20000, operationcount: 100000000,
  maxexecutiontime: 8, readproportion: 1, updateproportion: 0}
execution: {rampUp: 2s}
PLAN

. "$root/bench/header.sh"
bench_header "$root" "cgroup: $group, pids.max $pids once the load runs; server: embedded (mongo-java-server), not MongoDB"
echo "run  run_phase_s  cause"
i=1
while [ "$i" -le "$runs" ]; do
  echo max > "$group/pids.max"
  sh -c "echo \$\$ > '$group/cgroup.procs'; exec '$root/scripts/orchestrator' run '$out/plan.yaml' -o '$out/res-$i' --progress plain" \
    >"$out/out-$i.txt" 2>"$out/err-$i.txt" &
  orch=$!
  while ! grep -q "/20,000 ops (" "$out/err-$i.txt" 2>/dev/null; do
    kill -0 "$orch" 2>/dev/null || break
    sleep 0.2
  done
  echo "$pids" > "$group/pids.max"
  wait "$orch" || true
  python3 - "$out/res-$i" "$i" <<'PY'
import glob, json, sys
for f in glob.glob(sys.argv[1] + "/*/results.jsonl"):
    for line in open(f):
        r = json.loads(line)
        if r["phaseId"].startswith("run/"):
            print(f'{sys.argv[2]:>3}  {r["runtimeSeconds"]:>11.1f}  {r["status"]}: {r.get("cause")}')
PY
  i=$((i + 1))
done
