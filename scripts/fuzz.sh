#!/usr/bin/env bash
# API fuzzing: schemathesis against every service's OpenAPI document, as the gateway
# serves it, with an admin token. Fails on any server error (5xx), any answer whose body
# does not match its documented schema, and any status code the document does not list.
#
# Starts the real stack (debug binaries, the ones the e2e tests use) on FUZZ_PORT_BASE
# with a fresh database (shop_fuzz_<random> on TEST_DATABASE_URL's server, dropped
# afterwards; else a private cluster under FUZZ_DATA_DIR), with the per-IP rate limits,
# unpaid-order limits and login lockout lifted (one client plays every caller). Seeds a
# payment provider, products with codes, an unpaid and a completed order, a bank transfer,
# an image and a staff user (scripts/fuzz/seed.py, which also binds the id parameters to
# them in half of the cases), logs in as the admin and runs `st run` once per document.
#
# Left out (EXCLUDE below), because the run needs the admin's session to the end:
#   - /internal/ routes: the gateway refuses them (404); each service's tests cover them.
#   - SelfChangePassword: acts on the admin itself (wrong old passwords lock it, a right
#     one revokes the token); identity's tests cover it.
# and scripts/fuzz/schemathesis.toml keeps the ids of earlier answers (the admin's) out of
# User/Update, ResetPassword and Delete.
#
# Then the same documents as a staff member and without a token (FUZZ_ROLE_EXAMPLES [5]
# cases per operation, examples and fuzzing phases: no 5xx, answers as documented), and
# scripts/fuzz/access.py: every admin operation answers 401 code 5 without a token, every
# admin-only one 403 code 6 to staff, and no other one 403 to staff.
#
# Settings: FUZZ_EXAMPLES [50] test cases per operation and phase, FUZZ_SEED [20261123]
# (same seed, same inputs), FUZZ_WORKERS [1] (more threads race in Python 3.11's ast
# module inside hypothesis, and are no faster on 2 cores), FUZZ_PHASES
# [examples,coverage,fuzzing; stateful chains calls],
# FUZZ_SERVICES [identity system retailstore paymentprovider], FUZZ_PORT_BASE [31080],
# FUZZ_DATA_DIR [.data/fuzz] (wiped at the start; reports in reports/), FUZZ_KEEP=1
# (leave the stack running), SKIP_BUILD=1 (reuse the debug binaries and frontend/dist).
# schemathesis SCHEMATHESIS_VERSION is installed from PyPI into a cached virtualenv
# (XDG_CACHE_HOME or ~/.cache, shop-fuzz/) the first time; later runs need no network.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

SCHEMATHESIS_VERSION=4.32.5
EXAMPLES=${FUZZ_EXAMPLES:-50}
SEED=${FUZZ_SEED:-20261123}
WORKERS=${FUZZ_WORKERS:-1}
PHASES=${FUZZ_PHASES:-examples,coverage,fuzzing}
ROLE_EXAMPLES=${FUZZ_ROLE_EXAMPLES:-5}
read -r -a FUZZ_SERVICES <<<"${FUZZ_SERVICES:-identity system retailstore paymentprovider}"
[[ $EXAMPLES =~ ^[1-9][0-9]*$ ]] || die "FUZZ_EXAMPLES must be a positive whole number"
[[ $ROLE_EXAMPLES =~ ^[1-9][0-9]*$ ]] || die "FUZZ_ROLE_EXAMPLES must be a positive whole number"
[[ $SEED =~ ^[0-9]+$ ]] || die "FUZZ_SEED must be a whole number"
EXCLUDE='/internal/|/IdentityAuth/SelfChangePassword$'

