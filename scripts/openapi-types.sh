#!/usr/bin/env bash
# The frontend's wire types, generated from the services' OpenAPI documents.
#
#   scripts/openapi-types.sh          write frontend/src/lib/api/schema/api.ts (and
#                                     limits.json beside it: every field's limits)
#   scripts/openapi-types.sh --check  fail when those files differ from what the
#                                     services' documents give today
#
# Each document is what `<service> openapi` prints (the debug binaries, built first
# unless SKIP_BUILD=1). Their routes' paths and their schemas, all the frontend reads,
# are merged into one document, the API as the gateway serves it, which goes through
# openapi-typescript (a frontend devDependency) into one file. A schema that several
# services share (the error envelope, PaymentInstruction) is written once; two services
# giving the same schema name different content, or the same path twice, is an error
# (rename one of the Rust types: a wire type carries its schema's name).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

SERVICES=(identity system retailstore paymentprovider)
FRONTEND=$ROOT/frontend
SCHEMA_DIR=$FRONTEND/src/lib/api/schema
OUT=$SCHEMA_DIR/api.ts
LIMITS=$SCHEMA_DIR/limits.json
TARGET_DIR=$(abspath "${CARGO_TARGET_DIR:-target}")
CARGO=${CARGO:-cargo}

mode="write"
case ${1:-} in
"") ;;
--check) mode="check" ;;
*)
  echo "usage: $0 [--check]" >&2
  exit 2
  ;;
esac

[[ -x $FRONTEND/node_modules/.bin/openapi-typescript ]] ||
  "$ROOT/scripts/frontend.sh" deps

if [[ -z ${SKIP_BUILD:-} ]]; then
  log "cargo build (${SERVICES[*]})"
  packages=()
  for svc in "${SERVICES[@]}"; do packages+=(-p "$svc"); done
  "$CARGO" build --quiet "${packages[@]}"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

documents=()
for svc in "${SERVICES[@]}"; do
  bin=$TARGET_DIR/debug/$svc
  [[ -x $bin ]] || die "$bin not found (build it, or unset SKIP_BUILD)"
  "$bin" openapi >"$work/$svc.json" || die "'$svc openapi' failed"
  documents+=("$work/$svc.json")
done

# merge OUT DOC...: only what the frontend reads, the routes' paths and the schemas (the
# operations, parameters and per-status answers, would only repeat the schemas), of every
# document in one; names sorted, so that the output does not depend on the order.
merge_documents() {
  # shellcheck disable=SC2016 # JavaScript: its template literals are not shell expansions
  node -e '
    const fs = require("fs");
    const [out, ...files] = process.argv.slice(1);
    // Key order does not make two schemas different.
    const canonical = (v) =>
      Array.isArray(v) ? `[${v.map(canonical).join(",")}]`
      : v && typeof v === "object"
        ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(",")}}`
        : JSON.stringify(v);
    const paths = {}, schemas = {}, from = {}, clashes = [];
    let openapi;
    for (const file of files) {
      const svc = file.replace(/^.*\//, "").replace(/\.json$/, "");
      const doc = JSON.parse(fs.readFileSync(file, "utf8"));
      openapi ??= doc.openapi;
      for (const path of Object.keys(doc.paths || {})) {
        if (path in paths) clashes.push(`path ${path}: ${paths[path]} and ${svc}`);
        paths[path] = svc;
      }
      for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
        if (!(name in schemas)) {
          schemas[name] = schema;
          from[name] = svc;
        } else if (canonical(schemas[name]) !== canonical(schema)) {
          clashes.push(`schema ${name}: ${from[name]} and ${svc} differ`);
        }
      }
    }
    if (clashes.length) {
      console.error(`error: the services disagree (rename one of the Rust types, which carry their schema names):\n  ${clashes.join("\n  ")}`);
      process.exit(1);
    }
    const sorted = (o) => Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
    const merged = {
      openapi,
      info: { title: "shop API", version: "1" },
      paths: Object.fromEntries(Object.keys(paths).sort().map((path) => [path, {}])),
      components: { schemas: sorted(schemas) },
    };
    fs.writeFileSync(out, JSON.stringify(merged));
  ' "$@"
}

merge_documents "$work/api.json" "${documents[@]}"

# The input limits every schema states (minLength, maxLength, minimum, maximum, maxItems),
# one line per constrained field: frontend/src/config/limits.test.ts holds the forms'
# limits (config/limits.ts) to them, so a limit changed in a service shows there.
node -e '
  const fs = require("fs");
  const doc = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
  const keys = ["minLength", "maxLength", "minimum", "maximum", "maxItems"];
  const out = {};
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    for (const [field, prop] of Object.entries(schema.properties ?? {})) {
      const limits = Object.fromEntries(keys.filter((k) => prop[k] !== undefined).map((k) => [k, prop[k]]));
      if (Object.keys(limits).length) out[`${name}.${field}`] = limits;
    }
  }
  fs.writeFileSync(process.argv[2], JSON.stringify(out, Object.keys(out).sort().concat(keys), 2) + "\n");
' "$work/api.json" "$work/limits.json"
# shellcheck disable=SC2016 # the backquotes are Markdown in the file's header
{
  printf '/* eslint-disable */\n'
  printf '// Generated by scripts/openapi-types.sh from the `openapi` documents of %s, merged: do not edit.\n' "${SERVICES[*]}"
  printf '// `make api-types` writes it again after a change to a service.\n\n'
  # openapi-typescript's banner goes (the lines above say where the file comes from),
  # and so do the members a trimmed document leaves empty (operations, webhooks).
  (cd "$FRONTEND" && node_modules/.bin/openapi-typescript "$work/api.json") |
    sed -e '1,/^ \*\/$/d' \
      -e '/^  \(responses\|parameters\|requestBodies\|headers\|pathItems\): never;$/d' \
      -e '/^export type \(webhooks\|\$defs\|external\|operations\) = Record<string, never>;$/d' |
    cat -s | sed '/./,$!d'
} >"$work/api.ts"
[[ -s $work/api.ts ]] || die "openapi-typescript wrote nothing"

if [[ $mode == write ]]; then
  mkdir -p "$SCHEMA_DIR"
  cp "$work/api.ts" "$OUT"
  cp "$work/limits.json" "$LIMITS"
  log "wrote ${OUT#"$ROOT"/} and ${LIMITS#"$ROOT"/}"
  exit 0
fi

if ! diff -u "$LIMITS" "$work/limits.json" >"$work/limits.diff" 2>&1; then
  head -n 40 "$work/limits.diff" >&2
  die "the services' input limits changed: run \`make api-types\`, make
  frontend/src/config/limits.ts agree (its test says where), and commit both."
fi
if ! diff -u "$OUT" "$work/api.ts" >"$work/api.diff" 2>&1; then
  head -n 40 "$work/api.diff" >&2
  die "the frontend's API types are stale.
  Run \`make api-types\` (or scripts/openapi-types.sh), fix what tsc then reports, and commit
  ${OUT#"$ROOT"/} with the change to the service."
fi
log "frontend API types are current (${SERVICES[*]})"
