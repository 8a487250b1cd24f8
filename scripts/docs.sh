#!/usr/bin/env bash
# Builds the API documentation of every library module with the toolchain's docc (no plugin
# package): symbol graphs from `swift package dump-symbol-graph`, then `docc convert` of each
# module's catalog, warnings as errors.
#
#   scripts/docs.sh [OUTPUT_DIR]      default: .build/docs (one .doccarchive per module)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/docs}
modules=(PropertyList TypeRegistry TypeValidation Pasteboard SystemPasteboard DesktopPasteboard Workspace)
graphs=$(swift package dump-symbol-graph --minimum-access-level public | sed -n 's/^Files written to //p' | tail -1)
[ -d "$graphs" ] || { echo "no symbol graphs were written" >&2; exit 1; }
mkdir -p "$out"
for module in "${modules[@]}"; do
  dir=$(mktemp -d)
  cp "$graphs/$module.symbols.json" "$dir/"
  cp "$graphs/$module"@*.symbols.json "$dir/" 2>/dev/null || true
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$dir" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.swift-uti.$module" \
    --output-dir "$out/$module.doccarchive" --warnings-as-errors 2>&1 | tee "$out/$module.log"
  rm -rf "$dir"
  if grep -q "warning:\|error:" "$out/$module.log"; then
    echo "docc reported problems in $module" >&2
    exit 1
  fi
  echo "$module: $out/$module.doccarchive"
done
