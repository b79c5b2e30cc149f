#!/usr/bin/env bash
# Chaos run: nothing is lost or sold twice while services crash and the database restarts.
#
# Starts the real stack (debug binaries by default, the same ones the e2e tests use) with
# its own PostgreSQL cluster under RELIABILITY_DATA_DIR, the shortest order lifetime the
# service accepts (ORDER_TTL_SECONDS 60, shorter than the run), short expiry sweep and
# payment retry intervals, and lifted per-IP order limits. Then, for RELIABILITY_SECONDS,
# buyers place orders through the gateway and the bank delivers SePay notifications
# (scripts/reliability/load.py: full, split, double, partial and missing payments,
# repeated and concurrent deliveries of one transaction, and late payments held back
# until their order has expired, some to orders staff cancelled first; staff also change
# one product's price before any order expires), while retailstore and paymentprovider
# are killed with SIGKILL and restarted at random RELIABILITY_KILLS times and PostgreSQL
# restarts once with `pg_ctl restart -m immediate`. The load generator fails the run on
# an answer not expected for its request, a request (a webhook delivery among them) never
# answered but by "unavailable" within its retries, and a crashed thread. Once retries
# and sweeps have settled (a fixed deadline: a failing query never counts as settled,
# and reaching the deadline fails the run), scripts/reliability/invariants.sql checks
# both schemas, the late-money rules among them; the counts are printed and the script
# exits non-zero on any violation or load failure, or when late money did not reach
# expired orders in every way (reserved again, held for staff, cancelled).
#
# Settings: RELIABILITY_SECONDS [180], RELIABILITY_KILLS [12], RELIABILITY_PORT_BASE
# [25080], RELIABILITY_DATA_DIR [.data/reliability] (wiped at the start),
# RELIABILITY_PROFILE [debug], RELIABILITY_BUYERS [6], RELIABILITY_BANKS [3],
# RELIABILITY_KEEP=1 (leave the stack running), SKIP_BUILD=1 (reuse the binaries and
# frontend/dist). Needs curl, python3, openssl and PostgreSQL's server binaries.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

SECONDS_OF_LOAD=${RELIABILITY_SECONDS:-180}
KILLS=${RELIABILITY_KILLS:-12}
if ! [[ $SECONDS_OF_LOAD =~ ^[0-9]+$ ]] || ((SECONDS_OF_LOAD < 10)); then
  die "RELIABILITY_SECONDS must be a whole number of seconds, at least 10"
fi
[[ $KILLS =~ ^[0-9]+$ ]] || die "RELIABILITY_KILLS must be a whole number"

export PROFILE=${RELIABILITY_PROFILE:-debug}
DATA_DIR=$(abspath "${RELIABILITY_DATA_DIR:-.data/reliability}")
export DATA_DIR
export PORT_BASE=${RELIABILITY_PORT_BASE:-25080}
export ADMIN_USERNAME=${ADMIN_USERNAME:-admin}
export ADMIN_PASSWORD=${ADMIN_PASSWORD:-Admin@123}
export SEED_DEMO=0
# Expiry and retries must happen within the run: the shortest TTL the service accepts.
export ORDER_TTL_SECONDS=${ORDER_TTL_SECONDS:-60}
export ORDER_SWEEP_INTERVAL_SECONDS=${ORDER_SWEEP_INTERVAL_SECONDS:-2}
export PAYMENT_RETRY_INTERVAL_SECONDS=${PAYMENT_RETRY_INTERVAL_SECONDS:-1}
# Late money is sent two sweeps and a few seconds after an order's expiry, and only
# within the run: the run must outlast an order by that and some.
late_min=$((ORDER_TTL_SECONDS + 4 * ORDER_SWEEP_INTERVAL_SECONDS + 15))
((SECONDS_OF_LOAD >= late_min)) ||
  die "RELIABILITY_SECONDS must be at least $late_min (ORDER_TTL_SECONDS $ORDER_TTL_SECONDS and" \
    "the sweeps): late payments must reach orders that expired during the run"
