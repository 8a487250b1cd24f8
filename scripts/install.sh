#!/usr/bin/env bash
# Installs utictl the way Linux tools are installed: the self-contained binary (built with
# scripts/release.sh), its manual page, and its bash, zsh and fish completions.
#
#   scripts/install.sh [--prefix PREFIX] [--binary PATH] [--uninstall]
#
#   --prefix PREFIX   where to install (default /usr/local)
#   --binary PATH     install this utictl instead of building one
#   --uninstall       remove exactly the files an install puts there
#
# DESTDIR (in the environment) stages the install under another root, as packagers expect:
# DESTDIR=/tmp/stage scripts/install.sh --prefix /usr puts the files in /tmp/stage/usr.
#
# The files:
#   PREFIX/bin/utictl
#   PREFIX/share/man/man1/utictl.1
#   PREFIX/share/bash-completion/completions/utictl
#   PREFIX/share/zsh/site-functions/_utictl
#   PREFIX/share/fish/vendor_completions.d/utictl.fish
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=/usr/local
binary=
uninstall=false
usage() { sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || usage; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --binary) [ $# -ge 2 ] || usage; binary=$2; shift 2 ;;
    --binary=*) binary=${1#--binary=}; shift ;;
    --uninstall) uninstall=true; shift ;;
    -h|--help) usage ;;
    *) echo "install.sh: unknown option '$1'" >&2; usage ;;
  esac
done
case "$prefix" in
  /*) ;;
  *) echo "install.sh: --prefix must be an absolute path, not '$prefix'" >&2; exit 2 ;;
esac
root="${DESTDIR:-}$prefix"

# Each installed file, as the path under PREFIX and how to make it from the binary.
files=(
  "bin/utictl"
  "share/man/man1/utictl.1"
  "share/bash-completion/completions/utictl"
  "share/zsh/site-functions/_utictl"
  "share/fish/vendor_completions.d/utictl.fish"
)

if $uninstall; then
  for file in "${files[@]}"; do
    if [ -e "$root/$file" ] || [ -L "$root/$file" ]; then
      rm -f "$root/$file"
      echo "removed $root/$file"
    fi
  done
  exit 0
fi

if [ -z "$binary" ]; then
  scripts/release.sh .build/dist >&2
  binary=.build/dist/utictl
fi
[ -x "$binary" ] || { echo "install.sh: '$binary' is not an executable" >&2; exit 2; }

# Everything is made before anything is installed, so that a failure leaves nothing half done.
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
mkdir -p "$staging/bin" "$staging/share/man/man1" "$staging/share/bash-completion/completions" \
  "$staging/share/zsh/site-functions" "$staging/share/fish/vendor_completions.d"
cp "$binary" "$staging/bin/utictl"
"$binary" --generate-manual > "$staging/share/man/man1/utictl.1"
"$binary" --generate-completion-script bash > "$staging/share/bash-completion/completions/utictl"
"$binary" --generate-completion-script zsh > "$staging/share/zsh/site-functions/_utictl"
"$binary" --generate-completion-script fish > "$staging/share/fish/vendor_completions.d/utictl.fish"

for file in "${files[@]}"; do
  mode=0644
  [ "$file" = bin/utictl ] && mode=0755
  install -D -m "$mode" "$staging/$file" "$root/$file"
  echo "installed $root/$file"
done
