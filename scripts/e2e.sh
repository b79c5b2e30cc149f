#!/usr/bin/env bash
# End-to-end tests: the real stack (debug binaries, built SPA) on PORT_BASE 18080 with a
# fresh database, driven by `npm run test:e2e` (playwright-core + /usr/bin/chromium).
#
# The database: when TEST_DATABASE_URL is set and a PostgreSQL answers there, a new
# database shop_e2e_<random> is made there (same TLS parameters) and dropped afterwards;
# else a private cluster under .data/e2e/pg (TLS only, sslmode=verify-full).
# The stack is always stopped at the end. SKIP_BUILD=1 reuses the existing debug
# binaries and frontend/dist. Logs: .data/e2e/logs (kept until the next run).
# Every e-mail goes to the stack's mail catcher (maildev, SMTP on PORT_BASE+5), whose
# web inbox and API are exported to the tests as E2E_MAIL_URL (http://127.0.0.1:PORT_BASE+6).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

export PROFILE=debug
# E2E_DATA_DIR and E2E_PORT_BASE let two runs share a checkout without meeting.
export DATA_DIR=${E2E_DATA_DIR:-$ROOT/.data/e2e}
export PORT_BASE=${E2E_PORT_BASE:-18080}
export ADMIN_USERNAME=${E2E_ADMIN_USERNAME:-admin}
export ADMIN_PASSWORD=${E2E_ADMIN_PASSWORD:-Admin@123}
# Every test logs in and orders from 127.0.0.1: the per-IP limits meant for the public
# would turn the suite into 429s. The limits themselves are covered by the gateway's and
# retailstore's own tests; set these variables to run the e2e tests with other values.
export RATE_LIMIT_LOGIN_PER_MINUTE=${RATE_LIMIT_LOGIN_PER_MINUTE:-1000}
export RATE_LIMIT_ORDER_PER_MINUTE=${RATE_LIMIT_ORDER_PER_MINUTE:-1000}
# Tests change the shop and look at once: the gateway renders each page afresh (its
# page cache is covered by its own tests).
export PAGE_CACHE_SECONDS=${PAGE_CACHE_SECONDS:-0}
export MAX_UNPAID_ORDERS_PER_IP=${MAX_UNPAID_ORDERS_PER_IP:-1000}
# A fresh, empty shop: the tests arrange their own data.
export SEED_DEMO=${E2E_SEED_DEMO:-0}
# The shop's e-mails go to this run's mail catcher, never to a real mail server or
# Telegram chat set in the caller's environment.
unset SMTP_URL TELEGRAM_BOT_TOKEN TELEGRAM_CHAT_ID
export MAIL_CATCHER=1
export MAIL_SMTP_PORT=$((PORT_BASE + 5)) MAIL_WEB_PORT=$((PORT_BASE + 6))
export CHROMIUM_PATH=${CHROMIUM_PATH:-/usr/bin/chromium}
[[ -x $CHROMIUM_PATH ]] || die "$CHROMIUM_PATH not found: the e2e tests need Debian's Chromium (apt-get install chromium)"

# A stack left over from an interrupted run, then a clean slate.
scripts/stack.sh stop >/dev/null 2>&1 || true
rm -rf "$DATA_DIR"

if [[ ${SKIP_BUILD:-0} != 1 ]]; then
  need cargo "Install the Rust 1.95 toolchain with rustup (https://rustup.rs)."
  log "cargo build --bins (debug; reuses what the tests built)"
  cargo build --bins
  scripts/frontend.sh build
fi
# maildev comes with the frontend's packages (npm ci when they are missing or stale).
scripts/frontend.sh deps
[[ -x frontend/node_modules/.bin/maildev ]] ||
  die "frontend/node_modules/.bin/maildev not found: the e2e tests need the mail catcher (npm ci in frontend/)"

run_database_create shop_e2e

# shellcheck disable=SC2317 # called from the EXIT trap
cleanup() {
  local rc=$?
  set +e
  scripts/stack.sh stop
  run_database_drop
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

SKIP_BUILD=1 scripts/stack.sh start

export E2E_BASE_URL=http://127.0.0.1:$PORT_BASE
export E2E_MAIL_URL=http://127.0.0.1:$MAIL_WEB_PORT
export E2E_ADMIN_USERNAME=$ADMIN_USERNAME E2E_ADMIN_PASSWORD=$ADMIN_PASSWORD
log "npm run test:e2e against $E2E_BASE_URL (e-mails: $E2E_MAIL_URL)"
rc=0
scripts/frontend.sh e2e || rc=$?
if ((rc != 0)); then
  printf '\nThe e2e tests failed (exit %s). Last lines of the service logs:\n' "$rc" >&2
  for f in "$DATA_DIR"/logs/*.log; do
    printf -- '----- %s -----\n' "$f" >&2
    tail -n 30 "$f" >&2
  done
fi
exit "$rc"
