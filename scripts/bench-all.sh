#!/usr/bin/env bash
# `make bench`: every benchmark against one production stack (scripts/bench.sh builds and
# starts it, the others reuse it, and it is stopped at the end), each script's table in
# bench/results/<kind>.md (the latest of each kind), and every table of this run in one
# file with the machine it ran on: bench/results/bench.md, also added at the top of
# bench/results/history.md (every run, newest first). A script that fails does not stop
# the others; the run then exits non-zero. Settings: those of the scripts (bench/README.md).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
bench_env
mkdir -p bench/results
started=$(date -u +%Y-%m-%dT%H:%MZ)
marker=$(mktemp)
trap 'rm -f "$marker"; "$ROOT/scripts/stack.sh" stop >/dev/null 2>&1 || true' EXIT

BENCH_KEEP=1 scripts/bench.sh
rc=0
for script in bench-gateway bench-catalogue bench-orders bench-notifications bench-frontend bench-search; do
  SKIP_BUILD=1 "scripts/$script.sh" || { rc=$?; warn "$script failed (exit $rc)"; }
done

# The run's tables, oldest first, under one heading that says what they ran on.
mapfile -t tables < <(find bench/results -maxdepth 1 -name '*.md' -newer "$marker" \
  ! -name bench.md ! -name history.md -printf '%T@ %p\n' | sort -n | cut -d' ' -f2-)
summary=$(bench_report bench)
{
  echo "# make bench, $started ($PROFILE profile, commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown))"
  echo
  echo "Machine: $(nproc) cores ($(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)), $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo) of memory, Linux $(uname -r); the load generators share the cores with the servers."
  for table in "${tables[@]}"; do
    echo
    echo "<!-- $(basename "$table") -->"
    echo
    # One level down, so that this file keeps one title.
    sed 's/^#/##/' "$table"
  done
} >"$summary"
history=bench/results/history.md
{
  # The first four lines are the file's heading; the runs follow, newest first.
  if [[ -f $history ]]; then sed -n 1,4p "$history"; else
    printf '%s\n\n%s\n\n' '# Every make bench run, newest first' \
      'Each section is one table (or, for `bench`, one whole `make bench` run) as it was saved; the latest of each kind is also `bench/results/<kind>.md`.'
  fi
  sed 's/^#/##/' "$summary"
  echo
  if [[ -f $history ]]; then sed -n '5,$p' "$history"; fi
} >"$history.new"
mv "$history.new" "$history"
log "this run's tables together: $summary (and at the top of $history)"
exit "$rc"
