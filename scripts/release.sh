#!/usr/bin/env bash
# Builds the self-contained release binary: `utictl` as a static executable, with the C library,
# the Swift runtime and Foundation linked in, so that a copy alone in /usr/local/bin runs on any
# Linux of its architecture (kernel 3.2 or later), and the built-in catalog compiled in.
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
# `mktemp` inside the static Foundation; a static executable (`-static-executable`: glibc, the
# C++ runtime and the Swift runtime all linked in), because the dynamic loader's start-up of a
# binary that links libstdc++.so, libm and libc (about 2 M instructions of symbol lookups, most
# of a `utictl --version`) is what a short command such as one `copy` or `paste` spends most of
# its time on. The executable is not position-independent (a static PIE build of it crashed at
# start): its own code and data sit at fixed addresses; its heap, stack and mappings are
# still randomised. Generic types are made by their metadata accessors rather than from their
# mangled names (`-disable-concrete-type-metadata-mangled-name-accessors`): a name is decoded at
# run time, and each first use of a generic type whose parameters must conform (a `Dictionary`
# keyed by `String`, a `Set` of them) then searched every conformance record of the binary, about
# 0.2 M instructions a time, half of a `utictl paste`. The same code, a little larger. utibench
# times this binary for its process rows.
flags=(-c release --static-swift-stdlib --scratch-path .build/static -Xswiftc -static-executable -Xswiftc -use-ld=lld
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors --product utictl)
swift build "${flags[@]}" 2>&1 | tee .build/static-build-log.txt
if grep -q "warning:" .build/static-build-log.txt; then
  echo "the static release build printed warnings" >&2
  exit 1
fi
mkdir -p "$out"
cp "$(swift build "${flags[@]}" --show-bin-path)/utictl" "$out/utictl"
# The binary must need no shared library at run time.
if command -v ldd >/dev/null && ldd "$out/utictl" 2>&1 | grep '=>' >/dev/null; then
  echo "utictl still links shared libraries:" >&2
  ldd "$out/utictl" >&2
  exit 1
fi
"$out/utictl" conforms-to public.png public.data
echo "$out/utictl"
