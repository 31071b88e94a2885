#!/bin/sh
#
# bench/plan-size.sh [MB...]: how long `scripts/orchestrator validate --no-probe` takes, and how much
# memory it needs, on a plan holding one long quoted string (the plan's description) of MB megabytes
# (default: 2 8 50), written as YAML and as JSON: the string one word (no blank in it: the worst case
# for a YAML reader), and first a 2.9 MB string of 50-character words and a 2.9 MB word (just under the
# 3 MB limit), after the quickstart plan's as the floor. Prints the date, the machine and the commit, then per plan: its size, the exit status,
# the wall time and the peak RSS (GNU time's %M, else "n/a"), and the first line of stderr. No server is contacted (--no-probe). ORCHESTRATOR names another launcher to time (e.g. an
# older build's scripts/orchestrator); PLAN_SIZE_TIMEOUT (seconds, default 180) ends a validate that
# runs longer. Needs `mvn package` first.
set -eu
root=$(CDPATH='' cd -P -- "$(dirname -- "$0")/.." && pwd)
launcher=${ORCHESTRATOR:-$root/scripts/orchestrator}
limit=${PLAN_SIZE_TIMEOUT:-180}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
[ $# -gt 0 ] || set -- 2 8 50

# plan FILE MEGABYTES word|words: a plan whose description is that many megabytes of 'a', streamed to
# the file, as one word or as words of 50 characters (49 letters and a space)
plan() {
  file=$1
  bytes=$(awk -v mb="$2" 'BEGIN { printf "%d", mb * 1000000 }')
  if [ "$3" = words ]; then fill="tr '\\0' a | fold -w 49 | tr '\\n' ' '"; else fill="tr '\\0' a"; fi
  case $file in
    *.json) head='{"name": "big", "description": "'
            tail='", "targets": [{"name": "embedded", "uri": "embedded"}], "scenarios": [{"name": "s", "workload": "'$root'/workloads/workloada"}]}' ;;
    *) head='name: big
description: "'
       tail='"
targets:
  - name: embedded
    uri: embedded
scenarios:
  - name: s
    workload: '$root'/workloads/workloada' ;;
  esac
  { printf '%s' "$head"; head -c "$bytes" /dev/zero | eval "$fill"; printf '%s\n' "$tail"; } > "$file"
}

echo "date:    $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "machine: $(nproc) cores, $(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo) RAM, Linux $(uname -r), $(java -version 2>&1 | head -1)"
echo "server:  none (validate --no-probe contacts no server)"
echo "commit:  $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown); launcher $launcher"
echo
printf '%-6s %-6s %5s %10s %5s %8s %9s  %s\n' format string MB bytes exit wall_s peak_MiB "stderr (first line, cut)"
# the floor: the same command on the quickstart plan (1 KB), JVM start-up and all
/usr/bin/time -f '%e %M' -o "$out/time" "$launcher" validate --no-probe "$root/workloads/plans/quickstart.yaml" \
  >/dev/null 2>&1 || true
printf '%-6s %-6s %5s %10s %5s %8s %9s  %s\n' yaml quick 0 "$(wc -c < "$root/workloads/plans/quickstart.yaml")" 0 \
  "$(awk 'END { print $1 }' "$out/time")" "$(awk 'END { printf "%.0f", $2 / 1024 }' "$out/time")" \
  "(workloads/plans/quickstart.yaml: JVM start-up and a whole validate)"
for case in 2.9:words 2.9:word $(printf '%s:word ' "$@"); do
  mb=${case%%:*}
  style=${case#*:}
  for format in yaml json; do
    file=$out/plan-$mb.$format
    plan "$file" "$mb" "$style"
    size=$(wc -c < "$file")
    if /usr/bin/time -f '%e %M' true >/dev/null 2>&1; then
      set +e
      /usr/bin/time -f '%e %M' -o "$out/time" timeout "$limit" "$launcher" validate --no-probe "$file" \
        >/dev/null 2>"$out/err"
      status=$?
      set -e
      wall=$(awk 'END { print $1 }' "$out/time")
      rss=$(awk 'END { printf "%.0f", $2 / 1024 }' "$out/time")
    else
      start=$(date +%s.%N)
      set +e
      timeout "$limit" "$launcher" validate --no-probe "$file" >/dev/null 2>"$out/err"
      status=$?
      set -e
      wall=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
      rss=n/a
    fi
    [ "$status" -ne 124 ] || echo "killed after $limit s" > "$out/err"
    first=$(head -1 "$out/err" | sed "s|$out/||" | cut -c1-90)
    printf '%-6s %-6s %5s %10s %5s %8s %9s  %s\n' "$format" "$style" "$mb" "$size" "$status" "$wall" "$rss" \
      "${first:-(none)}"
    rm -f "$file"
  done
done
