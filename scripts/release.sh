#!/usr/bin/env bash
# Builds the self-contained release binary: `utictl` with the Swift runtime and Foundation linked
# statically, so that a copy alone in /usr/local/bin runs, and the built-in catalog compiled in.
#
#   scripts/release.sh [OUTPUT_DIR]      default: .build/dist
#
# The package itself carries no unsafe flags (a package depending on this one by version could not
# use it otherwise): static linking is chosen here, at build time.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/dist}
# A build folder of its own, so that these flags never mix with the default release build
# (utibench's Foundation peers need the dynamic Foundation); lld, because GNU ld warns about the
# `mktemp` inside the static Foundation; packed relative relocations (DT_RELR, glibc 2.36 and
# later), because the dynamic loader's relocation of the 30 MB binary is a good part of a
# one-file `utictl identify`. utibench times this binary for its process rows.
flags=(-c release --static-swift-stdlib --scratch-path .build/static -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs --product utictl)
swift build "${flags[@]}" 2>&1 | tee .build/static-build-log.txt
if grep -q "warning:" .build/static-build-log.txt; then
  echo "the static release build printed warnings" >&2
  exit 1
fi
mkdir -p "$out"
cp "$(swift build "${flags[@]}" --show-bin-path)/utictl" "$out/utictl"
# The binary must need no Swift shared library at run time.
if command -v ldd >/dev/null && ldd "$out/utictl" | grep 'libswift\|libFoundation' >/dev/null; then
  echo "utictl still links Swift shared libraries:" >&2
  ldd "$out/utictl" >&2
  exit 1
fi
"$out/utictl" conforms-to public.png public.data
echo "$out/utictl"
