# Copyright (c) 2026 The swift-uti authors. Licensed under the MIT licence.
set -euo pipefail

SOURCE="${1:-$HOME/Documents}"
TARGET="/var/backups/$(date +%Y-%m-%d)"

if [ ! -d "$SOURCE" ]; then
  echo "no such folder: $SOURCE" >&2
  exit 1
fi

mkdir -p "$TARGET"
for file in "$SOURCE"/*; do
  case "$file" in
    *.tmp) continue ;;
  esac
  cp -a "$file" "$TARGET/" && echo "copied $file"
done
echo "done: $(ls "$TARGET" | wc -l) files"
