#!/usr/bin/env bash
# The Rust tests of the whole workspace, against a real PostgreSQL.
#
# TEST_DATABASE_URL names the server; each test makes (and drops) its own schema there.
# Unset (or when nothing answers at it), a private cluster is started under .data/test
# (port TEST_PG_PORT [25432]) for the run: TCP only over TLS, and the tests connect with
# sslmode=verify-full against its own CA, as to a managed PostgreSQL.
# Uses cargo-nextest when installed, else cargo test. Extra arguments go to the runner.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

need cargo "Install the Rust 1.95 toolchain with rustup (https://rustup.rs)."

if [[ -z ${TEST_DATABASE_URL:-} ]] || ! db_reachable "$TEST_DATABASE_URL"; then
  port=${TEST_PG_PORT:-25432}
  if [[ -n ${TEST_DATABASE_URL:-} ]]; then
    warn "no PostgreSQL answers at TEST_DATABASE_URL: starting a private one on port $port"
  fi
  dir=$ROOT/.data/test/pg
  trap 'pg_private_stop "$dir"' EXIT
  pg_private_start "$dir" "$port"
  TEST_DATABASE_URL=$(pg_private_url "$dir" "$port" postgres)
fi
export TEST_DATABASE_URL
log "Rust tests against $TEST_DATABASE_URL"

if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --workspace --no-tests=warn "$@"
else
  cargo test --workspace "$@"
fi
