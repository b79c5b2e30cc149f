#!/usr/bin/env bash
# The gateway against nginx, side by side, on the storefront product list
# (GET /retailstore/api/web/v1/Product/Pagination) of the running stack (BENCH_PROFILE [production]):
#   - direct:  straight to retailstore (the floor: no proxy at all)
#   - gateway: through the shop's gateway (token checks, header filtering, request ids,
#              trace context, rate limits, metrics), spans not exported
#   - gateway-traced: the same gateway with tracing on as production runs it, every
#              request's span exported over OTLP/HTTP (to an nginx that drops them)
#   - nginx:   Debian's nginx in front of the same retailstore, keepalive upstream,
#              request ids and the same header clean-up, access log off (the gateway
#              writes no per-request log line at the default level either)
#   - nginx-2: a second nginx, the same as the first in every way: the control. Two
#              identical servers differ only by the machine's noise, so a gap between
#              the gateway and nginx counts only when it is larger than theirs.
# Two loads each: closed loop at BENCH_CONNECTIONS [64] connections with wrk (saturation:
# req/s), and open loop at a fixed BENCH_FIXED_RATE [4000] req/s with hey (latency at the
# same offered load: p50, p99 and the mean over every request of every round). Each run
# also reads each server's CPU time (all its threads, user and kernel, from
# /proc/<pid>/task/*/schedstat) before and after the run: CPU µs per request, which stays
# meaningful when other jobs share the machine and req/s does not.
# The table goes to bench/results/gateway.md.
#
# nginx, wrk and hey are installed with apt-get when missing (root or passwordless sudo).
# Settings: BENCH_PORT_BASE [28080], BENCH_DATA_DIR [.data/bench], BENCH_DURATION [10],
# BENCH_ROUNDS [3] (each load runs once per server per round, the servers' turns
# rotating; the table gives medians, and each round's numbers), BENCH_THREADS [2],
# SKIP_BUILD=1, BENCH_KEEP=1, plus stack.sh's settings. All of them
# share the 2 cores with the load generator: compare rows of one run, not machines.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

bench_env
DURATION=${BENCH_DURATION:-10}
CONNECTIONS=${BENCH_CONNECTIONS:-64}
THREADS=${BENCH_THREADS:-2}
ROUNDS=${BENCH_ROUNDS:-3}
RATE=${BENCH_FIXED_RATE:-4000}
NGINX_PORT=$((PORT_BASE + 10))
RETAIL_PORT=$((PORT_BASE + 3))
LIST=/retailstore/api/web/v1/Product/Pagination
WORK=$DATA_DIR/nginx
mkdir -p "$WORK/logs"

