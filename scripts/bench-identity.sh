#!/usr/bin/env bash
# Login burst: identity's resident memory before and after BENCH_LOGINS [200] logins made
# BENCH_LOGIN_CONCURRENCY [8] at a time, straight to identity (the gateway's per-IP login
# limit would refuse most of them). Each login costs one argon2id hash (19 MiB of working
# memory); identity keeps that memory on its few hashing threads, so the "after" figure
# should stay far below its 256 Mi Kubernetes limit.
#
# Usage: scripts/bench-identity.sh IDENTITY_URL PID  (ADMIN_USERNAME, ADMIN_PASSWORD from
# the environment). Prints a Markdown table on stdout; bench.sh appends it to its report.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[[ $# -eq 2 ]] || die "usage: $0 IDENTITY_URL PID"
ID=$1 PID=$2
LOGINS=${BENCH_LOGINS:-200}
CONCURRENCY=${BENCH_LOGIN_CONCURRENCY:-8}
need curl "Install curl (Debian: apt-get install curl)."

rss_mib() { awk '/^VmRSS:/ { printf "%.1f", $2 / 1024 }' "/proc/$PID/status" 2>/dev/null || echo "?"; }

pw=${ADMIN_PASSWORD//\\/\\\\}
pw=${pw//\"/\\\"}
body_file=$(mktemp)
trap 'rm -f "$body_file"' EXIT
printf '{"userName":"%s","password":"%s"}' "$ADMIN_USERNAME" "$pw" >"$body_file"

before=$(rss_mib)
log "login burst: $LOGINS logins, $CONCURRENCY at a time ($ID)"
start=$(date +%s.%N)
# One status code per line. Each login claims its own client address (identity trusts
# X-Forwarded-For from 127.0.0.1, as from the gateway): identity counts attempts in flight
# per (user, client) and would refuse more than LOGIN_MAX_FAILURES at once from one.
codes=$(seq "$LOGINS" | awk '{ printf "198.18.%d.%d\n", int($1 / 250), $1 % 250 + 1 }' |
  xargs -P "$CONCURRENCY" -I{} curl -s -o /dev/null -w '%{http_code}\n' \
    --max-time 60 -X POST -H 'content-type: application/json' -H 'x-forwarded-for: {}' \
    --data-binary "@$body_file" "$ID/identity/api/admin/v1/IdentityAuth/Login" || true)
end=$(date +%s.%N)
sleep 1
after=$(rss_mib)
ok=$(grep -c '^200$' <<<"$codes" || true)

echo "| login burst (identity direct) | logins ok | seconds | logins/s | identity RSS before (MiB) | RSS after (MiB) |"
echo "|---|---:|---:|---:|---:|---:|"
awk -v n="$LOGINS" -v c="$CONCURRENCY" -v ok="$ok" -v s="$start" -v e="$end" -v b="$before" -v a="$after" \
  'BEGIN { d = e - s; printf "| %d logins, %d at a time | %d | %.1f | %.1f | %s | %s |\n", n, c, ok, d, (d > 0 ? ok / d : 0), b, a }'
[[ $ok -eq $LOGINS ]] || warn "only $ok of $LOGINS logins succeeded"
