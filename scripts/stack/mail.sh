# shellcheck shell=bash
# The local mail catcher (maildev): whether this start runs it, its launch and ports.
# Sourced by scripts/stack.sh, which reads MAIL_CATCHER, MAIL_SMTP_PORT and MAIL_WEB_PORT.

# mail_wanted: true when this start should run the catcher (no SMTP_URL, MAIL_CATCHER=1).
mail_wanted() {
  [[ -z ${SMTP_URL:-} && $MAIL_CATCHER == 1 ]]
}

# decide_mail: USE_MAIL=1 when the catcher is wanted and installed (after the build,
# whose `npm ci` installs it); else a warning, and system has no mail server.
decide_mail() {
  USE_MAIL=0
  mail_wanted || return 0
  if [[ ! -x $MAILDEV ]]; then
    warn "no mail catcher: $MAILDEV is missing (scripts/frontend.sh deps installs it);
  system gets no mail server (only one set in the back office sends). Set SMTP_URL for a
  real mail server, or MAIL_CATCHER=0 to silence this."
    return 0
  fi
  if ! command -v node >/dev/null 2>&1; then
    warn "no mail catcher: maildev needs Node.js (node); system gets no mail server"
    return 0
  fi
  USE_MAIL=1
}

# launch_maildev: maildev on 127.0.0.1 only, keeping the e-mails in DATA_DIR/mail (they
# hold order links with access tokens), so the inbox survives a restart.
launch_maildev() {
  (umask 077 && mkdir -p "$MAIL_DIR")
  [[ -f $LOG_DIR/maildev.log ]] && mv -f "$LOG_DIR/maildev.log" "$LOG_DIR/maildev.log.1"
  (cd "$ROOT" && exec setsid "$MAILDEV" --smtp "$MAIL_SMTP_PORT" --web "$MAIL_WEB_PORT" \
    --ip 127.0.0.1 --mail-directory "$MAIL_DIR" </dev/null >"$LOG_DIR/maildev.log" 2>&1) &
  echo "$!" >"$RUN_DIR/maildev.pid"
  echo "$MAIL_SMTP_PORT $MAIL_WEB_PORT" >"$MAIL_PORTS_FILE"
}

# running_mail_ports: "SMTP WEB" of the catcher running from DATA_DIR, or nothing.
running_mail_ports() {
  [[ -s $MAIL_PORTS_FILE && -n $(pid_of maildev) ]] && cat "$MAIL_PORTS_FILE"
  return 0
}

# mail_summary: where the shop's e-mails go (never SMTP_URL itself: it may hold a password).
mail_summary() {
  if ((USE_MAIL)); then
    echo "inbox http://localhost:$MAIL_WEB_PORT/ (the mail catcher, SMTP 127.0.0.1:$MAIL_SMTP_PORT)"
  elif [[ -n ${SMTP_URL:-} ]]; then
    echo "through the mail server in SMTP_URL"
  else
    echo "no SMTP_URL and no mail catcher: only a mail server set in the back office sends"
  fi
}