# One client IP plays every shopper (as in `make bench`).
export RATE_LIMIT_ORDER_PER_MINUTE=0
export MAX_UNPAID_ORDERS_PER_EMAIL=1000000
export MAX_UNPAID_ORDERS_PER_IP=1000000
export RUST_LOG=${RUST_LOG:-warn}
# The buyers' e-mails go to this stack's mail catcher, never to a real mail server or
# Telegram chat set in the caller's environment.
unset SMTP_URL TELEGRAM_BOT_TOKEN TELEGRAM_CHAT_ID MAIL_SMTP_PORT MAIL_WEB_PORT
# Always the private cluster: it is the one that may be restarted.
unset DATABASE_URL
PG_DIR=$DATA_DIR/pg
PG_PORT=$((PORT_BASE + 2352))
DB=postgres://postgres@127.0.0.1:$PG_PORT/shop
GW=http://127.0.0.1:$PORT_BASE
HERE=$ROOT/scripts/reliability
WORK=$DATA_DIR/chaos
RUN_DIR=$DATA_DIR/run
BIN_DIR=$(abspath "${CARGO_TARGET_DIR:-target}")/$PROFILE
VICTIMS=(retailstore paymentprovider)

need curl "Install curl."
need python3 "Install python3."
PSQL=$(psql_bin)
PG_BIN=$(find_pg_bin)

# A run left over from an interruption, then a clean slate.
scripts/stack.sh stop >/dev/null 2>&1 || true
rm -rf "$DATA_DIR"
mkdir -p "$WORK"

LOAD_PID=""
# shellcheck disable=SC2317 # called from the EXIT trap
cleanup() {
  local rc=$?
  set +e
  [[ -n $LOAD_PID ]] && kill "$LOAD_PID" 2>/dev/null
  if [[ ${RELIABILITY_KEEP:-0} == 1 ]]; then
    log "the stack keeps running: DATA_DIR=$DATA_DIR PORT_BASE=$PORT_BASE scripts/stack.sh stop"
  else
    scripts/stack.sh stop
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

scripts/stack.sh start

sql() { "$PSQL" "$DB" -XtAq -v ON_ERROR_STOP=1 "$@"; }

# Services: kill and restart ----------------------------------------------------------

# The environment each victim was started with (stack.sh's), to start it again the same way.
for name in "${VICTIMS[@]}"; do
  pid=$(<"$RUN_DIR/$name.pid")
  cp "/proc/$pid/environ" "$WORK/$name.environ"
done

# live_pid NAME: the pid of NAME's binary from its pid file, or nothing. Checked by its
# command line (a rebuilt binary leaves the running one's exe link "(deleted)").
live_pid() {
  local pid argv0=""
  pid=$(cat "$RUN_DIR/$1.pid" 2>/dev/null) || return 0
  IFS= read -r -d '' argv0 2>/dev/null <"/proc/$pid/cmdline" || true
  [[ $argv0 == "$BIN_DIR/$1" ]] && echo "$pid"
  return 0
}

restart() {
  local name=$1 env=()
  mapfile -d '' env <"$WORK/$name.environ"
  # Started from a subshell that exits at once: the service is not this script's child
  # (no job notices), as with stack.sh.
  (
    cd "$ROOT"
    setsid env -i "${env[@]}" "$BIN_DIR/$name" </dev/null >>"$DATA_DIR/logs/$name.log" 2>&1 &
    echo "$!" >"$RUN_DIR/$name.pid"
  )
}

# ready NAME: /readyz of NAME answers 200 within 60 s.
ready() {
  local port deadline=$((SECONDS + 60))
  case $1 in
  retailstore) port=$((PORT_BASE + 3)) ;;
  paymentprovider) port=$((PORT_BASE + 4)) ;;
  *) port=$PORT_BASE ;;
  esac
  until curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:$port/readyz" 2>/dev/null; do
    ((SECONDS < deadline)) || return 1
    sleep 0.2
  done
}

KILLED=0
SURVIVED=0
kill_one() {
  local name=$1 pid
  pid=$(live_pid "$name")
  [[ -n $pid ]] || die "$name is not running"
  log "chaos: SIGKILL $name (pid $pid)"
  kill -KILL "$pid"
  KILLED=$((KILLED + 1))
  while [[ -e /proc/$pid ]] && [[ $(cut -d' ' -f3 "/proc/$pid/stat" 2>/dev/null) != Z ]]; do sleep 0.05; done
  sleep "$(awk -v r="$RANDOM" 'BEGIN { printf "%.2f", 0.3 + r % 250 / 100 }')"
  restart "$name"
  if ready "$name"; then
    SURVIVED=$((SURVIVED + 1))
  else
    log_dir_tail "$name"
    die "$name did not come back after a SIGKILL"
  fi
}

