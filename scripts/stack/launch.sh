# shellcheck shell=bash
# Starting the binaries: each one's environment (addresses, keys, database role), the
# launch in its own session, and the wait until every /readyz answers.
# Sourced by scripts/stack.sh.

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

launch_all() {
  local name
  # The catcher first: system's first e-mail finds it listening.
  if ((USE_MAIL)); then launch_maildev; fi
  for name in "${SERVICES[@]}" gateway; do launch "$name"; done
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
