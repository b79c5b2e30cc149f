#!/usr/bin/env bash
# `make bench`: every benchmark against one production stack (scripts/bench.sh builds and
# starts it, the others reuse it, and it is stopped at the end), each script's table in
# bench/results/, and every table of this run in one file with the machine it ran on:
# bench/results/bench-<date>.md. A script that fails does not stop the others; the run
# then exits non-zero. Settings: those of the five scripts (bench/README.md).
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
for script in bench-gateway bench-catalogue bench-orders bench-notifications bench-frontend; do
  SKIP_BUILD=1 "scripts/$script.sh" || { rc=$?; warn "$script failed (exit $rc)"; }
done

# The run's tables, oldest first, under one heading that says what they ran on.
mapfile -t tables < <(find bench/results -maxdepth 1 -name '*.md' -newer "$marker" ! -name 'bench-*' | sort -t- -k2)
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
log "this run's tables together: $summary"
exit "$rc"
