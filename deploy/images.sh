#!/usr/bin/env bash
# `make images`: builds every image (the four services and the gateway with the SPA)
# with the `production` cargo profile, tagged with the version its production folder
# names (deploy/k8s/services/<name>/production: newTag), base images pinned by digest.
#
# Pinning: the Dockerfiles' base images (rust, node, distroless) are pinned by digest in
# their ARG defaults and used as they are; a base given as a bare tag is pulled once and
# resolved to the digest the registry serves now. Every base used is written to
# $OUT/base-images.txt, so a release records exactly what it was built from.
# PIN=0 builds from bare tags without resolving them.
#
# Needs a container engine that answers (docker with BuildKit, or podman); without one
# it says so and builds nothing (exit 1). ENGINE=docker|podman chooses; REGISTRY=host/path
# also tags each image as REGISTRY/<name>:<version> (pushing is left to the release).
set -euo pipefail
cd "$(dirname "$0")/.."

SERVICES=(identity system retailstore paymentprovider)
PIN=${PIN:-1}
OUT=${OUT:-target/images}

engine=${ENGINE:-}
if [[ -z $engine ]]; then
  for candidate in docker podman; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" info >/dev/null 2>&1; then
      engine=$candidate
      break
    fi
  done
fi
if [[ -z $engine ]]; then
  echo "make images: no container engine answers here (docker or podman, installed and running): nothing built." >&2
  echo "  On a machine with one: make images   (PIN=0 to skip the digest pinning)" >&2
  exit 1
fi
export DOCKER_BUILDKIT=1

# The version of service $1: newTag of its production folder.
version_of() {
  sed -n 's/^ *newTag: *"\{0,1\}\([^"]*\)"\{0,1\} *$/\1/p' "deploy/k8s/services/$1/production/kustomization.yaml" | head -n 1
}

# The default of ARG $2 in Dockerfile $1.
arg_default() {
  sed -n "s/^ARG $2=//p" "$1" | head -n 1
}

mkdir -p "$OUT"
: >"$OUT/base-images.txt"
declare -A pinned=()
# pin IMAGE: IMAGE as tag@sha256:digest (PIN=0: as it is).
pin() {
  local image=$1 digest
  if [[ $image == *@sha256:* ]]; then
    grep -qxF "$image" "$OUT/base-images.txt" || printf '%s\n' "$image" >>"$OUT/base-images.txt"
    printf '%s' "$image"
    return
  fi
  if [[ $PIN != 1 ]]; then
    printf '%s' "$image"
    return
  fi
  if [[ -z ${pinned[$image]:-} ]]; then
    "$engine" pull -q "$image" >/dev/null
    digest=$("$engine" image inspect --format '{{index .RepoDigests 0}}' "$image")
    digest=${digest##*@}
    [[ $digest =~ ^sha256:[0-9a-f]{64}$ ]] || { echo "no digest for $image" >&2; exit 1; }
    pinned[$image]="$image@$digest"
    printf '%s\n' "$image@$digest" >>"$OUT/base-images.txt"
    echo "pinned $image@$digest" >&2
  fi
  printf '%s' "${pinned[$image]}"
}

build() { # build NAME DOCKERFILE [build args...]
  local name=$1 file=$2 version
  shift 2
  version=$(version_of "$name")
  [[ -n $version ]] || { echo "no newTag in deploy/k8s/services/$name/production" >&2; exit 1; }
  local args=(--build-arg "VERSION=$version")
  for arg in NODE_IMAGE RUST_IMAGE RUNTIME_IMAGE; do
    local default
    default=$(arg_default "$file" "$arg")
    [[ -n $default ]] && args+=(--build-arg "$arg=$(pin "$default")")
  done
  local tags=(-t "shop/$name:$version")
  [[ -n ${REGISTRY:-} ]] && tags+=(-t "$REGISTRY/$name:$version")
  echo "==> $engine build shop/$name:$version" >&2
  "$engine" build -f "$file" "${args[@]}" "$@" "${tags[@]}" .
}

for s in "${SERVICES[@]}"; do
  build "$s" deploy/docker/service.Dockerfile --build-arg "SERVICE=$s"
done
build gateway deploy/docker/gateway.Dockerfile

echo "make images: built ${SERVICES[*]} gateway with $engine; base images: $OUT/base-images.txt" >&2
