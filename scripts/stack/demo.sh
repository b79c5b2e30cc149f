# shellcheck shell=bash
# The demo data a fresh shop gets: the demo catalogue and the demo bank account.
# Sourced by scripts/stack.sh.

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