log_dir_tail() {
  printf -- '----- last lines of %s -----\n' "$DATA_DIR/logs/$1.log" >&2
  tail -n 30 "$DATA_DIR/logs/$1.log" >&2 || true
}

PG_RESTARTS=0
restart_pg() {
  log "chaos: pg_ctl restart -m immediate"
  pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -m immediate -w -t 60 \
    restart >/dev/null || die "PostgreSQL did not come back (log: $PG_DIR/server.log)"
  PG_RESTARTS=$((PG_RESTARTS + 1))
  local name
  for name in "${VICTIMS[@]}"; do ready "$name" || die "$name is not ready after the PostgreSQL restart"; done
}

# The shop the buyers see ---------------------------------------------------------------

token=$(admin_token "$GW")
[[ -n $token ]] || die "login as $ADMIN_USERNAME failed"
AUTH="Authorization: Bearer $token"

run=$(date +%s)
secret=chaos-webhook-secret-$run
account=8$(printf '%011d' "$((run % 100000000000))")

# product NAME PRICE MAX CODES: an active product; prints {"id","price","max"}.
product() {
  local id
  id=$(field "$(api POST /retailstore/api/admin/v1/Product/Create \
    "{\"name\":\"$1\",\"price\":$2,\"status\":\"active\",\"maxPerOrder\":$3}")" id)
  python3 - "$WORK/codes.json" "$id" "$run" "$4" <<'PY'
import json, sys
path, product, run, n = sys.argv[1:]
with open(path, "w") as f:
    # The whole product id: codes are unique across the shop, and ids made within the
    # same minute share their first characters (UUIDv7).
    json.dump({"productId": product, "codes": [f"CH-{run}-{product}-{i:06d}" for i in range(int(n))]}, f)
PY
  api POST /retailstore/api/admin/v1/ProductSerialCode/CreateBulk "@$WORK/codes.json" >/dev/null
  printf '{"id":"%s","price":%s,"max":%s}' "$id" "$2" "$3"
}

log "chaos: products, codes and a bank account"
products="[$(product "Thẻ Garena 100K (chaos)" 100000 1 $((SECONDS_OF_LOAD * 40))),"
products+="$(product "Thẻ Viettel 50K (chaos)" 50000 3 $((SECONDS_OF_LOAD * 30))),"
# Few codes: sold out early, then back in stock as unpaid orders expire.
products+="$(product "Netflix 1 tháng (chaos, ít hàng)" 180000 2 40)]"
provider=$(field "$(api POST /paymentprovider/api/admin/v1/PaymentProvider/Create \
  "{\"name\":\"Chaos VCB $run\",\"type\":\"vietqr_bank\",\"bankBin\":\"970436\",
    \"accountNumber\":\"$account\",\"accountName\":\"CHAOS\",\"webhookEnabled\":true,
    \"webhookSecret\":\"$secret\",\"isActive\":true}")" id)
# Staff raise the Viettel card's price once, before any order can expire: late money for
# an order placed at the old price must then wait for staff (needs_attention), while the
# other products' late money takes codes again. The only price change of the run (the
# invariants compare each line with its product's price at the end).
reprice_id=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])[1]["id"])' "$products")
reprice_at=$((SECONDS_OF_LOAD / 3 < ORDER_TTL_SECONDS / 2 ? SECONDS_OF_LOAD / 3 : ORDER_TTL_SECONDS / 2))
cat >"$WORK/config.json" <<EOF
{"base": "$GW", "provider": "$provider", "secret": "$secret", "account": "$account",
 "token": "$token", "products": $products,
 "reprice": {"id": "$reprice_id", "price": 55000, "at": $reprice_at},
 "seconds": $SECONDS_OF_LOAD, "ttl": $ORDER_TTL_SECONDS, "sweep": $ORDER_SWEEP_INTERVAL_SECONDS,
 "buyers": ${RELIABILITY_BUYERS:-6}, "banks": ${RELIABILITY_BANKS:-3}, "run": $run}
