#!/usr/bin/env bash
# Notifications under load, against a mail server that takes BENCH_SMTP_DELAY_MS [200] ms
# to accept each message (scripts/bench/slow-smtp.mjs, a real SMTP server):
#   1. The buying flow's latency with notifications off and on, side by side in one run:
#      wrk creates orders and pays each by SePay webhook (scripts/bench/orders.lua) for
#      BENCH_DURATION [15] s at BENCH_ORDER_CONNECTIONS [32] connections, BENCH_ROUNDS [2]
#      rounds alternating off and on. "Off" turns every event off in the settings (no
#      delivery is made; the outbox and its relay still run), "on" sends the shopper's
#      e-mails. The p99 ratio on/off must stay <= 1.1: no request waits for SMTP.
#   2. Draining: BENCH_PAID_ORDERS [1000] orders created and paid (16 at a time) with only
#      the "codes ready" e-mail on; counts the e-mails the mail server received (one per
#      order, none twice: by recipient and by Message-ID) and the rate at which they
#      arrived (target >= 100 e-mails/s).
# Its own stack (BENCH_PORT_BASE [38080], BENCH_DATA_DIR [.data/bench-notify]) pointed at
# the slow mail server on BENCH_SMTP_PORT [PORT_BASE + 40]. Settings: those above,
# BENCH_PROFILE, SKIP_BUILD=1, BENCH_THREADS [2]. Needs wrk, node, psql, curl, python3.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

