#!/usr/bin/env python3
"""Identification against an outside corpus: file-type's fixtures (github.com/sindresorhus/file-type,
folder `fixture`, MIT), which this repository does not redistribute. Each file is copied without its
name and identified by content alone by `utictl identify --mime` with the machine's database and
with `--no-system` (the built-in detectors, as in a container), by `file --mime-type` and by GIO.

    git clone --depth 1 https://github.com/sindresorhus/file-type /tmp/file-type
    python3 scripts/measure-outside-corpus.py /tmp/file-type/fixture [path/to/utictl]

A fixture's expected type is its last filename extension (as file-type's own tests read it); an
answer is right when it is one of the MIME types listed for that extension below, or a type the
database makes a sub-class of one. The lists hold the registered name, shared-mime-info's and
the aliases the tools print; where file-type names only a container (`cfb`), the format inside
is also right, being more precise; AIFF-C is right for an `.aif` holding AIFF-C."""
import os, shutil, subprocess, sys, tempfile

EXPECTED = {
    '3g2': 'video/3gpp2', '3gp': 'video/3gpp', '3mf': 'model/3mf', '7z': 'application/x-7z-compressed',
    'aac': 'audio/aac', 'ac3': 'audio/ac3', 'ace': 'application/x-ace', 'aif': 'audio/aiff audio/x-aiff audio/x-aifc', 'ape': 'audio/x-ape',
    'alias': 'application/x-apple-alias', 'amr': 'audio/amr', 'apk': 'application/vnd.android.package-archive',
    'apng': 'image/apng', 'ar': 'application/x-archive', 'arj': 'application/x-arj',
    'arrow': 'application/vnd.apache.arrow.file', 'arw': 'image/x-sony-arw', 'asar': 'application/x-asar',
    'asf': 'video/x-ms-asf', 'avi': 'video/x-msvideo', 'avif': 'image/avif', 'avro': 'application/x-avro',
    'blend': 'application/x-blender', 'bmp': 'image/bmp', 'bpg': 'image/bpg', 'bz2': 'application/x-bzip2',
    'cab': 'application/vnd.ms-cab-compressed', 'cfb': 'application/x-ole-storage',
    'chm': 'application/vnd.ms-htmlhelp', 'class': 'application/x-java', 'cpio': 'application/x-cpio',
    'cr2': 'image/x-canon-cr2', 'cr3': 'image/x-canon-cr3', 'crx': 'application/x-chrome-extension',
    'cur': 'image/x-win-bitmap', 'dat': 'application/x-windows-registry-hive', 'dcm': 'application/dicom',
    'deb': 'application/vnd.debian.binary-package', 'dmg': 'application/x-apple-diskimage',
    'dng': 'image/x-adobe-dng', 'doc': 'application/msword',
    'docm': 'application/vnd.ms-word.document.macroEnabled.12',
    'docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'dotm': 'application/vnd.ms-word.template.macroEnabled.12',
    'dotx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.template',
    'drc': 'application/x-draco', 'dsf': 'audio/x-dsf', 'dwg': 'image/vnd.dwg',
    'elf': 'application/x-executable application/x-sharedlib application/x-pie-executable application/x-object',
    'eot': 'application/vnd.ms-fontobject', 'eps': 'image/x-eps application/postscript',
    'epub': 'application/epub+zip',
    'exe': 'application/vnd.microsoft.portable-executable application/x-ms-dos-executable application/x-msdownload',
    'f4a': 'audio/x-f4a', 'f4b': 'audio/x-f4a audio/x-f4b', 'f4p': 'video/x-f4v', 'f4v': 'video/x-f4v',
    'fbx': 'application/x-fbx', 'flac': 'audio/flac', 'flif': 'image/flif', 'flv': 'video/x-flv',
    'gif': 'image/gif', 'glb': 'model/gltf-binary', 'gz': 'application/gzip',
    'icc': 'application/vnd.iccprofile', 'icns': 'image/x-icns', 'ico': 'image/vnd.microsoft.icon',
    'ics': 'text/calendar', 'heic': 'image/heic image/heic-sequence image/heif image/heif-sequence', 'indd': 'application/x-indesign', 'it': 'audio/x-it',
    'j2c': 'image/x-jp2-codestream', 'jar': 'application/java-archive', 'jls': 'image/jls',
    'jmp': 'application/x-jmp-data', 'jp2': 'image/jp2', 'jpg': 'image/jpeg', 'jpm': 'image/jpm',
    'jpx': 'image/jpx', 'jxl': 'image/jxl', 'jxr': 'image/jxr', 'key': 'application/vnd.apple.keynote',
    'ktx': 'image/ktx', 'lnk': 'application/x-ms-shortcut', 'lz': 'application/x-lzip',
    'lz4': 'application/x-lz4', 'lzh': 'application/x-lha', 'm4a': 'audio/x-m4a audio/mp4',
    'm4b': 'audio/x-m4b', 'm4p': 'audio/x-m4p', 'm4v': 'video/x-m4v', 'macho': 'application/x-mach-binary',
    'mid': 'audio/midi', 'mie': 'application/x-mie', 'mj2': 'video/mj2', 'mkv': 'video/x-matroska',
    'mobi': 'application/x-mobipocket-ebook', 'mov': 'video/quicktime', 'mp1': 'audio/mpeg',
    'mp2': 'audio/mpeg', 'mp3': 'audio/mpeg', 'mp4': 'video/mp4', 'mpc': 'audio/x-musepack',
    'mpg': 'video/mpeg', 'mts': 'video/mp2t', 'msi': 'application/x-msi', 'mxf': 'application/mxf',
    'nef': 'image/x-nikon-nef', 'nes': 'application/x-nes-rom', 'numbers': 'application/vnd.apple.numbers',
    'odg': 'application/vnd.oasis.opendocument.graphics', 'odp': 'application/vnd.oasis.opendocument.presentation',
    'ods': 'application/vnd.oasis.opendocument.spreadsheet', 'odt': 'application/vnd.oasis.opendocument.text',
    'oga': 'audio/ogg', 'ogg': 'audio/ogg', 'ogm': 'video/x-ogm+ogg', 'ogv': 'video/ogg',
    'ogx': 'application/ogg', 'opus': 'audio/x-opus+ogg', 'orf': 'image/x-olympus-orf', 'otf': 'font/otf',
    'otg': 'application/vnd.oasis.opendocument.graphics-template',
    'otp': 'application/vnd.oasis.opendocument.presentation-template',
    'ots': 'application/vnd.oasis.opendocument.spreadsheet-template',
    'ott': 'application/vnd.oasis.opendocument.text-template', 'pages': 'application/vnd.apple.pages',
    'parquet': 'application/vnd.apache.parquet', 'pcap': 'application/vnd.tcpdump.pcap',
    'pdf': 'application/pdf', 'pgp': 'application/pgp-encrypted', 'png': 'image/png',
    'potm': 'application/vnd.ms-powerpoint.template.macroEnabled.12',
    'potx': 'application/vnd.openxmlformats-officedocument.presentationml.template',
    'ppsm': 'application/vnd.ms-powerpoint.slideshow.macroEnabled.12',
    'ppsx': 'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
    'ppt': 'application/vnd.ms-powerpoint', 'pptm': 'application/vnd.ms-powerpoint.presentation.macroEnabled.12',
    'pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'ps': 'application/postscript', 'psd': 'image/vnd.adobe.photoshop', 'pst': 'application/vnd.ms-outlook-pst',
    'qcp': 'audio/qcelp', 'raf': 'image/x-fuji-raf', 'rar': 'application/vnd.rar',
    'reg': 'text/x-ms-regedit', 'rm': 'application/vnd.rn-realmedia audio/vnd.rn-realaudio',
    'rpm': 'application/x-rpm', 'rtf': 'application/rtf', 'rw2': 'image/x-panasonic-rw2',
    's3m': 'audio/x-s3m', 'sav': 'application/x-spss-sav', 'shp': 'application/vnd.shp',
    'skp': 'application/vnd.sketchup.skp', 'spx': 'audio/x-speex+ogg', 'sqlite': 'application/vnd.sqlite3',
    'stl': 'model/stl', 'swf': 'application/vnd.adobe.flash.movie', 'tar': 'application/x-tar',
    'tif': 'image/tiff', 'ttc': 'font/collection', 'ttf': 'font/ttf', 'unicorn': 'text/plain',
    'vcf': 'text/vcard', 'voc': 'audio/x-voc', 'vsdx': 'application/vnd.ms-visio.drawing.main+xml',
    'vtt': 'text/vtt', 'wasm': 'application/wasm', 'wav': 'audio/vnd.wave', 'webm': 'video/webm',
    'webp': 'image/webp', 'wma': 'audio/x-ms-wma', 'wmv': 'video/x-ms-wmv', 'woff': 'font/woff',
    'woff2': 'font/woff2', 'wv': 'audio/x-wavpack', 'xcf': 'image/x-xcf', 'xls': 'application/vnd.ms-excel',
    'xlsm': 'application/vnd.ms-excel.sheet.macroEnabled.12',
    'xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'xltm': 'application/vnd.ms-excel.template.macroEnabled.12',
    'xltx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.template', 'xm': 'audio/x-xm',
    'xml': 'application/xml', 'xpi': 'application/x-xpinstall', 'xz': 'application/x-xz',
    'z': 'application/x-compress', 'zip': 'application/zip', 'zst': 'application/zstd',
}
# file-type names a compound file by its container only; the application inside is more precise.
CONTAINED = {'cfb': ['doc', 'xls', 'ppt', 'msi'], 'asf': ['wma', 'wmv']}
# Fixtures whose name is not their type: file-type's JSON named .webp (a near miss of its own).
RENAMED = {'fixture-json.webp': 'application/json', 'fixture.unicorn': 'text/plain'}


