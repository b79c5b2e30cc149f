#!/usr/bin/env bash
# Start, stop and inspect the whole shop on this machine: identity, system,
# retailstore, paymentprovider and the gateway (which serves the built SPA), plus a
# private PostgreSQL cluster when no DATABASE_URL is given.
#
# Usage:
#   FOREGROUND=1 scripts/stack.sh      build, start, wait; Ctrl-C / SIGTERM stops everything
#   scripts/stack.sh run               same as above
#   scripts/stack.sh start             build, start in the background, wait until ready
#   scripts/stack.sh stop              stop the background stack and its private PostgreSQL
#   scripts/stack.sh status            what runs, and whether each /readyz (the mail
#                                      catcher's /healthz) answers 200
#   scripts/stack.sh build             only build (cargo + frontend)
#   scripts/stack.sh pg-start|pg-stop  only the private PostgreSQL cluster
#   scripts/stack.sh keys              only generate the local keys
#   scripts/stack.sh pay DH... [VND]   simulate the bank's notification of a transfer for
#                                      an order to the demo bank account (default: its total)
#
# Settings (environment):
#   PROFILE=release|production|debug [release]  which cargo profile to build and run
#                                     (production: whole-program optimised, what ships)
#   DATA_DIR [.data]                  keys, logs, pid files, uploads, private PostgreSQL
#   PORT_BASE [8080]                  gateway PORT_BASE, identity +1, system +2,
#                                     retailstore +3, paymentprovider +4
#   PG_PORT [PORT_BASE+2352]          port of the private PostgreSQL
#   DATABASE_URL [unset]              use this database instead of a private cluster
#   DB_ROLES=0|1 [1]                  each service logs in with its own role (identity,
#                                     system, retailstore, paymentprovider), made here
#   SKIP_BUILD=1                      reuse existing binaries and frontend/dist
#   BIND_ADDR [127.0.0.1]             address the gateway listens on (0.0.0.0 to expose it)
#   ADMIN_USERNAME [admin], ADMIN_PASSWORD [Admin@123]   first admin account (local only!)
#   GATEWAY_TRUSTED_PROXIES [empty]   TRUSTED_PROXIES for the gateway
#   GATEWAY_METRICS_PORT [PORT_BASE+9]  the gateway's METRICS_PORT (/metrics)
#   SEED_DEMO=0|1 [1]                 fill an empty catalogue with demo products, and a
#                                     shop without payment providers with a demo bank account
#   READY_TIMEOUT [120]  STOP_TIMEOUT [20]   seconds
#   LOG_TAIL=0|1 [1 on a terminal]    in the foreground, also print the logs
#   PUBLIC_BASE_URL [http://localhost:PORT_BASE]  the shop's address in links (e-mails,
#                                     webhook URLs), for system, retailstore, paymentprovider;
#                                     the gateway's canonical, Open Graph and sitemap addresses
#   MAIL_CATCHER=0|1 [1]              unless SMTP_URL is set, run maildev (a frontend
#                                     devDependency) as the local SMTP server with a web
#                                     inbox, and point system at it; without it installed,
#                                     a warning and no e-mail
#   MAIL_SMTP_PORT [PORT_BASE+5]  MAIL_WEB_PORT [PORT_BASE+6]  its SMTP port and inbox
#   MAIL_FROM [shop@shop.localhost with the catcher]  the sender of the shop's e-mails
#   SMTP_URL, TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID [unset]  real mail server / Telegram
#                                     bot for system (passed through; no catcher then)
# Any other variable of the README's tables (RUST_LOG, LOG_FORMAT, DB_POOL_SIZE,
# RATE_LIMIT_*, ...) is passed through to the binaries unchanged.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PROFILE=${PROFILE:-release}
case $PROFILE in
release | production | debug) ;;
*) die "PROFILE must be release, production or debug (got '$PROFILE')" ;;
esac
DATA_DIR=$(abspath "${DATA_DIR:-.data}")
PORT_BASE=${PORT_BASE:-8080}
if ! [[ $PORT_BASE =~ ^[0-9]+$ ]] || ((PORT_BASE < 1024 || PORT_BASE > 63000)); then
  die "PORT_BASE must be a number between 1024 and 63000 (got '$PORT_BASE')"
fi
PG_PORT=${PG_PORT:-$((PORT_BASE + 2352))}
TARGET_DIR=$(abspath "${CARGO_TARGET_DIR:-target}")
BIN_DIR=$TARGET_DIR/$PROFILE
FRONTEND_DIST=$(abspath "${FRONTEND_DIR:-frontend/dist}")
BIND_ADDR=${BIND_ADDR:-127.0.0.1}
READY_TIMEOUT=${READY_TIMEOUT:-120}
STOP_TIMEOUT=${STOP_TIMEOUT:-20}
ADMIN_USERNAME=${ADMIN_USERNAME:-admin}
DEFAULT_ADMIN_PASSWORD='Admin@123'
ADMIN_PASSWORD=${ADMIN_PASSWORD:-$DEFAULT_ADMIN_PASSWORD}

RUN_DIR=$DATA_DIR/run
LOG_DIR=$DATA_DIR/logs
PG_DIR=$DATA_DIR/pg
SERVICES=(identity system retailstore paymentprovider)
ALL=(identity system retailstore paymentprovider gateway)
# Made once in DATA_DIR: 32 random bytes as hex each. Each calling service has its own
# internal key (<name>-internal-key); identity calls no one.
CALLERS=(gateway retailstore paymentprovider system)
KEYS=(gateway-internal-key retailstore-internal-key paymentprovider-internal-key
  system-internal-key code-encryption-key code-hash-key payment-secret-key system-secret-key)

