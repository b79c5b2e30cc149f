# shellcheck shell=bash
# Helpers shared by the scripts in this folder. Source it; do not run it.

# Repository root (this file lives in <root>/scripts).
ROOT=${ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}

log() { printf '==> %s\n' "$*" >&2; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die() {
  printf 'error: %s\n' "$*" >&2
  exit 1
}

# need CMD HINT: fail with a clear message when CMD is not on PATH.
need() {
  command -v "$1" >/dev/null 2>&1 || die "'$1' not found. $2"
}

# abspath PATH: PATH made absolute against the repository root.
abspath() {
  case $1 in
  /*) printf '%s\n' "$1" ;;
  *) printf '%s\n' "$ROOT/$1" ;;
  esac
}

# PostgreSQL server binaries (initdb, pg_ctl, psql): $PG_BIN, else the newest
# /usr/lib/postgresql/<version>/bin, else whatever is on PATH. Prints the folder
# (empty when the tools are on PATH) or fails when none is found.
find_pg_bin() {
  if [[ -n ${PG_BIN:-} ]]; then
    [[ -x $PG_BIN/initdb && -x $PG_BIN/pg_ctl ]] || die "PG_BIN=$PG_BIN holds no initdb/pg_ctl"
    printf '%s\n' "$PG_BIN"
    return
  fi
  local dir best="" bestver=0 ver
  for dir in /usr/lib/postgresql/*/bin; do
    [[ -x $dir/initdb && -x $dir/pg_ctl ]] || continue
    ver=${dir#/usr/lib/postgresql/}
    ver=${ver%%/*}
    ver=${ver%%.*}
    [[ $ver =~ ^[0-9]+$ ]] || continue
    if ((ver > bestver)); then
      bestver=$ver
      best=$dir
    fi
  done
  if [[ -n $best ]]; then
    printf '%s\n' "$best"
  elif command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
  else
    die "PostgreSQL server binaries (initdb, pg_ctl) not found under /usr/lib/postgresql/<version>/bin or on PATH.
  Install them (Debian: apt-get install postgresql), point PG_BIN at their folder,
  or set DATABASE_URL to an existing database."
  fi
}

# psql_bin: the psql to use (the server's own, else the one on PATH).
psql_bin() {
  local bin
  bin=$(find_pg_bin 2>/dev/null || true)
  if [[ -n $bin && -x $bin/psql ]]; then
    printf '%s\n' "$bin/psql"
  elif command -v psql >/dev/null 2>&1; then
    command -v psql
  else
    die "psql not found (Debian: apt-get install postgresql-client)"
  fi
}

# port_in_use PORT: true when something accepts TCP connections on 127.0.0.1:PORT.
port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# db_url_with_name URL NAME: URL with its database name replaced by NAME.
db_url_with_name() {
  local url=$1 name=$2 base query="" rest
  base=${url%%\?*}
  [[ $base != "$url" ]] && query="?${url#*\?}"
  rest=${base#*://}
  if [[ $rest == */* ]]; then
    base=${base%/*}
  fi
  printf '%s/%s%s\n' "$base" "$name" "$query"
}

# db_reachable URL: true when a PostgreSQL answers queries at URL.
db_reachable() {
  local psql
  psql=$(psql_bin 2>/dev/null) || return 1
  PGCONNECT_TIMEOUT=3 "$psql" "$1" -XtAqc 'select 1' >/dev/null 2>&1
}

# Private PostgreSQL cluster under a folder ------------------------------------
#   pg_private_start DIR PORT   initialise (once) and start; idempotent
#   pg_private_stop DIR         stop when running; idempotent
#   pg_private_running DIR      true when the cluster in DIR runs
#   pg_private_url DIR PORT DB  the URL of database DB, TLS checked with verify-full
# As root, initdb and the server run as the 'postgres' user, which is given DIR.
# The cluster speaks TLS only over TCP (pg_hba: hostssl), with a CA and a server
# certificate for 127.0.0.1 and localhost made once under DIR/tls (pg_tls_files), so
# local runs and tests connect as a managed PostgreSQL requires: sslmode=verify-full.

pg_as_owner() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

pg_private_running() {
  local dir=$1 bin
  [[ -f $dir/data/PG_VERSION ]] || return 1
  bin=$(find_pg_bin)
  pg_as_owner "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1
}

# pg_tls_files DIR: DIR/tls/ca.crt (a CA made for this cluster) and the server's
# certificate and key signed by it (server.crt, server.key: IP 127.0.0.1 and DNS
# localhost), made once. Keys are mode 600, as PostgreSQL requires of its key.
pg_tls_files() {
  local tls=$1/tls
  [[ -s $tls/ca.crt && -s $tls/server.crt && -s $tls/server.key ]] && return 0
  need openssl "Install openssl (Debian: apt-get install openssl); it makes the private PostgreSQL's TLS certificates."
  rm -rf "$tls"
  mkdir -p "$tls"
  if ! (
    cd "$tls"
    umask 077
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 3650 \
      -subj "/CN=shop private PostgreSQL CA" -keyout ca.key -out ca.crt \
      -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign
    openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
      -subj "/CN=127.0.0.1" -keyout server.key -out server.csr
    printf '%s\n' subjectAltName=IP:127.0.0.1,DNS:localhost basicConstraints=critical,CA:FALSE \
      keyUsage=critical,digitalSignature extendedKeyUsage=serverAuth >server.ext
    openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 3650 \
      -extfile server.ext -out server.crt
    rm -f server.csr server.ext ca.srl
    chmod 644 ca.crt server.crt
  ) >"$1/tls.log" 2>&1; then
    tail -n 20 "$1/tls.log" >&2
    die "could not make the private PostgreSQL's TLS certificates (log: $1/tls.log)"
  fi
}

# pg_url_escape TEXT: TEXT with the characters that end or escape a URL's parameter
# percent-encoded (libpq and the services decode them).
pg_url_escape() {
  local s=${1//%/%25}
  s=${s// /%20}
  s=${s//&/%26}
  s=${s//#/%23}
  s=${s//\?/%3F}
  printf '%s\n' "$s"
}

pg_private_url() {
  printf 'postgres://postgres@127.0.0.1:%s/%s?sslmode=verify-full&sslrootcert=%s\n' \
    "$2" "$3" "$(pg_url_escape "$1/tls/ca.crt")"
}

pg_private_start() {
  local dir=$1 port=$2 bin sockdir opts
  bin=$(find_pg_bin)
  mkdir -p "$dir/data" "$dir/sock"
  pg_tls_files "$dir"
  if [[ $(id -u) -eq 0 ]]; then
    id postgres >/dev/null 2>&1 ||
      die "running as root, but there is no 'postgres' user to run the private PostgreSQL as (initdb refuses root)"
    chown -R postgres:postgres "$dir"
    chmod 700 "$dir/data"
    runuser -u postgres -- test -w "$dir/data" ||
      die "the 'postgres' user cannot reach $dir (a parent folder is closed to it); use a DATA_DIR it can reach"
  fi
  if [[ ! -f $dir/data/PG_VERSION ]]; then
    log "initialising a private PostgreSQL cluster in $dir/data"
    if ! pg_as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-locale \
      >"$dir/initdb.log" 2>&1; then
      tail -n 20 "$dir/initdb.log" >&2
      die "initdb failed (log: $dir/initdb.log)"
    fi
  fi
  if pg_private_running "$dir"; then
    log "private PostgreSQL already running ($dir/data)"
  else
    if port_in_use "$port"; then
      die "port $port is taken by another program; set PG_PORT to a free port (or stop it)"
    fi
    # Unix sockets have a ~107 byte path limit: fall back to TCP only for deep folders.
    sockdir=$dir/sock
    if ((${#sockdir} > 90)); then sockdir=""; fi
    # TCP only over TLS; the Unix socket (no TLS there) stays open to local tools.
    pg_as_owner tee "$dir/data/pg_hba.conf" >/dev/null <<'HBA'
# Written at each start by scripts/lib.sh (pg_private_start).
local   all all              trust
hostssl all all 127.0.0.1/32 trust
hostssl all all ::1/128      trust
HBA
    opts="-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories='$sockdir'"
    opts+=" -c ssl=on -c ssl_cert_file='$dir/tls/server.crt' -c ssl_key_file='$dir/tls/server.key'"
    log "starting private PostgreSQL on 127.0.0.1:$port"
    if ! pg_as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "$opts" start \
      >/dev/null; then
      tail -n 20 "$dir/server.log" >&2 || true
      die "the private PostgreSQL did not start (log: $dir/server.log)"
    fi
  fi
}

pg_private_stop() {
  local dir=$1 bin
  [[ -f $dir/data/PG_VERSION ]] || return 0
  bin=$(find_pg_bin)
  if pg_private_running "$dir"; then
    log "stopping private PostgreSQL ($dir/data)"
    pg_as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null ||
      warn "pg_ctl stop failed (log: $dir/server.log)"
  fi
}

# pg_ensure_database URL NAME: create database NAME on the server at URL if missing.
pg_ensure_database() {
  local url=$1 name=$2 psql exists
  psql=$(psql_bin)
  exists=$("$psql" "$url" -XtAqc "select 1 from pg_database where datname = '$name'") ||
    die "cannot connect to PostgreSQL at $url"
  if [[ $exists != 1 ]]; then
    log "creating database $name"
    "$psql" "$url" -XqAc "create database \"$name\"" >/dev/null
  fi
}

# The services, each with its own PostgreSQL role and schema of the same name.
SERVICE_ROLES=(identity system retailstore paymentprovider)

# db_url_with_user URL ROLE: URL logging in as ROLE (no password: local trust auth).
db_url_with_user() {
  local url=$1 role=$2 scheme rest
  scheme=${url%%://*}
  rest=${url#*://}
  [[ $rest == *@* ]] && rest=${rest#*@}
  printf '%s://%s@%s\n' "$scheme" "$role" "$rest"
}

# db_service_roles URL: in the database at URL (as a role allowed to create roles),
# one LOGIN role per service owning the schema of its name; nothing is granted on the
# other schemas, so no service can read another's tables. Idempotent and safe when two
# runs share a server (roles are server-wide). A schema made before its role existed
# (an older local data folder) is handed over with everything in it.
db_service_roles() {
  local url=$1 psql roles attempt
  psql=$(psql_bin)
  roles=$(printf "'%s'," "${SERVICE_ROLES[@]}")
  for attempt in 1 2 3; do
    if "$psql" "$url" -XqAt -v ON_ERROR_STOP=1 >/dev/null 2>"$DATA_DIR/roles.err" <<SQL; then
DO \$roles\$
DECLARE
  r text;
  obj record;
BEGIN
  -- pg_trgm (retailstore's product search) needs CREATE on the database, which no
  -- service role has: made here, as a DBA would (README, "Database roles").
  IF NOT EXISTS (SELECT FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE SCHEMA IF NOT EXISTS extensions;
    CREATE EXTENSION pg_trgm SCHEMA extensions;
  END IF;
  FOREACH r IN ARRAY ARRAY[${roles%,}] LOOP
    BEGIN
      EXECUTE format('CREATE ROLE %I LOGIN', r);
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), r);
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I',
      (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
        WHERE e.extname = 'pg_trgm'), r);
    IF NOT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = r) THEN
      EXECUTE format('CREATE SCHEMA %I AUTHORIZATION %I', r, r);
    ELSIF (SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = r) <> quote_ident(r) THEN
      EXECUTE format('ALTER SCHEMA %I OWNER TO %I', r, r);
      FOR obj IN SELECT c.oid::regclass AS name FROM pg_class c
          WHERE c.relnamespace = r::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
      LOOP
        EXECUTE format('ALTER TABLE %s OWNER TO %I', obj.name, r);
      END LOOP;
      FOR obj IN SELECT c.oid::regclass AS name FROM pg_class c
          WHERE c.relnamespace = r::regnamespace AND c.relkind = 'S'
            AND NOT EXISTS (SELECT 1 FROM pg_depend d
                            WHERE d.objid = c.oid AND d.deptype IN ('a', 'i'))
      LOOP
        EXECUTE format('ALTER SEQUENCE %s OWNER TO %I', obj.name, r);
      END LOOP;
      FOR obj IN SELECT p.oid::regprocedure AS name FROM pg_proc p
          WHERE p.pronamespace = r::regnamespace
      LOOP
        EXECUTE format('ALTER ROUTINE %s OWNER TO %I', obj.name, r);
      END LOOP;
      FOR obj IN SELECT t.oid::regtype AS name FROM pg_type t
          WHERE t.typnamespace = r::regnamespace AND t.typtype IN ('e', 'd')
      LOOP
        EXECUTE format('ALTER TYPE %s OWNER TO %I', obj.name, r);
      END LOOP;
    END IF;
  END LOOP;
END
\$roles\$;
SQL
      return 0
    fi
    # Two runs granting at the same moment can meet "tuple concurrently updated".
    sleep "$attempt"
  done
  warn "could not create the service roles: $(cat "$DATA_DIR/roles.err")"
  return 1
}

# A throw-away database for one run (e2e, fuzzing) ------------------------------
#   run_database_create PREFIX  on TEST_DATABASE_URL's server, a new database
#                               PREFIX_<random>, exported as DATABASE_URL (its TLS
#                               parameters kept); when TEST_DATABASE_URL is unset or no
#                               server answers, DATABASE_URL stays unset and the stack
#                               starts a private cluster (TLS, verify-full)
#   run_database_drop           drops it again (nothing when none was made)
CREATED_DB=""
RUN_DB_SERVER=${TEST_DATABASE_URL:-}
run_database_create() {
  unset DATABASE_URL
  if [[ -z $RUN_DB_SERVER ]]; then
    log "no TEST_DATABASE_URL: the stack uses a private cluster"
  elif db_reachable "$RUN_DB_SERVER"; then
    CREATED_DB=$1_$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n')
    log "creating database $CREATED_DB"
    "$(psql_bin)" "$RUN_DB_SERVER" -XqAc "create database \"$CREATED_DB\"" >/dev/null
    DATABASE_URL=$(db_url_with_name "$RUN_DB_SERVER" "$CREATED_DB")
    export DATABASE_URL
  else
    warn "no PostgreSQL answers at $RUN_DB_SERVER: the stack uses a private cluster"
  fi
}
run_database_drop() {
  [[ -n $CREATED_DB ]] || return 0
  log "dropping database $CREATED_DB"
  "$(psql_bin)" "$RUN_DB_SERVER" -XqAc "drop database if exists \"$CREATED_DB\" with (force)" >/dev/null
}

# admin_token BASE_URL: an access token for ADMIN_USERNAME/ADMIN_PASSWORD from Login at
# BASE_URL (the gateway or identity); prints nothing when the login fails.
admin_token() {
  local pw=${ADMIN_PASSWORD//\\/\\\\} out
  pw=${pw//\"/\\\"}
  out=$(curl -sS --max-time 10 -X POST -H 'content-type: application/json' \
    -d "{\"userName\":\"$ADMIN_USERNAME\",\"password\":\"$pw\"}" \
    "$1/identity/api/admin/v1/IdentityAuth/Login") || return 0
  sed -nE 's/.*"accessToken" *: *"([^"]+)".*/\1/p' <<<"$out"
}

# api METHOD PATH [BODY]: the `result` of an admin call to the gateway at $GW with the
# header $AUTH (both set by the caller), as JSON text; dies on a failure envelope. BODY
# may be `@file`.
api() {
  local out
  out=$(curl -sS -X "$1" -H "$AUTH" -H 'content-type: application/json' \
    ${3:+--data-binary "$3"} "$GW$2")
  python3 -c 'import json,sys
e = json.loads(sys.argv[1])
if not e.get("success"): sys.exit("call failed: " + sys.argv[1][:300])
print(json.dumps(e["result"]))' "$out" || die "$1 $2 failed"
}

# field JSON NAME: one member of a JSON object, as text.
field() { python3 -c 'import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$1" "$2"; }

# bench_env: what every benchmark shares: the build (BENCH_PROFILE [production], what
# the images ship; release for a quicker build; debug only
# to try a script out, its numbers mean nothing), a stack of its own (BENCH_DATA_DIR
# [.data/bench], BENCH_PORT_BASE [28080]) and the admin account it logs in with; no
# mail catcher (MAIL_CATCHER [0]).
bench_env() {
  export PROFILE=${BENCH_PROFILE:-production}
  DATA_DIR=$(abspath "${BENCH_DATA_DIR:-.data/bench}")
  export DATA_DIR
  export PORT_BASE=${BENCH_PORT_BASE:-28080}
  export ADMIN_USERNAME=${ADMIN_USERNAME:-admin}
  export ADMIN_PASSWORD=${ADMIN_PASSWORD:-Admin@123}
  # No mail catcher beside the servers being measured (bench-notifications.sh brings its
  # own mail server).
  export MAIL_CATCHER=${MAIL_CATCHER:-0}
}

# bench_report NAME: the path of NAME's table, bench/results/NAME.md (the folder made): each
# kind keeps its latest result; `make bench` adds every run to bench/results/history.md.
bench_report() {
  mkdir -p "$ROOT/bench/results"
  echo "$ROOT/bench/results/$1.md"
}

# bench_stack_up: reuses the stack running from DATA_DIR, or starts one that is stopped
# again when the script exits (unless BENCH_KEEP=1).
bench_stack_up() {
  if [[ -f $DATA_DIR/run/gateway.pid ]] && "$ROOT/scripts/stack.sh" status >/dev/null 2>&1; then
    log "reusing the stack already running from $DATA_DIR"
    return 0
  fi
  "$ROOT/scripts/stack.sh" start
  if [[ ${BENCH_KEEP:-0} != 1 ]]; then
    trap '"$ROOT/scripts/stack.sh" stop' EXIT
  fi
}
