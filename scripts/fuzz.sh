#!/usr/bin/env bash
# Fuzzes one property list reader with libFuzzer (swiftc -sanitize=fuzzer,address).
#
#   scripts/fuzz.sh [--build-only] FORMAT [SECONDS]
#                                        FORMAT: xml, binary, openstep, json (property list readers)
#                                        or mimecache (the shared-mime-info cache reader) or mimepackage
#                                        (its package XML reader and cache compiler) or detectors (the
#                                        built-in format detectors and identification) or desktop (key files,
#                                        Exec lines, file lists, X11 events and XDND messages, offers' MIME
#                                        strings and received text); SECONDS: default 60;
#                                        --build-only: build (or bring up to date) the target and stop
#
# Seeds come from Fuzz/corpus/FORMAT (for detectors: the detector corpus of the tests, written by
# `utibench --write-fuzz-seeds`, which needs `swift build -c release`; for desktop: this machine's
# desktop entries, mimeinfo.cache and mimeapps.list files and the tests' fixtures, each behind the
# byte that chooses its reader, written by scripts/desktop-fuzz-seeds.py); new inputs libFuzzer finds
# go to Fuzz/build/corpus-FORMAT;
# a crash is saved under Fuzz/artifacts/ and the script exits non-zero. Copy every crash into
# Tests/Fixtures/fuzz-regressions/ so that `swift test` checks it from then on.
set -euo pipefail
build_only=false
if [ "${1:-}" = --build-only ]; then build_only=true; shift; fi
format=${1:?usage: scripts/fuzz.sh xml|binary|openstep|json|mimecache|mimepackage|detectors|desktop [seconds]}
seconds=${2:-60}
case "$format" in xml|binary|openstep|json|mimecache|mimepackage|detectors|desktop) ;; *) echo "unknown format '$format'" >&2; exit 2;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/Fuzz/build"
mkdir -p "$build/corpus-$format" "$root/Fuzz/artifacts"
binary="$build/fuzz-$format"
# Whether the target is missing or older than one of its sources (find, not `ls -t | head`: under
# pipefail, head closing the pipe early fails the script with SIGPIPE).
stale() {
  [ ! -x "$binary" ] || [ -n "$(find $sources "$root/Fuzz/fuzz-$format.swift" -newer "$binary" -print)" ]
}
# -Onone: the module with its compiled-in catalog takes minutes to optimize under the sanitizers.
module_flags=(-sanitize=fuzzer,address -parse-as-library -Onone -g -package-name swift_uti -enable-testing -I "$build/modules")
# Builds each of the package's modules named, instrumented, where its library is missing or older
# than one of its sources or than a module built before it (so detectors and desktop share them).
build_modules() {
  mkdir -p "$build/modules"
  local newest=""
  for module in "$@"; do
    local library="$build/modules/lib$module.a"
    if [ ! -f "$library" ] || [ -n "$(find "$root/Sources/$module" -name '*.swift' -newer "$library" -print)" ] \
      || { [ -n "$newest" ] && [ "$newest" -nt "$library" ]; }; then
      echo "building $module (instrumented)"
      swiftc "${module_flags[@]}" -emit-module -emit-module-path "$build/modules/$module.swiftmodule" -emit-library \
        -static -module-name "$module" $(find "$root/Sources/$module" -name '*.swift' | sort) -o "$library"
    fi
    newest="$library"
  done
}
if [ "$format" = detectors ] || [ "$format" = desktop ]; then
  # The detectors need the whole TypeRegistry module, the desktop readers Workspace and the
  # desktop's core and backends too: their modules are built instrumented, and the target links them (with
  # @testable access to what they keep internal).
  modules=(UTIPlatform PropertyList TypeRegistry)
  [ "$format" = desktop ] && modules+=(Workspace SystemPasteboardCore SystemPasteboardX11 SystemPasteboardWayland)
  sources="$(for module in "${modules[@]}"; do find "$root/Sources/$module" -name '*.swift'; done | sort)"
  if stale; then
    echo "building $binary"
    build_modules "${modules[@]}"
    libraries=()
    for (( index=${#modules[@]}-1; index>=0; index-- )); do libraries+=("-l${modules[$index]}"); done
    swiftc "${module_flags[@]}" -module-name FuzzTarget "$root/Fuzz/fuzz-$format.swift" -L "$build/modules" \
      "${libraries[@]}" -o "$binary"
  fi
elif [ "$format" = mimecache ]; then
  sources="$(find "$root/Sources/UTIPlatform" -name '*.swift' | sort) $root/Sources/TypeRegistry/SystemTypes/MIMECache.swift"
  sources="$sources $root/Sources/TypeRegistry/SystemTypes/MIMECache+Magic.swift"
elif [ "$format" = mimepackage ]; then
  types="$root/Sources/TypeRegistry/SystemTypes"
  sources="$(find "$root/Sources/UTIPlatform" -name '*.swift' | sort) $types/MIMECache.swift $types/MIMECache+Magic.swift"
  sources="$sources $types/MIMEPackage.swift"
  sources="$sources $types/MIMEPackage+Reading.swift $types/MIMEPackage+Cache.swift $types/MagicValue.swift $types/XMLText.swift"
else
  # The four property list targets share one module: the PropertyList sources and the round trip
  # check, built instrumented and optimized once (a minute of the compiler's) into PropertyListFuzz.
  sources="$(find "$root/Sources/PropertyList" -name '*.swift' | sort) $root/Tests/TestSupport/PropertyListRoundTrip.swift"
  plist="$build/plist"
  if [ ! -f "$plist/libPropertyListFuzz.a" ] \
    || [ -n "$(find $sources -newer "$plist/libPropertyListFuzz.a" -print)" ]; then
    echo "building PropertyListFuzz (instrumented)"
    mkdir -p "$plist"
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g -package-name swift_uti -module-name PropertyListFuzz \
      -emit-module -emit-module-path "$plist/PropertyListFuzz.swiftmodule" -emit-library -static $sources \
      -o "$plist/libPropertyListFuzz.a"
  fi
  if stale; then
    echo "building $binary"
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name FuzzTarget -package-name swift_uti \
      "$root/Fuzz/fuzz-$format.swift" -I "$plist" -L "$plist" -lPropertyListFuzz -o "$binary"
  fi
fi
if { [ "$format" = mimecache ] || [ "$format" = mimepackage ]; } && stale; then
  echo "building $binary"
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name FuzzTarget -package-name swift_uti \
    "$root/Fuzz/fuzz-$format.swift" $sources -o "$binary"
fi
$build_only && exit 0
seeds="$root/Fuzz/corpus/$format"
if [ "$format" = detectors ]; then
  seeds="$build/seeds-detectors"
  "$root/.build/release/utibench" --write-fuzz-seeds "$seeds"
elif [ "$format" = desktop ]; then
  seeds="$build/seeds-desktop"
  python3 "$root/scripts/desktop-fuzz-seeds.py" "$seeds"
fi
"$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
  -artifact_prefix="$root/Fuzz/artifacts/$format-" "$build/corpus-$format" "$seeds"