# The local mail catcher (maildev, installed with the frontend's packages).
MAIL_CATCHER=${MAIL_CATCHER:-1}
[[ $MAIL_CATCHER == 0 || $MAIL_CATCHER == 1 ]] || die "MAIL_CATCHER must be 0 or 1 (got '$MAIL_CATCHER')"
MAIL_SMTP_PORT=${MAIL_SMTP_PORT:-$((PORT_BASE + 5))}
MAIL_WEB_PORT=${MAIL_WEB_PORT:-$((PORT_BASE + 6))}
for port in "$MAIL_SMTP_PORT" "$MAIL_WEB_PORT"; do
  if ! [[ $port =~ ^[0-9]+$ ]] || ((port < 1024 || port > 65535)); then
    die "MAIL_SMTP_PORT and MAIL_WEB_PORT must be ports between 1024 and 65535 (got '$port')"
  fi
done
MAILDEV=$ROOT/frontend/node_modules/.bin/maildev
MAIL_DIR=$DATA_DIR/mail
# Written while a catcher runs: its SMTP and web ports, for status, pay and stop.
MAIL_PORTS_FILE=$RUN_DIR/maildev.ports
# 1 once this start runs the catcher (decided in prepare).
USE_MAIL=0

port_of() {
  case $1 in
  gateway) echo "$PORT_BASE" ;;
  identity) echo $((PORT_BASE + 1)) ;;
  system) echo $((PORT_BASE + 2)) ;;
  retailstore) echo $((PORT_BASE + 3)) ;;
  paymentprovider) echo $((PORT_BASE + 4)) ;;
  *) die "unknown binary $1" ;;
  esac
}

# Processes -------------------------------------------------------------------

# alive PID: the process exists and is not a zombie.
alive() {
  local state
  [[ -n ${1:-} && -r /proc/$1/stat ]] || return 1
  state=$(sed -E 's/^.*\) (.).*$/\1/' "/proc/$1/stat" 2>/dev/null) || return 1
  [[ -n $state && $state != Z ]]
}

# pid_of NAME: the live pid recorded for NAME (and really running NAME), or nothing.
pid_of() {
  local f=$RUN_DIR/$1.pid pid args
  [[ -f $f ]] || return 0
  pid=$(<"$f")
  # Guard against a recycled pid: one of its argv words must be .../NAME.
  if alive "$pid"; then
    args=$(tr '\0' '\n' 2>/dev/null <"/proc/$pid/cmdline" || true)
  fi
  if alive "$pid" && grep -qE "(^|/)$1\$" <<<"${args:-}"; then
    echo "$pid"
    return 0
  fi
  rm -f "$f" # stale
}

running_names() {
  local name
  for name in "${ALL[@]}" maildev; do
    [[ -n $(pid_of "$name") ]] && echo "$name"
  done
  return 0
}

log_tail() {
  local name=$1 file=$LOG_DIR/$1.log
  if [[ -s $file ]]; then
    printf -- '----- last lines of %s -----\n' "$file" >&2
    tail -n "${LOG_TAIL_LINES:-40}" "$file" >&2
    printf -- '-----\n' >&2
  else
    printf '(%s wrote nothing to %s)\n' "$name" "$file" >&2
  fi
}

# stop_services: the gateway and the services, then the mail catcher (a service still
# sending has it until it exits).
stop_services() {
  local name
  stop_names gateway "${SERVICES[@]}"
  stop_names maildev
  for name in "${ALL[@]}" maildev; do rm -f "$RUN_DIR/$name.pid"; done
  rm -f "$MAIL_PORTS_FILE"
}

