#!/usr/bin/env bash
# The Rust tests of the whole workspace, against a real PostgreSQL.
#
# TEST_DATABASE_URL [postgres://postgres@127.0.0.1:5432/postgres] names the server; each
# test makes (and drops) its own schema there. When nothing answers at that address, a
# private cluster is started under .data/test (port TEST_PG_PORT [25432]) for the run.
# Uses cargo-nextest when installed, else cargo test. Extra arguments go to the runner.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

need cargo "Install the Rust 1.95 toolchain with rustup (https://rustup.rs)."
export TEST_DATABASE_URL=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}

if ! db_reachable "$TEST_DATABASE_URL"; then
  port=${TEST_PG_PORT:-25432}
  warn "no PostgreSQL answers at $TEST_DATABASE_URL: starting a private one on port $port"
  dir=$ROOT/.data/test/pg
  trap 'pg_private_stop "$dir"' EXIT
  pg_private_start "$dir" "$port"
  export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres
fi
log "Rust tests against $TEST_DATABASE_URL"

if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --workspace --no-tests=warn "$@"
else
  cargo test --workspace "$@"
fi
