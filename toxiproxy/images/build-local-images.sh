#!/usr/bin/env bash
# Builds the two images the Docker-based tests and drills use on machines without registry access:
#   poolbench/mysql:local      MariaDB (Debian bookworm packages) with a MySQL-compatible entrypoint
#   poolbench/toxiproxy:local  Toxiproxy v2.5.0 built with Go, FROM scratch
# Idempotent: an image that already exists is skipped (FORCE=1 rebuilds).
# Needs: a running Docker engine, debootstrap (root), Go. Users with registry access never need this:
# they get mysql:8.4 and ghcr.io/shopify/toxiproxy by default.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
MYSQL_IMAGE="${POOLBENCH_MYSQL_IMAGE_LOCAL:-poolbench/mysql:local}"
TOXI_IMAGE="${POOLBENCH_TOXIPROXY_IMAGE_LOCAL:-poolbench/toxiproxy:local}"
TOXI_VERSION="v2.5.0"

die() { echo "build-local-images: $*" >&2; exit 1; }
have_image() { [ "${FORCE:-0}" != 1 ] && docker image inspect "$1" > /dev/null 2>&1; }

docker info > /dev/null 2>&1 || die "no Docker engine answers; start dockerd (see .ci/run) and retry"

mirror() {
  # the Debian mirror this machine's apt sources already use
  local m
  m="$(grep -hoE '(https?://[^ ]+/debian)/?( |$)' /etc/apt/sources.list /etc/apt/sources.list.d/* 2>/dev/null \
        | grep -v security | head -n1 | tr -d ' ')"
  echo "${m:-http://deb.debian.org/debian}"
}

if have_image "$TOXI_IMAGE"; then
  echo "build-local-images: $TOXI_IMAGE exists, skipped"
else
  command -v go > /dev/null || die "Go is needed to build Toxiproxy"
  work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
  echo "build-local-images: building Toxiproxy $TOXI_VERSION"
  (cd "$work" && CGO_ENABLED=0 GOBIN="$work/bin" GOFLAGS=-mod=mod \
      go install "github.com/Shopify/toxiproxy/v2/cmd/server@$TOXI_VERSION")
  cp "$work/bin/server" "$work/toxiproxy-server"
  cp "$HERE/toxiproxy/Dockerfile" "$work/Dockerfile"
  docker build -q -t "$TOXI_IMAGE" "$work" > /dev/null
  rm -rf "$work"; trap - EXIT
  echo "build-local-images: built $TOXI_IMAGE"
fi

if have_image "$MYSQL_IMAGE"; then
  echo "build-local-images: $MYSQL_IMAGE exists, skipped"
else
  command -v debootstrap > /dev/null || die "debootstrap is needed (apt-get install -y debootstrap)"
  if ! have_image poolbench/mariadb-rootfs:local; then
    root="$(mktemp -d)"; trap 'rm -rf "$root"' EXIT
    echo "build-local-images: debootstrap bookworm + mariadb-server from $(mirror) (about a minute)"
    debootstrap --variant=minbase --include=mariadb-server bookworm "$root" "$(mirror)" > "$root.log" 2>&1 \
      || { tail -n 20 "$root.log" >&2; die "debootstrap failed (log above)"; }
    rm -rf "$root/var/lib/mysql"/* "$root/var/cache/apt/archives"/*.deb
    tar -C "$root" -c . | docker import - poolbench/mariadb-rootfs:local > /dev/null
    rm -rf "$root" "$root.log"; trap - EXIT
  fi
  docker build -q -t "$MYSQL_IMAGE" "$HERE/mysql" > /dev/null
  echo "build-local-images: built $MYSQL_IMAGE"
fi