as_root() { if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo -n "$@"; fi; }
install_missing() {
  local missing=() tool
  for tool in "$@"; do
    if [[ $tool == nginx ]]; then
      [[ -x /usr/sbin/nginx ]] || command -v nginx >/dev/null || missing+=(nginx)
    else
      command -v "$tool" >/dev/null || missing+=("$tool")
    fi
  done
  ((${#missing[@]})) || return 0
  log "installing ${missing[*]} (apt-get)"
  as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
    { as_root apt-get update -qq && as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; } ||
    die "could not install ${missing[*]}"
}
install_missing nginx wrk hey curl
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

# conf_head DIR TOP: the start of every nginx configuration here, up to the inside of
# its `http` block: TOP as its first lines, its pid, log and temporary files in DIR, no
# access log.
conf_head() {
  cat <<EOF
$2
pid $1/nginx.pid;
error_log $1/logs/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $1/body;
  proxy_temp_path $1/proxy;
  fastcgi_temp_path $1/fastcgi;
  uwsgi_temp_path $1/uwsgi;
  scgi_temp_path $1/scgi;
EOF
}

# proxy_conf DIR PORT UPSTREAM_PORT TOP: nginx in front of a retailstore at
# UPSTREAM_PORT, as a shop would run it (what the gateway is compared with), listening on
# PORT, with its files in DIR and TOP as its first lines.
proxy_conf() {
  conf_head "$1" "$4"
  cat <<EOF
  upstream retailstore {
    server 127.0.0.1:$3;
    keepalive 64;
  }
  server {
    listen 127.0.0.1:$2;
    location /retailstore/ {
      proxy_pass http://retailstore;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$host;
      proxy_set_header X-Request-Id \$request_id;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header Authorization "";
      proxy_set_header X-Internal-Key "";
      add_header X-Request-Id \$request_id always;
    }
  }
}
EOF
}

# receiver_conf DIR PORT: an nginx on PORT that answers every request (an OTLP/HTTP
# export) with an empty 200 and keeps nothing.
receiver_conf() {
  conf_head "$1" 'worker_processes 1;'
  cat <<EOF
  client_max_body_size 64m;
  server {
    listen 127.0.0.1:$2;
    location / { return 200 ''; }
  }
}
EOF
}

# BENCH_CALLGRIND=1: instead of the runs below, the user-space instructions per request
# of the gateway and of nginx (the configuration above, one worker) under valgrind's
# callgrind, each in front of a trivial upstream (a second nginx answering a fixed
# 2,229-byte JSON page), so that the count is the proxy's alone. Deterministic, whatever
# else the machine does; needs no stack. After 2,000 warm-up requests the counters are
# zeroed, BENCH_CALLGRIND_REQUESTS [10000] requests are made with hey at 16 connections
# and the counters dumped. Dumps and `callgrind_annotate` profiles stay in
# $DATA_DIR/callgrind; the table goes to bench/results/gateway-instructions.md.
callgrind_mode() {
  install_missing valgrind python3
  local dir=$DATA_DIR/callgrind n=${BENCH_CALLGRIND_REQUESTS:-10000}
  local up_port=$((PORT_BASE + 11)) gw_port=$((PORT_BASE + 12)) px_port=$((PORT_BASE + 13))
  local closed=http://127.0.0.1:$((PORT_BASE + 15)) bin page gw ng gw_zero ng_zero report
  bin=$(abspath "${CARGO_TARGET_DIR:-target}")/$PROFILE/gateway
  if [[ ${SKIP_BUILD:-0} != 1 ]]; then
    log "cargo build --profile $PROFILE -p gateway"
    cargo build --profile "$PROFILE" -p gateway
  fi
  [[ -x $bin ]] || die "$bin not found: build it (run without SKIP_BUILD=1)"
  [[ -n $DATA_DIR ]] || die "DATA_DIR is empty"
  rm -rf "$dir"
  mkdir -p "$dir/up/logs" "$dir/px/logs" "$dir/dist"
  echo '<!doctype html><title>bench</title>' >"$dir/dist/index.html"
  page=$(python3 -c '
import json
items = [{"id": "0b9f%04d-6a3e-4c1e-9d7a-3f2b8c1d%04d" % (i, i), "name": "Gift card %d" % i,
          "price": 100000 + i, "stock": 12, "image": "/uploads/p%d.png" % i} for i in range(17)]
body = json.dumps({"code": 0, "message": "OK", "data": {"items": items, "page": 1}}, separators=(",", ":"))
print(body[:-1] + " " * (2229 - len(body)) + "}")')
  {
    conf_head "$dir/up" 'worker_processes 1;'
    cat <<CONF
  keepalive_timeout 5s;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:$up_port;
    location / {
      default_type application/json;
      add_header Vary "Origin, Access-Control-Request-Method, Access-Control-Request-Headers";
      return 200 '$page';
    }
  }
}
CONF
  } >"$dir/up/nginx.conf"
  proxy_conf "$dir/px" "$px_port" "$up_port" $'worker_processes 1;\nmaster_process off;\ndaemon off;' >"$dir/px/nginx.conf"
  "$NGINX" -p "$dir/up" -c "$dir/up/nginx.conf"
  # shellcheck disable=SC2064 # expanded now on purpose
  trap "kill \$(cat '$dir/up/nginx.pid') 2>/dev/null || true" EXIT

  # cg_run NAME URL PID: zeroes the counters after a warm-up, runs the load, dumps;
  # prints the instructions per request.
  cg_run() {
    local name=$1 url=$2 pid=$3 total ok dump
    for _ in $(seq 1 240); do curl -fsS -o /dev/null "$url" 2>/dev/null && break; sleep 0.5; done
    curl -fsS -o /dev/null "$url" || die "$name does not answer $url"
    hey -n 2000 -c 16 "$url" >/dev/null
    callgrind_control -z "$pid" >/dev/null
    hey -n "$n" -c 16 "$url" >"$dir/$name.hey"
    # An idle nginx acts on callgrind's commands only at its next request.
    callgrind_control -d "$pid" >/dev/null &
    sleep 2
    curl -fsS -o /dev/null "$url" || true
    wait $!
    ok=$(awk '/\[200\]/ { print $2 }' "$dir/$name.hey")
    [[ ${ok:-0} == "$n" ]] || die "$name: ${ok:-0} of $n requests answered 200 (see $dir/$name.hey)"
    dump=$(find "$dir" -maxdepth 1 -name "$name.cg.*" | sort | tail -1)
    callgrind_annotate "$dump" >"$dir/$name.txt" 2>/dev/null
    total=$(awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }' "$dir/$name.txt")
    # glibc's memset: valgrind counts every byte a `rep stosb` stores as an instruction.
    zeroing=$(callgrind_annotate --inclusive=yes "$dump" 2>/dev/null |
      awk '/:__memset_/ { gsub(",", "", $1); s += $1 } END { print s + 0 }')
    echo "$((total / n)) $((zeroing / n))"
  }

  log "gateway under callgrind"
  LISTEN_ADDR=127.0.0.1:$gw_port METRICS_PORT=$((PORT_BASE + 14)) RUST_LOG=warn \
    RETAILSTORE_URL=http://127.0.0.1:$up_port IDENTITY_URL=$closed SYSTEM_URL=$closed \
    PAYMENTPROVIDER_URL=$closed INTERNAL_API_KEY=callgrind-bench-internal-key \
    FRONTEND_DIR=$dir/dist \
    valgrind --tool=callgrind --callgrind-out-file="$dir/gateway.cg" "$bin" >"$dir/gateway.log" 2>&1 &
  local gw_pid=$!
  read -r gw gw_zero < <(cg_run gateway "http://127.0.0.1:$gw_port$LIST" "$gw_pid")
  kill "$gw_pid" 2>/dev/null || true
  wait "$gw_pid" 2>/dev/null || true

  log "nginx under callgrind"
  valgrind --tool=callgrind --callgrind-out-file="$dir/nginx.cg" \
    "$NGINX" -p "$dir/px" -c "$dir/px/nginx.conf" >"$dir/nginx.log" 2>&1 &
  local ng_pid=$!
  read -r ng ng_zero < <(cg_run nginx "http://127.0.0.1:$px_port$LIST" "$ng_pid")
  kill -QUIT "$ng_pid" 2>/dev/null || true
  wait "$ng_pid" 2>/dev/null || true

  report=$(bench_report gateway-instructions)
  {
    echo "# Gateway vs nginx: user-space instructions per request under callgrind ($(date -u +%Y-%m-%dT%H:%MZ), $PROFILE)"
    echo
    echo "Each in front of a trivial nginx answering a fixed 2,229-byte page; $n requests with hey at 16 connections after 2,000 of warm-up."
    echo
    echo "| server | instructions/request | of which memset | the rest |"
    echo "|---|---:|---:|---:|"
    printf '| gateway (%s) | %s | %s | %s |\n' "$(git -C "$ROOT" rev-parse --short HEAD)" "$gw" "$gw_zero" $((gw - gw_zero))
    printf '| %s, one worker | %s | %s | %s |\n' "$("$NGINX" -v 2>&1 | sed 's|.*: ||')" "$ng" "$ng_zero" $((ng - ng_zero))
    echo
    awk -v g="$gw" -v n="$ng" -v gr=$((gw - gw_zero)) -v nr=$((ng - ng_zero)) 'BEGIN {
      printf "Gateway / nginx: %.2f x; without memset: %.2f x.\n", (n > 0 ? g / n : 0), (nr > 0 ? gr / nr : 0) }'
    echo
    echo "memset: valgrind counts each byte a \`rep stosb\` stores as one instruction. actix-http"
    echo "zeroes a 3 KB header-index array for each head it parses (the client's request, the"
    echo "service's answer) that way; the CPU does each in about a hundred cycles."
  } >"$report"
  echo
  cat "$report"
  log "saved to $report (profiles: $dir/*.txt)"
}
if [[ ${BENCH_CALLGRIND:-0} == 1 ]]; then
  callgrind_mode
  exit 0