EOF

# Load and chaos --------------------------------------------------------------------------

log "chaos: ${SECONDS_OF_LOAD}s of buying and paying, $KILLS kills, one PostgreSQL restart"
started=$SECONDS
python3 "$HERE/load.py" "$WORK/config.json" "$WORK" >"$WORK/load.json" &
LOAD_PID=$!

# Kills spread over the run with some jitter; the database restart in the middle; both
# victims at least once.
slot=$((SECONDS_OF_LOAD * 1000 / (KILLS + 2)))
pg_at=$((KILLS / 2 + 1))
for ((i = 1; i <= KILLS + 1; i++)); do
  at=$((started * 1000 + i * slot - slot / 3 + RANDOM % (slot * 2 / 3 + 1)))
  while ((SECONDS * 1000 < at)); do sleep 0.2; done
  if ((i == pg_at)); then
    restart_pg
  else
    victim=${VICTIMS[RANDOM % 2]}
    ((i <= 2)) && victim=${VICTIMS[i - 1]}
    kill_one "$victim"
  fi
done

load_rc=0
wait "$LOAD_PID" || load_rc=$?
LOAD_PID=""
# Unexpected answers, failed deliveries and crashed threads: printed by load.py, counted
# in its JSON line, and the run fails once the invariants below have been checked too.
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$WORK/load.json" 2>/dev/null ||
  die "the load generator failed (exit $load_rc) without its counts"
log "chaos: load done after $((SECONDS - started))s (exit $load_rc): $(<"$WORK/load.json")"

# Settle ---------------------------------------------------------------------------------