# stop_names NAME...: SIGTERM to each that runs, then SIGKILL after STOP_TIMEOUT.
stop_names() {
  local name pid pids=() names=() deadline i
  for name in "$@"; do
    pid=$(pid_of "$name")
    if [[ -n $pid ]]; then
      kill -TERM "$pid" 2>/dev/null || true
      pids+=("$pid")
      names+=("$name")
    fi
  done
  if ((${#pids[@]})); then
    log "stopping ${names[*]}"
    deadline=$((SECONDS + STOP_TIMEOUT))
    while ((SECONDS < deadline)); do
      local left=0
      for pid in "${pids[@]}"; do alive "$pid" && left=1; done
      ((left)) || break
      sleep 0.2
    done
    for i in "${!pids[@]}"; do
      if alive "${pids[$i]}"; then
        warn "${names[$i]} (pid ${pids[$i]}) ignored SIGTERM for ${STOP_TIMEOUT}s: killing it"
        kill -KILL "${pids[$i]}" 2>/dev/null || true
      fi
    done
  fi
}

# Prerequisites, build, keys, database ------------------------------------------

check_prereqs() {
  need curl "Install curl (Debian: apt-get install curl); it checks /readyz."
  if [[ ${SKIP_BUILD:-0} != 1 ]]; then
    need cargo "Install the Rust 1.95 toolchain with rustup (https://rustup.rs)."
    need node "Install Node.js 20 (with npm)."
    need npm "Install npm (it ships with Node.js 20)."
  fi
  if [[ -z ${DATABASE_URL:-} ]]; then
    find_pg_bin >/dev/null
    [[ $(id -u) -ne 0 ]] || need runuser "runuser (util-linux) is needed to run PostgreSQL as 'postgres' when root."
  fi
  local key missing=0
  for key in jwt-ed25519.pem "${KEYS[@]}"; do
    [[ -s $DATA_DIR/$key ]] || missing=1
  done
  if ((missing)); then need openssl "Install openssl (Debian: apt-get install openssl); it makes the local keys."; fi
  return 0
}

build() {
  if [[ ${SKIP_BUILD:-0} == 1 ]]; then
    log "SKIP_BUILD=1: using existing binaries in $BIN_DIR and $FRONTEND_DIST"
    return 0
  fi
  local flags=(--bins)
  [[ $PROFILE != debug ]] && flags=(--profile "$PROFILE" --bins)
  log "cargo build ${flags[*]}"
  (cd "$ROOT" && cargo build "${flags[@]}")
  "$ROOT/scripts/frontend.sh" build
}

check_artifacts() {
  local name
  for name in "${ALL[@]}"; do
    [[ -x $BIN_DIR/$name ]] || die "$BIN_DIR/$name not found: build it (run without SKIP_BUILD=1)"
  done
  [[ -f $FRONTEND_DIST/index.html ]] ||
    die "$FRONTEND_DIST/index.html not found: build the frontend (run without SKIP_BUILD=1)"
}

gen_keys() {
  mkdir -p "$DATA_DIR"
  (
    umask 077
    cd "$DATA_DIR"
    if [[ ! -s jwt-ed25519.pem ]]; then
      log "generating $DATA_DIR/jwt-ed25519.pem (Ed25519 token signing key)"
      openssl genpkey -algorithm ed25519 -out jwt-ed25519.pem.tmp
      mv jwt-ed25519.pem.tmp jwt-ed25519.pem
    fi
    local f
    for f in "${KEYS[@]}"; do
      if [[ ! -s $f ]]; then
        log "generating $DATA_DIR/$f"
        openssl rand -hex 32 >"$f.tmp"
        mv "$f.tmp" "$f"
      fi
    done
    chmod 600 jwt-ed25519.pem "${KEYS[@]}"
  )
}

PRIVATE_PG=0
setup_database() {
  if [[ -n ${DATABASE_URL:-} ]]; then
    log "using DATABASE_URL from the environment"
    return 0
  fi
  PRIVATE_PG=1
  pg_private_start "$PG_DIR" "$PG_PORT"
  pg_ensure_database "$(pg_private_url "$PG_DIR" "$PG_PORT" postgres)" shop
  # Over TLS, the server's certificate checked against the cluster's own CA.
  DATABASE_URL=$(pg_private_url "$PG_DIR" "$PG_PORT" shop)
}

# setup_roles: each service logs in with its own role (DB_ROLES=1, the default), like in
# production, so the local run proves that no service needs another's schema. Needs a
# DATABASE_URL allowed to create roles; otherwise every service uses DATABASE_URL.
SERVICE_DB_ROLES=0
setup_roles() {
  [[ ${DB_ROLES:-1} == 1 ]] || return 0
  if db_service_roles "$DATABASE_URL"; then
    SERVICE_DB_ROLES=1
  else
    warn "every service logs in as DATABASE_URL's user (DB_ROLES=0 silences this)"
  fi
}

# service_db_url NAME: the database URL service NAME logs in with.
service_db_url() {
  if ((SERVICE_DB_ROLES)); then
    db_url_with_user "$DATABASE_URL" "$1"
  else
    printf '%s\n' "$DATABASE_URL"
  fi
}

# Launch ------------------------------------------------------------------------

# internal_keys_env NAME: adds NAME's own internal key (INTERNAL_API_KEY) and, as
# `sha256:` digests, the keys of every service that may call it (<CALLER>_INTERNAL_KEY):
# a service never holds a key with which it could pass for another.
internal_keys_env() {
  local name=$1 caller digest
  [[ -s $DATA_DIR/$name-internal-key ]] && CHILD_ENV+=("INTERNAL_API_KEY=$(<"$DATA_DIR/$name-internal-key")")
  for caller in "${CALLERS[@]}"; do
    digest=$(tr -d '\n' <"$DATA_DIR/$caller-internal-key" | sha256sum)
    CHILD_ENV+=("${caller^^}_INTERNAL_KEY=sha256:${digest%% *}")
  done
}

# child_env NAME: fills CHILD_ENV with the variables NAME is started with.
CHILD_ENV=()
child_env() {
  local name=$1 port identity_url code_enc code_hash
  port=$(port_of "$name")
  identity_url="http://127.0.0.1:$(port_of identity)"
  if [[ $name == gateway ]]; then
    CHILD_ENV=(
      "LISTEN_ADDR=$BIND_ADDR:$port"
      "IDENTITY_URL=$identity_url"
      "SYSTEM_URL=http://127.0.0.1:$(port_of system)"
      "RETAILSTORE_URL=http://127.0.0.1:$(port_of retailstore)"
      "PAYMENTPROVIDER_URL=http://127.0.0.1:$(port_of paymentprovider)"
      "FRONTEND_DIR=$FRONTEND_DIST"
      # Canonical and Open Graph addresses, the sitemap's.
      "PUBLIC_BASE_URL=${PUBLIC_BASE_URL:-http://localhost:$PORT_BASE}"
      "INTERNAL_API_KEY=$(<"$DATA_DIR/gateway-internal-key")"
      "TRUSTED_PROXIES=${GATEWAY_TRUSTED_PROXIES:-}"
      # Beside the public port, so that several stacks can run side by side.
      "METRICS_PORT=${GATEWAY_METRICS_PORT:-$((PORT_BASE + 9))}"
    )
  else
    CHILD_ENV=(
      "LISTEN_ADDR=127.0.0.1:$port"
      "DATABASE_URL=$(service_db_url "$name")"
      "IDENTITY_URL=$identity_url"
      "TRUSTED_PROXIES=127.0.0.1,::1"
      # The services call each other directly, not through the gateway (retailstore and
      # paymentprovider post their notification events to system's Enqueue).
      "SYSTEM_URL=http://127.0.0.1:$(port_of system)"
      "RETAILSTORE_URL=http://127.0.0.1:$(port_of retailstore)"
      "PAYMENTPROVIDER_URL=http://127.0.0.1:$(port_of paymentprovider)"
      # Links in e-mails, webhook URLs and new customer links point at this gateway.
      "PUBLIC_BASE_URL=${PUBLIC_BASE_URL:-http://localhost:$PORT_BASE}"
    )
    internal_keys_env "$name"
    case $name in
    identity)
      CHILD_ENV+=("ADMIN_USERNAME=$ADMIN_USERNAME" "ADMIN_PASSWORD=$ADMIN_PASSWORD")
      if [[ -z ${JWT_PRIVATE_KEY:-} ]]; then
        CHILD_ENV+=("JWT_PRIVATE_KEY_FILE=${JWT_PRIVATE_KEY_FILE:-$DATA_DIR/jwt-ed25519.pem}")
      fi
      ;;
    system)
      CHILD_ENV+=("UPLOAD_DIR=${UPLOAD_DIR:-$DATA_DIR/uploads}")
      CHILD_ENV+=("SYSTEM_SECRET_KEY=${SYSTEM_SECRET_KEY:-$(<"$DATA_DIR/system-secret-key")}")
      # The mail catcher when it runs; else SMTP_URL, MAIL_FROM and TELEGRAM_* pass through
      # from the environment as they are.
      if ((USE_MAIL)); then
        CHILD_ENV+=("SMTP_URL=smtp://127.0.0.1:$MAIL_SMTP_PORT" "MAIL_FROM=${MAIL_FROM:-shop@shop.localhost}")
      fi
      ;;
    retailstore)
      code_enc=${CODE_ENCRYPTION_KEY:-$(<"$DATA_DIR/code-encryption-key")}
      code_hash=${CODE_HASH_KEY:-$(<"$DATA_DIR/code-hash-key")}
      CHILD_ENV+=("CODE_ENCRYPTION_KEY=$code_enc" "CODE_HASH_KEY=$code_hash")
      ;;
    paymentprovider)
      CHILD_ENV+=("PAYMENT_SECRET_KEY=${PAYMENT_SECRET_KEY:-$(<"$DATA_DIR/payment-secret-key")}")
      ;;
    esac
  fi
  # Plain log files (tracing-subscriber honours NO_COLOR); set NO_COLOR= to keep colours.
  CHILD_ENV+=("NO_COLOR=${NO_COLOR-1}")
}