fi
bench_stack_up

# nginx in front of the same retailstore, as a shop would run it; and a second one, the
# same in every way (the control): two identical servers differ by this machine's noise
# alone, which is what a gap between the gateway and nginx is measured against.
declare -A NGINX_DIRS=([nginx]=$WORK [nginx-2]=$DATA_DIR/nginx-2)
declare -A NGINX_PORTS=([nginx]=$NGINX_PORT [nginx-2]=$((PORT_BASE + 11)))
# The OTLP receiver of the traced gateway below: an nginx that accepts every export and
# drops it (a collector's own cost is not the gateway's).
NGINX_DIRS[otlp]=$DATA_DIR/otlp-receiver
NGINX_PORTS[otlp]=$((PORT_BASE + 14))
TRACED_PORT=$((PORT_BASE + 12))
# listener_pids PORT: the processes listening on PORT.
listener_pids() {
  ss -ltnpH "sport = :$1" 2>/dev/null | grep -o 'pid=[0-9]*' | cut -d= -f2 | sort -u
}
stop_extras() {
  local dir
  for dir in "${NGINX_DIRS[@]}"; do
    if [[ -f $dir/nginx.pid ]]; then kill "$(<"$dir/nginx.pid")" 2>/dev/null || true; fi
  done
  listener_pids "$TRACED_PORT" | xargs -r kill 2>/dev/null || true
}
# bench_stack_up's own trap (stop a stack it started) runs after these are stopped.
previous_trap=$(trap -p EXIT | sed -E "s/^trap -- '(.*)' EXIT$/\1/")
# shellcheck disable=SC2064 # expanded now on purpose
trap "stop_extras; ${previous_trap:-true}" EXIT
for name in nginx nginx-2 otlp; do
  dir=${NGINX_DIRS[$name]}
  mkdir -p "$dir/logs"
  if [[ $name == otlp ]]; then
    receiver_conf "$dir" "${NGINX_PORTS[$name]}" >"$dir/nginx.conf"
  else
    proxy_conf "$dir" "${NGINX_PORTS[$name]}" "$RETAIL_PORT" 'worker_processes auto;' >"$dir/nginx.conf"
  fi
  "$NGINX" -p "$dir" -c "$dir/nginx.conf" -t >/dev/null 2>&1 ||
    die "nginx rejects its configuration: $("$NGINX" -p "$dir" -c "$dir/nginx.conf" -t 2>&1)"
  "$NGINX" -p "$dir" -c "$dir/nginx.conf"
