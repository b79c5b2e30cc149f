#!/usr/bin/env bash
# Storefront search of the production build, through the gateway, with 1,000 and then
# 100,000 products (GET /retailstore/api/web/v1/Product/Pagination?keyword=...):
#   - popular words: 30 keywords shoppers type again and again (the storefront cache and
#     its single flight should absorb them);
#   - random fragments: 2 to 6 letters cut at random from the catalogue's words, one or
#     two of them per keyword (almost every request a cache miss: the database's work),
#     and the same with 4 to 6 letters (fragments the trigram index narrows down);
# at BENCH_LIST_CONNECTIONS [64] connections each, req/s, p50 and p99 side by side; then,
# at 100,000, the plain storefront list (and its count), the admin product list and the
# admin serial-code list, and the search's plan (EXPLAIN ANALYZE).
#
# The products are made with SQL (generate_series) under the slug prefix `bench-search-`
# and deleted at the end, so the other benchmarks of `make bench` see the catalogue as
# they left it. Settings: BENCH_PORT_BASE [28080], BENCH_DATA_DIR [.data/bench],
# BENCH_DURATION [10], BENCH_LIST_CONNECTIONS [64], BENCH_THREADS [2],
# BENCH_SEARCH_SIZES ["1000 100000"], SKIP_BUILD=1, BENCH_KEEP=1 (leave the stack and the
# products), plus stack.sh's settings. Needs wrk, curl and psql.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

