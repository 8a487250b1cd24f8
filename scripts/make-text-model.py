#!/usr/bin/env python3
"""Trains the token model of text identification and writes it as Swift.

    scripts/make-text-model.py --corpus /tmp/text-corpus            # train, measure, write
    scripts/make-text-model.py --corpus /tmp/text-corpus --check    # the checked-in model is this one
    scripts/make-text-model.py --tokens FILE                        # FILE's tokens, as the model sees them

The corpus is scripts/text-corpus.py's (train/KIND/* to learn from, final/KIND/* to be scored
once, seen/KIND/* the set the published figures were scored on; its sources.tsv says where each
file came from). What the model's answer is worth is chosen
by grouped k-fold over the training repositories (FOLDS folds, a repository's files all in one):
the temperature that calibrates its probabilities (least log loss out of fold) and the floor below
which its answer is plain text (the most right answers, a wrong specific answer costing
WRONG_COST right ones, out of fold). The final set is only measured, never chosen on. The model is a multinomial naive Bayes over
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
import hashlib
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
FOLDS = 5
WRONG_COST = 3
# The kinds the Swift side never names from the model alone (only their strict readers do): the
# model's answer for these is plain text.
READER_ONLY = {"prose", "csv", "tsv", "diff", "dockerfile"}
# Kinds whose members the Swift side's grammar tells apart (an include guard makes a header, TOML's
# value syntax TOML, Java's and C#'s own lines, TypeScript's type syntax): how sure the model is
# of the answer is the probability of the answer's family, the floor compared with their sum.
FAMILIES = [{"c", "c-header"}, {"c++", "c++-header"}, {"ini", "toml"}, {"java", "c#"}, {"javascript", "typescript"}]

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
    """(kind, bytes, repository) of each file of a set, the repository from sources.tsv."""
    origins = {}
    with open(os.path.join(corpus, "sources.tsv")) as handle:
        next(handle)
        for line in handle:
            row = line.rstrip("\n").split("\t")
            origins[(row[0], row[1], row[2])] = row[3]
    documents = []
    folder = os.path.join(corpus, split)
    for kind in sorted(os.listdir(folder)):
        for name in sorted(os.listdir(os.path.join(folder, kind))):
            with open(os.path.join(folder, kind, name), "rb") as handle:
                documents.append((kind, handle.read(), origins[(split, kind, name)]))
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


def fit(documents, kinds):
    """The vocabulary and the model learned from `documents` ((kind, features) pairs)."""
    vocabulary = select_vocabulary(documents, kinds)
    return vocabulary, train(documents, kinds, vocabulary)


def scores(model, vocabulary, documents):
    """Each document's score for each kind (thousandths), as the Swift side computes them."""
    index = {token: i for i, token in enumerate(vocabulary)}
    return matrix(documents, index) @ model["weights"] + model["bias"]


def probabilities(raw, temperature):
    import numpy
    logits = raw / (SCALE * temperature)
    logits = logits - logits.max(axis=1, keepdims=True)
    p = numpy.exp(logits)
    return p / p.sum(axis=1, keepdims=True)


def out_of_fold(documents, kinds):
    """Each training file's scores from a model that learned from the other folds: a repository's
    files are all in one fold (FOLDS folds by the repository's name), so a score is what the
    model gives files of a repository it never saw."""
    import numpy
    fold_of = {repo: int(hashlib.sha1(repo.encode()).hexdigest(), 16) % FOLDS for _, _, repo in documents}
    raw = numpy.zeros((len(documents), len(kinds)))
    for fold in range(FOLDS):
        held = [i for i, (_, _, repo) in enumerate(documents) if fold_of[repo] == fold]
        rest = [(kind, feats) for kind, feats, repo in documents if fold_of[repo] != fold]
        vocabulary, model = fit(rest, kinds)
        raw[held] = scores(model, vocabulary, [(documents[i][0], documents[i][1]) for i in held])
        print(f"fold {fold + 1}/{FOLDS}: {len(held)} files held out", file=sys.stderr)
    return raw


def answers(raw, kinds, temperature, floor):
    """The Swift side's answer from the model alone: its first kind where the probability of that
    kind's family reaches `floor` and the model may name it, else None (plain text)."""
    p = probabilities(raw, temperature)
    best = p.argmax(axis=1)
    family = [[kinds.index(k) for k in next((f for f in FAMILIES if kind in f), {kind})] for kind in kinds]
    return [kinds[b] if p[i, family[b]].sum() >= floor and kinds[b] not in READER_ONLY else None
            for i, b in enumerate(best)]