done

# The gateway with tracing on, as production runs it: a span for every request (the
# default sampler), exported over OTLP/HTTP to the receiver above. A second process
# with the stack gateway's own environment and binary, on a port of its own.
gw_pid=$(<"$DATA_DIR/run/gateway.pid")
mapfile -d '' gw_env <"/proc/$gw_pid/environ"
setsid env -i "${gw_env[@]}" LISTEN_ADDR="127.0.0.1:$TRACED_PORT" METRICS_PORT=$((PORT_BASE + 13)) \
  OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:${NGINX_PORTS[otlp]}" OTEL_SERVICE_NAME=gateway-traced \
  "$(readlink "/proc/$gw_pid/exe")" </dev/null >"$DATA_DIR/gateway-traced.log" 2>&1 &

SERVERS=(direct gateway gateway-traced nginx nginx-2)
declare -A URLS=(
  [direct]=http://127.0.0.1:$RETAIL_PORT$LIST
  [gateway]=http://127.0.0.1:$PORT_BASE$LIST
  [gateway-traced]=http://127.0.0.1:$TRACED_PORT$LIST
  [nginx]=http://127.0.0.1:${NGINX_PORTS[nginx]}$LIST
  [nginx-2]=http://127.0.0.1:${NGINX_PORTS[nginx-2]}$LIST
)
for name in "${SERVERS[@]}"; do
  for _ in $(seq 1 20); do curl -fsS -o /dev/null "${URLS[$name]}" && break; sleep 0.5; done
  curl -fsS -o /dev/null "${URLS[$name]}" || die "$name does not answer ${URLS[$name]}"
