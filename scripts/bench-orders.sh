#!/usr/bin/env bash
# Buying-flow benchmarks of the production build, through the gateway:
#   1. Checkout contention: BENCH_BUYERS [500] shoppers at once, each ordering one code of
#      a product holding BENCH_STOCK [100] codes (every connection open before the first
#      request leaves). Reports successes (must equal the stock), refusals (409 code 400),
#      anything else, p50/p99, and checks in the database that every code went to at most
#      one order and every successful order holds exactly one code.
#   2. Sustained buying: wrk creates orders and pays each with an authenticated SePay
#      webhook delivery (scripts/bench/orders.lua) for BENCH_DURATION [15] s at
#      BENCH_ORDER_CONNECTIONS [32] connections, with durable commits (the cluster's
#      defaults: fsync and synchronous_commit on). Completed orders per second, beside
#      pgbench running the bare `FOR UPDATE SKIP LOCKED` reservation of one code
#      (scripts/bench/reserve.sql) on a copy of serial_codes in the same database, same run.
#   3. Statements per paid order: BENCH_STATEMENT_ORDERS [20] orders created and paid one
#      after another while the server logs every statement with its role (log_statement =
#      all for that moment); retailstore's statements per order (CreateOrder +
#      ConfirmPayment; its outbox relay's UPDATE/DELETE left out), and paymentprovider's
#      (the webhook) beside them. Needs the stack's own PostgreSQL (its log under
#      BENCH_DATA_DIR) and DB_ROLES=1, the default; otherwise it says why and goes on.
#
# The order limits meant for the public (per-IP rate, unpaid orders per email and IP) are
# lifted for the stack this script starts; a stack already running from BENCH_DATA_DIR is
# reused as it is (start it with those variables, as `make bench` does).
# Settings: BENCH_PORT_BASE [28080], BENCH_DATA_DIR [.data/bench], BENCH_THREADS [2],
# SKIP_BUILD=1, BENCH_KEEP=1, plus stack.sh's. Needs wrk, pgbench, psql, curl, python3.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

