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

# The pieces, in scripts/stack/: processes (pid files, stopping), prepare (prerequisites,
# build, keys), database, mail (the catcher), launch (environment, start, readiness),
# demo (the demo data), pay.
STACK_PARTS=$(dirname "${BASH_SOURCE[0]}")/stack
# shellcheck source=scripts/stack/processes.sh
source "$STACK_PARTS/processes.sh"
# shellcheck source=scripts/stack/prepare.sh
source "$STACK_PARTS/prepare.sh"
# shellcheck source=scripts/stack/database.sh
source "$STACK_PARTS/database.sh"
# shellcheck source=scripts/stack/mail.sh
source "$STACK_PARTS/mail.sh"
# shellcheck source=scripts/stack/launch.sh
source "$STACK_PARTS/launch.sh"
# shellcheck source=scripts/stack/demo.sh
source "$STACK_PARTS/demo.sh"
# shellcheck source=scripts/stack/pay.sh
source "$STACK_PARTS/pay.sh"

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
