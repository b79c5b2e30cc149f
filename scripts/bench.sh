#!/usr/bin/env bash
# Gateway overhead and idle memory of the production build.
#
# Starts the stack (production profile, its own DATA_DIR and ports) and measures, side by side,
# the same identity calls made straight to identity and through the gateway:
#   - GET /identity/.well-known/jwks.json                (public, no token)
#   - GET /identity/api/admin/v1/IdentityAuth/Me          (bearer token from Login)
# reporting p50, p99 and requests/s, then a login burst straight to identity
# (scripts/bench-identity.sh: 200 logins, 8 at a time, identity's RSS before and after),
# then the idle RSS (VmRSS) of each binary.
# Load generator: oha when installed (fixed rate BENCH_RATE [1000] req/s, open loop), else
# wrk (closed loop at BENCH_CONNECTIONS: a saturation run, where the gateway's CPU cost
# on a 2-core machine shows as lost throughput rather than added latency).
# oha: cargo install --locked oha (also looked up in ~/.cache/shop-tools/bin).
# The load generator shares the machine with the servers: compare rows, not machines.
#
# Settings: BENCH_PROFILE [production], BENCH_DURATION [10] seconds per run (plus a 2 s warm-up),
# BENCH_CONNECTIONS [32], BENCH_THREADS [2] (wrk), BENCH_TOOL [oha|wrk, auto],
# BENCH_PORT_BASE [28080], BENCH_DATA_DIR [.data/bench], SKIP_BUILD=1 (reuse the
# built binaries), BENCH_KEEP=1 (leave the stack running), plus stack.sh's settings
# (DATABASE_URL, ADMIN_USERNAME, ADMIN_PASSWORD, ...).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

bench_env
DURATION=${BENCH_DURATION:-10}
CONNECTIONS=${BENCH_CONNECTIONS:-32}
THREADS=${BENCH_THREADS:-2}
RATE=${BENCH_RATE:-1000}
GW=http://127.0.0.1:$PORT_BASE
ID=http://127.0.0.1:$((PORT_BASE + 1))

export PATH=$PATH:${XDG_CACHE_HOME:-$HOME/.cache}/shop-tools/bin
TOOL=${BENCH_TOOL:-}
if [[ -z $TOOL ]]; then
  if command -v oha >/dev/null 2>&1; then
    TOOL=oha
  elif command -v wrk >/dev/null 2>&1; then
    TOOL=wrk
  else
    die "no load generator: install wrk (Debian: apt-get install wrk) or oha (cargo install --locked oha)"
  fi
fi
need "$TOOL" "Install it (wrk: apt-get install wrk; oha: cargo install --locked oha)."
need curl "Install curl (Debian: apt-get install curl)."

# to_ms VALUE UNIT: a latency in milliseconds.
to_ms() {
  awk -v v="$1" -v u="$2" 'BEGIN {
    f = 1
    if (u ~ /^(us|µs)$/) f = 0.001
    else if (u ~ /^(s|sec|secs)$/) f = 1000
    else if (u ~ /^(m|min)$/) f = 60000
    printf "%.3f", v * f }'
}

# load URL [HEADER]: prints "p50_ms p99_ms req_per_s non_2xx".
load() {
  local url=$1 header=${2:-} out args=()
  [[ -n $header ]] && args=(-H "$header")
  if [[ $TOOL == wrk ]]; then
    wrk -t"$THREADS" -c"$CONNECTIONS" -d2s "${args[@]}" "$url" >/dev/null 2>&1 || true
    out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency "${args[@]}" "$url")
    local p50 p99 rps bad
    p50=$(awk '$1 == "50%" { print $2 }' <<<"$out")
    p99=$(awk '$1 == "99%" { print $2 }' <<<"$out")
    rps=$(awk '$1 == "Requests/sec:" { print $2 }' <<<"$out")
    bad=$(awk '/Non-2xx or 3xx responses:/ { print $NF }' <<<"$out")
    printf '%s %s %s %s\n' \
      "$(to_ms "${p50%%[a-z]*}" "${p50##*[0-9.]}")" \
      "$(to_ms "${p99%%[a-z]*}" "${p99##*[0-9.]}")" \
      "${rps:-0}" "${bad:-0}"
  else
    # Open loop at a fixed rate, latencies corrected for coordinated omission: the
    # gateway's cost shows in the tail, not in a saturated machine's queueing.
    oha --no-tui -z 2s -c "$CONNECTIONS" -q "$RATE" "${args[@]}" "$url" >/dev/null 2>&1 || true
    out=$(oha --no-tui -z "${DURATION}s" -c "$CONNECTIONS" -q "$RATE" --latency-correction \
      "${args[@]}" "$url")
    # "  50.00% in 0.0012 secs" / "  50% in 1.23 ms"; "Requests/sec: 1234.5"; "[200] 123 responses"
    local p50 p99 rps bad
    p50=$(awk '$1 ~ /^50(\.0+)?%$/ && $2 == "in" { print $3, $4; exit }' <<<"$out")
    p99=$(awk '$1 ~ /^99(\.0+)?%$/ && $2 == "in" { print $3, $4; exit }' <<<"$out")
    rps=$(awk '$1 == "Requests/sec:" { print $2; exit }' <<<"$out")
    bad=$(awk '/^ *\[[0-9]+\] [0-9]+ responses/ { code = substr($1, 2, 3); if (code !~ /^2/) n += $2 } END { print n + 0 }' <<<"$out")
    # shellcheck disable=SC2086 # "value unit" pairs split on purpose
    printf '%s %s %s %s\n' "$(to_ms $p50)" "$(to_ms $p99)" "${rps:-0}" "${bad:-0}"
  fi
}

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo "?"; }