export PROFILE=debug
DATA_DIR=$(abspath "${FUZZ_DATA_DIR:-.data/fuzz}")
export DATA_DIR
export PORT_BASE=${FUZZ_PORT_BASE:-31080}
export ADMIN_USERNAME=${ADMIN_USERNAME:-admin}
export ADMIN_PASSWORD=${ADMIN_PASSWORD:-Admin@123}
export SEED_DEMO=0
# Every request comes from 127.0.0.1: the public's limits would answer 429 to the fuzzer
# (the limits themselves are covered by the gateway's and the services' own tests).
export RATE_LIMIT_LOGIN_PER_MINUTE=0
export RATE_LIMIT_ORDER_PER_MINUTE=0
export MAX_UNPAID_ORDERS_PER_EMAIL=0
export MAX_UNPAID_ORDERS_PER_IP=0
export LOGIN_MAX_FAILURES=1000000
export WEBHOOK_REFUSALS_PER_CLIENT=0
export RUST_LOG=${RUST_LOG:-warn}
# The shop's e-mails (Notification/Test, orders) go to this stack's mail catcher, never
# to a real mail server or Telegram chat set in the caller's environment.
unset SMTP_URL TELEGRAM_BOT_TOKEN TELEGRAM_CHAT_ID MAIL_SMTP_PORT MAIL_WEB_PORT
GW=http://127.0.0.1:$PORT_BASE
REPORTS=$DATA_DIR/reports

need curl "Install curl."
need python3 "Install python3 (with venv: apt-get install python3-venv)."

# schemathesis, pinned, in a virtualenv keyed by its version.
venv=${XDG_CACHE_HOME:-$HOME/.cache}/shop-fuzz/schemathesis-$SCHEMATHESIS_VERSION
if [[ ! -x $venv/bin/st ]]; then
  log "installing schemathesis $SCHEMATHESIS_VERSION from PyPI into $venv"
  rm -rf "$venv"
  python3 -m venv "$venv" || die "python3 -m venv failed (Debian: apt-get install python3-venv)"
  "$venv/bin/pip" install -q --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" ||
    die "could not install schemathesis from PyPI"
fi

# A stack left over from an interrupted run, then a clean slate.
scripts/stack.sh stop >/dev/null 2>&1 || true
rm -rf "$DATA_DIR"
mkdir -p "$REPORTS"

if [[ ${SKIP_BUILD:-0} != 1 ]]; then
  need cargo "Install the Rust 1.95 toolchain with rustup (https://rustup.rs)."
  log "cargo build --bins (debug; reuses what the tests built)"
  cargo build --bins
  [[ -f frontend/dist/index.html ]] || scripts/frontend.sh build
fi

run_database_create shop_fuzz

