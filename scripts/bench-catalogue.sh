#!/usr/bin/env bash
# Catalogue benchmarks of the production build, through the gateway:
#   1. Bulk import: 100,000 serial codes as two CreateBulk calls of 50,000, against a raw
#      COPY of 100,000 rows of the same shape (random nonce, ciphertext and keyed hash)
#      into the same table with the same indexes and stock triggers, in the same run.
#   2. Storefront product list (GET /retailstore/api/web/v1/Product/Pagination) with
#      1,000 active products: req/s, p50 and p99 at 64 connections.
#
# Settings: BENCH_PORT_BASE [28080], BENCH_DATA_DIR [.data/bench], BENCH_DURATION [10],
# BENCH_LIST_CONNECTIONS [64], BENCH_THREADS [2], SKIP_BUILD=1, BENCH_KEEP=1 (leave the
# stack running), plus stack.sh's settings. Needs wrk, curl, psql and python3.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

bench_env
# The list benchmark runs from one client IP: keep the order limit out of the way.
DURATION=${BENCH_DURATION:-10}
CONNECTIONS=${BENCH_LIST_CONNECTIONS:-64}
THREADS=${BENCH_THREADS:-2}
GW=http://127.0.0.1:$PORT_BASE
DB=${DATABASE_URL:-postgres://postgres@127.0.0.1:$((PORT_BASE + 2352))/shop}
need wrk "Install it (Debian: apt-get install wrk)."
need curl "Install curl."
need python3 "Install python3."
PSQL=$(psql_bin)
WORK=$DATA_DIR/catalogue
mkdir -p "$WORK"

bench_stack_up

sql() { "$PSQL" "$DB" -XtAq -v ON_ERROR_STOP=1 "$@"; }

token=$(admin_token "$GW")
[[ -n $token ]] || die "Login as $ADMIN_USERNAME failed"
AUTH="Authorization: Bearer $token"

# create_product NAME STATUS: prints the new product's id.
create_product() {
  local out
  out=$(curl -sS -X POST -H "$AUTH" -H 'content-type: application/json' \
    -d "{\"name\":\"$1\",\"price\":100000,\"status\":\"$2\",\"maxPerOrder\":100}" \
    "$GW/retailstore/api/admin/v1/Product/Create")
  sed -nE 's/.*"result" *: *\{ *"id" *: *"([^"]+)".*/\1/p' <<<"$out" | grep . ||
    die "Product/Create failed: $out"
}

run=$(date +%s)-$$
report=$(bench_report catalogue)

# 1. Bulk import ------------------------------------------------------------------
log "bulk import: preparing 2 x 50,000 codes"
import_product=$(create_product "Bench import $run" draft)
python3 - "$WORK" "$import_product" "$run" <<'PY'
import json, sys
work, product, run = sys.argv[1:]
for part in (0, 1):
    codes = [f"BN-{run}-{part * 50000 + i:06d}-X7Q" for i in range(50000)]
    with open(f"{work}/bulk-{part}.json", "w") as f:
        json.dump({"productId": product, "codes": codes}, f)
PY
import_ms=0
for part in 0 1; do
  out=$(curl -sS -o "$WORK/bulk-$part.out" -w '%{http_code} %{time_total}' -X POST \
    -H "$AUTH" -H 'content-type: application/json' \
    --data-binary "@$WORK/bulk-$part.json" \
    "$GW/retailstore/api/admin/v1/ProductSerialCode/CreateBulk")
  read -r code secs <<<"$out"
  [[ $code == 200 ]] || die "CreateBulk answered $code: $(head -c 300 "$WORK/bulk-$part.out")"
  grep -q '"inserted":50000' "$WORK/bulk-$part.out" ||
    die "CreateBulk did not insert 50,000: $(head -c 300 "$WORK/bulk-$part.out")"
  import_ms=$(awk -v a="$import_ms" -v s="$secs" 'BEGIN { printf "%.0f", a + s * 1000 }')
done

log "bulk import: raw COPY of 100,000 rows into the same table"
copy_product=$(create_product "Bench copy $run" draft)
python3 - "$WORK/copy.tsv" "$copy_product" <<'PY'
import os, sys, uuid
path, product = sys.argv[1:]
with open(path, "w") as f:
    for i in range(100000):
        f.write("\t".join([
            str(uuid.uuid4()), product, "1",
            "\\\\x" + os.urandom(12).hex(),
            "\\\\x" + os.urandom(36).hex(),
            "\\\\x" + os.urandom(32).hex(),
            f"{i % 10000:04d}",
        ]) + "\n")
PY
copy_ms=$(sql -c "SET search_path = retailstore" -c '\timing on' \
  -c "\\copy serial_codes (id, product_id, key_id, nonce, ciphertext, code_hash, last4) FROM '$WORK/copy.tsv'" |
  awk '/^Time:/ { print $2 }' | tail -n 1)
copy_ms=${copy_ms%.*}
[[ -n $copy_ms ]] || die "COPY timing not found"
stock=$(sql -c "SET search_path = retailstore" \
  -c "SELECT available FROM product_stock WHERE product_id = '$import_product'")
[[ $stock == 100000 ]] || warn "stock after the import is $stock, expected 100000"

# 2. Storefront list ----------------------------------------------------------------
active=$(sql -c "SET search_path = retailstore" -c "SELECT count(*) FROM products WHERE status = 'active'")
if ((active < 1000)); then
  log "storefront list: adding $((1000 - active)) active products"
  sql -c "SET search_path = retailstore" -c "
    INSERT INTO products (id, name, slug, summary, price, original_price, status, sort_order)
    SELECT gen_random_uuid(), 'Sản phẩm thử ' || g, 'bench-$run-' || g, 'Mô tả ngắn ' || g,
           10000 + g * 1000, 20000 + g * 1000, 'active', g
      FROM generate_series(1, $((1000 - active))) g"
fi
LIST=$GW/retailstore/api/web/v1/Product/Pagination
curl -fsS "$LIST" >/dev/null || die "the storefront list does not answer"
wrk -t"$THREADS" -c"$CONNECTIONS" -d2s "$LIST" >/dev/null 2>&1 || true
out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency "$LIST")
p50=$(awk '$1 == "50%" { print $2 }' <<<"$out")
p99=$(awk '$1 == "99%" { print $2 }' <<<"$out")
rps=$(awk '$1 == "Requests/sec:" { print $2 }' <<<"$out")
bad=$(awk '/Non-2xx or 3xx responses:/ { print $NF }' <<<"$out")

{
  echo "# Catalogue benchmarks ($(date -u +%Y-%m-%dT%H:%MZ), $PROFILE, $(nproc) cores shared with the load generator)"
  echo
  echo "## Bulk import of 100,000 codes"
  echo
  echo "| method | time ms | rows/s |"
  echo "|---|---:|---:|"
  awk -v i="$import_ms" -v c="$copy_ms" 'BEGIN {
    printf "| CreateBulk through the gateway (2 x 50,000) | %d | %.0f |\n", i, 100000 * 1000 / i
    printf "| raw COPY into serial_codes | %d | %.0f |\n", c, 100000 * 1000 / c
    printf "\nCreateBulk rate / COPY rate: %.0f%% (target >= 50%%; 100k codes in under 5 s)\n", c * 100 / i }'
  echo
  echo "## Storefront product list, 1,000 active products, $CONNECTIONS connections, ${DURATION}s"
  echo
  echo "| req/s | p50 | p99 | non-2xx |"
  echo "|---:|---:|---:|---:|"
  echo "| $rps | $p50 | $p99 | ${bad:-0} |"
  echo
  echo "Target: >= 5,000 req/s, p99 <= 20 ms."
} >"$report"
echo
cat "$report"
log "saved to $report"