export BENCH_PORT_BASE=${BENCH_PORT_BASE:-38080}
export BENCH_DATA_DIR=${BENCH_DATA_DIR:-.data/bench-notify}
bench_env
export RATE_LIMIT_ORDER_PER_MINUTE=0
export MAX_UNPAID_ORDERS_PER_EMAIL=1000000
export MAX_UNPAID_ORDERS_PER_IP=1000000
DURATION=${BENCH_DURATION:-15}
CONNECTIONS=${BENCH_ORDER_CONNECTIONS:-32}
THREADS=${BENCH_THREADS:-2}
ROUNDS=${BENCH_ROUNDS:-2}
PAID_ORDERS=${BENCH_PAID_ORDERS:-1000}
SMTP_DELAY=${BENCH_SMTP_DELAY_MS:-200}
SMTP_PORT=${BENCH_SMTP_PORT:-$((PORT_BASE + 40))}
GW=http://127.0.0.1:$PORT_BASE
DB=${DATABASE_URL:-postgres://postgres@127.0.0.1:$((PORT_BASE + 2352))/shop}
need wrk "Install it (Debian: apt-get install wrk)."
need node "Install Node.js 20."
need curl "Install curl."
need python3 "Install python3."
[[ -d frontend/node_modules/smtp-server ]] || die "frontend/node_modules is missing: run npm ci in frontend/"
PSQL=$(psql_bin)
HERE=$ROOT/scripts/bench
WORK=$DATA_DIR/notifications
mkdir -p "$WORK"
MAIL_LOG=$WORK/smtp.jsonl

node "$HERE/slow-smtp.mjs" "$SMTP_PORT" "$SMTP_DELAY" "$MAIL_LOG" >"$WORK/smtp.out" 2>&1 &
smtp_pid=$!
stop_all() {
  kill "$smtp_pid" 2>/dev/null || true
  [[ ${BENCH_KEEP:-0} == 1 ]] || "$ROOT/scripts/stack.sh" stop >/dev/null 2>&1 || true
}
trap stop_all EXIT
export SMTP_URL=smtp://127.0.0.1:$SMTP_PORT
export MAIL_FROM=${MAIL_FROM:-shop@bench.example.vn}
"$ROOT/scripts/stack.sh" start

sql() { "$PSQL" "$DB" -XtAq -v ON_ERROR_STOP=1 "$@"; }

token=$(admin_token "$GW")
[[ -n $token ]] || die "Login as $ADMIN_USERNAME failed"
AUTH="Authorization: Bearer $token"
SETTINGS=/system/api/admin/v1/Configuration/Notifications

# events MODE: every event off (off), the shopper's e-mails on (on), or only "codes
# ready" (drain); the rest of the settings as they are.
events() {
  local current body
  current=$(api GET "$SETTINGS")
  body=$(python3 - "$current" "$1" <<'PY'
import json, sys
settings, mode = json.loads(sys.argv[1]), sys.argv[2]
shopper = {"orderPlaced", "codesReady", "codesReplaced", "needsAttention", "linkResent"}
events = settings["events"]
for name in events:
    events[name] = (mode == "on" and name in shopper) or (mode == "drain" and name == "codesReady")
# Only what the settings form sends back: the write-only secrets stay as they are.
for name in ("hasSmtpPassword", "hasTelegramBotToken", "updatedAt", "updatedBy",
             "emailEnabled", "telegramEnabled", "smtpFromEnvironment"):
    settings.pop(name, None)
print(json.dumps(settings))
PY
)
  api PUT "$SETTINGS" "$body" >/dev/null
}

# Waits until nothing is left to relay or to send (the previous phase's e-mails).
settle() {
  local left
  for _ in $(seq 1 600); do
    left=$(sql -c "SELECT (SELECT count(*) FROM retailstore.outbox WHERE relayed_at IS NULL)
                        + (SELECT count(*) FROM system.notification_deliveries
                            WHERE status IN ('pending', 'sending'))")
    [[ $left == 0 ]] && return 0
    sleep 1
  done
  die "notifications did not settle: $left left"
}

run=$(date +%s)$$
secret=bench-webhook-secret-$run
account=9$(printf '%011d' "$((run % 100000000000))")
product=$(field "$(api POST /retailstore/api/admin/v1/Product/Create \
  "{\"name\":\"Bench notify $run\",\"price\":20000,\"status\":\"active\",\"maxPerOrder\":1}")" id)
codes=$(((ROUNDS * 2 * DURATION * 1500) + PAID_ORDERS + 1000))
left=$codes part=0
while ((left > 0)); do
  batch=$((left > 50000 ? 50000 : left))
  python3 - "$WORK/codes.json" "$product" "$run" "$part" "$batch" <<'PY'
import json, sys
path, product, run, part, n = sys.argv[1:]
with open(path, "w") as f:
    json.dump({"productId": product,
               "codes": [f"NB-{run}-{part}-{i:06d}-K9" for i in range(int(n))]}, f)
PY
  api POST /retailstore/api/admin/v1/ProductSerialCode/CreateBulk "@$WORK/codes.json" >/dev/null
  left=$((left - batch)) part=$((part + 1))
done
provider=$(field "$(api POST /paymentprovider/api/admin/v1/PaymentProvider/Create \
  "{\"name\":\"Bench notify VCB $run\",\"type\":\"vietqr_bank\",\"bankBin\":\"970436\",
    \"accountNumber\":\"$account\",\"accountName\":\"BENCH\",\"webhookEnabled\":true,
    \"webhookSecret\":\"$secret\",\"isActive\":true,\"sortOrder\":1000}")" id)

# 1. Latency, notifications off and on ----------------------------------------------------
rows=()
for round in $(seq 1 "$ROUNDS"); do
  for mode in off on; do
    settle
    events "$mode"
    log "round $round, notifications $mode: wrk ${DURATION}s at $CONNECTIONS connections"
    out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$HERE/orders.lua" \
      "$GW" -- "$product" "$provider" "$secret" "$account" "$run$round$mode")
    rows+=("$mode $(awk '$1 == "Requests/sec:" { print $2 }' <<<"$out") \
$(awk '$1 == "50%" { print $2 }' <<<"$out") $(awk '$1 == "99%" { print $2 }' <<<"$out") \
$(awk '/Non-2xx or 3xx responses:/ { print $NF }' <<<"$out")")
  done
done
settle

# 2. Draining 1,000 paid orders' e-mails --------------------------------------------------
events drain
: >"$MAIL_LOG"
log "draining: $PAID_ORDERS orders created and paid, only \"codes ready\" on"
python3 "$HERE/paid-orders.py" 127.0.0.1 "$PORT_BASE" "$PAID_ORDERS" 16 "$product" "$provider" \
  "$secret" "$account" "$run" >"$WORK/paid.json"
for _ in $(seq 1 900); do
  got=$(wc -l <"$MAIL_LOG")
  ((got >= PAID_ORDERS)) && break
  sleep 1
done
sleep 3 # anything sent twice would arrive now
read -r paid emails distinct_to distinct_ids extra rate span first_to_last backlog tail_rate < <(python3 - "$WORK/paid.json" "$MAIL_LOG" <<'PY'
import json, sys
paid = json.load(open(sys.argv[1]))
mails = [json.loads(line) for line in open(sys.argv[2]) if line.strip()]
wanted = set(paid["emails"])
ours = [m for m in mails if set(m["to"]) & wanted]
to = {a for m in ours for a in m["to"]}
ids = {m["messageId"] for m in ours}
times = sorted(m["at"] / 1000 for m in ours)
span = times[-1] - times[0] if len(times) > 1 else 0
rate = (len(ours) - 1) / span if span > 0 else 0
first_to_last = (times[-1] - paid["startedAt"]) if times else 0
# The backlog left when the last order was paid, and how fast it drained: while orders
# still arrive, e-mails cannot leave faster than the orders are paid.
after = [t for t in times if t > paid["lastPaidAt"]]
tail = after[-1] - paid["lastPaidAt"] if after else 0
tail_rate = len(after) / tail if tail > 0 else 0
print(paid["paid"], len(ours), len(to), len(ids), len(mails) - len(ours),
      f"{rate:.0f}", f"{span:.1f}", f"{first_to_last:.1f}", len(after), f"{tail_rate:.0f}")
PY
)
duplicates=$((emails - distinct_to))
sent=$(sql -c "SELECT count(*) FROM system.notification_deliveries WHERE status = 'sent'")

report=$(bench_report notifications)
{
  echo "# Notifications under load ($(date -u +%Y-%m-%dT%H:%MZ), $PROFILE build, $(nproc) cores shared with the load generators)"
  echo
  echo "Mail server: a real SMTP server answering each message after ${SMTP_DELAY} ms."
  echo
  echo "## CreateOrder + SePay webhook, $CONNECTIONS connections, ${DURATION}s per row, notifications off and on"
  echo
  echo "| notifications | req/s | p50 | p99 | non-2xx |"
  echo "|---|---:|---:|---:|---:|"
  for row in "${rows[@]}"; do
    read -r mode rps p50 p99 bad <<<"$row"
    echo "| $mode | $rps | $p50 | $p99 | ${bad:-0} |"
  done
  python3 - "${rows[@]}" <<'PY'
import sys
def ms(v):
    for unit, f in (("us", 0.001), ("ms", 1.0), ("s", 1000.0)):
        if v.endswith(unit):
            return float(v[: -len(unit)]) * f
    return float(v)
rows = [r.split() for r in sys.argv[1:]]
def median(xs):
    xs = sorted(xs); n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2
off = median([ms(r[3]) for r in rows if r[0] == "off"])
on = median([ms(r[3]) for r in rows if r[0] == "on"])
print()
print(f"Median p99: off {off:.2f} ms, on {on:.2f} ms, ratio on/off {on / off:.2f} (target <= 1.1).")
PY
  echo
  echo "## $PAID_ORDERS paid orders, \"codes ready\" e-mails"
  echo
  echo "| orders paid | e-mails received | distinct recipients | distinct Message-IDs | duplicates | other mail | e-mails/s, first to last | first to last e-mail | first order to last e-mail | left when the last order was paid | e-mails/s after it | deliveries marked sent (whole run) |"
  echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  echo "| $paid | $emails | $distinct_to | $distinct_ids | $duplicates | $extra | $rate | ${span} s | ${first_to_last} s | $backlog | $tail_rate | $sent |"
  echo
  echo "Target: one e-mail per paid order, 0 duplicates, >= 100 e-mails/s. While orders are still"
  echo "being paid, e-mails cannot leave faster than the orders arrive; the backlog left when the"
  echo "last order was paid shows the sending rate alone."
} >"$report"
echo
cat "$report"
log "saved to $report"
[[ $emails == "$paid" && $duplicates == 0 ]] || die "expected one e-mail per paid order: $paid paid, $emails e-mails, $duplicates duplicates"
