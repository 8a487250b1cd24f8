#!/usr/bin/env python3
"""Builds the outside corpus that text identification is trained on and measured against.

Every file comes from a public repository pinned to a commit (cloned into --mirrors when it is
not there yet), or, for a few kinds, from this machine's Debian packages; none from this
repository. Each kind has training sources and test sources, and no repository is in both
(sources.tsv below the corpus lists each file's origin), so what the model is measured on is
kept apart from what it learned from.

    scripts/text-corpus.py --mirrors ~/.cache/swift-uti-mirrors --out /tmp/text-corpus

writes OUT/train/KIND/NAME and OUT/test/KIND/NAME (NAME: the first 16 hex digits of the
content's SHA-1, no extension, so that nothing but the content can decide) and OUT/sources.tsv
(split, kind, repository, commit, path, licence). The same sources give the same files.
"""

import argparse
import fnmatch
import hashlib
import os
import subprocess
import sys

# (repository, commit, licence) of each outside source.
REPOS = {
    "App-vNext/Polly": ("173d6d1d2e28a4697f1ac1d22da68f77ff19a0c9", "BSD-3-Clause"),
    "InsertKoinIO/koin": ("fff5291f333c04fe5d6d9447f72740647d40d186", "Apache-2.0"),
    "vuejs/core": ("e2bede96134f757aad5c5b33ac9be055022dbfc8", "MIT"),
    "axios/axios": ("23a25af0688d1db2c396deb09229d2271cc24f6c", "MIT"),
    "docker-library/golang": ("7c8c182bfc19ee3169d0596ae63917d2c7166f94", "BSD-3-Clause"),
    "ohmyzsh/ohmyzsh": ("830a5bcfd29fd577fdcd5f3b8e98cbaf973421fa", "MIT"),
    "AFNetworking/AFNetworking": ("d9f589cc2c1fe9d55eb5eea00558010afea7a41e", "MIT"),
    "AutoMapper/AutoMapper": ("4b9633f60ee386cf0efc69b967e04fa28405cf3e", "MIT"),
    "BurntSushi/ripgrep": ("3fce3b5bb0236da2df6d99672afb8a719642eca7", "MIT/Unlicense"),
    "CocoaLumberjack/CocoaLumberjack": ("44f4f2669d026430b3335e9c23fb83c5ad00f2e7", "BSD-3-Clause"),
    "JamesNK/Newtonsoft.Json": ("09bb545d72969ad7fb4ea07db0d5c34f4fc07877", "MIT"),
    "Kotlin/kotlinx.coroutines": ("792ac67bdcd5592e5764753e623a9e8c6e4bcb29", "Apache-2.0"),
    "SDWebImage/SDWebImage": ("36e79ba485e9bb4d3cd4e3318908866dac5e7b51", "MIT"),
    "animate-css/animate.css": ("3f8ab233dbbd9d2fe577528d2296382954be3d1a", "Hippocratic-2.1"),
    "ansible/ansible-examples": ("b50586543c6c4be907fdc88f9f78a2b35d2a895f", "none stated"),
    "apache/commons-lang": ("d15939ef46f0bd4144994df8be95cf5a7f91eb52", "Apache-2.0"),
    "apple/swift-argument-parser": ("2f77f2fccb6e84fecff338c37b199e33e7dfd119", "Apache-2.0"),
    "apple/swift-nio": ("63018571c88ab6807d5d80ea0f1ef7d9197c0489", "Apache-2.0"),
    "colinhacks/zod": ("e516c3baf22615e20934116abebfed6c000222c2", "MIT"),
    "curl/curl": ("5c61e168698a72b87437d58ed728bcdea6d5db42", "curl"),
    "datacharmer/test_db": ("3c7fa05e04b4c339d91a43b7029a210212d48e6c", "CC-BY-SA-3.0"),
    "docker-library/official-images": ("37079fb336f572a88700cf32e5e1f6be54a04e8f", "Apache-2.0"),
    "docker-library/python": ("4f07059567fa61c80397126e8063dbbde011b794", "MIT"),
    "expressjs/express": ("a3714473feb3d2908add734d340e7755fd85e0a3", "MIT"),
    "fivethirtyeight/data": ("fcf572c4fba05a42f1f34f415bd5e6dc389efd68", "CC-BY-4.0"),
    "fmtlib/fmt": ("60ccad511fd680cb91d8b60a315759f71c67bef9", "MIT"),
    "folke/lazy.nvim": ("306a05526ada86a7b30af95c5cc81ffba93fef97", "Apache-2.0"),
    "google/gson": ("9835b6f90192f79cdf5300c528fc6212455fb6c1", "Apache-2.0"),
    "google/leveldb": ("78a352f47ed6c1e9d750545e9b242289185b87e1", "BSD-3-Clause"),
    "google/magika": ("b141dc37f004fc922a6281a417035560b4c7aae6", "Apache-2.0"),
    "guzzle/guzzle": ("2779e868a00289e1b1fd854af030c43a06f4bcb4", "MIT"),
    "jOOQ/sakila": ("e089a5b1ec9af0df7a9c6a5d47d49fa1736a4e84", "BSD-2-Clause"),
    "jessfraz/dockerfiles": ("8ff991327fd1c68369c2fb576215d0eabffca0e1", "MIT"),
    "jekyll/jekyll": ("202df571314ba1d18e9fccd81d12aaad4a703c38", "MIT"),
    "jgm/pandoc": ("0a9a2f261510322ee5a33a2a7facce54b8a718ec", "GPL-2.0+ (read, not copied)"),
    "junegunn/fzf": ("956562daaa82ddf55ea8f7aeab56883377b742c6", "MIT"),
    "kubernetes/examples": ("279e8e4fe314f6cb7bc55fa3fbc21bbeaa48c0ea", "Apache-2.0"),
    "latex3/latex2e": ("7a74a9a09ce3925a786269953e8a02dcea0b7226", "LPPL-1.3c"),
    "lerocha/chinook-database": ("7f67772503d71ba90f19283c38e93923addb43fa", "MIT"),
    "lodash/lodash": ("9429a4ee03056e5b7be9a85a54571d7630f05983", "MIT"),
    "mdn/css-examples": ("24f806373566e7c34f3aa7bf55bd097a6fff00d8", "CC0-1.0"),
    "mojolicious/mojo": ("b4de430651b722f560b1577da9018e3f402d96ab", "Artistic-2.0"),
    "nvim-lua/plenary.nvim": ("b9fd5226c2f76c951fc8ed5923d85e4de065e509", "MIT"),
    "nvm-sh/nvm": ("b17550a0b9ab691439815dfccc8b73e3a59fa103", "MIT"),
    "posquit0/Awesome-CV": ("8b850b477803a929a6dd74a74e3d5ab6b735d869", "LPPL-1.3c"),
    "psf/requests": ("1f6589ec3a1ee910f9a65cc3ceac60b26677bc0e", "Apache-2.0"),
    "redis/redis": ("4f8cdc2a1ea53e42955af758aabffee67cb455dd", "BSD-3-Clause/AGPL (read, not copied)"),
    "rust-lang/cargo": ("af373f761aa4e42b093c2e453078fd73c8ce54dd", "MIT/Apache-2.0"),
    "serde-rs/serde": ("1023d077510b4aef36a41ef56fdb7798568a2654", "MIT/Apache-2.0"),
    "sinatra/sinatra": ("cb22afd7902b566b6eaba6c4ea89739494a65d12", "MIT"),
    "sindresorhus/ky": ("3419113b48e034fdcf8fa6bd3be3da7b3d0d758f", "MIT"),
    "spf13/cobra": ("adbc8813901bba65827259daa8e22ff94ec1f30e", "Apache-2.0"),
    "square/okhttp": ("1682d9bac8c03dffde2969b0b74d47649d0dbb52", "Apache-2.0"),
    "symfony/console": ("6b099f3306f7c9c2d2786ed736d0026b2903205f", "MIT"),
    "toml-lang/toml-test": ("d168c2a4f539a5219c804055af1600b8cf9ca6d7", "MIT"),
}

