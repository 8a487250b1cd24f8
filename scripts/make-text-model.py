#!/usr/bin/env python3
"""Trains the token model of text identification and writes it as Swift.

    scripts/make-text-model.py --corpus /tmp/text-corpus            # train, measure, write
    scripts/make-text-model.py --corpus /tmp/text-corpus --check    # the checked-in model is this one
    scripts/make-text-model.py --tokens FILE                        # FILE's tokens, as the model sees them

The corpus is scripts/text-corpus.py's (train/KIND/* to learn from, test/KIND/* to measure on;
its sources.tsv says where each file came from). The model is a multinomial naive Bayes over
the tokens of a file's first TEXT_PREFIX bytes, as the Swift side (TextTokens.swift) splits
them: words with their sigil (`#include`, `$this`, `@property`, `\\begin`), runs of up to three
punctuation characters, quotes, and each line's first token again, marked `^`, and `^\\t` for a
line that starts with a tab. Each token counts at most COUNT_CAP times in a file. The VOCABULARY
tokens that tell the kinds apart best (chi-square over files) are kept; each kind's log
probability of each is written, in hundredths, to Sources/TypeRegistry/Generated/TextModel+Weights.swift.
Nothing random: the same corpus gives the same file.
"""

import os

# One BLAS thread: sums in one order, so that the same corpus gives the same weights.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import argparse
import base64
import math
import os
import struct
import sys
from collections import Counter, defaultdict

TEXT_PREFIX = 4096
COUNT_CAP = 4
VOCABULARY = 4000
ITERATIONS = 400
REGULARISATION = 3e-4
SCALE = 1000
WORD_CAP = 32

PUNCTUATION = set(b"!%&*+-/:;<=>?^|~.,(){}[]")
SIGILS = set(b"#$@\\")
QUOTES = set(b"\"'`")


def is_word_start(byte):
    return byte == 0x5F or 0x41 <= byte <= 0x5A or 0x61 <= byte <= 0x7A


def is_word(byte):
    return is_word_start(byte) or 0x30 <= byte <= 0x39


def leading_comments(text):
    """Where the comments at the start of `text` end (a licence header says little about the
    language: the same one heads C, Perl and Makefiles of one project), and the markers of the
    comment styles they used, each once, in order: `/*`, `//`, `#`, `--`, `;`, `%`, `<!--`, `#!`.
    A C# `#region` line among them (often around a licence) is skipped too, without a marker."""
    i, n = 0, len(text)
    markers = []
    while True:
        while i < n and text[i] in b" \t\r\n":
            i += 1
        rest = text[i:i + 4]
        if rest.startswith(b"/*"):
            end = text.find(b"*/", i + 2)
            marker, i = "/*", (n if end < 0 else end + 2)
        elif rest.startswith(b"<!--"):
            end = text.find(b"-->", i + 4)
            marker, i = "<!--", (n if end < 0 else end + 3)
        else:
            marker = None
            if rest.startswith(b"#reg") and text[i:i + 7] == b"#region":  # C#'s region around a licence
                end = text.find(b"\n", i)
                i = n if end < 0 else end + 1
                continue
            for candidate in (b"#!", b"//", b"--", b"#", b";", b"%"):
                if rest.startswith(candidate):
                    follower = text[i + len(candidate):i + len(candidate) + 1]
                    # `#include`, `#define`, `--flag` and `%macro` are code, not comments.
                    if candidate in (b"#", b"--", b"%") and follower not in (b" ", b"\t", b"\n", b"\r", b"#", b"*", b"-", b"%", b"=", b""):
                        continue
                    marker = candidate.decode()
                    break
            if marker is None:
                return i, markers
            end = text.find(b"\n", i)
            i = n if end < 0 else end + 1
        if marker not in markers:
            markers.append(marker)


