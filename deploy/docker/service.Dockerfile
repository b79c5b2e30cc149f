# syntax=docker/dockerfile:1.7
# One service image: docker build -f deploy/docker/service.Dockerfile --build-arg SERVICE=identity -t shop/identity .
# (build context: the repository root). SERVICE is one of identity, system, retailstore,
# paymentprovider. The image runs `/app/server`; `/app/server migrate` runs the
# migrations and exits (the migration Job or init container runs it).
# Usually built by `make images` (production cargo profile, base images pinned).

# Base images pinned by digest (name:tag@sha256:...), so every build starts from the
# same bytes; make deploy-check refuses an unpinned or placeholder default. To move to a
# newer base: `docker buildx imagetools inspect <name:tag>` and write its digest here
# (or pass another pinned reference with --build-arg).
ARG RUST_IMAGE=rust:1.95-slim-bookworm@sha256:d7482085ff5b415f84dba5647ae71606650bdef00db7aeb69f4b3d170c3e4082
ARG RUNTIME_IMAGE=gcr.io/distroless/cc-debian12:nonroot@sha256:9dac0a79194e45a7da0158a9c6da57b217585af0786db3845d1f0ec1a0dd182f

FROM ${RUST_IMAGE} AS build
ARG SERVICE
WORKDIR /src
# Manifests and sources of the whole workspace: the crates share one lock file.
COPY Cargo.toml Cargo.lock ./
COPY services ./services
COPY gateway ./gateway
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    test -n "${SERVICE}" || { echo "--build-arg SERVICE=<identity|system|retailstore|paymentprovider> is required" >&2; exit 1; } \
    && cargo build --profile production --locked --bin "${SERVICE}" \
    && install -D -m 0755 "target/production/${SERVICE}" /out/server

# distroless/cc: glibc + libgcc and nothing else (no shell); runs as uid 65532.
FROM ${RUNTIME_IMAGE}
ARG SERVICE
ARG VERSION=dev
LABEL org.opencontainers.image.title="shop-${SERVICE}" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.description="Online shop service: ${SERVICE}"
WORKDIR /app
COPY --from=build /out/server /app/server
ENV LOG_FORMAT=json \
    RUST_LOG=info
USER 65532:65532
EXPOSE 8081 8082 8083 8084
ENTRYPOINT ["/app/server"]
