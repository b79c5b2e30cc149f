# syntax=docker/dockerfile:1.7
# The gateway image, with the built single-page app inside:
#   docker build -f deploy/docker/gateway.Dockerfile -t shop/gateway .
# (build context: the repository root). Serves the SPA from /app/frontend.
# Usually built by `make images` (production cargo profile, base images pinned).

# Base images: tags here; `make images` resolves each to its digest at build time and
# passes it pinned (name:tag@sha256:...) through these ARGs, so an image is built from
# exactly what was inspected. A digest written here must be a real one
# (make deploy-check refuses a placeholder).
ARG NODE_IMAGE=node:22-bookworm-slim
ARG RUST_IMAGE=rust:1.95-slim-bookworm
ARG RUNTIME_IMAGE=gcr.io/distroless/cc-debian12:nonroot

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