# kind: ([training sources], [test sources]); a source is (repository, [path globs]), or
# ("machine", [filesystem globs]) for this machine's files, or ("git-diff", repository) for
# patches made from the repository's own history.
KINDS = {
    "python": ([("machine", ["/usr/lib/python3/**/*.py"]),
                ("google/magika", ["*.py"])], [("psf/requests", ["*.py"])]),
    "shell": ([("docker-library/official-images", ["*.sh"]), ("redis/redis", ["*.sh"]), ("ohmyzsh/ohmyzsh", ["*.sh"]),
               ("machine", ["/usr/share/**/*.sh", "/usr/lib/**/*.sh"])],
              [("kubernetes/examples", ["*.sh"]), ("apple/swift-nio", ["*.sh"]), ("nvm-sh/nvm", ["*.sh"])]),
    "c": ([("curl/curl", ["*.c"])], [("redis/redis", ["*.c"])]),
    "c-header": ([("curl/curl", ["*.h"]), ("machine", ["/usr/include/linux/**/*.h", "/usr/include/x86_64-linux-gnu/**/*.h"])], [("redis/redis", ["*.h"])]),
    "c++": ([("fmtlib/fmt", ["*.cc"])], [("google/leveldb", ["*.cc"])]),
    "c++-header": ([("fmtlib/fmt", ["*.h"]), ("machine", ["/usr/include/c++/**/*.h"])], [("google/leveldb", ["*.h"])]),
    "objective-c": ([("AFNetworking/AFNetworking", ["*.m"]), ("CocoaLumberjack/CocoaLumberjack", ["*.m"])], [("SDWebImage/SDWebImage", ["*.m"])]),
    "swift": ([("apple/swift-nio", ["*.swift"])], [("apple/swift-argument-parser", ["*.swift"])]),
    "rust": ([("rust-lang/cargo", ["*.rs"])], [("BurntSushi/ripgrep", ["*.rs"]), ("serde-rs/serde", ["*.rs"])]),
    "go": ([("junegunn/fzf", ["*.go"])], [("spf13/cobra", ["*.go"])]),
    "java": ([("apache/commons-lang", ["*.java"])], [("google/gson", ["*.java"])]),
    "kotlin": ([("Kotlin/kotlinx.coroutines", ["*.kt"]), ("InsertKoinIO/koin", ["*.kt"])], [("square/okhttp", ["*.kt"])]),
    "c#": ([("JamesNK/Newtonsoft.Json", ["*.cs"]), ("App-vNext/Polly", ["*.cs"])], [("AutoMapper/AutoMapper", ["*.cs"])]),
    "typescript": ([("colinhacks/zod", ["*.ts"]), ("vuejs/core", ["*.ts"])], [("sindresorhus/ky", ["*.ts"]), ("google/magika", ["*.ts"])]),
    "javascript": ([("expressjs/express", ["*.js"]), ("axios/axios", ["*.js"]), ("machine", ["/usr/share/**/*.js"])],
                   [("lodash/lodash", ["*.js"]), ("mdn/css-examples", ["*.js"])]),
    "ruby": ([("jekyll/jekyll", ["*.rb"])], [("sinatra/sinatra", ["*.rb"])]),
    "php": ([("symfony/console", ["*.php"])], [("guzzle/guzzle", ["*.php"])]),
    "lua": ([("latex3/latex2e", ["*.lua"]), ("nvim-lua/plenary.nvim", ["*.lua"])], [("folke/lazy.nvim", ["*.lua"])]),
    "perl": ([("mojolicious/mojo", ["*.pm", "*.pl"]), ("machine", ["/usr/share/perl5/**/*.pm", "/usr/share/perl/**/*.pm"])], [("curl/curl", ["*.pl", "*.pm"])]),
    "sql": ([("jOOQ/sakila", ["*.sql"])], [("lerocha/chinook-database", ["*.sql"]), ("datacharmer/test_db", ["*.sql", "*.dump"])]),
    "css": ([("animate-css/animate.css", ["*.css"]), ("machine", ["/usr/share/**/*.css"])], [("mdn/css-examples", ["*.css"])]),
    "markdown": ([("curl/curl", ["*.md"]), ("rust-lang/cargo", ["*.md"]), ("machine", ["/usr/share/**/*.md"])], [("jekyll/jekyll", ["*.md"])]),
    "yaml": ([("kubernetes/examples", ["*.yaml"]), ("machine", ["/usr/share/**/*.yaml", "/usr/lib/**/*.yml"])], [("ansible/ansible-examples", ["*.yml"])]),
    "toml": ([("toml-lang/toml-test", ["tests/valid/*.toml"])], [("rust-lang/cargo", ["*.toml"])]),
    "ini": ([("machine", ["/usr/**/*.ini", "/etc/**/*.ini", "/usr/lib/systemd/**/*.service", "/usr/**/setup.cfg"])],
            [("google/magika", ["*.ini"]), ("ansible/ansible-examples", ["*.cfg"])]
            + [(repo, [".editorconfig", "tox.ini", "setup.cfg", ".gitmodules"]) for repo in sorted(REPOS)]),
    "csv": ([("fivethirtyeight/data", ["[a-m]*.csv"])], [("fivethirtyeight/data", ["[n-z]*.csv"]),
                                                        ("BurntSushi/ripgrep", ["*.csv"])]),
    "tsv": ([("fivethirtyeight/data", ["*[02468].tsv", "*[a-m].tsv"])],
            [("fivethirtyeight/data", ["*[13579].tsv", "*[n-z].tsv"]), ("machine", ["/usr/**/*.tsv"])]),
    "makefile": ([("machine", ["/usr/share/**/Makefile", "/usr/lib/**/Makefile", "/usr/share/**/*.mk"]), ("redis/redis", ["*Makefile"])],
                 [("kubernetes/examples", ["*Makefile"]), ("psf/requests", ["*Makefile"]),
                  ("jgm/pandoc", ["*Makefile"]), ("curl/curl", ["*Makefile.am", "*Makefile.inc"])]),
    "dockerfile": ([("docker-library/python", ["*Dockerfile*"]), ("docker-library/golang", ["*Dockerfile*"]),
                    ("google/magika", ["*Dockerfile*"])],
                   [("kubernetes/examples", ["*Dockerfile*"]), ("jessfraz/dockerfiles", ["*Dockerfile*"])]),
    "tex": ([("latex3/latex2e", ["*.tex"])], [("posquit0/Awesome-CV", ["*.tex"]), ("jgm/pandoc", ["*.tex"])]),
    "diff": ([("git-diff", "junegunn/fzf")], [("git-diff", "spf13/cobra")]),
    "prose": ([("machine", ["/usr/share/common-licenses/**/*", "/usr/share/doc/**/README", "/usr/share/doc/**/*.txt"])],
              [(repo, ["LICENSE", "LICENSE.txt", "LICENSE.md", "COPYING", "NOTICE"]) for repo in sorted(REPOS)]),
}