def database():
    aliases, parents = {}, {}
    for line in open('/usr/share/mime/aliases'):
        alias, name = line.split()
        aliases[alias] = name
    for line in open('/usr/share/mime/subclasses'):
        child, parent = line.split()
        parents.setdefault(child, []).append(parent)
    return aliases, parents


def main():
    fixtures = sys.argv[1]
    utictl = sys.argv[2] if len(sys.argv) > 2 else '.build/debug/utictl'
    aliases, parents = database()
    fold = lambda m: aliases.get(m.lower(), m.lower())

    def ancestors(mime):
        seen, todo = set(), [fold(mime)]
        while todo:
            m = todo.pop()
            if m not in seen:
                seen.add(m)
                todo += [fold(p) for p in parents.get(m, [])]
        return seen

    def right(answer, name):
        if name in RENAMED:
            return fold(RENAMED[name]) in ancestors(answer)
        parts = name.lower().split('.')
        ext = parts[-1]
        wanted = set(EXPECTED.get(ext, '').split())
        for inner in CONTAINED.get(ext, []):
            if inner in parts[1:-1]:
                wanted = set(EXPECTED[inner].split())
        return bool({fold(w) for w in wanted} & ancestors(answer))

    work = tempfile.mkdtemp()
    names = sorted(n for n in os.listdir(fixtures) if not n.startswith('.'))
    paths = []
    for index, name in enumerate(names):
        path = os.path.join(work, '%03d' % index)
        shutil.copyfile(os.path.join(fixtures, name), path)
        paths.append(path)

    def lines(args):
        out = subprocess.run(args + paths, capture_output=True, text=True).stdout.splitlines()
        return dict(line.rsplit(': ', 1) for line in out if ': ' in line)

    answers = {
        'ours': lines([utictl, 'identify', '--mime']),
        'ours --no-system': lines([utictl, 'identify', '--mime', '--no-system']),
        'file': lines(['file', '--mime-type']),
    }
    gio = {}
    for path in paths:
        out = subprocess.run(['gio', 'info', '-a', 'standard::content-type', path], capture_output=True, text=True)
        gio[path] = out.stdout.rsplit('standard::content-type: ', 1)[-1].strip()
    answers['gio'] = gio
    for tool, found in answers.items():
        count = sum(right(found.get(p, '?'), n) for n, p in zip(names, paths))
        print('%-17s %3d of %d right (%.0f %%)' % (tool, count, len(names), 100 * count / len(names)))
    for name, path in zip(names, paths):
        ours, bare = answers['ours'].get(path, '?'), answers['ours --no-system'].get(path, '?')
        if not right(ours, name) or not right(bare, name):
            print('  %-34s ours %s, --no-system %s, file %s, gio %s' % (
                name, ours, bare, answers['file'].get(path), gio.get(path)))
    shutil.rmtree(work)


main()
