#!/usr/bin/env bash
# Writes Tests/Fixtures/corpus: small files made by the Debian tools that write each format, for
# IdentificationCorpusTests, which compares our answer with GIO's and file(1)'s on every one.
# The files are ours (generated here from silence, a tone or a test pattern), so the repository
# may carry them. Needs: ffmpeg sox lame flac opus-tools wavpack imagemagick ghostscript zip
# p7zip-full zstd lz4 lzip xz-utils bzip2 cpio binutils gcc dpkg-deb rpm xorriso gcab sqlite3
# openjdk (javac) and clang's wasm-ld (the Swift toolchain's).
#
#   scripts/make-identification-corpus.sh          # rewrites the folder
set -euo pipefail
cd "$(dirname "$0")/.."
out=Tests/Fixtures/corpus
rm -rf "$out" && mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }
tone=(-f lavfi -i "sine=frequency=440:duration=0.3:sample_rate=44100")
video=(-f lavfi -i "testsrc=size=32x32:rate=25:duration=0.2")

# Audio
sox -n -r 8000 -c 1 -b 16 -e signed-integer "$out/sox.wav" synth 0.2 sine 440
sox -n -r 8000 -c 1 -b 16 -e signed-integer "$out/sox.aiff" synth 0.2 sine 440
sox -n -r 8000 -c 1 -b 16 -e signed-integer -t aifc "$out/sox.aifc" synth 0.2 sine 440
sox -n -r 8000 -c 1 -b 16 -e signed-integer -t au "$out/sox.au" synth 0.2 sine 440
sox -n -r 8000 -c 1 -b 16 -e signed-integer -t voc "$out/sox.voc" synth 0.2 sine 440
flac -s -f -o "$out/flac.flac" "$out/sox.wav"
ff "${tone[@]}" -c:a flac -write_id3v2 1 -metadata title=Tone "$work/tagged.flac" 2>/dev/null \
  || ff "${tone[@]}" -c:a flac "$work/tagged.flac"
{ printf 'ID3\x04\x00\x00\x00\x00\x00\x0a'; head -c 10 /dev/zero; cat "$out/flac.flac"; } > "$out/id3-flac.flac"
lame --quiet -b 32 "$out/sox.wav" "$out/lame.mp3"
lame --quiet -b 32 --tt Tone --ta swift-uti "$out/sox.wav" "$out/lame-id3.mp3"
ff "${tone[@]}" -c:a mp2 -b:a 64k "$out/ffmpeg.mp2"
ff "${tone[@]}" -c:a aac -b:a 32k -f adts "$out/ffmpeg.aac"
ff "${tone[@]}" -c:a aac -b:a 32k -f adts "$work/plain.aac"
{ printf 'ID3\x04\x00\x00\x00\x00\x00\x0a'; head -c 10 /dev/zero; cat "$work/plain.aac"; } > "$out/id3-adts.aac"
ff "${tone[@]}" -c:a ac3 -b:a 64k "$out/ffmpeg.ac3"
ff "${tone[@]}" -c:a eac3 -b:a 64k -f eac3 "$out/ffmpeg.eac3"
ff "${tone[@]}" -c:a aac -b:a 32k "$out/ffmpeg.m4a"
ff "${tone[@]}" -c:a aac -b:a 32k -f mp4 -brand "M4B " "$out/ffmpeg.m4b"
ff "${tone[@]}" -c:a libvorbis "$out/ffmpeg-vorbis.ogg"
ff "${tone[@]}" -c:a flac -f ogg "$out/ffmpeg-flac.oga"
opusenc --quiet "$out/sox.wav" "$out/opusenc.opus"
ff "${tone[@]}" -c:a wmav2 "$out/ffmpeg.wma"
ff "${tone[@]}" -c:a pcm_s16le "$out/ffmpeg.mka"
wavpack -q -y "$out/sox.wav" -o "$out/wavpack.wv"
ff "${tone[@]}" -c:a alac "$out/ffmpeg-alac.m4a"

# Video
ff "${video[@]}" -c:v mpeg4 "$out/ffmpeg.mp4"
ff "${video[@]}" -c:v mpeg4 -f mov "$out/ffmpeg.mov"
ff "${video[@]}" -c:v mpeg4 "$out/ffmpeg.mkv"
ff "${video[@]}" -c:v libvpx "$out/ffmpeg.webm" 2>/dev/null || ff "${video[@]}" -c:v libvpx-vp9 "$out/ffmpeg.webm"
ff "${video[@]}" -c:v mpeg4 "$out/ffmpeg.avi"
ff "${video[@]}" -c:v flv "$out/ffmpeg.flv"
ff "${video[@]}" -c:v mpeg1video -f mpeg "$out/ffmpeg.mpg"
ff "${video[@]}" -c:v mpeg2video -f mpegts "$out/ffmpeg.ts"
ff "${video[@]}" -c:v mpeg4 -f 3gp -ar 8000 "$out/ffmpeg.3gp" 2>/dev/null || ff "${video[@]}" -c:v mpeg4 -f 3gp "$out/ffmpeg.3gp"
ff "${video[@]}" -c:v libtheora "$out/ffmpeg.ogv"
ff "${video[@]}" -c:v wmv2 "$out/ffmpeg.wmv"
ff "${video[@]}" -c:v mpeg2video -f mxf "$out/ffmpeg.mxf"
ff "${video[@]}" -plays 0 -f apng "$out/ffmpeg.apng"
ff "${video[@]}" "$out/ffmpeg.gif"