launch() {
  local name=$1
  child_env "$name"
  [[ -f $LOG_DIR/$name.log ]] && mv -f "$LOG_DIR/$name.log" "$LOG_DIR/$name.log.1"
  # The binaries run from the repository root, so their relative defaults resolve there.
  # Each gets its own session: a Ctrl-C on the terminal reaches only this script, which
  # then stops them in order (gateway first), and `start` leaves them running detached.
  (cd "$ROOT" && exec setsid env "${CHILD_ENV[@]}" "$BIN_DIR/$name" </dev/null >"$LOG_DIR/$name.log" 2>&1) &
  echo "$!" >"$RUN_DIR/$name.pid"
}

# Mail catcher ----------------------------------------------------------------------

# mail_wanted: true when this start should run the catcher (no SMTP_URL, MAIL_CATCHER=1).
mail_wanted() {
  [[ -z ${SMTP_URL:-} && $MAIL_CATCHER == 1 ]]
}

# decide_mail: USE_MAIL=1 when the catcher is wanted and installed (after the build,
# whose `npm ci` installs it); else a warning, and system has no mail server.
decide_mail() {
  USE_MAIL=0
  mail_wanted || return 0
  if [[ ! -x $MAILDEV ]]; then
    warn "no mail catcher: $MAILDEV is missing (scripts/frontend.sh deps installs it);
  system gets no mail server (only one set in the back office sends). Set SMTP_URL for a
  real mail server, or MAIL_CATCHER=0 to silence this."
    return 0
  fi
  if ! command -v node >/dev/null 2>&1; then
    warn "no mail catcher: maildev needs Node.js (node); system gets no mail server"
    return 0
  fi
  USE_MAIL=1
}

