#!/usr/bin/env bash
# Makes the release tag of the version utictl --version prints, after checking that everything a
# person reads about the version agrees: the version declared once (Sources/utictl/UtiCtl.swift),
# the newest entry of CHANGELOG.md, the README's and the pipeline guide's dependency lines, and the
# checked-in public API lists (scripts/public-api.py --check, for both packages).
#
#   scripts/tag-release.sh            check, then tag HEAD with the version (an annotated tag)
#   scripts/tag-release.sh --check    check only (CI runs this; --no-api skips the API lists,
#                                     which CI checks after its build)
set -euo pipefail
cd "$(dirname "$0")/.."
check=false
api=true
for argument in "$@"; do
  case "$argument" in
    --check) check=true ;;
    --no-api) api=false ;;
    *) echo "usage: scripts/tag-release.sh [--check] [--no-api]" >&2; exit 2 ;;
  esac
done
fail() { echo "tag-release: $*" >&2; exit 1; }

version=$(sed -n 's/^ *static let version = "\([^"]*\)"$/\1/p' Sources/utictl/UtiCtl.swift)
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "no MAJOR.MINOR.PATCH version in Sources/utictl/UtiCtl.swift"
newest=$(grep -m1 -E '^## [0-9]+\.[0-9]+\.[0-9]+' CHANGELOG.md || true)
[[ "$newest" =~ ^##\ ([0-9.]+)\ —\ ([0-9]{4}-[0-9]{2}-[0-9]{2})$ ]] \
  || fail "CHANGELOG.md's newest entry is not '## VERSION — YYYY-MM-DD': $newest"
[ "${BASH_REMATCH[1]}" = "$version" ] \
  || fail "CHANGELOG.md's newest entry is ${BASH_REMATCH[1]}, the code's version is $version"
grep -qF ".package(url: \"https://github.com/swift-uti/swift-uti.git\", from: \"$version\")" README.md \
  || fail "README.md's dependency line does not say from: \"$version\""
grep -qF "from: \"$version\"" Sources/SwiftUTI/SwiftUTI.docc/ValidatingInAPipeline.md \
  || fail "the pipeline guide's dependency line does not say from: \"$version\""
if $api; then
  python3 scripts/public-api.py --check
  python3 scripts/public-api.py --gtk --check
fi
if git rev-parse -q --verify "refs/tags/$version" >/dev/null; then
  if [ "$(git rev-list -n1 "$version")" = "$(git rev-parse HEAD)" ]; then
    echo "tag $version is HEAD's"
    exit 0
  fi
  # After a release, main goes on at the released version until the next is chosen: CI checks
  # that the tag is in HEAD's history; a new tag needs a new version (and its changelog entry).
  git merge-base --is-ancestor "$version" HEAD || fail "tag $version is on a commit HEAD does not descend from"
  $check && { echo "version $version was released (tag $version, an ancestor of HEAD)"; exit 0; }
  fail "version $version is released already (its tag is an ancestor of HEAD): choose the next version first"
fi
echo "version $version: the changelog, the code and the documentation agree"
$check && exit 0
[ -z "$(git status --porcelain)" ] || fail "the working tree has changes; commit them first"
git tag -a "$version" -m "swift-uti $version"
echo "tagged HEAD as $version; push it with: git push origin $version"
echo "then write its API baseline, which CI compares the next versions with, and commit it:"
echo "  scripts/api-diff.sh --baseline $version && git add API/baselines/$version.tar.xz"
