# shellcheck shell=bash
# The stack's processes: pid files, whether each runs, stopping them, their logs.
# Sourced by scripts/stack.sh, which sets RUN_DIR, LOG_DIR, ALL, SERVICES and STOP_TIMEOUT.

# alive PID: the process exists and is not a zombie.
alive() {
  local state
  [[ -n ${1:-} && -r /proc/$1/stat ]] || return 1
  state=$(sed -E 's/^.*\) (.).*$/\1/' "/proc/$1/stat" 2>/dev/null) || return 1
  [[ -n $state && $state != Z ]]
}

# pid_of NAME: the live pid recorded for NAME (and really running NAME), or nothing.
pid_of() {
  local f=$RUN_DIR/$1.pid pid args
  [[ -f $f ]] || return 0
  pid=$(<"$f")
  # Guard against a recycled pid: one of its argv words must be .../NAME.
  if alive "$pid"; then
    args=$(tr '\0' '\n' 2>/dev/null <"/proc/$pid/cmdline" || true)
  fi
  if alive "$pid" && grep -qE "(^|/)$1\$" <<<"${args:-}"; then
    echo "$pid"
    return 0
  fi
  rm -f "$f" # stale
}

running_names() {
  local name
  for name in "${ALL[@]}" maildev; do
    [[ -n $(pid_of "$name") ]] && echo "$name"
  done
  return 0
}

log_tail() {
  local name=$1 file=$LOG_DIR/$1.log
  if [[ -s $file ]]; then
    printf -- '----- last lines of %s -----\n' "$file" >&2
    tail -n "${LOG_TAIL_LINES:-40}" "$file" >&2
    printf -- '-----\n' >&2
  else
    printf '(%s wrote nothing to %s)\n' "$name" "$file" >&2
  fi
}

# stop_services: the gateway and the services, then the mail catcher (a service still
# sending has it until it exits).
stop_services() {
  local name
  stop_names gateway "${SERVICES[@]}"
  stop_names maildev
  for name in "${ALL[@]}" maildev; do rm -f "$RUN_DIR/$name.pid"; done
  rm -f "$MAIL_PORTS_FILE"
}

# stop_names NAME...: SIGTERM to each that runs, then SIGKILL after STOP_TIMEOUT.
stop_names() {
  local name pid pids=() names=() deadline i
  for name in "$@"; do
    pid=$(pid_of "$name")
    if [[ -n $pid ]]; then
      kill -TERM "$pid" 2>/dev/null || true
      pids+=("$pid")
      names+=("$name")
    fi
  done
  if ((${#pids[@]})); then
    log "stopping ${names[*]}"
    deadline=$((SECONDS + STOP_TIMEOUT))
    while ((SECONDS < deadline)); do
      local left=0
      for pid in "${pids[@]}"; do alive "$pid" && left=1; done
      ((left)) || break
      sleep 0.2
    done
    for i in "${!pids[@]}"; do
      if alive "${pids[$i]}"; then
        warn "${names[$i]} (pid ${pids[$i]}) ignored SIGTERM for ${STOP_TIMEOUT}s: killing it"
        kill -KILL "${pids[$i]}" 2>/dev/null || true
      fi
    done
  fi
}