# launch_maildev: maildev on 127.0.0.1 only, keeping the e-mails in DATA_DIR/mail (they
# hold order links with access tokens), so the inbox survives a restart.
launch_maildev() {
  (umask 077 && mkdir -p "$MAIL_DIR")
  [[ -f $LOG_DIR/maildev.log ]] && mv -f "$LOG_DIR/maildev.log" "$LOG_DIR/maildev.log.1"
  (cd "$ROOT" && exec setsid "$MAILDEV" --smtp "$MAIL_SMTP_PORT" --web "$MAIL_WEB_PORT" \
    --ip 127.0.0.1 --mail-directory "$MAIL_DIR" </dev/null >"$LOG_DIR/maildev.log" 2>&1) &
  echo "$!" >"$RUN_DIR/maildev.pid"
  echo "$MAIL_SMTP_PORT $MAIL_WEB_PORT" >"$MAIL_PORTS_FILE"
}

# running_mail_ports: "SMTP WEB" of the catcher running from DATA_DIR, or nothing.
running_mail_ports() {
  [[ -s $MAIL_PORTS_FILE && -n $(pid_of maildev) ]] && cat "$MAIL_PORTS_FILE"
  return 0
}

# seed_demo: `retailstore seed-demo` fills an empty catalogue with demo products (it
# leaves a catalogue that has products alone). SEED_DEMO=0 skips it. Not fatal.
seed_demo() {
  [[ ${SEED_DEMO:-1} == 1 ]] || return 0
  child_env retailstore
  log "demo catalogue: retailstore seed-demo (fills an empty catalogue only)"
  # The real LISTEN_ADDR (taken by the running retailstore) makes a binary that does not
  # know seed-demo fail at once instead of serving.
  if ! (cd "$ROOT" && timeout 120 env "${CHILD_ENV[@]}" "$BIN_DIR/retailstore" seed-demo \
    </dev/null >"$LOG_DIR/seed-demo.log" 2>&1); then
    warn "seed-demo failed; the shop runs without demo products (log: $LOG_DIR/seed-demo.log)"
  fi
  seed_demo_provider
}

# The demo bank account: a VietQR provider on Vietcombank whose bank notifications are
# simulated with `scripts/stack.sh pay DH...` (no real bank reaches a local shop).
DEMO_PROVIDER_NAME="Chuyển khoản VietQR (demo)"
DEMO_ACCOUNT_NUMBER=0011001234567

# seed_demo_provider: when the shop has no payment provider, adds the demo bank account
# with a webhook secret kept in DATA_DIR/demo-webhook-secret. Not fatal.
seed_demo_provider() {
  local gw=http://127.0.0.1:$PORT_BASE token list secret body
  token=$(admin_token "http://127.0.0.1:$PORT_BASE")
  [[ -n $token ]] || { warn "demo payment provider: login as $ADMIN_USERNAME failed"; return 0; }
  list=$(curl -sS --max-time 10 -H "Authorization: Bearer $token" \
    "$gw/paymentprovider/api/admin/v1/PaymentProvider/Pagination?pageSize=1")
  grep -q '"totalCount":0' <<<"$list" || return 0
  if [[ ! -s $DATA_DIR/demo-webhook-secret ]]; then
    (umask 077 && openssl rand -hex 24 >"$DATA_DIR/demo-webhook-secret")
  fi
  secret=$(<"$DATA_DIR/demo-webhook-secret")
  body="{\"name\":\"$DEMO_PROVIDER_NAME\",\"type\":\"vietqr_bank\",\"bankBin\":\"970436\",
    \"accountNumber\":\"$DEMO_ACCOUNT_NUMBER\",\"accountName\":\"CUA HANG DEMO\",\"isActive\":true,
    \"webhookEnabled\":true,\"webhookSecret\":\"$secret\"}"
  log "demo payment provider: $DEMO_PROVIDER_NAME (pay an order with: scripts/stack.sh pay DH...)"
  curl -sS --max-time 10 -o /dev/null -X POST -H "Authorization: Bearer $token" \
    -H 'content-type: application/json' -d "$body" \
    "$gw/paymentprovider/api/admin/v1/PaymentProvider/Create" ||
    warn "demo payment provider: Create failed"
}

