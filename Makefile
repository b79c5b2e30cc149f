# The shop's commands. `make run` serves the whole shop on http://localhost:8080;
# `make test` is the full check that CI runs. See README.md.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

CARGO ?= cargo

.PHONY: help run start stop status pay build check test fmt-check clippy doc test-rust api-types api-types-check \
        test-frontend e2e fuzz test-reliability deploy-check images fmt lint bench clean distclean

help: ## list the targets
	@awk 'BEGIN { FS = ":.*## " } /^[a-z-]+:.*## / { printf "  make %-14s %s\n", $$1, $$2 }' $(MAKEFILE_LIST)

run: ## build (release) and serve the whole shop on :8080 until Ctrl-C
	PROFILE=release FOREGROUND=1 scripts/stack.sh run

start: ## like run, but in the background (scripts/stack.sh start)
	scripts/stack.sh start

stop: ## stop what `make start` started
	scripts/stack.sh stop

status: ## what runs, and whether it is ready
	scripts/stack.sh status

pay: ## on the running local shop, the bank pays an order: make pay CODE=DH... [AMOUNT=vnd]
	scripts/stack.sh pay "$(CODE)" $(AMOUNT)

build: ## release build of every binary and the frontend
	PROFILE=release scripts/stack.sh build

check: ## the inner loop, minutes on a warm cache: fmt, clippy, code docs, Rust unit tests, frontend type check and lint
	$(MAKE) fmt-check
	$(MAKE) clippy
	$(MAKE) doc
	$(CARGO) test --workspace --lib --bins --quiet
	scripts/frontend.sh quick

# The full check, cheapest first. Sequential on purpose: 2 cores, one cargo at a time.
test: ## fmt-check, deploy-check, clippy, Rust tests, API types current, frontend checks, e2e, API fuzzing, short chaos run
	$(MAKE) fmt-check
	$(MAKE) deploy-check
	$(MAKE) clippy
	$(MAKE) test-rust
	$(MAKE) api-types-check
	$(MAKE) test-frontend
	$(MAKE) e2e
	SKIP_BUILD=1 scripts/fuzz.sh
	SKIP_BUILD=1 RELIABILITY_SECONDS=90 RELIABILITY_KILLS=4 scripts/reliability.sh
	@echo "make test: all checks passed"

fmt-check: ## rustfmt in check mode
	$(CARGO) fmt --all -- --check

clippy: ## clippy on every target, warnings are errors
	$(CARGO) clippy --workspace --all-targets -- -D warnings

# Private items too: each crate's module map links its private modules.
doc: ## the code documentation in target/doc (private items too), rustdoc warnings are errors
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --no-deps --workspace --document-private-items

test-rust: ## Rust tests against PostgreSQL (TEST_DATABASE_URL; nextest when present)
	scripts/test-rust.sh

api-types: ## write the frontend's API types from the services' OpenAPI documents (after a wire change)
	scripts/openapi-types.sh

api-types-check: ## fail when the committed frontend API types differ from the services' OpenAPI documents
	scripts/openapi-types.sh --check

test-frontend: ## frontend type check, ESLint and unit tests
	scripts/frontend.sh check

e2e: ## end-to-end tests: debug stack on :18080, fresh database, npm run test:e2e
	scripts/e2e.sh

fuzz: ## schemathesis against every service's OpenAPI document through the gateway: no 5xx, no schema violation
	scripts/fuzz.sh

test-reliability: ## chaos run (3 min): services SIGKILLed and PostgreSQL restarted under load, then invariants
	scripts/reliability.sh

deploy-check: ## render every service and shared folder per environment alone, validate strictly, check Pod Security, custom resources, alerts (promtool), Dockerfiles
	scripts/deploy-check.sh

images: ## build every image (production profile, base images pinned by digest) with docker or podman; says so when neither runs
	deploy/images.sh

fmt: ## format the Rust code (and the frontend when it has a format script)
	$(CARGO) fmt --all
	@if [[ -f frontend/package.json ]] && node -e 'process.exit(require("./frontend/package.json").scripts?.format ? 0 : 1)'; then \
		cd frontend && npm run format; fi

lint: ## clippy, API types current, frontend lint, shellcheck of scripts/ and .ci/ (when installed)
	$(MAKE) clippy
	$(MAKE) api-types-check
	scripts/frontend.sh lint
	@if command -v shellcheck >/dev/null; then shellcheck -x scripts/*.sh .ci/run && echo "shellcheck: ok"; \
		else echo "shellcheck not installed: skipped"; fi

# One stack for every part; the public's order limits are lifted (0: no limit, and so no
# per-client lock) so that one client IP can play many shoppers: with a limit, every
# bench order would queue on that one client's lock, which real shoppers never share.
bench: export RATE_LIMIT_ORDER_PER_MINUTE ?= 0
bench: export MAX_UNPAID_ORDERS_PER_EMAIL ?= 0
bench: export MAX_UNPAID_ORDERS_PER_IP ?= 0
bench: ## gateway vs nginx vs direct, gateway overhead, idle RSS, bulk import vs COPY, storefront list, checkout, Lighthouse (production profile)
	scripts/bench-all.sh

clean: ## remove build output and test data (keeps .data keys and the local database)
	-DATA_DIR=.data/e2e scripts/stack.sh stop >/dev/null 2>&1
	-DATA_DIR=.data/bench scripts/stack.sh stop >/dev/null 2>&1
	-DATA_DIR=.data/reliability PORT_BASE=25080 scripts/stack.sh stop >/dev/null 2>&1
	-DATA_DIR=.data/test scripts/stack.sh pg-stop >/dev/null 2>&1
	$(CARGO) clean
	rm -rf frontend/dist .data/e2e .data/bench .data/test .data/reliability

distclean: clean ## also remove .data (local database, keys, uploads) and node_modules
	-scripts/stack.sh stop >/dev/null 2>&1
	rm -rf .data frontend/node_modules