bench_env
export RATE_LIMIT_ORDER_PER_MINUTE=${RATE_LIMIT_ORDER_PER_MINUTE:-0}
# 0: no limit and no per-client lock (a limit would queue every bench order, all from one
# IP, on that client's lock, which real shoppers never share).
export MAX_UNPAID_ORDERS_PER_EMAIL=${MAX_UNPAID_ORDERS_PER_EMAIL:-0}
export MAX_UNPAID_ORDERS_PER_IP=${MAX_UNPAID_ORDERS_PER_IP:-0}
BUYERS=${BENCH_BUYERS:-500}
STOCK=${BENCH_STOCK:-100}
DURATION=${BENCH_DURATION:-15}
CONNECTIONS=${BENCH_ORDER_CONNECTIONS:-32}
THREADS=${BENCH_THREADS:-2}
GW=http://127.0.0.1:$PORT_BASE
DB=${DATABASE_URL:-postgres://postgres@127.0.0.1:$((PORT_BASE + 2352))/shop}
need wrk "Install it (Debian: apt-get install wrk)."
need pgbench "Install it (Debian: apt-get install postgresql-contrib or postgresql-client)."
need curl "Install curl."
need python3 "Install python3."
PSQL=$(psql_bin)
HERE=$ROOT/scripts/bench
WORK=$DATA_DIR/orders
mkdir -p "$WORK"

bench_stack_up

sql() { "$PSQL" "$DB" -XtAq -v ON_ERROR_STOP=1 "$@"; }
rs() { sql -c "SET search_path = retailstore" -c "$1"; }

token=$(admin_token "$GW")
[[ -n $token ]] || die "Login as $ADMIN_USERNAME failed"
AUTH="Authorization: Bearer $token"

run=$(date +%s)$$
secret=bench-webhook-secret-$run
account=9$(printf '%011d' "$((run % 100000000000))")

# product NAME CODES: an active product with CODES codes (one per order); prints its id.
product() {
  local id n part
  id=$(field "$(api POST /retailstore/api/admin/v1/Product/Create \
    "{\"name\":\"$1\",\"price\":20000,\"status\":\"active\",\"maxPerOrder\":1}")" id)
  n=$2 part=0
  while ((n > 0)); do
    local batch=$((n > 50000 ? 50000 : n))
    python3 - "$WORK/codes.json" "$id" "$run" "$part" "$batch" <<'PY'
import json, sys
path, product, run, part, n = sys.argv[1:]
with open(path, "w") as f:
    json.dump({"productId": product,
               "codes": [f"OB-{run}-{part}-{i:06d}-K9" for i in range(int(n))]}, f)
PY
    api POST /retailstore/api/admin/v1/ProductSerialCode/CreateBulk "@$WORK/codes.json" >/dev/null
    n=$((n - batch)) part=$((part + 1))
  done
  echo "$id"
}

provider=$(field "$(api POST /paymentprovider/api/admin/v1/PaymentProvider/Create \
  "{\"name\":\"Bench VCB $run\",\"type\":\"vietqr_bank\",\"bankBin\":\"970436\",
    \"accountNumber\":\"$account\",\"accountName\":\"BENCH\",\"webhookEnabled\":true,
    \"webhookSecret\":\"$secret\",\"isActive\":true,\"sortOrder\":1000}")" id)

# 1. Checkout contention -------------------------------------------------------------
log "checkout contention: $BUYERS buyers for $STOCK codes"
contended=$(product "Bench contention $run" "$STOCK")
python3 "$HERE/contention.py" 127.0.0.1 "$PORT_BASE" /retailstore/api/web/v1/Order/CreateOrder \
  "$BUYERS" "$contended" "$provider" "$run" >"$WORK/contention.json"
read -r ok conflict other p50 p99 statuses < <(python3 -c 'import json,sys
r = json.load(open(sys.argv[1]))
print(r["ok"], r["conflict"], r["other"], r["p50_ms"], r["p99_ms"], json.dumps(r["statuses"]).replace(" ", ""))' \
  "$WORK/contention.json")
held=$(rs "SELECT count(*) FROM serial_codes WHERE product_id = '$contended' AND status = 'reserved'")
orders_with_code=$(rs "SELECT count(DISTINCT order_id) FROM serial_codes WHERE product_id = '$contended' AND order_id IS NOT NULL")
stray=$(rs "SELECT count(*) FROM serial_codes WHERE product_id = '$contended' AND (status = 'reserved') <> (order_id IS NOT NULL)")
# A code is one row with one order_id: a code sold twice shows as fewer codes held than
# successful orders.
duplicates=$((ok - orders_with_code + stray))
((duplicates < 0)) && duplicates=$((-duplicates))

# 2. Sustained buying vs pgbench ---------------------------------------------------------
log "sustained buying: preparing $((DURATION * 3000)) codes"
sustained=$(product "Bench sustained $run" "$((DURATION * 3000))")
started_at=$(rs "SELECT now()")
out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$HERE/orders.lua" \
  "$GW" -- "$sustained" "$provider" "$secret" "$account" "$run")
sleep 1
created=$(rs "SELECT count(*) FROM orders WHERE created_at >= '$started_at'")
completed=$(rs "SELECT count(*) FROM orders WHERE created_at >= '$started_at' AND status = 'completed'")
sold=$(rs "SELECT count(*) FROM serial_codes WHERE product_id = '$sustained' AND status = 'sold'")
wrk_rps=$(awk '$1 == "Requests/sec:" { print $2 }' <<<"$out")
wrk_p50=$(awk '$1 == "50%" { print $2 }' <<<"$out")
wrk_p99=$(awk '$1 == "99%" { print $2 }' <<<"$out")
wrk_bad=$(awk '/Non-2xx or 3xx responses:/ { print $NF }' <<<"$out")

# 3. Statements per paid order -----------------------------------------------------------
STATEMENT_ORDERS=${BENCH_STATEMENT_ORDERS:-20}
pg_log=$DATA_DIR/pg/server.log
per_order_retail=n/a per_order_payment=n/a statements_note=""
# log_statement: ALTER SYSTEM, then a reload that every open session picks up.
log_statements() {
  sql -c "ALTER SYSTEM $1 log_statement${2:+ = '$2'}" \
    -c "ALTER SYSTEM $1 log_line_prefix${3:+ = '$3'}" -c "SELECT pg_reload_conf()" >/dev/null
}
if [[ -n ${DATABASE_URL:-} || ! -r $pg_log ]]; then
  statements_note="not counted: the stack does not run its own PostgreSQL (no $pg_log)"
else
  log "statements per paid order: $STATEMENT_ORDERS orders created and paid one at a time"
  # Logging goes back to normal however the script ends, before the stack's own exit
  # trap (bench_stack_up's) runs.
  on_exit=$(trap -p EXIT)
  stop_stack=""
  if [[ -n $on_exit ]]; then eval "set -- $on_exit" && stop_stack=$3; fi
  trap "log_statements RESET >/dev/null 2>&1 || true; $stop_stack" EXIT
  log_statements SET all '%m [%p] role=%u '
  sleep 1
  mark=$(wc -l <"$pg_log")
  for ((i = 0; i < STATEMENT_ORDERS; i++)); do
    answer=$(curl -sS -X POST -H 'content-type: application/json' \
      --data-binary "{\"items\":[{\"productId\":\"$sustained\",\"quantity\":1}],\"email\":\"s$i.$run@bench.example.vn\",\"paymentProviderId\":\"$provider\"}" \
      "$GW/retailstore/api/web/v1/Order/CreateOrder")
    read -r code total < <(python3 -c 'import json,sys
r = json.loads(sys.argv[1])["result"]
print(r["code"], r["total"])' "$answer") || die "CreateOrder failed: ${answer:0:300}"
    # Unique across runs on one database, and apart from orders.lua's (thread_no >= 1).
    hook=$(((run % 1000) * 1000000 + i))
    curl -sS -o /dev/null -X POST -H 'content-type: application/json' -H "Authorization: Apikey $secret" \
      --data-binary "{\"id\":$hook,\"gateway\":\"Vietcombank\",\"transactionDate\":\"2026-11-23 10:00:00\",\"accountNumber\":\"$account\",\"subAccount\":null,\"code\":null,\"content\":\"$code chuyen tien\",\"transferType\":\"in\",\"transferAmount\":$total,\"accumulated\":0,\"referenceCode\":\"FT$hook\",\"description\":\"bench\"}" \
      "$GW/paymentprovider/api/web/v1/PaymentWebhook/SePay/$provider"
  done
  sleep 1
  log_statements RESET
  if [[ -n $stop_stack ]]; then trap "$stop_stack" EXIT; else trap - EXIT; fi
  paid=$(rs "SELECT count(*) FROM orders WHERE email LIKE 's%.$run@bench.example.vn' AND status = 'completed'")
  [[ $paid == "$STATEMENT_ORDERS" ]] || warn "statements: only $paid of $STATEMENT_ORDERS orders completed"
  # One line per statement (log_statement's 'statement:' or 'execute <name>:').
  count_role() {
    tail -n +"$((mark + 1))" "$pg_log" | grep -E "role=$1 LOG:  (statement|execute)" |
      grep -cvE 'UPDATE outbox|DELETE FROM outbox' || true
  }
  if [[ $(count_role retailstore) == 0 ]]; then
    statements_note="not counted: no statement logged under the role retailstore (DB_ROLES=0?)"
  else
    per_order_retail=$(awk -v n="$(count_role retailstore)" -v o="$STATEMENT_ORDERS" 'BEGIN { printf "%.1f", n / o }')
    per_order_payment=$(awk -v n="$(count_role paymentprovider)" -v o="$STATEMENT_ORDERS" 'BEGIN { printf "%.1f", n / o }')
  fi
fi

log "pgbench: the bare SKIP LOCKED reservation, $CONNECTIONS clients, ${DURATION}s"
sql <<SQL
SET client_min_messages = warning;
DROP SCHEMA IF EXISTS bench_pgbench CASCADE;
CREATE SCHEMA bench_pgbench;
-- Its indexes, not its checks: the bare reservation belongs to no order, which the
-- order-state check of serial_codes refuses.
CREATE TABLE bench_pgbench.bench_codes (LIKE retailstore.serial_codes INCLUDING ALL EXCLUDING CONSTRAINTS);
INSERT INTO bench_pgbench.bench_codes (id, product_id, key_id, nonce, ciphertext, code_hash, last4)
SELECT gen_random_uuid(), '00000000-0000-0000-0000-000000000001', 1,
       substring(decode(md5(g::text), 'hex') from 1 for 12),
       decode(md5(g::text) || md5(g::text || 'x'), 'hex'),
       decode(md5(g::text) || md5(g::text || 'y'), 'hex'),
       right(g::text, 4)
  FROM generate_series(1, $((DURATION * 20000))) g;
ANALYZE bench_pgbench.bench_codes;
SQL
pg=$(PGOPTIONS='-c search_path=bench_pgbench' pgbench -n -c "$CONNECTIONS" -j "$THREADS" \
  -T "$DURATION" -f "$HERE/reserve.sql" "$DB" 2>&1)
pg_tps=$(awk -F'= ' '/^tps/ { split($2, a, " "); print a[1]; exit }' <<<"$pg")
sql -c "SET client_min_messages = warning" -c "DROP SCHEMA bench_pgbench CASCADE" >/dev/null

orders_per_s=$(awk -v c="$completed" -v d="$DURATION" 'BEGIN { printf "%.0f", c / d }')
ratio=$(awk -v o="$orders_per_s" -v p="$pg_tps" 'BEGIN { printf "%.0f", (p > 0 ? o * 100 / p : 0) }')
report=$(bench_report orders)
{
  echo "# Buying-flow benchmarks ($(date -u +%Y-%m-%dT%H:%MZ), $PROFILE build, $(nproc) cores shared with the load generators)"
  echo
  echo "## Checkout contention: $BUYERS buyers at once for $STOCK codes, through the gateway"
  echo
  echo "| successes | refused (409) | other | codes held | duplicates | p50 ms | p99 ms |"
  echo "|---:|---:|---:|---:|---:|---:|---:|"
  echo "| $ok | $conflict | $other | $held | $duplicates | $p50 | $p99 |"
  echo
  echo "Statuses: \`$statuses\`. Target: successes = $STOCK, duplicates 0, p99 <= 250 ms."
  echo
  echo "## Sustained buying: CreateOrder + SePay webhook, $CONNECTIONS connections, ${DURATION}s"
  echo
  echo "| orders created | completed | codes sold | completed orders/s | wrk req/s | p50 | p99 | non-2xx |"
  echo "|---:|---:|---:|---:|---:|---:|---:|---:|"
  echo "| $created | $completed | $sold | $orders_per_s | $wrk_rps | $wrk_p50 | $wrk_p99 | ${wrk_bad:-0} |"
  echo
  echo "pgbench, the bare reservation of one code (\`FOR UPDATE SKIP LOCKED\`), $CONNECTIONS clients: ${pg_tps%.*} tps."
  echo
  echo "Completed orders/s / pgbench tps: ${ratio}% (target >= 17%, >= 1,000 orders/s)."
  echo
  echo "## Statements per paid order (CreateOrder + ConfirmPayment)"
  echo
  if [[ -n $statements_note ]]; then
    echo "$statements_note."
  else
    echo "| retailstore | paymentprovider (the webhook) | orders counted |"
    echo "|---:|---:|---:|"
    echo "| $per_order_retail | $per_order_payment | $STATEMENT_ORDERS |"
    echo
    echo "Every statement the server logged under each service's role while the orders were created and paid one at a time (transaction control included; retailstore's outbox relay left out)."
  fi
} >"$report"
echo
cat "$report"
log "saved to $report"
[[ $ok == "$STOCK" && $duplicates == 0 ]] || die "contention invariants broken: $ok successes, $duplicates duplicates"