# Until the retries are done and the first orders had time to expire and be swept, and
# no longer: the checks below say whether expiry kept up with the later ones. Only a
# query that answers and says so ends the wait: a failing one (the database restarting)
# is not settled, and the deadline, fixed here, is a failure.
sweep=$ORDER_SWEEP_INTERVAL_SECONDS
settle_deadline=$((SECONDS + ORDER_TTL_SECONDS + 60))
settled=0
while ((SECONDS < settle_deadline)); do
  if state=$(sql -F ' ' -c "SELECT
      (SELECT count(*) FROM paymentprovider.payment_transactions WHERE status = 'pending'),
      (SELECT coalesce(ceil(extract(epoch FROM min(expires_at) - now()))::int + $((2 * sweep)), 0)
         FROM retailstore.orders),
      (SELECT count(*) FROM retailstore.orders WHERE status = 'expired')" 2>"$WORK/settle.err") &&
    read -r pending wait_expiry expired <<<"$state" &&
    [[ $pending =~ ^[0-9]+$ && $wait_expiry =~ ^-?[0-9]+$ && $expired =~ ^[0-9]+$ ]] &&
    ((pending == 0 && wait_expiry <= 0 && expired > 0)); then
    settled=1
    break
  fi
  sleep 1
done
((settled == 1)) || die "not settled within $((ORDER_TTL_SECONDS + 60))s after the load" \
  "(pending transactions ${pending:-?}, seconds to the first expiry ${wait_expiry:-?}," \
  "expired orders ${expired:-?}; last query error: $(head -c 300 "$WORK/settle.err"))"
for name in "${VICTIMS[@]}" gateway; do ready "$name" || die "$name is not ready at the end"; done

# Checks ---------------------------------------------------------------------------------

checks=$("$PSQL" "$DB" -XtAq -v ON_ERROR_STOP=1 -v provider="$provider" -v overdue="$((sweep + 3))" <<SQL
CREATE TEMP TABLE chaos_orders (email text, code text);
CREATE TEMP TABLE chaos_transactions (external_id text);
\copy chaos_orders FROM '$WORK/orders.txt'
\copy chaos_transactions FROM '$WORK/transactions.txt'
CREATE TEMP TABLE chaos_late (code text, kind text);
\copy chaos_late FROM '$WORK/late.txt'
\i $HERE/invariants.sql
SQL
)
counts=$(sql -F ' ' -c "SELECT
  (SELECT count(*) FROM retailstore.orders),
  (SELECT count(*) FROM retailstore.orders WHERE status = 'completed'),
  (SELECT count(*) FROM retailstore.orders WHERE status = 'expired'),
  (SELECT count(*) FROM retailstore.orders WHERE status = 'needs_attention'),
  (SELECT count(*) FROM retailstore.orders WHERE status = 'pending_payment'),
  (SELECT count(*) FROM retailstore.order_payments),
  (SELECT count(*) FROM paymentprovider.payment_transactions),
  (SELECT count(*) FROM paymentprovider.payment_transactions WHERE status = 'matched'),
  (SELECT count(*) FROM paymentprovider.payment_transactions WHERE status = 'unmatched'),
  (SELECT count(*) FROM retailstore.serial_codes WHERE status = 'sold')")
read -r orders completed expired attention waiting payments stored matched unmatched sold <<<"$counts"
# Money that reached an order after it had expired (its `expired` event before the
# payment was stored): how many such orders, and how they ended.
late=$(sql -F ' ' -c "WITH late AS (
    SELECT o.id, o.status, o.cancelled_at IS NOT NULL AS cancelled
      FROM retailstore.orders o
     WHERE EXISTS (SELECT 1 FROM retailstore.order_events e
                     JOIN retailstore.order_payments p ON p.order_id = e.order_id
                    WHERE e.order_id = o.id AND e.type = 'expired' AND p.created_at > e.at))
  SELECT count(*), count(*) FILTER (WHERE status = 'completed'),
         count(*) FILTER (WHERE status = 'needs_attention' AND NOT cancelled),
         count(*) FILTER (WHERE status = 'needs_attention' AND cancelled)
    FROM late")
read -r late_orders late_completed late_attention late_cancelled <<<"$late"
violations=$(awk -F'|' '{ n += $2 } END { print n + 0 }' <<<"$checks")
load_count() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get(sys.argv[2], 0))' "$WORK/load.json" "$1"; }

echo
echo "Chaos run: ${SECONDS_OF_LOAD}s of load, $PROFILE build, $(nproc) cores"
printf '  %-44s %s\n' \
  "orders (answered to buyers)" "$orders ($(load_count orders))" \
  "completed" "$completed" \
  "expired" "$expired" \
  "needs attention (part paid, late, cancelled)" "$attention" \
  "still waiting for money (not yet due)" "$waiting" \
  "codes sold" "$sold" \
  "order payments" "$payments" \
  "late payments sent (to cancelled orders)" "$(load_count late_payments) ($(load_count late_cancelled_payments))" \
  "orders paid after they expired" "$late_orders" \
  "  completed (codes reserved again)" "$late_completed" \
  "  needs attention (price changed, no stock)" "$late_attention" \
  "  needs attention (cancelled by staff)" "$late_cancelled" \
  "price changes, expired orders cancelled" "$(load_count repriced), $(load_count cancelled_expired)" \
  "transactions stored (matched, unmatched)" "$stored ($matched, $unmatched)" \
  "webhook deliveries (posts, repeats)" "$(load_count deliveries) ($(load_count repeated_deliveries))" \
  "buyer retries, delivery retries" "$(load_count order_retries), $(load_count delivery_retries)" \
  "load failures (unexpected, failed, crashed)" "$(load_count failures)" \
  "kills survived" "$SURVIVED of $KILLED" \
  "PostgreSQL restarts" "$PG_RESTARTS"
echo "  invariants:"
awk -F'|' '{ printf "    %-66s %s\n", $1, $2 }' <<<"$checks"
echo "  violations = $violations"
((violations == 0)) || die "the chaos run broke $violations invariant(s) (logs: $DATA_DIR/logs)"
((load_rc == 0)) || die "the load generator failed (exit $load_rc): $(load_count failures) unexpected" \
  "answers, failed requests or crashed threads (printed above as load: ...)"
((SURVIVED == KILLED)) || die "a service did not survive its kill"
((completed > 0 && expired > 0)) || die "no order was completed or none expired: the run proves nothing"
((late_completed > 0 && late_attention > 0 && late_cancelled > 0)) ||
  die "late money did not reach expired orders in every way (completed $late_completed," \
    "needs attention $late_attention, cancelled $late_cancelled): the late-money rules were not exercised"
