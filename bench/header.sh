# bench/header.sh: the two lines every bench script prints first, so its figures carry their date,
# machine, load and commit (sourced; POSIX sh).

# bench_header ROOT WHAT: date, host, cores and load, then the commit of ROOT and WHAT (the server or
# target the figures describe).
bench_header() {
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ); host: $(uname -srm), $(nproc) cores; load: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "commit: $(git -C "$1" rev-parse --short HEAD 2>/dev/null || echo unknown); $2"
}