def tokens(data):
    """The tokens of `data`'s first TEXT_PREFIX bytes (the Swift side splits alike)."""
    text = data[:TEXT_PREFIX]
    start, markers = leading_comments(text)
    out = ["comment:" + marker for marker in markers]
    i, n = start, len(text)
    line_start, first_of_line = True, True
    while i < n:
        c = text[i]
        if c == 0x0A:
            line_start, first_of_line = True, True
            i += 1
            continue
        if c == 0x09 and line_start:
            out.append("^\t")
            line_start = False
            i += 1
            continue
        if c in (0x20, 0x09, 0x0D, 0x0B, 0x0C):
            line_start = False
            i += 1
            continue
        line_start = False
        token = None
        if is_word_start(c) or (c in SIGILS and i + 1 < n and is_word_start(text[i + 1])):
            j = i + 1
            while j < n and is_word(text[j]):
                j += 1
            token = text[i:min(j, i + WORD_CAP)].decode("ascii")
            i = j
        elif 0x30 <= c <= 0x39:
            while i < n and (is_word(text[i]) or text[i] == 0x2E):
                i += 1
            continue
        elif c in QUOTES:
            token = chr(c)
            i += 1
        elif c in PUNCTUATION or c in SIGILS:
            j = i
            while j < n and j - i < 3 and (text[j] in PUNCTUATION or text[j] in SIGILS):
                j += 1
            token = text[i:j].decode("ascii")
            i = j
        else:
            i += 1  # a byte of a non-ASCII character, or a control character
            continue
        out.append(token)
        if first_of_line:
            out.append("^" + token)
            first_of_line = False
    return out


def features(data):
    counts = Counter(tokens(data))
    return {token: min(count, COUNT_CAP) for token, count in counts.items()}


def load(corpus, split):
    documents = []
    folder = os.path.join(corpus, split)
    for kind in sorted(os.listdir(folder)):
        for name in sorted(os.listdir(os.path.join(folder, kind))):
            with open(os.path.join(folder, kind, name), "rb") as handle:
                documents.append((kind, handle.read()))
    return documents


def select_vocabulary(documents, kinds):
    """The VOCABULARY tokens with the highest chi-square between presence and kind."""
    total = len(documents)
    per_kind = Counter(kind for kind, _ in documents)
    present = defaultdict(Counter)  # token -> kind -> files
    for kind, feats in documents:
        for token in feats:
            present[token][kind] += 1
    scores = []
    for token, by_kind in present.items():
        files = sum(by_kind.values())
        if files < 3:
            continue
        score = 0.0
        for kind in kinds:
            observed = by_kind[kind]
            expected = files * per_kind[kind] / total
            absent_expected = (total - files) * per_kind[kind] / total
            score += (observed - expected) ** 2 / expected
            score += ((per_kind[kind] - observed) - absent_expected) ** 2 / max(absent_expected, 1e-9)
        scores.append((-score, token))
    scores.sort()
    return [token for _, token in scores[:VOCABULARY]]


def matrix(documents, index):
    """Each file's features: log(1 + count) of the vocabulary's tokens, scaled to unit length."""
    import numpy
    rows = numpy.zeros((len(documents), len(index)), dtype=numpy.float64)
    for row, (_, feats) in enumerate(documents):
        for token, count in feats.items():
            at = index.get(token)
            if at is not None:
                rows[row, at] = math.log1p(count)
        norm = numpy.linalg.norm(rows[row])
        if norm > 0:
            rows[row] /= norm
    return rows


def train(documents, kinds, vocabulary):
    """A softmax regression (multinomial logistic, L2-regularised), full-batch Adam from zeros:
    deterministic. Kinds are weighted by the inverse of their number of files."""
    import numpy
    index = {token: i for i, token in enumerate(vocabulary)}
    x = matrix(documents, index)
    labels = numpy.array([kinds.index(kind) for kind, _ in documents])
    y = numpy.zeros((len(documents), len(kinds)))
    y[numpy.arange(len(documents)), labels] = 1
    counts = numpy.bincount(labels, minlength=len(kinds))
    sample = (len(documents) / (len(kinds) * counts))[labels][:, None]
    w = numpy.zeros((len(vocabulary), len(kinds)))
    b = numpy.zeros(len(kinds))
    moments = [numpy.zeros_like(w), numpy.zeros_like(w), numpy.zeros_like(b), numpy.zeros_like(b)]
    rate, beta1, beta2 = 0.05, 0.9, 0.999
    for step in range(1, ITERATIONS + 1):
        logits = x @ w + b
        logits -= logits.max(axis=1, keepdims=True)
        p = numpy.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        error = (p - y) * sample / len(documents)
        gradients = (x.T @ error + REGULARISATION * w, error.sum(axis=0))
        for k, (parameter, gradient) in enumerate(zip((w, b), gradients)):
            m, v = moments[2 * k], moments[2 * k + 1]
            m *= beta1
            m += (1 - beta1) * gradient
            v *= beta2
            v += (1 - beta2) * gradient * gradient
            parameter -= rate * (m / (1 - beta1 ** step)) / (numpy.sqrt(v / (1 - beta2 ** step)) + 1e-8)
    return {"weights": numpy.round(w * SCALE).astype(int), "bias": numpy.round(b * SCALE).astype(int)}


