#!/usr/bin/env bash
# Fuzzes one property list reader with libFuzzer (swiftc -sanitize=fuzzer,address).
#
#   scripts/fuzz.sh [--build-only] FORMAT [SECONDS]
#                                        FORMAT: xml, binary, openstep, json (property list readers)
#                                        or mimecache (the shared-mime-info cache reader) or mimepackage
#                                        (its package XML reader and cache compiler) or detectors (the
#                                        built-in format detectors and identification); SECONDS: default 60;
#                                        --build-only: build (or bring up to date) the target and stop
#
# Seeds come from Fuzz/corpus/FORMAT (for detectors: the detector corpus of the tests, written by
# `utibench --write-fuzz-seeds`, which needs `swift build -c release`); new inputs libFuzzer finds
# go to Fuzz/build/corpus-FORMAT;
# a crash is saved under Fuzz/artifacts/ and the script exits non-zero. Copy every crash into
# Tests/Fixtures/fuzz-regressions/ so that `swift test` checks it from then on.
set -euo pipefail
build_only=false
if [ "${1:-}" = --build-only ]; then build_only=true; shift; fi
format=${1:?usage: scripts/fuzz.sh xml|binary|openstep|json|mimecache|mimepackage|detectors [seconds]}
seconds=${2:-60}
case "$format" in xml|binary|openstep|json|mimecache|mimepackage|detectors) ;; *) echo "unknown format '$format'" >&2; exit 2;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/Fuzz/build"
mkdir -p "$build/corpus-$format" "$root/Fuzz/artifacts"
binary="$build/fuzz-$format"
# Whether the target is missing or older than one of its sources (find, not `ls -t | head`: under
# pipefail, head closing the pipe early fails the script with SIGPIPE).
stale() {
  [ ! -x "$binary" ] || [ -n "$(find $sources "$root/Fuzz/fuzz-$format.swift" -newer "$binary" -print)" ]
}
if [ "$format" = detectors ]; then
  # The detectors need the whole TypeRegistry module: its modules are built instrumented, one by
  # one, and the target links them (with @testable access to the detectors).
  sources="$(find "$root/Sources/UTIPlatform" "$root/Sources/PropertyList" "$root/Sources/TypeRegistry" -name '*.swift' | sort)"
  if stale; then
    echo "building $binary"
    modules="$build/modules"
    mkdir -p "$modules"
    # -Onone: the module with its compiled-in catalog takes minutes to optimize under the sanitizers.
    flags=(-sanitize=fuzzer,address -parse-as-library -Onone -g -package-name swift_uti -enable-testing -I "$modules")
    for module in UTIPlatform PropertyList TypeRegistry; do
      swiftc "${flags[@]}" -emit-module -emit-module-path "$modules/$module.swiftmodule" -emit-library -static \
        -module-name "$module" $(find "$root/Sources/$module" -name '*.swift' | sort) -o "$modules/lib$module.a"
    done
    swiftc "${flags[@]}" -module-name DetectorFuzz "$root/Fuzz/fuzz-$format.swift" -L "$modules" \
      -lTypeRegistry -lPropertyList -lUTIPlatform -o "$binary"
  fi
elif [ "$format" = mimecache ]; then
  sources="$(find "$root/Sources/UTIPlatform" -name '*.swift' | sort) $root/Sources/TypeRegistry/SystemTypes/MIMECache.swift"
elif [ "$format" = mimepackage ]; then
  types="$root/Sources/TypeRegistry/SystemTypes"
  sources="$(find "$root/Sources/UTIPlatform" -name '*.swift' | sort) $types/MIMECache.swift $types/MIMEPackage.swift"
  sources="$sources $types/MIMEPackage+Reading.swift $types/MIMEPackage+Cache.swift $types/MagicValue.swift $types/XMLText.swift"
else
  sources="$(find "$root/Sources/PropertyList" -name '*.swift' | sort) $root/Tests/TestSupport/PropertyListRoundTrip.swift"
fi
if [ "$format" != detectors ] && stale; then
  echo "building $binary"
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name PropertyListFuzz -package-name swift_uti \
    "$root/Fuzz/fuzz-$format.swift" $sources -o "$binary"
fi
$build_only && exit 0
seeds="$root/Fuzz/corpus/$format"
if [ "$format" = detectors ]; then
  seeds="$build/seeds-detectors"
  "$root/.build/release/utibench" --write-fuzz-seeds "$seeds"
fi
"$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
  -artifact_prefix="$root/Fuzz/artifacts/$format-" "$build/corpus-$format" "$seeds"
