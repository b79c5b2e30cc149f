#!/usr/bin/env bash
# Storefront front-end benchmarks:
#   1. First load: the gzipped JavaScript the storefront home needs before it can render
#      (the entry chunk and its static imports, from a `vite build --manifest` of the
#      current sources; scripts/bench/first-load-js.mjs). Target <= 120 KB.
#   2. Lighthouse (mobile defaults: Moto G class phone, simulated slow 4G, 4x CPU
#      slowdown) in Debian's Chromium against the running stack: the home page and the
#      login page. Targets: home performance >= 95, accessibility 100, best practices
#      >= 95, SEO >= 95; login accessibility 100.
# The table goes to bench/results/frontend.md, with the audits that cost points.
#
# Lighthouse comes from the npm registry into LIGHTHOUSE_DIR [~/.cache/shop-tools/lighthouse]
# (installed on first use; it is a tool, not a dependency of the app).
# Settings: BENCH_PORT_BASE [28080], BENCH_DATA_DIR [.data/bench], BENCH_PROFILE [production],
# LIGHTHOUSE_RUNS [3] per page (the run with the median performance score is reported,
# as Lighthouse advises), CHROMIUM_PATH [/usr/bin/chromium], LIGHTHOUSE_VERSION [12],
# SKIP_BUILD=1 (reuse the binaries and frontend/dist), BENCH_KEEP=1 (leave the stack
# running), plus stack.sh's settings. Lighthouse times the page's own work on this
# machine: on a busy 2-core machine total blocking time, and with it the performance
# score, swings by tens of points between runs; compare runs made on a quiet machine.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

bench_env
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
LH_DIR=${LIGHTHOUSE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/shop-tools/lighthouse}
LH_VERSION=${LIGHTHOUSE_VERSION:-12}
RUNS=${LIGHTHOUSE_RUNS:-3}
GW=http://127.0.0.1:$PORT_BASE
WORK=$DATA_DIR/frontend
need node "Install Node.js 20 (with npm)."
need curl "Install curl."
[[ -x $CHROMIUM ]] || die "$CHROMIUM not found: install Debian's Chromium (apt-get install chromium)"
mkdir -p "$WORK"

LH=$LH_DIR/node_modules/.bin/lighthouse
if [[ ! -x $LH ]]; then
  log "installing lighthouse@$LH_VERSION into $LH_DIR"
  mkdir -p "$LH_DIR"
  npm install --no-audit --no-fund --prefix "$LH_DIR" "lighthouse@$LH_VERSION" >/dev/null
fi

# 1. First load ------------------------------------------------------------------
scripts/frontend.sh deps
log "vite build --manifest (first-load measure)"
(cd frontend && npx vite build --manifest --outDir "$WORK/dist" --emptyOutDir >/dev/null)
first_load=$(node scripts/bench/first-load-js.mjs "$WORK/dist" --json)
first_kb=$(node -e 'const r = JSON.parse(process.argv[1]); console.log((r.totalBytes / 1000).toFixed(1))' "$first_load")
first_files=$(node -e 'console.log(JSON.parse(process.argv[1]).chunks.length)' "$first_load")

# 2. Lighthouse --------------------------------------------------------------------
if [[ ${SKIP_BUILD:-0} != 1 ]]; then
  scripts/frontend.sh build
fi
bench_stack_up
curl -fsS --max-time 10 "$GW/" >/dev/null || die "the gateway does not serve the SPA at $GW/"

# lighthouse NAME PATH: runs Lighthouse RUNS times on GW+PATH and keeps the run with the
# median performance score as $WORK/NAME.json.
lighthouse() {
  local i scores=()
  for ((i = 1; i <= RUNS; i++)); do
    log "lighthouse $1 ($GW$2), run $i of $RUNS"
    CHROME_PATH=$CHROMIUM "$LH" "$GW$2" --quiet --output=json --output-path="$WORK/$1-$i.json" \
      --only-categories=performance,accessibility,best-practices,seo \
      --chrome-flags="--headless=new --no-sandbox --disable-gpu" >/dev/null
    scores+=("$(node -e 'console.log(require(process.argv[1]).categories.performance.score)' "$WORK/$1-$i.json") $i")
  done
  local median
  median=$(printf '%s\n' "${scores[@]}" | sort -n | awk -v n="$RUNS" 'NR == int((n + 1) / 2) { print $2 }')
  cp "$WORK/$1-$median.json" "$WORK/$1.json"
  PERF_RUNS[$1]=$(printf '%s\n' "${scores[@]}" | awk '{ printf "%s%.0f", (NR > 1 ? ", " : ""), $1 * 100 }')
  log "$1: performance per run ${PERF_RUNS[$1]}"
}
declare -A PERF_RUNS
lighthouse home /
lighthouse login /admin/auth/login
# A product page: the first product of the storefront list (the demo catalogue's).
slug=$(curl -fsS --max-time 10 "$GW/retailstore/api/web/v1/Product/Pagination?pageSize=1" |
  node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).result?.items?.[0]?.slug ?? ""))')