PER_KIND = {"train": 160, "test": 30}


def mirror(mirrors, repo):
    """The git directory of `repo`, cloned (bare, blobs on demand) when it is not there."""
    for candidate in (os.path.join(mirrors, repo.replace("/", "+"), "repo"), os.path.join(mirrors, repo.replace("/", "+"))):
        if os.path.isdir(candidate):
            return candidate
    target = os.path.join(mirrors, repo.replace("/", "+"))
    subprocess.run(["git", "clone", "-q", "--bare", "--filter=blob:none", f"https://github.com/{repo}", target], check=True)
    return target


def git(directory, *args):
    return subprocess.run(["git", "--git-dir", directory, *args], check=True, capture_output=True).stdout


def matches(path, globs):
    name = os.path.basename(path)
    return any(fnmatch.fnmatchcase(path, g) or fnmatch.fnmatchcase(name, g) for g in globs)


def evenly(items, count):
    """`count` items spread over the sorted list (all when there are fewer)."""
    items = sorted(items)
    if len(items) <= count:
        return items
    return [items[i * len(items) // count] for i in range(count)]


def usable(data):
    if not 64 <= len(data) <= 1 << 20 or b"\0" in data[:8192] or data.startswith(b"version https://git-lfs"):
        return False
    try:
        data[:8192].decode("utf-8")
    except UnicodeDecodeError as error:
        return error.start > 8188  # a character the cut split
    return True


def files_of(source, mirrors, count):
    """(origin, commit, path, licence, bytes) of up to `count` usable files of a source."""
    repo, spec = source
    if repo == "machine":
        paths = set()
        for pattern in spec:  # ROOT/**/NAME: find's -name under ROOT (Python's glob is slow on /usr)
            root, _, name = pattern.partition("/**/")
            found = subprocess.run(["find", root, "-type", "f", "-name", name], capture_output=True).stdout
            paths.update(found.decode(errors="replace").splitlines())
        out = []
        for path in evenly(paths, count * 3):
            with open(path, "rb") as handle:
                data = handle.read()
            if usable(data):
                out.append(("machine", "debian", path, "package licence", data))
        return out[:count]
    if repo == "git-diff":
        name = spec
        directory = mirror(mirrors, name)
        commit = REPOS[name][0]
        hashes = git(directory, "log", "--no-merges", "-n", str(count * 3), "--format=%H", commit).decode().split()
        out = []
        for index, sha in enumerate(hashes):
            args = ["format-patch", "-1", "--stdout", sha] if index % 2 else ["diff", f"{sha}~1", sha]
            data = git(directory, *args)
            if usable(data):
                out.append((name, commit, f"{args[0]} {sha}", REPOS[name][1], data))
        return out[:count]
    directory = mirror(mirrors, repo)
    commit, licence = REPOS[repo]
    paths = [p for p in git(directory, "ls-tree", "-r", "--name-only", commit).decode().splitlines() if matches(p, spec)]
    out = []
    for path in evenly(paths, count * 2):
        try:
            data = git(directory, "show", f"{commit}:{path}")
        except subprocess.CalledProcessError:  # a blob the mirror lacks (a large file)
            continue
        if usable(data):
            out.append((repo, commit, path, licence, data))
    return out[:count]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--kinds", nargs="*", default=sorted(KINDS))
    arguments = parser.parse_args()
    os.makedirs(arguments.mirrors, exist_ok=True)
    rows = []
    for kind in arguments.kinds:
        for split, sources in zip(("train", "test"), KINDS[kind]):
            wanted = PER_KIND[split]
            found = []
            for source in sources:
                found += files_of(source, arguments.mirrors, wanted)
            seen = set()
            folder = os.path.join(arguments.out, split, kind)
            os.makedirs(folder, exist_ok=True)
            for origin, commit, path, licence, data in evenly(found, wanted) if len(found) > wanted else found:
                name = hashlib.sha1(data).hexdigest()[:16]
                if name in seen:
                    continue
                seen.add(name)
                with open(os.path.join(folder, name), "wb") as handle:
                    handle.write(data)
                rows.append((split, kind, origin, commit, path, licence))
            print(f"{split:5} {kind:12} {len(seen):4} files", file=sys.stderr)
    with open(os.path.join(arguments.out, "sources.tsv"), "w") as handle:
        handle.write("split\tkind\trepository\tcommit\tpath\tlicence\n")
        for row in rows:
            handle.write("\t".join(row) + "\n")


if __name__ == "__main__":
    main()
