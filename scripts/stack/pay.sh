# shellcheck shell=bash
# `scripts/stack.sh pay`: a simulated bank notification of a transfer to the demo
# bank account. Sourced by scripts/stack.sh.

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
