#!/usr/bin/env bash
# Builds a Debian package of utictl with dpkg-deb: the files scripts/install.sh installs, under
# /usr, plus the copyright file Debian policy asks for.
#
#   scripts/package-deb.sh [--binary PATH] [OUTPUT_DIR]     default: .build/dist
#
# The package is named utictl; its version is the binary's (`utictl --version`), its
# architecture the machine's (`dpkg --print-architecture`). The binary scripts/release.sh
# builds is a static executable, so the package depends on nothing; a binary given with --binary
# that links shared libraries gets the dependencies dpkg-shlibdeps reads from it (and glibc 2.36
# at least where its packed relocations need it). The manual page is compressed, as Debian
# policy asks; man reads it as it is.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=
out=.build/dist
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary=$2; shift 2 ;;
    --binary=*) binary=${1#--binary=}; shift ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
    *) out=$1; shift ;;
  esac
done
for tool in dpkg-deb dpkg-shlibdeps fakeroot; do
  command -v "$tool" >/dev/null || { echo "package-deb.sh: $tool is missing (apt-get install dpkg-dev fakeroot)" >&2; exit 2; }
done
if [ -z "$binary" ]; then
  scripts/release.sh .build/dist >&2
  binary=.build/dist/utictl
fi

# The package depends on no Swift library: a binary that links one is not the self-contained one.
if ldd "$binary" 2>/dev/null | grep 'libswift\|libFoundation' >/dev/null; then
  echo "package-deb.sh: $binary links Swift shared libraries; package the one scripts/release.sh builds" >&2
  exit 2
fi
version=$("$binary" --version)
architecture=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage="$work/utictl_${version}_${architecture}"
DESTDIR="$stage" scripts/install.sh --prefix /usr --binary "$binary" > /dev/null
gzip -9n "$stage/usr/share/man/man1/utictl.1"
mkdir -p "$stage/usr/share/doc/utictl"
cat > "$stage/usr/share/doc/utictl/copyright" <<'EOF'
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: swift-uti
Comment: utictl reads the shared-mime-info database (GPL) from the machine at run time; no
 part of it is in this package.

Files: *
Copyright: 2026 the swift-uti authors
License: Apache-2.0
 On Debian systems, the full text of the Apache License, Version 2.0 is in
 /usr/share/common-licenses/Apache-2.0. The built-in type catalog derives from an MIT-licensed
 list of Apple's system types (gezihuzi/uniform-type-identifiers-rs, Copyright (c) 2023
 gezihuzi) and the X11 and Wayland wire from the protocols' MIT-licensed XML; the source's
 NOTICE file lists every piece of outside data.
EOF

# dpkg-shlibdeps reads the libraries the binary needs from a debian/control beside it.
mkdir -p "$work/debian"
printf 'Source: utictl\n\nPackage: utictl\nArchitecture: any\n' > "$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O "${stage#"$work"/}/usr/bin/utictl" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
# dpkg-shlibdeps reads the symbols a binary takes from libc, not the version-only references: a
# binary linked with packed relative relocations (DT_RELR) also needs GLIBC_ABI_DT_RELR, which
# glibc has since 2.36, and the dynamic loader of an older one refuses to start it.
if objdump -p "$stage/usr/bin/utictl" | grep -q 'GLIBC_ABI_DT_RELR'; then
  floor=2.36
  current=$(printf '%s\n' "$depends" | sed -n 's/.*libc6 (>= \([0-9.]*\)).*/\1/p')
  if [ -z "$current" ]; then
    depends="libc6 (>= $floor)${depends:+, $depends}"
  elif [ "$(printf '%s\n%s\n' "$current" "$floor" | sort -V | tail -1)" = "$floor" ] && [ "$current" != "$floor" ]; then
    depends=$(printf '%s\n' "$depends" | sed "s/libc6 (>= $current)/libc6 (>= $floor)/")
  fi
fi
size=$(du -sk "$stage/usr" | cut -f1)

mkdir -p "$stage/DEBIAN"
{
  echo "Package: utictl"
  echo "Version: $version"
  echo "Architecture: $architecture"
  # Debian's own variables name the packager; the default address is a reserved, invalid one.
  echo "Maintainer: ${DEBFULLNAME:-swift-uti developers} <${DEBEMAIL:-swift-uti@example.invalid}>"
  echo "Installed-Size: $size"
  [ -n "$depends" ] && echo "Depends: $depends"
  echo "Section: utils"
  echo "Priority: optional"
  echo "Description: Uniform Type Identifiers and the desktop clipboard from the shell"
  echo " utictl answers type questions as Apple's UTType does (conformance, tags,"
  echo " dynamic types), identifies files by content (more formats than file(1) and"
  echo " GIO name), lints and converts property lists, validates type declarations,"
  echo " and copies and pastes through the X11 and Wayland clipboards by type."
} > "$stage/DEBIAN/control"

mkdir -p "$out"
package="$out/utictl_${version}_${architecture}.deb"
fakeroot dpkg-deb --build -Zxz "$stage" "$package" > /dev/null
echo "$package"