bench_stack_up

sleep 2
declare -A IDLE_RSS
for name in identity system retailstore paymentprovider gateway; do
  IDLE_RSS[$name]=$(rss_kib "$(<"$DATA_DIR/run/$name.pid")")
done

# A bearer token for the admin account, straight from identity.
token=$(admin_token "$ID")
[[ -n $token ]] || die "Login as $ADMIN_USERNAME failed"
AUTH="Authorization: Bearer $token"

JWKS=/identity/.well-known/jwks.json
ME=/identity/api/admin/v1/IdentityAuth/Me
cases=(
  "GET jwks.json, identity direct|$ID$JWKS|"
  "GET jwks.json, through gateway|$GW$JWKS|"
  "GET IdentityAuth/Me (bearer), identity direct|$ID$ME|$AUTH"
  "GET IdentityAuth/Me (bearer), through gateway|$GW$ME|$AUTH"
)

report=$(bench_report overhead)
{
  mode="${CONNECTIONS} connections, closed loop"
  [[ $TOOL == oha ]] && mode="${RATE} req/s fixed rate over ${CONNECTIONS} connections"
  echo "# Gateway overhead ($(date -u +%Y-%m-%dT%H:%MZ), $TOOL, $mode, ${DURATION}s per row, $(nproc) cores shared with the load generator)"
  echo
  echo "| call | p50 ms | p99 ms | req/s | non-2xx |"
  echo "|---|---:|---:|---:|---:|"
} >"$report"
declare -A P50 P99 RPS
for c in "${cases[@]}"; do
  IFS='|' read -r label url header <<<"$c"
  code=$(curl -s -o /dev/null -w '%{http_code}' ${header:+-H "$header"} "$url" || true)
  if [[ $code != 200 ]]; then
    warn "$label: $url answers $code, not 200; measuring anyway"
  fi
  log "$label ($url)"
  read -r p50 p99 rps bad < <(load "$url" "$header")
  P50[$label]=$p50
  P99[$label]=$p99
  RPS[$label]=$rps
  printf '| %s | %s | %s | %s | %s |\n' "$label" "$p50" "$p99" "$rps" "$bad" >>"$report"
done

overhead() {
  awk -v dp="${P50[$1]}" -v gp="${P50[$2]}" -v d99="${P99[$1]}" -v g99="${P99[$2]}" \
    -v dr="${RPS[$1]}" -v gr="${RPS[$2]}" 'BEGIN {
    printf "p50 %+.3f ms, p99 %+.3f ms (%+.0f%%), throughput %+.1f%%", gp - dp, g99 - d99,
      (d99 > 0 ? (g99 - d99) * 100 / d99 : 0), (dr > 0 ? (gr - dr) * 100 / dr : 0) }'
}
# The login burst runs last so that its memory shows in the table below too.
{
  echo
  "$ROOT/scripts/bench-identity.sh" "$ID" "$(<"$DATA_DIR/run/identity.pid")"
  echo
  echo "Gateway overhead, jwks.json: $(overhead "GET jwks.json, identity direct" "GET jwks.json, through gateway")"
  echo "Gateway overhead, Me:        $(overhead "GET IdentityAuth/Me (bearer), identity direct" "GET IdentityAuth/Me (bearer), through gateway")"
  echo
  echo "| binary | idle RSS (MiB) | RSS after the runs (MiB) |"
  echo "|---|---:|---:|"
  for name in identity system retailstore paymentprovider gateway; do
    now=$(rss_kib "$(<"$DATA_DIR/run/$name.pid")")
    awk -v n="$name" -v a="${IDLE_RSS[$name]}" -v b="$now" \
      'BEGIN { printf "| %s | %.1f | %.1f |\n", n, a / 1024, b / 1024 }'
  done
} >>"$report"

echo
cat "$report"
echo
log "saved to $report"