done

# cpu_ns PID...: CPU time the processes have used so far (every thread, user and
# kernel), in nanoseconds.
cpu_ns() {
  local total=0 pid task ns _
  for pid in "$@"; do
    for task in /proc/"$pid"/task/*/schedstat; do
      read -r ns _ 2>/dev/null <"$task" || continue
      total=$((total + ns))
    done
  done
  echo "$total"
}
# cpu_us_per NS REQUESTS: CPU µs per request.
cpu_us_per() {
  awk -v ns="$1" -v n="${2:-0}" 'BEGIN { printf "%.1f", (n > 0 ? ns / 1000 / n : 0) }'
}

# server_pids NAME: the processes serving NAME's URL (nginx: master and workers).
server_pids() {
  case $1 in
    direct) cat "$DATA_DIR/run/retailstore.pid" ;;
    gateway) cat "$DATA_DIR/run/gateway.pid" ;;
    gateway-traced) listener_pids "$TRACED_PORT" ;;
    nginx | nginx-2)
      cat "${NGINX_DIRS[$1]}/nginx.pid"
      pgrep -P "$(<"${NGINX_DIRS[$1]}/nginx.pid")" || true
      ;;
  esac
}

# Both loads print "req/s p50_ms p99_ms non2xx cpu_us_per_request mean_ms".
# wrk_run NAME: at CONNECTIONS, closed loop.
wrk_run() {
  local out p50 p99 rps bad reqs mean before after pids
  mapfile -t pids < <(server_pids "$1")
  wrk -t"$THREADS" -c"$CONNECTIONS" -d2s "${URLS[$1]}" >/dev/null 2>&1 || true
  before=$(cpu_ns "${pids[@]}")
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency "${URLS[$1]}")
  after=$(cpu_ns "${pids[@]}")
  p50=$(awk '$1 == "50%" { print $2 }' <<<"$out")
  p99=$(awk '$1 == "99%" { print $2 }' <<<"$out")
  mean=$(awk '$1 == "Latency" { print $2; exit }' <<<"$out")
  rps=$(awk '$1 == "Requests/sec:" { print $2 }' <<<"$out")
  reqs=$(awk '/requests in/ { print $1 }' <<<"$out")
  bad=$(awk '/Non-2xx or 3xx responses:/ { print $NF }' <<<"$out")
  printf '%s %s %s %s %s %s\n' "$rps" "$(wrk_ms "$p50")" "$(wrk_ms "$p99")" "${bad:-0}" \
    "$(cpu_us_per $((after - before)) "$reqs")" "$(wrk_ms "$mean")"
}
wrk_ms() {
  awk -v t="$1" 'BEGIN {
    v = t + 0; u = t; sub(/^[0-9.]+/, "", u)
    f = (u == "us") ? 0.001 : (u == "s") ? 1000 : 1
    printf "%.2f", v * f }'
}

# hey_run NAME ROUND: at RATE req/s offered over CONNECTIONS workers. Every request's
# latency stays in $HEY_DIR/NAME.ROUND.csv, for the percentiles over all rounds.
hey_run() {
  local csv=$HEY_DIR/$1.$2.csv per_worker before after pids n p50 p99 bad mean
  mapfile -t pids < <(server_pids "$1")
  per_worker=$(((RATE + CONNECTIONS - 1) / CONNECTIONS))
  before=$(cpu_ns "${pids[@]}")
  hey -z "${DURATION}s" -c "$CONNECTIONS" -q "$per_worker" -o csv "${URLS[$1]}" >"$csv"
  after=$(cpu_ns "${pids[@]}")
  read -r n p50 p99 bad mean < <(latencies "$csv")
  awk -v n="$n" -v d="$DURATION" -v p50="$p50" -v p99="$p99" -v bad="$bad" -v mean="$mean" \
    -v cpu="$(cpu_us_per $((after - before)) "$n")" \
    'BEGIN { printf "%.0f %s %s %d %s %s\n", n / d, p50, p99, bad, cpu, mean }'
}
# latencies CSV...: "requests p50_ms p99_ms non2xx mean_ms" over every request in hey's
# CSV files (response time in seconds first, to 0.1 ms; status code seventh).
latencies() {
  awk -F, 'FNR > 1 { print $1 * 1000, ($7 ~ /^2/ ? 0 : 1) }' "$@" | sort -n |
    awk '{ v[NR] = $1; sum += $1; bad += $2 }
      END {
        if (NR == 0) { print "0 0 0 0 0"; exit }
        i50 = int(NR * 0.50); if (i50 < 1) i50 = 1
        i99 = int(NR * 0.99); if (i99 < 1) i99 = 1
        printf "%d %.2f %.2f %d %.3f\n", NR, v[i50], v[i99], bad, sum / NR }'
}
HEY_DIR=$DATA_DIR/hey
rm -rf "$HEY_DIR"
mkdir -p "$HEY_DIR"

# BENCH_ROUNDS rounds, each server's turn rotating, so that a noisy stretch of this
# shared machine lands on each of them in turn; the table gives each server's median.
declare -A R
count=${#SERVERS[@]}
for ((round = 1; round <= ROUNDS; round++)); do
  for ((i = 0; i < count; i++)); do
    name=${SERVERS[$(((i + round - 1) % count))]}
    log "round $round/$ROUNDS, $name: wrk, $CONNECTIONS connections, ${DURATION}s"
    R[$name.wrk.$round]=$(wrk_run "$name")
  done
  for ((i = 0; i < count; i++)); do
    name=${SERVERS[$(((i + round - 1) % count))]}
    log "round $round/$ROUNDS, $name: hey, $RATE req/s offered, ${DURATION}s"
    R[$name.hey.$round]=$(hey_run "$name" "$round")
  done
done
# median NAME LOAD: each field's median over the rounds.
median() {
  local round
  for ((round = 1; round <= ROUNDS; round++)); do echo "${R[$1.$2.$round]}"; done |
    awk '{ for (f = 1; f <= NF; f++) v[f, NR] = $f; if (NF > nf) nf = NF }
      END {
        for (f = 1; f <= nf; f++) {
          n = 0; for (r = 1; r <= NR; r++) a[++n] = v[f, r]
          for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
          m = (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
          printf "%s%s", (f > 1 ? " " : ""), m
        }
        print ""
      }'
}
for name in "${SERVERS[@]}"; do
  for load in wrk hey; do R[$name.$load]=$(median "$name" "$load"); done
  # At the fixed rate the latencies are those of every request of every round: a
  # median of per-round p99s would rest on a few hundred requests each.
  read -r rps _ _ _ cpu _ <<<"${R[$name.hey]}"
  read -r _ p50 p99 bad mean < <(latencies "$HEY_DIR/$name".*.csv)
  R[$name.hey]="$rps $p50 $p99 $bad $cpu $mean"
done

# verdict WHAT GATEWAY NGINX CONTROL BETTER NAME: the gateway NAME against nginx on one measure,
# judged against the control (the second nginx): "level" when the gap is no larger than
# the two identical nginx differ by, else "ahead" or "behind". BETTER is "higher" or
# "lower".
verdict() {
  awk -v what="$1" -v g="$2" -v n="$3" -v c="$4" -v better="$5" -v name="$6" 'BEGIN {
    gap = (better == "higher") ? g - n : n - g
    noise = c - n; if (noise < 0) noise = -noise
    word = (gap > noise) ? "ahead" : (-gap > noise) ? "behind" : "level"
    printf "- %s: %s %s, nginx %s, the second nginx %s: **%s** (%s is better; the two nginx differ by %g).\n",
      what, name, g, n, c, word, better, noise }'
}

report=$(bench_report gateway)
{
  echo "# Gateway vs nginx vs direct: storefront product list ($(date -u +%Y-%m-%dT%H:%MZ), $PROFILE, $(nproc) cores shared with the load generator)"
  echo
  echo "$ROUNDS rounds of ${DURATION} s each (the servers' turns rotate from round to round). Closed loop: medians of the rounds."
  echo "Fixed rate: req/s and CPU are the rounds' medians; p50, p99 and the mean are over every request of every round (hey reports each to 0.1 ms), non-2xx their total."
  echo "\`gateway-traced\` is the gateway with tracing on as production runs it: every request's span exported over OTLP/HTTP (to a receiver that drops them)."
  echo "\`nginx-2\` is a second nginx, the same as the first in every way: the control. What separates the two is this machine's noise."
  echo
  echo "| path | load | req/s | p50 ms | p99 ms | mean ms | non-2xx | CPU µs/request |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|"
  for load in wrk hey; do
    for name in "${SERVERS[@]}"; do
      read -r rps p50 p99 bad cpu mean <<<"${R[$name.$load]}"
      if [[ $load == wrk ]]; then what="$CONNECTIONS connections, closed loop"; else what="$RATE req/s offered"; fi
      printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$what" "$rps" "$p50" "$p99" "$mean" "$bad" "$cpu"
    done
  done
  echo
  read -r n_rps _ n_p99 _ n_cpu _ <<<"${R[nginx.wrk]}"
  read -r c_rps _ c_p99 _ c_cpu _ <<<"${R[nginx-2.wrk]}"
  read -r _ _ nh_p99 _ nh_cpu nh_mean <<<"${R[nginx.hey]}"
  read -r _ _ ch_p99 _ ch_cpu ch_mean <<<"${R[nginx-2.hey]}"
  for gw in gateway gateway-traced; do
    read -r g_rps _ g_p99 _ g_cpu _ <<<"${R[$gw.wrk]}"
    read -r _ _ gh_p99 _ gh_cpu gh_mean <<<"${R[$gw.hey]}"
    echo "\`$gw\` against nginx (targets: at least nginx's throughput, no worse p99):"
    echo
    verdict "req/s at $CONNECTIONS connections" "$g_rps" "$n_rps" "$c_rps" higher "$gw"
    verdict "p99 at $CONNECTIONS connections, ms" "$g_p99" "$n_p99" "$c_p99" lower "$gw"
    verdict "p99 at $RATE req/s, ms" "$gh_p99" "$nh_p99" "$ch_p99" lower "$gw"
    verdict "mean at $RATE req/s, ms" "$gh_mean" "$nh_mean" "$ch_mean" lower "$gw"
    verdict "CPU µs per request at $CONNECTIONS connections" "$g_cpu" "$n_cpu" "$c_cpu" lower "$gw"
    verdict "CPU µs per request at $RATE req/s" "$gh_cpu" "$nh_cpu" "$ch_cpu" lower "$gw"
    awk -v gw="$gw" -v g="$g_rps" -v n="$n_rps" 'BEGIN {
      printf "\n%s / nginx throughput at %s connections: %.2f.\n\n", gw, '"$CONNECTIONS"', (n > 0 ? g / n : 0) }'
  done
  echo "Each round: $CONNECTIONS connections, closed loop (req/s; CPU µs/request), and the p99 at the fixed rate:"
  echo
  header="| round |" rule="|---:|" names=""
  for name in "${SERVERS[@]}"; do header+=" $name |" rule+="---:|" names+="$name, "; done
  echo "$header gateway / nginx | p99 at $RATE req/s: ${names%, } |"
  echo "$rule---:|---|"
  for ((round = 1; round <= ROUNDS; round++)); do
    cells=() p99s=()
    for name in "${SERVERS[@]}"; do
      read -r rps _ _ _ cpu _ <<<"${R[$name.wrk.$round]}"
      cells+=("$(awk -v r="$rps" -v c="$cpu" 'BEGIN { printf "%.0f; %.1f", r, c }')")
      read -r _ _ p99 _ <<<"${R[$name.hey.$round]}"
      p99s+=("$p99")
    done
    read -r g_rps _ <<<"${R[gateway.wrk.$round]}"
    read -r n_rps _ <<<"${R[nginx.wrk.$round]}"
    joined=$(printf '%s, ' "${p99s[@]}")
    row="| $round |"
    for cell in "${cells[@]}"; do row+=" $cell |"; done
    printf '%s %s | %s ms |\n' "$row" \
      "$(awk -v g="$g_rps" -v n="$n_rps" 'BEGIN { printf "%.2f", (n > 0 ? g / n : 0) }')" \
      "${joined%, }"
  done
} >"$report"
echo
cat "$report"
log "saved to $report"
