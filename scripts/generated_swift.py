"""What the wire generators share: Swift formatted as the repository formats it, written to its
file, or (with --check) compared with the checked-in file."""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def formatted(text, path):
    """The text as `swift format` writes it with the repository's .swift-format."""
    return subprocess.run(
        ["swift", "format", "--configuration", str(ROOT / ".swift-format"), "--assume-filename", str(path)],
        input=text, capture_output=True, text=True, check=True).stdout


def emit(text, path, generator):
    """Writes the formatted `text` to `path`; with --check, exits with a message where the
    checked-in file differs (`generator` names the script to run)."""
    text = formatted(text, path)
    if "--check" in sys.argv:
        current = path.read_text() if path.exists() else ""
        if current != text:
            sys.exit(f"{path.relative_to(ROOT)} is out of date: run {generator}")
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
