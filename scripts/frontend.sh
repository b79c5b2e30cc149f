#!/usr/bin/env bash
# Frontend chores shared by the Makefile and stack.sh.
#
#   scripts/frontend.sh deps    npm ci when node_modules is missing or older than package-lock.json
#   scripts/frontend.sh build   deps, then `npm run build` (-> frontend/dist)
#   scripts/frontend.sh check   deps, then the type check, the lint (`npm run lint`) and the unit tests
#   scripts/frontend.sh quick   deps, then the type check and the lint (no unit tests)
#   scripts/frontend.sh lint    deps, then `npm run lint` when the project defines it
#   scripts/frontend.sh e2e     `npm run test:e2e` (the caller provides E2E_* and a running stack)
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

FRONTEND=$ROOT/frontend

require_node() {
  need node "Install Node.js 20 (with npm): https://nodejs.org or Debian's nodejs package."
  need npm "Install npm (it ships with Node.js 20)."
  [[ -f $FRONTEND/package.json ]] || die "$FRONTEND/package.json not found"
}

# has_script NAME: true when package.json defines the npm script NAME.
has_script() {
  node -e 'const s = require(process.argv[1]).scripts || {}; process.exit(s[process.argv[2]] ? 0 : 1)' \
    "$FRONTEND/package.json" "$1"
}

deps() {
  require_node
  cd "$FRONTEND"
  if [[ ! -f package-lock.json ]]; then
    warn "frontend/package-lock.json is missing: running npm install (commit the lock file)"
    npm install --no-audit --no-fund
  elif [[ ! -d node_modules || ! -f node_modules/.package-lock.json ||
    package-lock.json -nt node_modules/.package-lock.json ]]; then
    log "npm ci (frontend)"
    npm ci --no-audit --no-fund
  fi
}

build() {
  deps
  cd "$FRONTEND"
  log "npm run build (frontend -> frontend/dist)"
  npm run build
}

check() {
  quick
  log "npm run test (unit tests)"
  npm run test
}

# quick: the type check and the lint, without the unit tests (`make check`).
quick() {
  deps
  cd "$FRONTEND"
  if has_script typecheck; then
    log "npm run typecheck"
    npm run typecheck
  else
    log "tsc --noEmit"
    npx --no-install tsc --noEmit
  fi
  run_lint
}

# run_lint: `npm run format:check` (Prettier) and `npm run lint` (ESLint), each when the
# project defines it.
run_lint() {
  if has_script format:check; then
    log "npm run format:check"
    npm run format:check
  fi
  if has_script lint; then
    log "npm run lint"
    npm run lint
  else
    log "frontend defines no lint script: skipped"
  fi
}

lint() {
  deps
  cd "$FRONTEND"
  run_lint
}

e2e() {
  require_node
  cd "$FRONTEND"
  [[ -d node_modules ]] || deps
  # E2E_FILES (optional): only these spec files, e.g. "e2e/orders.e2e.ts".
  # shellcheck disable=SC2086 # a list of paths
  npm run test:e2e -- ${E2E_FILES:-}
}

case ${1:-} in
deps | build | check | quick | lint | e2e) "$1" ;;
*)
  echo "usage: $0 deps|build|check|quick|lint|e2e" >&2
  exit 2
  ;;
esac
