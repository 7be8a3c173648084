# Build a static binary, then ship it with its fallback fonts on a minimal
# non-root image.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/lifebot ./cmd/lifebot \
	&& mkdir -p /out/data

# The fallback fonts for players' names in Chinese, Japanese and Korean,
# from Debian's packages of the release the runtime image is built on.
FROM debian:bookworm-slim AS fonts
RUN apt-get update \
	&& apt-get install -y --no-install-recommends fonts-droid-fallback fonts-wqy-microhei \
	&& rm -rf /var/lib/apt/lists/*

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/lifebot /lifebot
COPY --from=fonts /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf /usr/share/fonts/truetype/droid/
COPY --from=fonts /usr/share/doc/fonts-droid-fallback/copyright /usr/share/doc/fonts-droid-fallback/
COPY --from=fonts /usr/share/fonts/truetype/wqy/wqy-microhei.ttc /usr/share/fonts/truetype/wqy/
COPY --from=fonts /usr/share/doc/fonts-wqy-microhei/copyright /usr/share/doc/fonts-wqy-microhei/
# The data directory must belong to the non-root user before a volume is
# mounted on it, or bbolt cannot create its file.
COPY --from=build --chown=nonroot:nonroot /out/data /data
VOLUME ["/data"]
ENV LIFEBOT_DATA=/data/lifebot.db
USER nonroot:nonroot
ENTRYPOINT ["/lifebot"]