[[ -n $slug ]] || die "the storefront lists no product to measure a product page with"
lighthouse product "/san-pham/$slug"

# summary FILE: "perf a11y bp seo lcp_s tbt_ms cls | audits that cost points".
summary() {
  node - "$1" <<'JS'
const r = JSON.parse(require('node:fs').readFileSync(process.argv[2], 'utf8'));
const c = r.categories;
const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
const a = r.audits;
const lost = [];
for (const key of ['accessibility', 'best-practices', 'seo']) {
  for (const ref of c[key].auditRefs) {
    const audit = a[ref.id];
    if (ref.weight > 0 && audit.score !== null && audit.score < 1) lost.push(`${key}: ${ref.id}`);
  }
}
for (const ref of c.performance.auditRefs) {
  const audit = a[ref.id];
  if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) lost.push(`performance: ${ref.id} (${audit.displayValue ?? audit.score})`);
}
const lcp = (a['largest-contentful-paint'].numericValue / 1000).toFixed(2);
const tbt = Math.round(a['total-blocking-time'].numericValue);
const cls = a['cumulative-layout-shift'].numericValue.toFixed(3);
console.log([score('performance'), score('accessibility'), score('best-practices'), score('seo'), lcp, tbt, cls].join(' ') + ' | ' + (lost.join('; ') || 'none'));
JS
}
read -r h_perf h_a11y h_bp h_seo h_lcp h_tbt h_cls _ h_lost <<<"$(summary "$WORK/home.json")"
read -r l_perf l_a11y l_bp l_seo l_lcp l_tbt l_cls _ l_lost <<<"$(summary "$WORK/login.json")"
read -r p_perf p_a11y p_bp p_seo p_lcp p_tbt p_cls _ p_lost <<<"$(summary "$WORK/product.json")"

mark() { awk -v v="$1" -v op="$2" -v t="$3" 'BEGIN { ok = (op == "<=" ? v <= t : v >= t); print (ok ? "yes" : "NO") }'; }
report=$(bench_report frontend)
{
  echo "# Storefront front-end benchmarks ($(date -u +%Y-%m-%dT%H:%MZ), $PROFILE stack, $(nproc) cores shared)"
  echo
  echo "## First load of the storefront home"
  echo
  echo "| gzipped JS (gzip -9) | files | target <= 120 KB |"
  echo "|---:|---:|:---:|"
  echo "| $first_kb KB | $first_files | $(mark "$first_kb" '<=' 120) |"
  echo
  echo "## Lighthouse $("$LH" --version), mobile defaults, median of $RUNS runs, $(basename "$CHROMIUM") $("$CHROMIUM" --version 2>/dev/null | awk '{ print $2 }')"
  echo
  echo "| page | performance | accessibility | best practices | SEO | LCP s | TBT ms | CLS |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|"
  echo "| home \`/\` | $h_perf | $h_a11y | $h_bp | $h_seo | $h_lcp | $h_tbt | $h_cls |"
  echo "| login \`/admin/auth/login\` | $l_perf | $l_a11y | $l_bp | $l_seo | $l_lcp | $l_tbt | $l_cls |"
  echo "| product \`/san-pham/$slug\` | $p_perf | $p_a11y | $p_bp | $p_seo | $p_lcp | $p_tbt | $p_cls |"
  echo
  echo "Targets: home performance >= 95 ($(mark "$h_perf" '>=' 95)), accessibility 100 ($(mark "$h_a11y" '>=' 100)),"
  echo "best practices >= 95 ($(mark "$h_bp" '>=' 95)), SEO >= 95 ($(mark "$h_seo" '>=' 95)); login accessibility 100 ($(mark "$l_a11y" '>=' 100))."
  echo
  echo "Product page: performance >= 98 ($(mark "$p_perf" '>=' 98)), LCP <= 1.8 s ($(mark "$p_lcp" '<=' 1.8)), SEO 100 ($(mark "$p_seo" '>=' 100)); home LCP <= 1.8 s ($(mark "$h_lcp" '<=' 1.8)), SEO 100 ($(mark "$h_seo" '>=' 100))."
  echo
  echo "Performance of each run (the median run is in the table): home ${PERF_RUNS[home]}; login ${PERF_RUNS[login]}; product ${PERF_RUNS[product]}."
  echo
  echo "Audits that cost points: home: $h_lost. Login: $l_lost. Product: $p_lost."
  echo
  echo "Full reports: \`$WORK/home.json\`, \`$WORK/login.json\`, \`$WORK/product.json\` (open in the Lighthouse viewer)."
} >"$report"
echo
cat "$report"
log "saved to $report"