# cmd_pay CODE [AMOUNT]: what the bank-notification service would post when a shopper
# transfers AMOUNT (default: the order's total) with CODE in the memo to the demo account.
# Each step says what went wrong: nothing answering on PORT_BASE, a refused admin login
# (with the service's message), an order code this shop does not know, or a refused
# notification; and what the shop made of the transfer.
cmd_pay() {
  local code=${1:-} amount=${2:-} gw=http://127.0.0.1:$PORT_BASE token provider secret_file
  local out status body err pw order
  # JSON of the API's envelope -> "OK" or "<message> (code N)"; stdin: body, $1: what.
  local envelope='import json,sys
try:
    e = json.load(sys.stdin)
except ValueError:
    print("an answer that is not JSON"); sys.exit()
if isinstance(e, dict) and e.get("success"):
    print("OK")
else:
    err = (e.get("error") if isinstance(e, dict) else None) or {}
    print("%s (code %s)" % (err.get("message") or "no message", err.get("code")))'
  [[ $code =~ ^[Dd][Hh][0-9A-Za-z]{8}$ ]] ||
    die "usage: scripts/stack.sh pay DHXXXXXXXX [amount]: the order code is DH and 8 letters or digits, as on the order page${code:+ (got $code)}"
  code=${code^^}
  secret_file=$DATA_DIR/demo-webhook-secret
  [[ -s $secret_file ]] || die "no demo payment provider in $DATA_DIR (it is made when the shop has no provider)"

  # Log in, telling a stack that is not there from a password that is wrong.
  pw=${ADMIN_PASSWORD//\\/\\\\}
  pw=${pw//\"/\\\"}
  out=$(curl -sS --max-time 10 -w '\n%{http_code}' -X POST -H 'content-type: application/json' \
    -d "{\"userName\":\"$ADMIN_USERNAME\",\"password\":\"$pw\"}" \
    "$gw/identity/api/admin/v1/IdentityAuth/Login" 2>&1) || {
    err=${out%%$'\n'*}
    die "nothing answers at $gw (${err#curl: }): is the stack running? Start it with 'make start' or 'make run' (same PORT_BASE)"
  }
  status=${out##*$'\n'}
  body=${out%$'\n'*}
  if [[ $status == 5* ]]; then
    die "the gateway at $gw answered HTTP $status to the admin login: is identity up? ('make status'; logs in $LOG_DIR)"
  fi
  err=$(python3 -c "$envelope" <<<"$body")
  [[ $status != 429 ]] ||
    die "the shop refused the admin login for now: $err. Logins are limited per minute (RATE_LIMIT_LOGIN_PER_MINUTE): wait a minute and try again"
  [[ $err == OK ]] ||
    die "login as '$ADMIN_USERNAME' refused: $err. Set ADMIN_USERNAME and ADMIN_PASSWORD to an admin account of this shop (admin / Admin@123 exists only until its password is changed)"
  token=$(sed -nE 's/.*"accessToken" *: *"([^"]+)".*/\1/p' <<<"$body")
  [[ -n $token ]] || die "the admin login at $gw answered without a token"

  # The order, matched on its exact code: its status and total.
  out=$(curl -sS --max-time 10 -H "Authorization: Bearer $token" \
    "$gw/retailstore/api/admin/v1/Order/Pagination?keyword=$code&pageSize=20") ||
    die "retailstore did not answer through $gw"
  err=$(python3 -c "$envelope" <<<"$out")
  [[ $err == OK ]] || die "looking up order $code failed: $err"
  # "status total paid" of the order with exactly this code, from Order/Pagination's answer.
  local order_of='import json,sys
code = sys.argv[1]
items = (json.load(sys.stdin).get("result") or {}).get("items") or []
for item in items:
    if str(item.get("code", "")).upper() == code:
        print(item.get("status", "?"), item.get("total") or 0, item.get("paidAmount") or 0)
        break'
  order=$(python3 -c "$order_of" "$code" <<<"$out")
  [[ -n $order ]] ||
    die "no order $code in this shop (at $gw): check the code on the order page or in the back office's order list"
  case ${order%% *} in
  pending_payment) ;;
  completed) warn "order $code is already paid (completed): this transfer is recorded as money the order did not need" ;;
  *) warn "order $code is ${order%% *}: the money will wait for staff (Cần xử lý)" ;;
  esac
  local total paid
  read -r _ total paid <<<"$order"
  # By default what is still due (the whole total when nothing was paid yet).
  [[ -n $amount ]] || amount=$((total > paid ? total - paid : total))
  [[ $amount =~ ^[0-9]+$ && $amount -gt 0 ]] || die "amount must be a positive whole number of VND (got '$amount')"

  out=$(curl -sS --max-time 10 -H "Authorization: Bearer $token" \
    "$gw/paymentprovider/api/admin/v1/PaymentProvider/Pagination?keyword=demo&pageSize=100") ||
    die "paymentprovider did not answer through $gw"
  err=$(python3 -c "$envelope" <<<"$out")
  [[ $err == OK ]] || die "listing the payment providers failed: $err"
  provider=$(grep -o '"id":"[0-9a-f-]\{36\}"' <<<"$out" | sed -n 1p | cut -d'"' -f4)
  [[ -n $provider ]] || die "the demo payment provider is gone (deleted in the back office?)"

  local id now
  id=$(( $(date +%s%N) / 1000 % 1000000000000 ))
  now=$(TZ=Asia/Ho_Chi_Minh date '+%Y-%m-%d %H:%M:%S')
  log "bank transfer $id: $amount VND to $DEMO_ACCOUNT_NUMBER, memo $code"
  out=$(curl -sS --max-time 30 -w '\n%{http_code}' -X POST -H 'content-type: application/json' \
    -H "Authorization: Apikey $(<"$secret_file")" \
    -d "{\"id\":$id,\"gateway\":\"Vietcombank\",\"transactionDate\":\"$now\",
      \"accountNumber\":\"$DEMO_ACCOUNT_NUMBER\",\"subAccount\":null,\"code\":null,
      \"content\":\"$code chuyen tien\",\"transferType\":\"in\",\"transferAmount\":$amount,
      \"accumulated\":0,\"referenceCode\":\"FT$id\",\"description\":\"$code\"}" \
    "$gw/paymentprovider/api/web/v1/PaymentWebhook/SePay/$provider" 2>&1) || {
    err=${out%%$'\n'*}
    die "the bank notification did not reach $gw (${err#curl: })"
  }
  status=${out##*$'\n'}
  body=${out%$'\n'*}
  err=$(python3 -c "$envelope" <<<"$body")
  [[ $err == OK ]] || die "the shop refused the bank notification (HTTP $status): $err"
  case $(sed -nE 's/.*"status" *: *"([a-z_]+)".*/\1/p' <<<"$body" | tail -n 1) in
  matched)
    # What the order has become: paid in full, in part, or waiting for staff.
    out=$(curl -sS --max-time 10 -H "Authorization: Bearer $token" \
      "$gw/retailstore/api/admin/v1/Order/Pagination?keyword=$code&pageSize=20") || out=
    order=$(python3 -c "$order_of" "$code" <<<"$out" 2>/dev/null) || order=
    read -r status total paid <<<"${order:-? 0 0}"
    case $status in
    completed)
      log "$code is paid ($paid of $total VND): the order page shows the codes within 5 seconds"
      ((paid <= total)) || warn "$((paid - total)) VND more than the order's total was received (an overpayment)"
      ;;
    pending_payment) log "$code is paid in part ($paid of $total VND): 'make pay CODE=$code' sends the remaining $((total - paid))" ;;
    needs_attention) warn "$code needs staff (Cần xử lý): $paid of $total VND received; see the order in the back office" ;;
    *) log "$code is now $status ($paid of $total VND)" ;;
    esac
    ;;
  pending) log "stored; retailstore did not answer yet, so it is applied by the retry job" ;;
  unmatched) warn "stored but not applied to $code (see the back office's received transfers)" ;;
  duplicate) log "stored; $code had already been confirmed by hand" ;;
  ignored) warn "the shop ignored the transfer (not to the demo account?)" ;;
  *) log "the shop answered: $body" ;;
  esac
  local mail
  mail=$(running_mail_ports)
  [[ -z $mail ]] || log "the shop's e-mails: http://localhost:${mail#* }/"
}

