#!/usr/bin/env bash
# Builds the documentation with the toolchain's docc (no plugin package): the guides
# (Sources/SwiftUTI/SwiftUTI.docc, the catalog of a documentation target) and the API reference of every library module
# (symbol graphs from `swift package dump-symbol-graph`, then `docc convert` of each module's
# catalog), warnings as errors, each transformed for static hosting, and an index page that links
# them: OUTPUT_DIR/site is a static site any web server (or `python3 -m http.server`) serves.
#
#   scripts/docs.sh [OUTPUT_DIR]      default: .build/docs (one .doccarchive per catalog, and site/)
#   scripts/docs.sh --gtk [OUTPUT_DIR]   the second package's module (Integrations/GTK: PasteboardGTK,
#                                     its guide in its catalog), default Integrations/GTK/.build/docs
set -euo pipefail
cd "$(dirname "$0")/.."
gtk=false
if [ "${1:-}" = --gtk ]; then
  gtk=true
  shift
fi
default=.build/docs
$gtk && default=Integrations/GTK/.build/docs
out=$(realpath -m "${1:-$default}")
modules=(PropertyList TypeRegistry TypeValidation Pasteboard SystemPasteboard DesktopPasteboard Workspace)
mkdir -p "$out"
rm -rf "$out/site"
mkdir -p "$out/site"

# convert CATALOG NAME [SYMBOL_DIR]: one archive, checked, and its static copy under site/NAME.
convert() {
  local catalog=$1 name=$2 symbols=${3:-}
  local extra=()
  [ -n "$symbols" ] && extra=(--additional-symbol-graph-dir "$symbols")
  rm -rf "$out/$name.doccarchive" "$out/site/$name"
  docc convert "$catalog" "${extra[@]}" \
    --fallback-display-name "$name" --fallback-bundle-identifier "org.swift-uti.$name" \
    --output-dir "$out/$name.doccarchive" --warnings-as-errors \
    --transform-for-static-hosting --hosting-base-path "$name" 2>&1 | tee "$out/$name.log"
  if grep -q "warning:\|error:" "$out/$name.log"; then
    echo "docc reported problems in $name" >&2
    exit 1
  fi
  cp -R "$out/$name.doccarchive" "$out/site/$name"
  echo "$name: $out/$name.doccarchive"
}

# symbols PACKAGE_DIR: the symbol graphs of a package's public API. Extension blocks: what a module
# adds to another's types (NSPasteboard's bind(to:), String's item-provider conformances) is
# documented under "Extended Modules".
symbols() {
  local graphs
  graphs=$(cd "$1" && swift package dump-symbol-graph --minimum-access-level public --emit-extension-block-symbols |
    sed -n 's/^Files written to //p' | tail -1)
  [ -d "$graphs" ] || { echo "no symbol graphs were written for $1" >&2; exit 1; }
  echo "$graphs"
}

if $gtk; then
  graphs=$(symbols Integrations/GTK)
  dir=$(mktemp -d)
  cp "$graphs/PasteboardGTK.symbols.json" "$dir/"
  cp "$graphs/PasteboardGTK"@*.symbols.json "$dir/" 2>/dev/null || true
  convert Integrations/GTK/Sources/PasteboardGTK/PasteboardGTK.docc PasteboardGTK "$dir"
  rm -rf "$dir"
  exit 0
fi

graphs=$(symbols .)
# The guides, in the catalog of their documentation target (no API; the Swift Package Index
# builds the same catalog, .spi.yml).
dir=$(mktemp -d)
cp "$graphs/SwiftUTI.symbols.json" "$dir/"
convert Sources/SwiftUTI/SwiftUTI.docc SwiftUTI "$dir"
rm -rf "$dir"
for module in "${modules[@]}"; do
  dir=$(mktemp -d)
  if [ "$module" = SystemPasteboard ]; then
    # The module users import re-exports its core and its backends (which declare nothing
    # public): it is documented whole, the core's symbols and its own as one module.
    python3 scripts/merge-symbol-graphs.py merge SystemPasteboard "$graphs/SystemPasteboardCore.symbols.json" \
      "$graphs/SystemPasteboard@SystemPasteboardCore.symbols.json" > "$dir/SystemPasteboard.symbols.json"
  else
    cp "$graphs/$module.symbols.json" "$dir/"
    cp "$graphs/$module"@*.symbols.json "$dir/" 2>/dev/null || true
    # An extension of the core's types is shown as one of the module users import.
    core="$dir/$module@SystemPasteboardCore.symbols.json"
    if [ -e "$core" ]; then
      python3 scripts/merge-symbol-graphs.py rename SystemPasteboardCore SystemPasteboard "$core" \
        > "$dir/$module@SystemPasteboard.symbols.json"
      rm "$core"
    fi
  fi
  convert "Sources/$module/$module.docc" "$module" "$dir"
  rm -rf "$dir"
done

# The site's front page: the guides, then each module's reference.
{
  echo '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>swift-uti documentation</title></head><body>'
  echo '<h1>swift-uti documentation</h1>'
  echo '<p><a href="SwiftUTI/documentation/swiftuti/">Guides by task</a></p><h2>API reference</h2><ul>'
  for module in "${modules[@]}"; do
    lower=$(echo "$module" | tr '[:upper:]' '[:lower:]')
    echo "<li><a href=\"$module/documentation/$lower/\">$module</a></li>"
  done
  echo '</ul></body></html>'
} > "$out/site/index.html"
echo "site: $out/site/index.html"