def tally(truths, answered):
    """(right, wrong specific, plain) answers: a prose file is right as plain text."""
    right = sum(1 for t, a in zip(truths, answered) if a == t or (a is None and t == "prose"))
    wrong = sum(1 for t, a in zip(truths, answered) if a is not None and a != t)
    return right, wrong, len(truths) - right - wrong


def calibrate(raw, truths, kinds):
    """The temperature with the least log loss out of fold, and the floor with the most right
    answers less WRONG_COST for each wrong one."""
    import numpy
    labels = numpy.array([kinds.index(t) for t in truths])
    best_t = min((t / 20 for t in range(4, 81)),
                 key=lambda t: -numpy.log(probabilities(raw, t)[numpy.arange(len(labels)), labels] + 1e-12).mean())
    def objective(floor):
        right, wrong, _ = tally(truths, answers(raw, kinds, best_t, floor))
        return right - WRONG_COST * wrong
    best_floor = max((f / 100 for f in range(0, 100)), key=lambda f: (objective(f), -f))
    return best_t, best_floor


def measure(truths, answered, kinds, title):
    right, wrong, plain = tally(truths, answered)
    print(f"{title}: {right}/{len(truths)} right ({100 * right / max(1, len(truths)):.1f} %), "
          f"{wrong} wrong specific, {plain} plain", file=sys.stderr)
    confusions = Counter((t, a) for t, a in zip(truths, answered) if a is not None and a != t)
    for kind in kinds:
        members = [(t, a) for t, a in zip(truths, answered) if t == kind]
        if members:
            r, w, _ = tally([t for t, _ in members], [a for _, a in members])
            print(f"  {kind:12} {r:3}/{len(members):3}  wrong {w}", file=sys.stderr)
    for (kind, answer), count in confusions.most_common(12):
        print(f"  {kind} as {answer}: {count}", file=sys.stderr)


def swift_source(kinds, vocabulary, model, temperature, floor):
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
        "// The training files come from public repositories under permissive licences at pinned commits\n"
        "// (Documentation/TextCorpus.md lists them); only weights learned from them are here.\n\n"
        "extension TextModel {\n"
        "  /// What divides the scores (in thousandths) before the softmax, so that a probability is what\n"
        "  /// the answer is worth: the least log loss by grouped k-fold over the training repositories.\n"
        f"  static let temperature = {temperature}\n\n"
        "  /// The probability below which the model's first kind is not the answer (plain text is): the\n"
        f"  /// most right answers by grouped k-fold, a wrong specific answer costing {WRONG_COST} right ones.\n"
        f"  static let confidenceFloor = {floor}\n\n"
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
    parser.add_argument("--final", action="store_true", help="also score the model alone on the final set (that is its one scoring: at the end only)")
    parser.add_argument("--tokens", metavar="FILE", help="print FILE's tokens, one per line (a test compares)")
    parser.add_argument("--families", action="store_true", help="print FAMILIES, one per line (a test compares)")
    arguments = parser.parse_args()
    if arguments.families:
        for family in FAMILIES:
            print(" ".join(sorted(family)))
        return
    if arguments.tokens:
        with open(arguments.tokens, "rb") as handle:
            for token in tokens(handle.read()):
                print(token.replace("\t", "\\t"))
        return
    training = [(kind, features(data), repo) for kind, data, repo in load(arguments.corpus, "train")]
    kinds = sorted({kind for kind, _, _ in training})
    truths = [kind for kind, _, _ in training]
    raw = out_of_fold(training, kinds)
    temperature, floor = calibrate(raw, truths, kinds)
    print(f"grouped {FOLDS}-fold: temperature {temperature}, floor {floor}", file=sys.stderr)
    measure(truths, answers(raw, kinds, temperature, floor), kinds, f"training, out of fold ({FOLDS} folds)")
    vocabulary, model = fit([(kind, feats) for kind, feats, _ in training], kinds)
    if arguments.final:
        final = [(kind, features(data)) for kind, data, _ in load(arguments.corpus, "final")]
        measure([k for k, _ in final], answers(scores(model, vocabulary, final), kinds, temperature, floor), kinds,
                "final set (the model alone, before the readers)")
    source = swift_source(kinds, vocabulary, model, temperature, floor)
    if arguments.check:
        with open(arguments.out) as handle:
            if handle.read() != source:
                sys.exit(f"{arguments.out} is not what the corpus gives: run scripts/make-text-model.py")
        return
    with open(arguments.out, "w") as handle:
        handle.write(source)


if __name__ == "__main__":
    main()