# started_names: what this start launched (the binaries, and the catcher when it runs).
started_names() {
  printf '%s\n' "${ALL[@]}"
  if ((USE_MAIL)); then echo maildev; fi
}

# ready_url NAME: what answers 200 once NAME is ready.
ready_url() {
  if [[ $1 == maildev ]]; then
    echo "http://127.0.0.1:$MAIL_WEB_PORT/healthz"
  else
    echo "http://127.0.0.1:$(port_of "$1")/readyz"
  fi
}

# wait_ready: until every binary's /readyz (the catcher's /healthz) answers 200; fails
# early when one exits.
wait_ready() {
  local deadline=$((SECONDS + READY_TIMEOUT)) pending=() still name pid
  mapfile -t pending < <(started_names)
  log "waiting for ${pending[*]} to be ready (up to ${READY_TIMEOUT}s)"
  while ((${#pending[@]})); do
    still=()
    for name in "${pending[@]}"; do
      pid=$(<"$RUN_DIR/$name.pid")
      if ! alive "$pid"; then
        printf 'error: %s exited during start-up\n' "$name" >&2
        log_tail "$name"
        return 1
      fi
      if ! curl -fsS -o /dev/null --max-time 2 "$(ready_url "$name")" 2>/dev/null; then
        still+=("$name")
      fi
    done
    pending=("${still[@]+"${still[@]}"}")
    ((${#pending[@]})) || break
    if ((SECONDS >= deadline)); then
      printf 'error: not ready after %ss: %s\n' "$READY_TIMEOUT" "${pending[*]}" >&2
      for name in "${pending[@]}"; do log_tail "$name"; done
      return 1
    fi
    sleep 0.5
  done
}

# prepare: everything before the binaries start.
prepare() {
  check_prereqs
  mkdir -p "$RUN_DIR" "$LOG_DIR"
  local running
  running=$(running_names | tr '\n' ' ')
  [[ -z $running ]] || die "already running from $DATA_DIR: $running(run 'scripts/stack.sh stop' first)"
  local name port
  for name in "${ALL[@]}"; do
    port=$(port_of "$name")
    port_in_use "$port" && die "port $port (for $name) is already in use; stop what uses it or set PORT_BASE"
  done
  if mail_wanted; then
    for port in "$MAIL_SMTP_PORT" "$MAIL_WEB_PORT"; do
      port_in_use "$port" && die "port $port (for the mail catcher) is already in use; set MAIL_SMTP_PORT/MAIL_WEB_PORT, SMTP_URL or MAIL_CATCHER=0"
    done
  fi
  build
  check_artifacts
  decide_mail
  gen_keys
  setup_database
  setup_roles
}

launch_all() {
  local name
  # The catcher first: system's first e-mail finds it listening.
  if ((USE_MAIL)); then launch_maildev; fi
  for name in "${SERVICES[@]}" gateway; do launch "$name"; done
}

# mail_summary: where the shop's e-mails go (never SMTP_URL itself: it may hold a password).
mail_summary() {
  if ((USE_MAIL)); then
    echo "inbox http://localhost:$MAIL_WEB_PORT/ (the mail catcher, SMTP 127.0.0.1:$MAIL_SMTP_PORT)"
  elif [[ -n ${SMTP_URL:-} ]]; then
    echo "through the mail server in SMTP_URL"
  else
    echo "no SMTP_URL and no mail catcher: only a mail server set in the back office sends"
  fi
}

summary() {
  local pw="(the ADMIN_PASSWORD you set)"
  [[ $ADMIN_PASSWORD == "$DEFAULT_ADMIN_PASSWORD" ]] && pw="$DEFAULT_ADMIN_PASSWORD (local default: change it)"
  cat >&2 <<EOF

  The shop is up:      http://localhost:$PORT_BASE/
  Admin:               http://localhost:$PORT_BASE/admin   user $ADMIN_USERNAME, password $pw
  Services:            identity :$(port_of identity)  system :$(port_of system)  retailstore :$(port_of retailstore)  paymentprovider :$(port_of paymentprovider)
  Database:            ${DATABASE_URL}$( ((SERVICE_DB_ROLES)) && printf ' (services log in as roles: %s)' "${SERVICE_ROLES[*]}")
  E-mail:              $(mail_summary)
  Logs:                $LOG_DIR/<name>.log

EOF
}

# Commands ---------------------------------------------------------------------

cmd_start() {
  prepare
  launch_all
  if ! wait_ready; then
    stop_services
    if ((PRIVATE_PG)); then pg_private_stop "$PG_DIR"; fi
    die "the stack did not come up (logs in $LOG_DIR)"
  fi
  seed_demo
  summary
  log "running in the background; stop it with: DATA_DIR=$DATA_DIR scripts/stack.sh stop"
}

TAIL_PID=""
FG_CLEANED=0
fg_cleanup() {
  set +e
  ((FG_CLEANED)) && return
  FG_CLEANED=1
  [[ -n $TAIL_PID ]] && kill "$TAIL_PID" 2>/dev/null
  stop_services
  if ((PRIVATE_PG)); then pg_private_stop "$PG_DIR"; fi
  log "stopped"
}

cmd_run() {
  prepare
  trap fg_cleanup EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM HUP
  launch_all
  wait_ready || die "the stack did not come up (logs in $LOG_DIR)"
  seed_demo
  summary
  local tail_logs=${LOG_TAIL:-}
  if [[ -z $tail_logs ]]; then [[ -t 2 ]] && tail_logs=1 || tail_logs=0; fi
  local watched=() name
  mapfile -t watched < <(started_names)
  if [[ $tail_logs == 1 ]]; then
    local files=()
    for name in "${watched[@]}"; do files+=("$LOG_DIR/$name.log"); done
    tail -n 3 -F "${files[@]}" >&2 &
    TAIL_PID=$!
  fi
  log "press Ctrl-C to stop"
  local pid
  while true; do
    for name in "${watched[@]}"; do
      pid=$(<"$RUN_DIR/$name.pid")
      if ! alive "$pid"; then
        printf 'error: %s (pid %s) exited; stopping the stack\n' "$name" "$pid" >&2
        log_tail "$name"
        exit 1
      fi
    done
    sleep 1 &
    wait $! || true
  done
}

cmd_stop() {
  [[ -d $RUN_DIR ]] && stop_services
  if [[ -f $PG_DIR/data/PG_VERSION ]]; then pg_private_stop "$PG_DIR"; fi
}

cmd_status() {
  local name pid code rc=0
  for name in "${ALL[@]}"; do
    pid=""
    [[ -d $RUN_DIR ]] && pid=$(pid_of "$name")
    if [[ -n $pid ]]; then
      code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$(port_of "$name")/readyz" || true)
      printf '%-16s pid %-8s :%s  /readyz %s\n' "$name" "$pid" "$(port_of "$name")" "$code"
      [[ $code == 200 ]] || rc=1
    else
      printf '%-16s stopped\n' "$name"
      rc=1
    fi
  done
  # The catcher, when this stack started one.
  if [[ -s $MAIL_PORTS_FILE ]]; then
    local smtp web
    read -r smtp web <"$MAIL_PORTS_FILE"
    pid=$(pid_of maildev)
    if [[ -n $pid ]]; then
      code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$web/healthz" || true)
      printf '%-16s pid %-8s :%s  /healthz %s  inbox http://localhost:%s/  SMTP :%s\n' \
        maildev "$pid" "$web" "$code" "$web" "$smtp"
      [[ $code == 200 ]] || rc=1
    else
      printf '%-16s stopped\n' maildev
      rc=1
    fi
  fi
  if [[ -f $PG_DIR/data/PG_VERSION ]]; then
    if pg_private_running "$PG_DIR"; then
      printf '%-16s running (%s)\n' postgres "$PG_DIR/data"
    else
      printf '%-16s stopped (%s)\n' postgres "$PG_DIR/data"
    fi
  fi
  return "$rc"
}

cmd=${1:-}
if [[ -z $cmd ]]; then
  if [[ ${FOREGROUND:-0} == 1 ]]; then
    cmd=run
  else
    sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
  fi
fi
[[ $cmd == start && ${FOREGROUND:-0} == 1 ]] && cmd=run

case $cmd in
run) cmd_run ;;
start) cmd_start ;;
stop) cmd_stop ;;
status) cmd_status ;;
build)
  SKIP_BUILD=0
  need cargo "Install the Rust 1.95 toolchain with rustup (https://rustup.rs)."
  build
  ;;
keys)
  need openssl "Install openssl (Debian: apt-get install openssl)."
  gen_keys
  ;;
pg-start)
  pg_private_start "$PG_DIR" "$PG_PORT"
  pg_ensure_database "$(pg_private_url "$PG_DIR" "$PG_PORT" postgres)" shop
  pg_private_url "$PG_DIR" "$PG_PORT" shop
  ;;
pg-stop) pg_private_stop "$PG_DIR" ;;
pay)
  need curl "Install curl (Debian: apt-get install curl)."
  cmd_pay "${@:2}"
  ;;
*)
  echo "usage: $0 [run|start|stop|status|build|keys|pg-start|pg-stop|pay DH... [amount]]" >&2
  exit 2
  ;;
esac