# Images (ImageMagick; Ghostscript for PDF and PostScript)
convert -size 16x16 xc:orange "$work/base.png"
for f in png jpg bmp tiff webp ico psd jp2 pcx tga; do
  convert "$work/base.png" "$out/imagemagick.$f" 2>/dev/null || rm -f "$out/imagemagick.$f"
done

printf '%%!PS-Adobe-3.0\n%%%%BoundingBox: 0 0 16 16\n1 0.5 0 setrgbcolor 0 0 16 16 rectfill showpage\n' > "$work/square.ps"
gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=ps2write -sOutputFile="$out/ghostscript.ps" "$work/square.ps"
gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=eps2write -sOutputFile="$out/ghostscript.eps" "$work/square.ps"
gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=pdfwrite -sOutputFile="$out/ghostscript.pdf" "$work/square.ps"

# Archives and compressed data
printf 'hello, corpus\n' > "$work/hello.txt"
(cd "$work" && zip -q "$OLDPWD/$out/zip.zip" hello.txt)
mkdir -p "$work/jar/META-INF" && printf 'Manifest-Version: 1.0\n' > "$work/jar/META-INF/MANIFEST.MF"
(cd "$work/jar" && zip -q -r "$OLDPWD/$out/zip.jar" META-INF)
(cd "$work" && 7z a -bd -bso0 "$OLDPWD/$out/7z.7z" hello.txt)
tar -C "$work" -cf "$out/tar.tar" hello.txt
gzip -9 -n -c "$out/tar.tar" > "$out/tar.tar.gz"
bzip2 -c "$out/tar.tar" > "$out/tar.tar.bz2"
xz -c "$out/tar.tar" > "$out/tar.tar.xz"
zstd -q -c "$out/tar.tar" > "$out/tar.tar.zst"
lz4 -q -c "$out/tar.tar" > "$out/tar.tar.lz4"
lzip -c "$out/tar.tar" > "$out/tar.tar.lz"
(cd "$work" && echo hello.txt | cpio --quiet -o -H newc > "$OLDPWD/$out/cpio.cpio")
(cd "$work" && ar rc "$OLDPWD/$out/ar.a" hello.txt)
mkdir -p "$work/deb/DEBIAN" "$work/deb/usr/share/doc/corpus"
printf 'Package: corpus\nVersion: 1.0\nArchitecture: all\nMaintainer: swift-uti <swift-uti@example.org>\nDescription: a corpus file\n' \
  > "$work/deb/DEBIAN/control"
cp "$work/hello.txt" "$work/deb/usr/share/doc/corpus/"
dpkg-deb --root-owner-group -Zxz -b "$work/deb" "$out/dpkg.deb" > /dev/null
mkdir -p "$work/rpm/SPECS"
printf 'Name: corpus\nVersion: 1.0\nRelease: 1\nSummary: a corpus file\nLicense: MIT\nBuildArch: noarch\n%%description\nA corpus file.\n%%files\n' \
  > "$work/rpm/SPECS/corpus.spec"
rpmbuild --quiet --define "_topdir $work/rpm" -bb "$work/rpm/SPECS/corpus.spec" 2>/dev/null
cp "$work"/rpm/RPMS/noarch/*.rpm "$out/rpmbuild.rpm"
xorriso -as mkisofs -quiet -o "$out/xorriso.iso" "$work/hello.txt" 2>/dev/null
gcab -c "$out/gcab.cab" "$work/hello.txt"

# Executables
printf 'int main(void) { return 0; }\n' > "$work/main.c"
printf 'int answer(void) { return 42; }\n' > "$work/lib.c"
gcc -O1 -no-pie -o "$out/gcc-executable" "$work/main.c"
gcc -O1 -pie -fPIE -o "$out/gcc-pie" "$work/main.c"
gcc -O1 -shared -fPIC -o "$out/gcc-library.so" "$work/lib.c"
gcc -O1 -c -o "$out/gcc-object.o" "$work/lib.c"
strip "$out/gcc-executable" "$out/gcc-pie" "$out/gcc-library.so"
printf 'public class Hello { }\n' > "$work/Hello.java"
javac -d "$work" "$work/Hello.java" && cp "$work/Hello.class" "$out/javac.class"
clang --target=wasm32 -nostdlib -Wl,--no-entry -Wl,--export-all -O1 -o "$out/clang.wasm" "$work/lib.c"

# Data and text
sqlite3 "$out/sqlite3.sqlite" 'create table t(x); insert into t values (1);'
printf 'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Corpus\r\nEND:VCARD\r\n' > "$out/text.vcf"
printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//swift-uti//corpus//EN\r\nEND:VCALENDAR\r\n' > "$out/text.ics"
printf 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n' > "$out/text.vtt"
printf '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>\n' > "$out/text.svg"
ls -1 "$out" | wc -l
