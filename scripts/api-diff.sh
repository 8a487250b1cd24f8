#!/usr/bin/env bash
# Compares the public API of the package in the current folder with a release's, with SwiftPM's
# `diagnose-api-breaking-changes` (swift-api-digester) over the library products' modules, and
# applies CHANGELOG.md's policy: a break since the release fails when the version in the code is a
# patch of it (same MAJOR.MINOR), and is reported otherwise (the changelog says how it breaks).
#
#   scripts/api-diff.sh VERSION              compare with the release tagged VERSION
#   scripts/api-diff.sh --baseline VERSION   (re)make API/baselines/VERSION.tar.xz from that tag
#
# A release's baseline (the digester's description of each module at its tag, one JSON file a
# module) is checked in, made with --baseline once the tag exists: a comparison then builds the
# current package only (on an existing debug build, seconds) instead of the tag's as well. Without
# one, SwiftPM checks the tag out and builds it. Run from a copy of the checkout that is no Git
# repository (CI's isolated copy), GIT_DIR names the repository that holds the tag.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
products=(PropertyList TypeRegistry TypeValidation Pasteboard SystemPasteboard DesktopPasteboard Workspace)
baseline=false
if [ "${1:-}" = --baseline ]; then baseline=true; shift; fi
previous=${1:?usage: scripts/api-diff.sh [--baseline] VERSION}
commit=$(git rev-parse --verify -q "refs/tags/$previous^{commit}") || { echo "api-diff: no tag $previous" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
archive="$root/API/baselines/$previous.tar.xz"

if $baseline; then
  # The digester's files for the tag, then packed reproducibly (names sorted, no dates or owners).
  swift package diagnose-api-breaking-changes "$previous" --regenerate-baseline --baseline-dir "$scratch" \
    --products "${products[@]}" > "$scratch/log.txt" 2>&1 || true
  [ -n "$(find "$scratch/$commit" -name '*.json' 2>/dev/null)" ] \
    || { cat "$scratch/log.txt" >&2; echo "api-diff: no baseline was written for $previous" >&2; exit 1; }
  mkdir -p "$(dirname "$archive")"
  # Each file names its own path, the scratch folder's: a fixed one instead, so that a remake of
  # the same tag is byte for byte the same.
  sed -i "s|${scratch//\//\\\\/}|\\\\/baselines|" "$scratch/$commit"/*.json
  (cd "$scratch/$commit" && find . -name '*.json' -printf '%P\n' | sort \
    | tar --owner=0 --group=0 --numeric-owner --mtime=@0 -T - -cf -) | xz -9 > "$archive"
  echo "wrote ${archive#"$root/"} ($(tar -tJf "$archive" | wc -l) modules)"
  exit 0
fi

if [ -f "$archive" ]; then
  mkdir "$scratch/$commit"
  tar -xJf "$archive" -C "$scratch/$commit"
  echo "against the checked-in baseline of $previous (${archive#"$root/"})"
else
  echo "no checked-in baseline of $previous: building the tag"
fi
version=$(sed -n 's/^ *static let version = "\([^"]*\)"$/\1/p' "$root/Sources/utictl/UtiCtl.swift")
if swift package diagnose-api-breaking-changes "$previous" --baseline-dir "$scratch" --products "${products[@]}"; then
  echo "no API break since $previous"
elif [ "${previous%.*}" = "${version%.*}" ]; then
  echo "the API broke between $previous and $version, a patch release (CHANGELOG.md's policy)" >&2
  exit 1
else
  echo "the API broke since $previous; $version is a new minor or major version (the changelog says how)"
fi
