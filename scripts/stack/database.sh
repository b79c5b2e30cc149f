# shellcheck shell=bash
# The database the services use: DATABASE_URL, else a private PostgreSQL cluster under
# DATA_DIR/pg, and a role per service. Sourced by scripts/stack.sh.

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
