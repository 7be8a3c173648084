# Build a static binary, its fonts and emoji compiled in, then ship it on a
# minimal non-root image.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/lifebot ./cmd/lifebot \
	&& mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/lifebot /lifebot
# The licences of the embedded fonts and emoji (see the README).
COPY render/fonts/LICENSE-*.txt render/fonts/NOTICE-*.txt /licenses/
# The data directory must belong to the non-root user before a volume is
# mounted on it, or bbolt cannot create its file.
COPY --from=build --chown=nonroot:nonroot /out/data /data
VOLUME ["/data"]
ENV LIFEBOT_DATA=/data/lifebot.db
USER nonroot:nonroot
ENTRYPOINT ["/lifebot"]
