# syntax=docker/dockerfile:1.7
# The gateway image, with the built single-page app inside:
#   docker build -f deploy/docker/gateway.Dockerfile -t shop/gateway .
# (build context: the repository root). Serves the SPA from /app/frontend.
# Usually built by `make images` (production cargo profile, base images pinned).

# Base images pinned by digest (name:tag@sha256:...), so every build starts from the
# same bytes; make deploy-check refuses an unpinned or placeholder default. To move to a
# newer base: `docker buildx imagetools inspect <name:tag>` and write its digest here
# (or pass another pinned reference with --build-arg).
ARG NODE_IMAGE=node:22-bookworm-slim@sha256:43ac6c60b8f89723f746e8a92ce91abd5017e627ce1ddfe4238355d3a30b772c
ARG RUST_IMAGE=rust:1.95-slim-bookworm@sha256:d7482085ff5b415f84dba5647ae71606650bdef00db7aeb69f4b3d170c3e4082
ARG RUNTIME_IMAGE=gcr.io/distroless/cc-debian12:nonroot@sha256:9dac0a79194e45a7da0158a9c6da57b217585af0786db3845d1f0ec1a0dd182f

# Node 22 (LTS) builds the SPA.
FROM ${NODE_IMAGE} AS frontend
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY frontend ./
RUN npm run build

FROM ${RUST_IMAGE} AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY services ./services
COPY gateway ./gateway
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --profile production --locked --bin gateway \
    && install -D -m 0755 target/production/gateway /out/gateway

FROM ${RUNTIME_IMAGE}
ARG VERSION=dev
LABEL org.opencontainers.image.title="shop-gateway" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.description="Online shop gateway and storefront/admin SPA"
WORKDIR /app
COPY --from=build /out/gateway /app/gateway
COPY --from=frontend /src/frontend/dist /app/frontend
ENV FRONTEND_DIR=/app/frontend \
    LISTEN_ADDR=0.0.0.0:8080 \
    LOG_FORMAT=json \
    RUST_LOG=info
USER 65532:65532
EXPOSE 8080
ENTRYPOINT ["/app/gateway"]
