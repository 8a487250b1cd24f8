#!/usr/bin/env bash
# Installs every peer the tests use on a Debian machine (as root): the X server, the compositors,
# the clipboard tools, GTK, GIO, the file managers and the rest, each commented with what uses it.
# .ci/run calls it first; on a developer's machine, `sudo scripts/install-peers.sh` gives the test
# suite every peer, so that none of its tests is a reported skip. Each line installs only what is
# missing.
set -euo pipefail
# python3 (the plistlib oracle of the differential tests); plutil ships with the toolchain.
if ! command -v python3 >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq python3 >/dev/null
fi
python3 -c 'import plistlib'
# The machine's MIME database, GIO and file(1), which the identification tests compare with.
if [ ! -f /usr/share/mime/mime.cache ] || ! command -v file >/dev/null \
  || ! /usr/bin/python3 -c 'import gi; gi.require_version("Gio", "2.0")' 2>/dev/null; then
  apt-get update -qq && apt-get install -y -qq shared-mime-info file python3-gi gir1.2-glib-2.0 >/dev/null
fi
# The desktop peers of the system pasteboard tests: an X server (Xvfb, which the tests start on a
# free display themselves), xclip, xdotool, a GTK 3 window driven from Python, python3-xlib for
# the test clipboard manager and XDND peers, Thunar (on a session bus of its own) for a promised
# file dropped on a real file manager, Xarchiver for a real application's promised file dropped
# on ours, xwd (x11-apps) for the screen under a drag's image and xcompmgr, a compositing manager
# that blends it.
if ! command -v Xvfb >/dev/null || ! command -v xclip >/dev/null || ! command -v xdotool >/dev/null \
  || ! command -v thunar >/dev/null || ! command -v dbus-run-session >/dev/null \
  || ! command -v xwd >/dev/null || ! command -v xcompmgr >/dev/null || ! command -v xarchiver >/dev/null \
  || ! /usr/bin/python3 -c 'import Xlib, gi; gi.require_version("Gtk", "3.0")' 2>/dev/null; then
  apt-get update -qq && apt-get install -y -qq xvfb xclip xdotool python3-xlib python3-gi gir1.2-gtk-3.0 \
    thunar dbus x11-apps xcompmgr xarchiver >/dev/null
fi
# The Wayland peers: sway (a headless wlroots compositor the tests start as nobody, with its own
# runtime directory), weston (on its X11 backend inside Xvfb: a compositor without data-control),
# wl-clipboard and grim (sway's screen, under a drag's image).
if ! command -v sway >/dev/null || ! command -v weston >/dev/null || ! command -v wl-copy >/dev/null \
  || ! command -v grim >/dev/null; then
  apt-get update -qq && apt-get install -y -qq sway weston wl-clipboard grim >/dev/null
fi
# The desktops people run: GNOME's compositor (mutter, headless, in a D-Bus session of its own,
# its seat given a keyboard by a RemoteDesktop session) with XWayland, and KDE's (kwin_wayland,
# virtual). Installing them also makes this a desktop machine (KDE's MIME package beside
# freedesktop.org's), which the suite must pass on.
if ! command -v mutter >/dev/null || ! command -v kwin_wayland >/dev/null || ! command -v Xwayland >/dev/null \
  || ! command -v dbus-run-session >/dev/null || ! /usr/bin/python3 -c 'import dbus' 2>/dev/null; then
  apt-get update -qq && apt-get install -y -qq mutter kwin-wayland xwayland dbus dbus-x11 python3-dbus >/dev/null
fi
# The file transfer portal: xdg-desktop-portal's document portal (on a session bus each test
# starts, its FUSE mount in the bus's runtime directory), GIO's gdbus and dbus-monitor to watch
# it, and GTK 4, whose drop target reads a promised file through it.
if [ ! -x /usr/libexec/xdg-document-portal ] || ! command -v gdbus >/dev/null || ! command -v dbus-monitor >/dev/null \
  || ! /usr/bin/python3 -c 'import gi; gi.require_version("Gtk", "4.0")' 2>/dev/null; then
  apt-get update -qq && apt-get install -y -qq xdg-desktop-portal libglib2.0-bin dbus gir1.2-gtk-4.0 >/dev/null
fi
# GTK 4's headers for the second package (Integrations/GTK, the adapter for GTK apps; the root
# package builds without them), and KDE's Wayland protocols, whose fake input its KDE tests use.
if ! pkg-config --exists gtk4 2>/dev/null || [ ! -d /usr/share/plasma-wayland-protocols ]; then
  apt-get update -qq && apt-get install -y -qq libgtk-4-dev plasma-wayland-protocols pkg-config >/dev/null
fi
# The shells whose completion scripts the tests run (bash, zsh, fish) and groff, which renders
# the manual page.
if ! command -v groff >/dev/null || ! command -v zsh >/dev/null || ! command -v fish >/dev/null; then
  apt-get update -qq && apt-get install -y -qq groff-base zsh fish >/dev/null
fi
# The tools that read an exported app's files: update-mime-database (shared-mime-info), gio,
# xdg-mime (with File::MimeInfo's mimetype, which it asks on a desktop it does not know) and
# desktop-file-validate.
if ! command -v gio >/dev/null || ! command -v xdg-mime >/dev/null || ! command -v mimetype >/dev/null \
  || ! command -v desktop-file-validate >/dev/null; then
  apt-get update -qq && apt-get install -y -qq libglib2.0-bin xdg-utils libfile-mimeinfo-perl desktop-file-utils >/dev/null
fi
# git: the plugin test makes a tagged repository of the package for a client to depend on.
command -v git >/dev/null || { apt-get update -qq && apt-get install -y -qq git >/dev/null; }
command -v plutil >/dev/null || { echo "plutil is missing from the Swift toolchain" >&2; exit 1; }