bench_env
DURATION=${BENCH_DURATION:-10}
CONNECTIONS=${BENCH_LIST_CONNECTIONS:-64}
THREADS=${BENCH_THREADS:-2}
read -r -a SIZES <<<"${BENCH_SEARCH_SIZES:-1000 100000}"
GW=http://127.0.0.1:$PORT_BASE
DB=${DATABASE_URL:-postgres://postgres@127.0.0.1:$((PORT_BASE + 2352))/shop}
need wrk "Install it (Debian: apt-get install wrk)."
need curl "Install curl."
PSQL=$(psql_bin)
WORK=$DATA_DIR/search
mkdir -p "$WORK"

started_here=1
if [[ -f $DATA_DIR/run/gateway.pid ]] && scripts/stack.sh status >/dev/null 2>&1; then
  started_here=0
fi
bench_stack_up

sql() { "$PSQL" "$DB" -XtAq -v ON_ERROR_STOP=1 -c "SET search_path = retailstore" "$@"; }

cleanup() {
  [[ ${BENCH_KEEP:-0} == 1 ]] && return 0
  log "deleting the bench-search products"
  sql -c "DELETE FROM products WHERE slug LIKE 'bench-search-%'" || true
}
# A stack this script started is stopped again (bench_stack_up's own trap, replaced here).
trap 'cleanup; if ((started_here)) && [[ ${BENCH_KEEP:-0} != 1 ]]; then "$ROOT/scripts/stack.sh" stop; fi' EXIT

token=$(admin_token "$GW")
[[ -n $token ]] || die "Login as $ADMIN_USERNAME failed"

# The catalogue's words: kinds, brands, amounts and a descriptive word, every
# combination a plausible product name (`Thẻ Garena 100K Khuyến mãi #123`).
KINDS="ARRAY['Thẻ','Gói','Mã nạp','Tài khoản','Code','Thẻ cào','Voucher','Quà tặng']"
BRANDS="ARRAY['Garena','Zing','Viettel','Vinaphone','Mobifone','Steam','Netflix','Spotify','Google Play','iTunes','Razer Gold','Vcoin','Gate','Appota','Scoin','Roblox','PlayStation','Xbox','Nintendo','YouTube Premium','Apple Music','Shopee','Lazada','Tiki','Grab','Be','Gojek','Funcard','Oncash','Carot']"
AMOUNTS="ARRAY['10K','20K','50K','100K','200K','300K','500K','1 tháng','3 tháng','6 tháng','12 tháng','1.000 xu','5.000 xu']"
TAGS="ARRAY['Đặc biệt','Khuyến mãi','Quốc tế','Việt Nam','Giá tốt','Chính hãng','Giao ngay','Siêu rẻ','Phổ thông','Cao cấp','Học sinh','Gia đình','Doanh nghiệp','Mùa hè','Tết','Độc quyền','Bản quyền','Trọn đời','Nhanh','Tiết kiệm']"

# grow_to N: adds bench products until the catalogue holds N products in all (80% active).
grow_to() {
  local have
  have=$(sql -c "SELECT count(*) FROM products")
  ((have < $1)) || return 0
  log "catalogue: $have products, adding $(($1 - have))"
  sql -c "
    WITH w AS (SELECT $KINDS AS k, $BRANDS AS b, $AMOUNTS AS a, $TAGS AS t),
         g AS (SELECT g, (SELECT coalesce(max(substring(slug FROM 14)::int), 0)
                            FROM products WHERE slug LIKE 'bench-search-%') + g AS n
                 FROM generate_series(1, $(($1 - have))) AS g)
    INSERT INTO products (id, name, slug, summary, price, status, sort_order, created_at)
    SELECT gen_random_uuid(),
           w.k[1 + n % 8] || ' ' || w.b[1 + (n / 8) % 30] || ' ' || w.a[1 + (n / 240) % 13]
             || ' ' || w.t[1 + (n * 7919) % 20] || ' #' || n,
           'bench-search-' || n,
           'Mô tả ngắn ' || n,
           10000 + (n % 500) * 1000,
           CASE n % 10 WHEN 0 THEN 'draft' WHEN 5 THEN 'hidden' ELSE 'active' END,
           n % 50,
           now() - n * interval '1 second'
      FROM g, w"
  # Visibility map and statistics as a settled database has them (index-only counts).
  sql -c "VACUUM ANALYZE products" -c "VACUUM ANALYZE product_stock_base"
  # The storefront cache forgets SQL-made changes within its TTL (2 s).
  sleep 3
}

# wrk scripts: each request a keyword drawn at random.
cat >"$WORK/popular.lua" <<'LUA'
-- 30 popular keywords, URL-encoded (some with diacritics, some without).
local words = {
  "garena", "the%20garena", "Th%E1%BA%BB%20Garena", "zing", "viettel", "viettel%20100k",
  "vinaphone", "mobifone", "steam", "netflix", "netflix%201%20th%C3%A1ng", "spotify",
  "google%20play", "itunes", "razer", "roblox", "shopee", "grab", "100k", "50k",
  "khuyen%20mai", "Khuy%E1%BA%BFn%20m%C3%A3i", "goi", "the%20cao", "voucher",
  "qua%20tang", "dac%20biet", "chinh%20hang", "tet", "youtube"
}
local path = os.getenv("SEARCH_PATH")
math.randomseed(os.time())
request = function()
  return wrk.format("GET", path .. "?keyword=" .. words[math.random(#words)])
end
LUA
cat >"$WORK/random.lua" <<'LUA'
-- One or two fragments of 2..6 letters cut at random from the catalogue's folded words.
local words = {
  "the", "goi", "ma", "nap", "tai", "khoan", "code", "cao", "voucher", "qua", "tang",
  "garena", "zing", "viettel", "vinaphone", "mobifone", "steam", "netflix", "spotify",
  "google", "play", "itunes", "razer", "gold", "vcoin", "gate", "appota", "scoin",
  "roblox", "playstation", "xbox", "nintendo", "youtube", "premium", "apple", "music",
  "shopee", "lazada", "tiki", "grab", "be", "gojek", "funcard", "oncash", "carot",
  "10k", "20k", "50k", "100k", "200k", "300k", "500k", "thang", "xu", "dac", "biet",
  "khuyen", "mai", "quoc", "te", "viet", "nam", "gia", "tot", "chinh", "hang", "giao",
  "ngay", "sieu", "re", "pho", "thong", "cap", "hoc", "sinh", "dinh", "doanh",
  "nghiep", "mua", "he", "doc", "quyen", "ban", "tron", "doi", "nhanh", "tiet", "kiem"
}
local path = os.getenv("SEARCH_PATH")
math.randomseed(os.time() + (tonumber(tostring({}):match("0x(%x+)"), 16) or 0))
local shortest = tonumber(os.getenv("MIN_FRAGMENT") or "2")
local function fragment()
  local w = words[math.random(#words)]
  while #w < shortest do w = words[math.random(#words)] end
  local len = math.min(#w, math.random(shortest, 6))
  local from = math.random(1, #w - len + 1)
  return w:sub(from, from + len - 1)
end
request = function()
  local k = fragment()
  if math.random() < 0.5 then k = k .. "%20" .. fragment() end
  return wrk.format("GET", path .. "?keyword=" .. k)
end
LUA

# measure LABEL URL [wrk args...]: one wrk run; appends "| LABEL | req/s | p50 | p99 | non-2xx |".
ROWS=()
measure() {
  local label=$1 url=$2 out rps p50 p99 bad
  shift 2
  wrk -t"$THREADS" -c"$CONNECTIONS" -d2s "$@" "$url" >/dev/null 2>&1 || true
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency "$@" "$url")
  rps=$(awk '$1 == "Requests/sec:" { printf "%.0f", $2 }' <<<"$out")
  p50=$(awk '$1 == "50%" { print $2 }' <<<"$out")
  p99=$(awk '$1 == "99%" { print $2 }' <<<"$out")
  bad=$(awk '/Non-2xx or 3xx responses:/ { print $NF }' <<<"$out")
  log "$label: $rps req/s, p50 $p50, p99 $p99, non-2xx ${bad:-0}"
  ROWS+=("| $label | $rps | $p50 | $p99 | ${bad:-0} |")
}

LIST_PATH=/retailstore/api/web/v1/Product/Pagination
export SEARCH_PATH=$LIST_PATH
curl -fsS "$GW$LIST_PATH?keyword=garena" >/dev/null || die "the storefront list does not answer"
for size in "${SIZES[@]}"; do
  grow_to "$size"
  total=$(sql -c "SELECT count(*) FROM products")
  active=$(sql -c "SELECT count(*) FROM products WHERE status = 'active'")
  label="$(printf "%'d" "$total") products ($(printf "%'d" "$active") active)"
  measure "$label: popular words" "$GW$LIST_PATH" -s "$WORK/popular.lua"
  export MIN_FRAGMENT=2
  measure "$label: random fragments" "$GW$LIST_PATH" -s "$WORK/random.lua"
  export MIN_FRAGMENT=4
  measure "$label: random fragments of 4+ letters" "$GW$LIST_PATH" -s "$WORK/random.lua"
done
measure "$label: plain list, page 1 (and its count)" "$GW$LIST_PATH"
measure "$label: plain list, page 50" "$GW$LIST_PATH?pageIndex=50"
AUTH="Authorization: Bearer $token"
measure "$label: admin product list, page 1" \
  "$GW/retailstore/api/admin/v1/Product/Pagination" -H "$AUTH"
measure "$label: admin product list, keyword 'viettel 100k'" \
  "$GW/retailstore/api/admin/v1/Product/Pagination?keyword=viettel%20100k" -H "$AUTH"
measure "$label: admin serial-code list, page 1" \
  "$GW/retailstore/api/admin/v1/ProductSerialCode/Pagination" -H "$AUTH"

# The search's plan at the last size, as the service sends it (folded words, ranked).
plan=$(sql -c "
  EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
  SELECT products.id, products.name FROM products
   INNER JOIN product_stock ON product_stock.product_id = products.id
   WHERE products.status = 'active' AND products.search LIKE '%viettel%'
     AND products.search LIKE '%100k%'
   ORDER BY CASE WHEN products.search = 'viettel 100k' THEN 0
                 WHEN products.search LIKE 'viettel 100k%' THEN 1
                 WHEN products.search LIKE '% viettel 100k%' THEN 2
                 WHEN products.search LIKE '%viettel 100k%' THEN 3 ELSE 4 END,
            products.sort_order, products.created_at DESC, products.id
   LIMIT 20")

report=$(bench_report search)
{
  echo "# Storefront search ($(date -u +%Y-%m-%dT%H:%MZ), $PROFILE, $(nproc) cores shared with the load generator)"
  echo
  echo "Through the gateway, $CONNECTIONS connections, ${DURATION}s a row. Popular words: 30 keywords"
  echo "drawn at random (cached answers); random fragments: one or two pieces of 2 to 6 letters"
  echo "(or 4 to 6) of the catalogue's words (nearly every request computed). A piece of 2"
  echo "letters has no trigram: the database reads every name for it."
  echo
  echo "| what | req/s | p50 | p99 | non-2xx |"
  echo "|---|---:|---:|---:|---:|"
  printf '%s\n' "${ROWS[@]}"
  echo
  echo "Targets: popular words >= 10,000 req/s, random fragments >= 5,000 req/s, p99 <= 20 ms."
  echo
  echo "The search's plan at $(printf "%'d" "$total") products (keyword \`viettel 100k\`):"
  echo
  echo '```'
  echo "$plan"
  echo '```'
} >"$report"
echo
cat "$report"
log "saved to $report"