# shellcheck disable=SC2317 # called from the EXIT trap
cleanup() {
  local rc=$?
  set +e
  if [[ ${FUZZ_KEEP:-0} == 1 ]]; then
    log "the stack keeps running: DATA_DIR=$DATA_DIR PORT_BASE=$PORT_BASE scripts/stack.sh stop"
  else
    scripts/stack.sh stop
    run_database_drop
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

SKIP_BUILD=1 scripts/stack.sh start

token=$(admin_token "$GW")
[[ -n $token ]] || die "login as $ADMIN_USERNAME failed"
log "seeding a provider, products with codes, orders, a bank transfer, an image and a staff user"
python3 scripts/fuzz/seed.py "$GW" "$token" "$(date +%s)" scripts/fuzz/schemathesis.toml \
  "$DATA_DIR/schemathesis.toml" >"$DATA_DIR/seed.json" || die "seeding failed"

# A staff member of its own for the role runs (the seeded one's id is fuzzed by User/*).
staff_name=fuzz.staff.$(date +%s)
staff_password="Fz-$(date +%s)-Staff!"
curl -fsS -o /dev/null -X POST -H "Authorization: Bearer $token" -H 'content-type: application/json' \
  -d "{\"userName\":\"$staff_name\",\"fullName\":\"Nhân viên phân quyền\",\"password\":\"$staff_password\",\"role\":\"staff\"}" \
  "$GW/identity/api/admin/v1/User/Create" || die "creating the staff user failed"
staff_token=$(ADMIN_USERNAME=$staff_name ADMIN_PASSWORD=$staff_password admin_token "$GW")
[[ -n $staff_token ]] || die "login as $staff_name failed"

started=$SECONDS
failed=()
# A staff member and an anonymous caller are refused (401/403) wherever they may not go:
# that is what they should get, not a token that stopped working, so their runs do not
# fail on it (access.py checks those refusals one by one).
sed 's/^fail-on = \["missing_auth", /fail-on = [/' "$DATA_DIR/schemathesis.toml" >"$DATA_DIR/schemathesis-roles.toml"
grep -q '^fail-on = \["rate_limited"' "$DATA_DIR/schemathesis-roles.toml" ||
  die "scripts/fuzz/schemathesis.toml: fail-on no longer starts with missing_auth"

# fuzz NAME EXAMPLES PHASES CONFIG [HEADER...]: schemathesis on every document as one caller.
fuzz() {
  local who=$1 examples=$2 phases=$3 config=$4 svc rc
  shift 4
  for svc in "${FUZZ_SERVICES[@]}"; do
    log "schemathesis ($who): $GW/$svc/openapi.json ($examples examples, seed $SEED)"
    rc=0
    # From DATA_DIR: schemathesis keeps its crash cache (for `st replay`) in the current folder.
    (cd "$DATA_DIR" && "$venv/bin/st" --config-file "$config" run "$GW/$svc/openapi.json" \
      --url "$GW" \
      "$@" \
      --checks not_a_server_error,response_schema_conformance,status_code_conformance \
      --phases "$phases" \
      --max-examples "$examples" \
      --seed "$SEED" \
      --generation-database none \
      --workers "$WORKERS" \
      --request-timeout 30 \
      --suppress-health-check all \
      --continue-on-failure \
      --exclude-path-regex "$EXCLUDE" \
      --no-color \
      --report junit --report-junit-path "$REPORTS/$svc-$who.junit.xml") \
      >"$REPORTS/$svc-$who.log" 2>&1 || rc=$?
    if ((rc == 0)); then
      sed -n '/SUMMARY/,$p' "$REPORTS/$svc-$who.log" >&2
    else
      # Each failure with the curl command that reproduces it (the token is filtered out),
      # and the warnings that fail a run (a token that stopped working, 429s).
      sed -n '/^=* \(FAILURES\|WARNINGS\) =*$/,$p' "$REPORTS/$svc-$who.log" >&2
      failed+=("$svc ($who)")
      warn "$svc ($who): schemathesis found problems (full output: $REPORTS/$svc-$who.log;
  replay a case with FUZZ_KEEP=1, then: cd $DATA_DIR && $venv/bin/st replay <id>)"
    fi
  done
}
fuzz admin "$EXAMPLES" "$PHASES" "$DATA_DIR/schemathesis.toml" --header "Authorization: Bearer $token"
fuzz staff "$ROLE_EXAMPLES" examples,fuzzing "$DATA_DIR/schemathesis-roles.toml" \
  --header "Authorization: Bearer $staff_token"
fuzz anonymous "$ROLE_EXAMPLES" examples,fuzzing "$DATA_DIR/schemathesis-roles.toml"

log "access: every admin operation without a token and as staff"
python3 scripts/fuzz/access.py "$GW" "$staff_token" "${FUZZ_SERVICES[@]}" >"$REPORTS/access.log" 2>&1 ||
  failed+=("access")
cat "$REPORTS/access.log" >&2

elapsed=$((SECONDS - started))
if ((${#failed[@]})); then
  die "fuzzing failed for: ${failed[*]} (${elapsed}s; reports in $REPORTS)"
fi
log "fuzzing: ${FUZZ_SERVICES[*]}: 0 server errors, 0 schema violations (${elapsed}s)"
