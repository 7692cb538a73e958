# Multi-stage build: compile in the Rust image, run on a slim Debian with only the binary.
# The builder is pinned to bookworm so the binary's glibc matches the runtime image.
FROM rust:1-bookworm AS builder
WORKDIR /src
# Everything the manifest names (see .dockerignore for what stays out).
COPY . .
RUN cargo build --release --locked --bin lords \
    && cp target/release/lords /usr/local/bin/lords

FROM debian:bookworm-slim
# curl: the Compose healthcheck asks /readyz.
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --create-home --home-dir /var/lib/lords lords
COPY --from=builder /usr/local/bin/lords /usr/local/bin/lords
USER lords
ENV LORDS_LISTEN=0.0.0.0:8080 \
    LORDS_DATA_DIR=/var/lib/lords
EXPOSE 8080
ENTRYPOINT ["lords"]
CMD ["serve"]