def classify(model, kinds, index, feats):
    """(score, kind), best first, as the Swift side computes them (integer weights)."""
    values = {}
    for token, count in feats.items():
        at = index.get(token)
        if at is not None:
            values[at] = math.log1p(count)
    norm = math.sqrt(sum(v * v for v in values.values())) or 1
    scores = []
    for k, kind in enumerate(kinds):
        score = model["bias"][k] + sum(value / norm * model["weights"][at][k] for at, value in values.items())
        scores.append((score, kind))
    scores.sort(reverse=True)
    return scores


def measure(model, kinds, vocabulary, documents):
    index = {token: i for i, token in enumerate(vocabulary)}
    right = Counter()
    seen = Counter()
    confusions = Counter()
    for kind, feats in documents:
        best = classify(model, kinds, index, feats)[0][1]
        seen[kind] += 1
        if best == kind:
            right[kind] += 1
        else:
            confusions[(kind, best)] += 1
    for kind in kinds:
        print(f"{kind:12} {right[kind]:3}/{seen[kind]:3}", file=sys.stderr)
    print(f"all          {sum(right.values())}/{sum(seen.values())} "
          f"({100 * sum(right.values()) / max(1, sum(seen.values())):.1f} %)", file=sys.stderr)
    for (kind, best), count in confusions.most_common(15):
        print(f"  {kind} as {best}: {count}", file=sys.stderr)


def swift_source(kinds, vocabulary, model):
    """The Swift tables: the tokens sorted by their UTF-8 bytes (the reader finds a token by a
    binary search, with no table built at start-up), and each token's row of weights as its own
    line of base64 (the reader decodes only the rows of the tokens a file has), then the biases."""
    order = sorted(range(len(vocabulary)), key=lambda i: vocabulary[i].encode())
    rows = [list(model["weights"][i]) for i in order] + [list(model["bias"])]
    lines = [base64.b64encode(struct.pack(f"<{len(kinds)}h", *[max(-32768, min(32767, int(v))) for v in row])).decode()
             for row in rows]
    escape = lambda token: token.replace("\\", "\\\\").replace("\t", "\\t").replace('"', '\\"')
    words = "\n".join(escape(vocabulary[i]) for i in order)
    names = "".join(f'    "{kind}",\n' for kind in kinds)
    indent = lambda text: "\n".join("    " + line for line in text.split("\n"))
    return (
        "// Generated by scripts/make-text-model.py from the corpus scripts/text-corpus.py lists: do not edit.\n"
        "// The training files come from public repositories at pinned commits and from Debian packages\n"
        "// (Documentation/TextCorpus.md lists them); only weights learned from them are here.\n\n"
        "extension TextModel {\n"
        "  /// The kinds, in the order of each row's weights.\n"
        f"  static let kindNames: [String] = [\n{names}  ]\n\n"
        "  /// The tokens, one per line, sorted by their UTF-8 bytes: a token's line is its row.\n"
        f'  static let vocabularyText: StaticString = """\n{indent(words)}\n    """\n\n'
        "  /// Each token's weight for each kind (thousandths), one row per line (little-endian Int16\n"
        "  /// values in base64), in the tokens' order, then the kinds' biases.\n"
        '  static let weightsBase64: StaticString = """\n' + indent("\n".join(lines)) + '\n    """\n'
        "}\n"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus")
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..",
                                                      "Sources/TypeRegistry/Generated/TextModel+Weights.swift"))
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--tokens", metavar="FILE", help="print FILE's tokens, one per line (a test compares)")
    arguments = parser.parse_args()
    if arguments.tokens:
        with open(arguments.tokens, "rb") as handle:
            for token in tokens(handle.read()):
                print(token.replace("\t", "\\t"))
        return
    training = [(kind, features(data)) for kind, data in load(arguments.corpus, "train")]
    kinds = sorted({kind for kind, _ in training})
    vocabulary = select_vocabulary(training, kinds)
    model = train(training, kinds, vocabulary)
    testing = [(kind, features(data)) for kind, data in load(arguments.corpus, "test")]
    measure(model, kinds, vocabulary, testing)
    source = swift_source(kinds, vocabulary, model)
    if arguments.check:
        with open(arguments.out) as handle:
            if handle.read() != source:
                sys.exit(f"{arguments.out} is not what the corpus gives: run scripts/make-text-model.py")
        return
    with open(arguments.out, "w") as handle:
        handle.write(source)


if __name__ == "__main__":
    main()
