# shellcheck shell=bash
# Everything before the binaries start: prerequisites, the build (cargo and the
# frontend), the local keys, then the mail catcher's and the database's set-up.
# Sourced by scripts/stack.sh, which holds the settings.

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
