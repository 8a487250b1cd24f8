#!/usr/bin/env python3
"""Builds the outside corpus that text identification is trained on and measured against.

Every file comes from a public repository under a permissive licence, pinned to a commit (cloned
into --mirrors when it is not there yet); none from this repository or this machine. Each
repository belongs to one of three sets, by its owner: the training set, which the model learns
from and whose choices (thresholds, rules) are made by grouped k-fold over its repositories; the
final set, whose owners are apart from every other set's and which is scored once, after the
model's next change; and the seen set, the final set before it, which the published figures were
scored on (three times, so it no longer says what generalises; it is kept to reproduce them). Of
each kind, no repository gives more than a fifth of a set's files, the training set draws on ten
repositories at least and the others on five (the script stops otherwise), and no owner is in two
sets.

    scripts/text-corpus.py --mirrors ~/.cache/swift-uti-mirrors --out /tmp/text-corpus
    scripts/text-corpus.py --mirrors … --out … --sets final      # one set only
    scripts/text-corpus.py --table /tmp/text-corpus/sources.tsv    # the table of TextCorpus.md

writes OUT/SET/KIND/NAME for each set (NAME: the first 16 hex digits of the content's SHA-1, no
extension, so that nothing but the content can decide) and OUT/sources.tsv (set, kind, name,
repository, commit, path, licence). The same sources give the same files.
"""

import argparse
import collections
import fnmatch
import hashlib
import os
import subprocess
import sys

# (commit, licence, set) of each source, the set "train", "final" or "seen" by the repository's
# owner. The final set's sources were chosen on 2026-12-07, before any change of the model that
# they could judge, from owners in no other set; the seen set is the final set of the published
# figures.
REPOS = {
    "abseil/abseil-cpp": ("926f1d05a4f85663e4ca057f70f1a7f0a7d6b762", "Apache-2.0", "train"),
    "actions/starter-workflows": ("1035244887e26fbbd4f1017d919fb5995cc521c4", "MIT", "train"),
    "activeadmin/activeadmin": ("c8e93a8edbb230d359be9aad20f05cb8edb9f68e", "MIT", "final"),
    "actix/actix-web": ("4dc9f1d3887a0629732a4f2b3bce193a37cef1b7", "MIT", "seen"),
    "AFNetworking/AFNetworking": ("d9f589cc2c1fe9d55eb5eea00558010afea7a41e", "MIT", "train"),
    "aio-libs/aiohttp": ("495e778360d1924da63e16dba0f0d76baf56a56a", "Apache-2.0", "train"),
    "airbnb/lottie-ios": ("f4db77d7feacba0c2360b84a40c38a6ce8ff399d", "Apache-2.0", "seen"),
    "akheron/jansson": ("a8b3c5999e752d895030360c553ba66fa6630ed0", "MIT", "final"),
    "alacritty/alacritty": ("bdb72b32eeb074e3a0b8559d8ccac458237474a3", "MIT", "train"),
    "alacritty/alacritty-theme": ("659d2e1d669cd5722f11e58c44fd45dc26a6ffcd", "Apache-2.0", "train"),
    "Alamofire/Alamofire": ("7595cbcf59809f9977c5f6378500de2ad73b7ddb", "MIT", "train"),
    "alibaba/fastjson": ("c942c83443117b73af5ad278cc780270998ba3e1", "Apache-2.0", "train"),
    "allenai/allennlp": ("80fb6061e568cb9d6ab5d45b661e86eb61b92c82", "Apache-2.0", "train"),
    "allisonhorst/palmerpenguins": ("8957207b78d6ccd1b4654a9dd9c9041b657478ab", "CC0-1.0", "train"),
    "android/nowinandroid": ("d6abd6d3e562ae0f017888f5d62042316a49a2d6", "Apache-2.0", "seen"),
    "apache/commons-lang": ("d15939ef46f0bd4144994df8be95cf5a7f91eb52", "Apache-2.0", "seen"),
    "apollographql/apollo-client": ("54084bc22e92651cf153d03d0370b8dff3d1163f", "MIT", "final"),
    "apollographql/apollo-ios": ("fe14c216aaea3d25274343e80ccb3015fc3fb0b0", "MIT", "final"),
    "apollographql/apollo-kotlin": ("1a3105c79d907701a9408d3f5fe57fe2023fcfa6", "MIT", "final"),
    "App-vNext/Polly": ("173d6d1d2e28a4697f1ac1d22da68f77ff19a0c9", "BSD-3-Clause", "train"),
    "appium/WebDriverAgent": ("c279b4c754e0cef057d339f28783452fb58ea02a", "BSD-3-Clause", "final"),
    "apple/swift-nio": ("63018571c88ab6807d5d80ea0f1ef7d9197c0489", "Apache-2.0", "train"),
    "argoproj/argo-cd": ("37ee0097cf851bc2dd7665fc081bbce61a7e836e", "Apache-2.0", "train"),
    "arrow-kt/arrow": ("0aa9227a8dcc51fc207b219f328c62cf85195a2e", "Apache-2.0", "seen"),
    "asdf-vm/asdf": ("25b3911c7239a0f7cb7ee86acb4d81aed4d7d930", "MIT", "train"),
    "astral-sh/ruff": ("fca5c7cf2cd2f8338f18b9485f936b8e9f07bd0b", "MIT", "final"),
    "AutoMapper/AutoMapper": ("4b9633f60ee386cf0efc69b967e04fa28405cf3e", "MIT", "seen"),
    "AvaloniaUI/Avalonia": ("37f3e607a6bc970354b70e3b7dfa817e2bd8cf88", "MIT", "final"),
    "axios/axios": ("23a25af0688d1db2c396deb09229d2271cc24f6c", "MIT", "seen"),
    "Bash-it/bash-it": ("0f04edce0ca93fbe66f1fe23c8d9b7a01e53f94c", "MIT", "final"),
    "basscss/basscss": ("81040418e53918d6c95f9ee69df70b0636b93814", "MIT", "seen"),
    "bats-core/bats-core": ("d22e41faad59f5fd942a88c992b4913a27a460c4", "MIT", "train"),
    "bevyengine/bevy": ("4805ca792c3e94eef07afd6fa9a2712f388c9a67", "MIT/Apache-2.0", "final"),
    "beyondgrep/ack3": ("b304dbee1cb4d125c6d44f191be8cd758c88acc3", "Artistic-2.0", "train"),
    "billryan/resume": ("eadc3955cf006254dc8f2419e971fbe3f5bab413", "MIT", "final"),
    "biocore/scikit-bio": ("429fbdc80cdfd7e569b1b2da234969b9a154a6d4", "BSD-3-Clause", "train"),
    "biolink/biolink-model": ("ebaa35dcdda466469f03c08a195085337bb4609a", "Apache-2.0", "final"),
    "bitnami/charts": ("5165628ae06697f8f68a670bef7739d93c4b7f44", "Apache-2.0", "train"),
    "boto/boto3": ("722e01b074c67db38ad226ac1a2dab5c36c1577c", "Apache-2.0", "train"),
    "bottlepy/bottle": ("2a743a302a71460bfe4c0b8b7cb99a306b0328c6", "MIT", "train"),
    "BradLarson/GPUImage": ("167b0389bc6e9dc4bb0121550f91d8d5d6412c53", "BSD-3-Clause", "seen"),
    "briannesbitt/Carbon": ("b13f05955dcfd7da71d60af745fd148cbdb73505", "MIT", "seen"),
    "broadinstitute/gatk": ("51797aa7f2a6d2cb7af26c2212752cd4aa90b828", "Apache-2.0", "seen"),
    "BurntSushi/ripgrep": ("3fce3b5bb0236da2df6d99672afb8a719642eca7", "MIT/Unlicense", "train"),
    "BurntSushi/xsv": ("f4304660231d7907798e831411871d2679d335c3", "MIT/Unlicense", "train"),
    "caddyserver/caddy": ("0cf03d32f7d99cf160d5375e8a40fbe3d910d515", "Apache-2.0", "train"),
    "cakephp/cakephp": ("e15d186e05e9e02231d53ba3bb6daa9290c3a470", "MIT", "train"),
    "calogica/dbt-expectations": ("c7dc2af8e1bd00b24583bea88cd883b88b706aab", "Apache-2.0", "final"),
    "capistrano/capistrano": ("72fa7231dcd318a45dca9edc2abd30fe281f0d56", "MIT", "train"),
    "casey/just": ("4f41f609278edb6f1024e3dd7a9912946e1e7bc3", "CC0-1.0", "final"),
    "cashapp/sqldelight": ("f79bd8ae2cf991de6dccdb643376253402f665e1", "Apache-2.0", "train"),
    "catchorg/Catch2": ("a6ee7e20cd4011129816df7992c1a9db2ef4b58f", "MIT", "train"),
    "ccgus/fmdb": ("d3abf748a2788471535993286603322ccdd02c3d", "MIT", "seen"),
    "celery/celery": ("5dc781f0bd5f36186bfcc74e0a4f9f654452c69b", "BSD-3-Clause", "train"),
    "cert-manager/cert-manager": ("2d0d7f7f74241a9cbf79f0e2a7bb247238ee09fd", "Apache-2.0", "seen"),
    "Chalarangelo/mini.css": ("e849238d198c032c9d3fa84ccadf59ea7f0ad06c", "MIT", "train"),
    "charmbracelet/bubbletea": ("73b6d91ac1c3854dd4af046ab5f9e51d3b3b4290", "MIT", "seen"),
    "chartjs/Chart.js": ("cb02e1d207bd4c4c40b20c259017f85f26f1e30a", "MIT", "train"),
    "chef/chef": ("688d3ad3c3a0716b0d0189be6a349ffecada5268", "Apache-2.0", "final"),
    "clap-rs/clap": ("6982fb1c98c7247e38a6d4f04191b94e30497e7b", "MIT", "train"),
    "cldf-datasets/wals": ("3a9efd69074e1ced1da69e31b9aebfd55006eb70", "CC-BY-4.0", "final"),
    "cli/cli": ("44ee17760709bedf1cad7e452e61751489b81a33", "MIT", "train"),
    "CLIUtils/CLI11": ("c1cfe00d2f3d862aecfe6e69ec810414d5f4c906", "BSD-3-Clause", "train"),
    "CocoaLumberjack/CocoaLumberjack": ("44f4f2669d026430b3335e9c23fb83c5ad00f2e7", "BSD-3-Clause", "train"),
    "CocoaPods/CocoaPods": ("b80e113e28a7e23cd6dbc169f0c923f6b48bf7a2", "MIT", "train"),
    "CodeEditApp/CodeEdit": ("cec6287a49a0a460cd7cab17f254eebc3ada828e", "MIT", "train"),
    "coil-kt/coil": ("a42b7709600630cd2bed73517832442b98d4d7b5", "Apache-2.0", "train"),
    "colinhacks/zod": ("e516c3baf22615e20934116abebfed6c000222c2", "MIT", "seen"),
    "ColorlibHQ/AdminLTE": ("ebd5bc68678dd472459f460d2990a38b535a32f2", "MIT", "final"),
    "composer/composer": ("eba7baa59eb1b59246cf9800b0120fe78915b6ac", "MIT", "train"),
    "containerd/containerd": ("301026e58c619e63d09c0ec411012e54c0124b03", "Apache-2.0", "train"),
    "cookiecutter/cookiecutter": ("c88fbe921c97c58b65f1883ba90a0ab53cc91b34", "BSD-3-Clause", "final"),
    "csstools/sanitize.css": ("09f98b4c1e4f008805fb5947ff9bd1a9d8ab46ad", "CC0-1.0", "seen"),
    "curl/curl": ("5c61e168698a72b87437d58ed728bcdea6d5db42", "curl", "train"),
    "dandavison/delta": ("f85c46ba8b913aa3208af0f3573db90286e56e18", "MIT", "train"),
    "danielgindi/Charts": ("29e4f58f7cb20cbc0e4bd9b3fb060479b42c06c5", "Apache-2.0", "final"),
    "DapperLib/Dapper": ("6d48ef664acc7298c649e2d449d903b3360d5a90", "Apache-2.0", "seen"),
    "datasets/covid-19": ("daefa2fe355b1900e0f3b2e206512d54432cab92", "PDDL-1.0", "seen"),
    "datasets/s-and-p-500-companies": ("56509dd80619e4d8e1410c2260d68ddd3eab6068", "PDDL-1.0", "seen"),
    "date-fns/date-fns": ("dd66398305c2b015fba3c1b3d31ccff42ee8d4cf", "MIT", "train"),
    "dathere/qsv": ("1534b623267cdd46607e1643a26a2eb97953164b", "MIT", "seen"),
    "DaveGamble/cJSON": ("a29814f285cc531c00223743ad3c55cd38c0dc56", "MIT", "train"),
    "dbeaver/dbeaver": ("2428359b748778a5a345432906ab3da69289c20c", "Apache-2.0", "final"),
    "dbt-labs/dbt-utils": ("700764ce230b2fb775b5338b6bc77a72233ea34c", "Apache-2.0", "seen"),
    "dbt-msft/tsql-utils": ("0456db8330d37f00239607abf4b01fac464aaca9", "MIT", "final"),
    "deedy/Deedy-Resume": ("6d06ba7d8eee5fb8870bb00cb13a777f2083aa18", "Apache-2.0", "train"),
    "Delgan/loguru": ("2a17be730e111cf874d0bf967c4c5da15b7e4670", "MIT", "final"),
    "denoland/std": ("ca58f9427152c946ce1c1bc287d290efde1fbab7", "MIT", "train"),
    "detekt/detekt": ("dbfb8423263b79c3d035a21d110b10bf4ba02cfe", "Apache-2.0", "train"),
    "devcontainers/images": ("bed3eb260c3c0d78a95ba6a5c27af3601a44b3c8", "MIT", "train"),
    "diesel-rs/diesel": ("04cc1b0bc6578021db542464e6cd1a21e0d39235", "MIT", "train"),
    "docker-library/python": ("4f07059567fa61c80397126e8063dbbde011b794", "MIT", "seen"),
    "docker/awesome-compose": ("18f59bdb09ecf520dd5758fbf90dec314baec545", "CC0-1.0", "train"),
    "docker/docker-install": ("60d4787004fea99ea3b3b4a92836144c3119ad33", "Apache-2.0", "train"),
    "doctest/doctest": ("d44d4f6e66232d716af82f00a063759e9d0e50d6", "MIT", "final"),
    "doctrine/orm": ("44fa8bbde87238ad9b574e87325c7ff89c75837e", "MIT", "train"),
    "Dogfalo/materialize": ("824e78248b3de81e383445e76ffb04cc3264fe7d", "MIT", "train"),
    "dokku/dokku": ("33896f5d7efc3b03d0ea94934d8413cddbce07fd", "MIT", "train"),
    "dolthub/dolt": ("0d6b06015867dd0cabd2eb51ff222691aae992dc", "Apache-2.0", "train"),
    "dotnet/efcore": ("ecd0ba4c23377e479ce94c74119c499f1339351c", "MIT", "final"),
    "DotNetAnalyzers/StyleCopAnalyzers": ("4d92a691e09937ea41a7d62071ec23892e64831a", "MIT", "train"),
    "drogonframework/drogon": ("74fc004c8dc8244fe3b6c56628601053b5a15c37", "MIT", "train"),
    "dropwizard/dropwizard": ("86b652321ef9d20a9d2c958e4938e25008e2aacb", "Apache-2.0", "train"),
    "dtolnay/anyhow": ("1dbe1862aae650423e3361fbd20b7d17c5109cc3", "MIT", "seen"),
    "duckdb/duckdb": ("044a04a7cd39e6e8235f756597ae42dde084e5e5", "MIT", "train"),
    "dylanaraps/neofetch": ("ccd5d9f52609bbdcd5d8fa78c4fdb0f12954125f", "MIT", "train"),
    "EbookFoundation/free-programming-books": ("5b277d20f623ce5b2889b16fc9dd5e266536f521", "CC-BY-4.0", "train"),
    "echasnovski/mini.nvim": ("b5bae7dd5802b47bb03babfb374fdfdab02b9d8b", "MIT", "train"),
    "ElegantLaTeX/ElegantBook": ("47c8e134219f5b5c24c89a4087d165279ce4fe37", "LPPL-1.3c", "train"),
    "EleutherAI/lm-evaluation-harness": ("4e7e0d47f33bc71070c1d38394bafbb52b117163", "MIT", "final"),
    "encode/httpx": ("ae1b9f66238f75ced3ced5e4485408435de10768", "BSD-3-Clause", "train"),
    "eslint/eslint": ("c27bc926e496985eb7911c09eb60914b2e4b5d0f", "MIT", "train"),
    "etcd-io/etcd": ("c34dc7ee0048fd2bcc44d50beff002e5e8069b69", "Apache-2.0", "train"),
    "excalidraw/excalidraw": ("4872083c044491b6d5c96ae134a75464f96d6831", "MIT", "train"),
    "explosion/spaCy": ("f69c32f7a033366ec0d49ec94e5a4feb885d5157", "MIT", "train"),
    "expressjs/express": ("a3714473feb3d2908add734d340e7755fd85e0a3", "MIT", "train"),
    "facebook/zstd": ("2dddf0905619b70c25faeca7f1a39601dc97616f", "BSD-3-Clause (or GPL-2.0)", "train"),
    "fastapi/fastapi": ("c3f316b7e814667e8ee81e03a7330d00ee61e45c", "MIT", "train"),
    "FasterXML/jackson-databind": ("3ff375f6cafa9696f43c5ba6f1d607cbd4ea20da", "Apache-2.0", "train"),
    "fastlane/fastlane": ("d5347690d47de21d0e6fe78bd5ce77e35a714350", "MIT", "train"),
    "filamentphp/filament": ("0e4b9b9b71f1c2d5c4493105acc2d16bbc61a3b5", "MIT", "final"),
    "files-community/Files": ("3c23ca92e3749abb86292146855a8536db882084", "MIT", "seen"),
    "filp/whoops": ("d2102955e48b9fd9ab24280a7ad12ed552752c4d", "MIT", "train"),
    "fivethirtyeight/data": ("fcf572c4fba05a42f1f34f415bd5e6dc389efd68", "CC-BY-4.0", "seen"),
    "Flipboard/FLEX": ("91547b93d6a393ac426bcb45af6332de78414649", "BSD-3-Clause", "train"),
    "FluentValidation/FluentValidation": ("ea299fe59719950018fa240dab86da414190d7f4", "Apache-2.0", "train"),
    "fluxcd/flux2": ("da2d22d3690191a315822612085f424e4133b06a", "Apache-2.0", "train"),
    "flyway/flyway": ("c5e20fc77341d4117e7a291214e23f89c1371516", "Apache-2.0", "train"),
    "fmtlib/fmt": ("60ccad511fd680cb91d8b60a315759f71c67bef9", "MIT", "train"),
    "folke/lazy.nvim": ("306a05526ada86a7b30af95c5cc81ffba93fef97", "Apache-2.0", "seen"),
    "FortAwesome/Font-Awesome": ("a1232e34553634c5363aa62c8d1b02161a4438e1", "MIT (code)", "train"),
    "Foso/Ktorfit": ("9d0576e7a0e9b38718eda5a2c909888806a4d78d", "Apache-2.0", "final"),
    "foundation/foundation-sites": ("337be7a8d9d20d28f5d27d2d98131a6d3772506c", "MIT", "train"),
    "frictionlessdata/frictionless-py": ("44661adf0c9ec593d48642ba380ce33bbad95e15", "MIT", "train"),
    "gabime/spdlog": ("62302019babd8fdf63c1c6dc4c9faa48d441a7f0", "MIT", "seen"),
    "geerlingguy/ansible-for-devops": ("86e1bf80098239cd995d54217585e8d61117d2e7", "MIT", "seen"),
    "geerlingguy/mac-dev-playbook": ("b775be2d3b34429c0b537362956aa4dbec076f89", "MIT", "seen"),
    "GenomicsStandardsConsortium/mixs": ("149c04412a8814dc0a463eea300d17fcad070f20", "CC0-1.0", "final"),
    "getgrav/grav": ("a7ddd740b2fa50d8f38cc52502c3a026a7b8492f", "MIT", "final"),
    "gin-gonic/gin": ("dcaa4296d111981ffb31ac3eba90bb63e1eb5ab9", "MIT", "seen"),
    "gitleaks/gitleaks": ("b58d3f102cf3a2c84cb7f923d05c25c9b1aed84b", "MIT", "final"),
    "go-kit/kit": ("78fbbceece7bbcf073bee814a7772f4397ea756c", "MIT", "seen"),
    "gohugoio/hugo": ("7b5199fdeff7d7682e9f979f468d55bc7b67b934", "Apache-2.0", "final"),
    "golang-migrate/migrate": ("18966c755f83de2b250dd8e766bad8b769cd0e25", "MIT", "train"),
    "google-research/arxiv-latex-cleaner": ("bcc1460cc4be72ddac08f22c54b23f23f14b102d", "Apache-2.0", "train"),
    "google/accompanist": ("fda7f06a24a42b0b1afa75591e768d82d2941984", "Apache-2.0", "train"),
    "google/gson": ("9835b6f90192f79cdf5300c528fc6212455fb6c1", "Apache-2.0", "train"),
    "google/leveldb": ("78a352f47ed6c1e9d750545e9b242289185b87e1", "BSD-3-Clause", "train"),
    "google/libphonenumber": ("f7e3e88c92b905c8d6edb81f336dbe25edc05b52", "Apache-2.0", "train"),
    "google/magika": ("b141dc37f004fc922a6281a417035560b4c7aae6", "Apache-2.0", "train"),
    "google/sentencepiece": ("273449044caa593c2fd7eb7550cb3ab2cff93f1a", "Apache-2.0", "train"),
    "google/styleguide": ("8487c083e1faecb1259be8a8873618cfdb69d33d", "Apache-2.0", "train"),
    "GoogleCloudPlatform/bigquery-utils": ("8c6ade77f905f249e9791443a90a32a1222885f8", "Apache-2.0", "train"),
    "GoogleCloudPlatform/kubernetes-engine-samples": ("2b5036514162a489145c5e5570bc320efbcb37bf", "Apache-2.0", "train"),
    "GoogleContainerTools/distroless": ("cd080764af3103b2f49fb5eb23297c72c945e77a", "Apache-2.0", "train"),
    "gorilla/mux": ("db9d1d0073d27a0a2d9a8c1bc52aa0af4374d265", "BSD-3-Clause", "seen"),
    "gpoore/minted": ("955ffd2f7fc0615212fdddc386bad1e36e6e78ad", "LPPL-1.3c", "train"),
    "great-expectations/great_expectations": ("ce78204d6d659caf676ccdcaec0a3184bb95445f", "Apache-2.0", "train"),
    "groue/GRDB.swift": ("18497b68fdbb3a09528d260a0a0e1e7e61c8c53d", "MIT", "final"),
    "gugod/App-perlbrew": ("9a05a3c6fc515063c5400c18227664c3f59515e2", "MIT", "seen"),
    "gulpjs/gulp": ("61f22dc11bb14234b555253095fa1d224ce0eab1", "MIT", "train"),
    "guzzle/guzzle": ("2779e868a00289e1b1fd854af030c43a06f4bcb4", "MIT", "seen"),
    "h2o/h2o": ("edd7a120bfc4af11ac0cbebce2a43cc1f93f9af1", "MIT", "train"),
    "h5bp/html5-boilerplate": ("b7e31d67f4cf83e23d51f4decc73618bf8bd77ba", "MIT", "train"),
    "hail-is/hail": ("fd91ae342ffc0cdf15687047782f0752c31ee32b", "MIT", "train"),
    "Hammerspoon/hammerspoon": ("b6b3b22f807119681bc333d4472beacb32752e67", "MIT", "train"),
    "hanami/hanami": ("5948958cd14d98e43dde814d3754d57156236b7a", "MIT", "seen"),
    "handlebars-lang/handlebars.js": ("13a7a679910d2adbfe7f6fad61ce8f98426b0378", "MIT", "final"),
    "hapijs/hapi": ("f2a24f6635c0892842f6eaf9154d3788f2f1d084", "BSD-3-Clause", "seen"),
    "HarisIqbal88/PlotNeuralNet": ("e96bc852189c2089dd500527a0a01a5a36e8977e", "MIT", "seen"),
    "heartcombo/devise": ("7ca7ed9c174525a4d36167441b35af4a0991b6af", "MIT", "seen"),
    "helm/charts": ("390ee6614b4bb0da96b397f9b382e3ddca9f59a4", "Apache-2.0", "train"),
    "HeroTransitions/Hero": ("d7a72e13b034599ff694e6907f770e6bcb83f59d", "MIT", "final"),
    "highlightjs/highlight.js": ("0bc57cfcfb7eab3de7b9ed07e51ff02f6dca441f", "BSD-3-Clause", "final"),
    "Homebrew/brew": ("aad366ffaf6a8c94c66d35e4b990d42ac4195305", "BSD-2-Clause", "train"),
    "Homebrew/install": ("ca0130bd52235f2fcb2bf23cfdda004bc5d250c1", "BSD-2-Clause", "train"),
    "honojs/hono": ("28a9c128912de19f3fb28b00ae289c9b93f6f392", "MIT", "seen"),
    "houseabsolute/DateTime.pm": ("ef0abfb8d56cc361214c0c928c3e3752819409dd", "Artistic-2.0", "seen"),
    "hrsh7th/nvim-cmp": ("a1d504892f2bc56c2e79b65c6faded2fd21f3eca", "MIT", "seen"),
    "Humanizr/Humanizer": ("ffc2b77c0f30d2fb176875841424379319d0ae9b", "MIT", "train"),
    "hyperium/hyper": ("8fcaf1a62787b824fdd7b95a3e7c9ea81acd3449", "MIT", "seen"),
    "ianstormtaylor/slate": ("2b7d9b0bd0118e7ce9b9adeac748de8a3bbe390c", "MIT", "final"),
    "ibireme/YYKit": ("4e1bd1cfcdb3331244b219cbd37cc9b1ccb62b7a", "MIT", "seen"),
    "igvteam/igv.js": ("ae7d2afbb29ff2bbc465cec2abc930feba6c0d1b", "MIT", "final"),
    "iluwatar/java-design-patterns": ("22a34127d0b08449c24cf7e230c04a097deca2f3", "MIT", "train"),
    "immerjs/immer": ("061c2425e1c9dff89e4e4189d42af1b7839dfe0a", "MIT", "final"),
    "impress/impress.js": ("c9f6c67457ceee5a011e554f67c447113640777d", "MIT", "final"),
    "InsertKoinIO/koin": ("fff5291f333c04fe5d6d9447f72740647d40d186", "Apache-2.0", "train"),
    "ioguix/pgsql-bloat-estimation": ("8fde3c9e0e015ece51e10c1450228d23f7747db1", "BSD-2-Clause", "final"),
    "istio/istio": ("86c9f01fd735fb01d8192f5bcaf0d424afb7f14c", "Apache-2.0", "final"),
    "jakegut/resume": ("3e64a933141a7cda3a328f0743f73a201628a4ba", "MIT", "final"),
    "James-Yu/LaTeX-Workshop": ("e5f9ec34881848a13d0991f288a55284d8514eb2", "MIT", "train"),
    "JamesNK/Newtonsoft.Json": ("09bb545d72969ad7fb4ea07db0d5c34f4fc07877", "MIT", "seen"),
    "janet-lang/janet": ("284990a04303a40e6ce42cf33e049d23873b5535", "MIT", "seen"),
    "jankapunkt/latexcv": ("ee0a883af473f166764048c5243b58404bcb1e06", "MIT", "final"),
    "janosh/tikz": ("0b1079bd375920b14be8683f781aca4d09a80541", "MIT", "final"),
    "jashkenas/underscore": ("e70d5bd070f1d883b40e786a955a61e4f4b3c2c6", "MIT", "train"),
    "javalin/javalin": ("cdfa0f7249f8c8ffca2b42a5969c3e45369d2c1c", "Apache-2.0", "train"),
    "jazzband/pip-tools": ("c58d5d945c0f20e9713e10f5fea2491a5c984f39", "BSD-3-Clause", "final"),
    "jbeder/yaml-cpp": ("c3f81127320662deb3e28f4da0a511f1faecd860", "MIT", "train"),
    "jbogard/MediatR": ("8a64581e2570e7410c5f44835d9ea112beccbe6b", "Apache-2.0", "seen"),
    "jdan/98.css": ("b1d7a907371bbe523d6f64e3af97f714fdbd6d6a", "MIT", "final"),
    "jdg/MBProgressHUD": ("4a7c5f3e53cdea77c5dcb8578c2ee5acacdf6781", "MIT", "seen"),
    "jekyll/jekyll": ("202df571314ba1d18e9fccd81d12aaad4a703c38", "MIT", "train"),
    "jemalloc/jemalloc": ("295e48944b200b595a72902a81e1ed8cad6a3866", "BSD-2-Clause", "final"),
    "jenil/chota": ("7d780731421fc987d8f7a1c8f66c730d8573684c", "MIT", "seen"),
    "jenkinsci/jenkins": ("ff9430ee1dc6e319349a488650d914444fe141f3", "MIT", "final"),
    "jesseduffield/lazygit": ("ea916395469808d37d726ae183fa40fd575a9d8a", "MIT", "final"),
    "jessesquires/JSQMessagesViewController": ("9343b8fc8c1c9bc51ecb33f291a15d48dc711f02", "MIT", "final"),
    "jessfraz/dockerfiles": ("8ff991327fd1c68369c2fb576215d0eabffca0e1", "MIT", "seen"),
    "JetBrains/Exposed": ("1be664715fc581cda0ec6141b2914908dabe184e", "Apache-2.0", "train"),
    "jgm/pandoc-templates": ("eb81c634bb27d164541ab395fde33cc22e5f91a6", "BSD-3-Clause (or GPL-2.0+)", "train"),
    "jgthms/bulma": ("68ff0ad283e60b918f19d9abcc5218fa6d255f65", "MIT", "final"),
    "jhy/jsoup": ("46b620860af930eedc193a705eaf7cea5aec89a6", "MIT", "seen"),
    "jnunemaker/httparty": ("2daba91bf3f61de2676a2e906f4d3181ebadea83", "MIT", "seen"),
    "johnkerl/miller": ("d413b308674759af09a324a60d5a0394c0a9c944", "BSD-2-Clause", "train"),
    "jOOQ/sakila": ("e089a5b1ec9af0df7a9c6a5d47d49fa1736a4e84", "BSD-2-Clause", "seen"),
    "jqlang/jq": ("579e6f76cffd7643ba4002a2c3618a5ea710589a", "MIT", "seen"),
    "jquery/jquery": ("51eb576cca6ffce252dc152bf8e91d5230a0d887", "MIT", "train"),
    "jquery/jquery-ui": ("08b704407a4a0ed4d8fe544aac5953ea378e6361", "MIT", "train"),
    "json-c/json-c": ("d17ad9d1863ebbf39993706140bf67847b7add0f", "MIT", "final"),
    "junegunn/fzf": ("956562daaa82ddf55ea8f7aeab56883377b742c6", "MIT", "train"),
    "jupyter/docker-stacks": ("8209386950497966c8a9aa446b9a84a5dd78eab5", "BSD-3-Clause", "train"),
    "kazuho/p5-Server-Starter": ("81ab2b9a02c97952e184cf26aaddc404bfd7aea5", "Artistic-1.0-Perl", "final"),
    "kean/Nuke": ("c4fc70af4ca5b7e97f6a0be84c02f6a033bd957c", "MIT", "final"),
    "kikito/inspect.lua": ("a8ca3120dfec48801036eaeff9335ab7a096dd24", "MIT", "seen"),
    "kikito/middleclass": ("aa8f88b31715d7a58cc52d4bc6721d55e6c84f92", "MIT", "seen"),
    "kishikawakatsumi/KeychainAccess": ("e0c7eebc5a4465a3c4680764f26b7a61f567cdaf", "MIT", "seen"),
    "kks32/phd-thesis-template": ("8d6c2d59790d93ef58e50f908d98d49e00b4fb1d", "MIT", "seen"),
    "koel/koel": ("41cab99feeaf59b139699403fdfd41f0a280fb39", "MIT", "final"),
    "kognise/water.css": ("d950cbc9f8607521587fae1aa523f85e25f8396f", "MIT", "train"),
    "Kong/kong": ("22246ef28c16842098369b494eef879222e30c7b", "Apache-2.0", "train"),
    "kotest/kotest": ("dfee83ac086872c0ffe788d975e39d66f074f141", "Apache-2.0", "train"),
    "kotlin-orm/ktorm": ("1f0fd021a2a5679dd0ea066aed147973c695e77f", "Apache-2.0", "final"),
    "Kotlin/kotlinx.coroutines": ("792ac67bdcd5592e5764753e623a9e8c6e4bcb29", "Apache-2.0", "seen"),
    "krzyzanowskim/CryptoSwift": ("ab566122baad4f9af7d8cbadeac3e1e8fef3791d", "Zlib", "final"),
    "ktaranov/sqlserver-kit": ("887ec1ee8317b04542b80170925498b5b4ff04fa", "MIT", "final"),
    "ktorio/ktor": ("ef92e5537d7465961f1b3f2b21e217fc35bcfa1f", "Apache-2.0", "train"),
    "kubernetes-sigs/kustomize": ("12f9e6391464b3ad9dd3fe8182049dc1b1772990", "Apache-2.0", "train"),
    "kubernetes/examples": ("279e8e4fe314f6cb7bc55fa3fbc21bbeaa48c0ea", "Apache-2.0", "train"),
    "kward/shunit2": ("f39734a3dd56495c2fee1d4b0925bb31082e36d2", "Apache-2.0", "train"),
    "kylelogue/mustard-ui": ("611861ff769f71f8ffa2c022367b1dbe661a8de8", "MIT", "final"),
    "L3MON4D3/LuaSnip": ("a62e1083a3cfe8b6b206e7d3d33a51091df25357", "Apache-2.0", "final"),
    "labstack/echo": ("05489dc1730161df26b72d1ae2a3ba6fb8178fc7", "MIT", "train"),
    "laravel/framework": ("bd71b45fbb7e672957bf6ff61baddefe15fbca6a", "MIT", "train"),
    "latex3/latex2e": ("7a74a9a09ce3925a786269953e8a02dcea0b7226", "LPPL-1.3c", "train"),
    "latex3/latex3": ("6d662482549b99a4975f13cd666b73cea5ae9aeb", "LPPL-1.3c", "train"),
    "launchbadge/sqlx": ("9d6bf6629f172d32fe1e6cafe8071439d213fc75", "MIT/Apache-2.0", "final"),
    "LazyVim/LazyVim": ("35f56b9189f2536c806f488c5d889a6000d3eb5f", "Apache-2.0", "final"),
    "Leaflet/Leaflet": ("c96f31a7a350a07cfbc852cf88e6ca69af5f5ec9", "BSD-2-Clause", "train"),
    "leafo/lapis": ("5d460bb9acf2382524a6a5c7dc055468718b027b", "MIT", "seen"),
    "lerocha/chinook-database": ("7f67772503d71ba90f19283c38e93923addb43fa", "MIT", "seen"),
    "lervag/vimtex": ("c1b96604d9a387cde5a98bec8f6687ae3078b571", "MIT", "train"),
    "lewis6991/gitsigns.nvim": ("31d6fb2d618bca1482b9f274751ead5f03461408", "MIT", "train"),
    "liantze/AltaCV": ("91373530c55843533a4de12a29d28896f9b14c0d", "LPPL-1.3c", "train"),
    "libevent/libevent": ("0c3e47ad5f654714e39bae3f8689a3446599b614", "BSD-3-Clause", "train"),
    "libuv/libuv": ("6179e7af87413396d5853a1c3722c8b5749336c8", "MIT", "seen"),
    "libwww-perl/libwww-perl": ("65c6384c3d9e8a4f88a7fbe84307895dc78ccceb", "Artistic-1.0-Perl", "seen"),
    "linkml/linkml": ("24e73c9a007e57a8df28964784d7feb247b82983", "Apache-2.0", "final"),
    "livewire/livewire": ("c5a04a141dd16b801ee738e7aed7fdf6a15da2e7", "MIT", "final"),
    "locustio/locust": ("407343d0f5ab84a32f41f6f9a7c991188d10a55a", "MIT", "final"),
    "lodash/lodash": ("9429a4ee03056e5b7be9a85a54571d7630f05983", "MIT", "train"),
    "louthy/language-ext": ("03de3b6ca042fc50c073930b4ef17fe8730c36d1", "MIT", "train"),
    "lua/lua": ("53b41d0cddd80bf33fdc631bdd32e3ba53842b89", "MIT", "final"),
    "LuaJIT/LuaJIT": ("1ee778a4e37122d8ca7d5733c590a47dafd6b15c", "MIT", "final"),
    "LuaLS/lua-language-server": ("7a73c7889c1ec981dfd76fba38f5096379f62f99", "MIT", "final"),
    "luarocks/luarocks": ("2d2cc8eff2f03c23d142f8059146fb241dcf56b5", "MIT", "train"),
    "lunarmodules/busted": ("901de7d0d0a6128e240b5beca5359621e12b0331", "MIT", "seen"),
    "lunarmodules/Penlight": ("c317508c90cb384da22e79f6bd405eb4e406fc79", "MIT", "seen"),
    "luvit/luvit": ("c15b46a2ec9dd7c7e4c958c96c792d7028e4e95e", "Apache-2.0", "final"),
    "madler/zlib": ("d201f04c72b0881220f5ba75ca19fd0e19fa848b", "Zlib", "seen"),
    "Mantle/Mantle": ("2a8e2123a3931038179ee06105c9e6ec336b12ea", "MIT", "seen"),
    "mapping-commons/sssom": ("8cfba1099da44e1dd00ce4940437c246329ef484", "BSD-3-Clause", "final"),
    "mapping-commons/sssom-py": ("699d590bef6b174800fa438ecb4382b1f1b5adfd", "MIT", "final"),
    "markedjs/marked": ("681373ccc058b5dc93c1f63291d755d7d714c2fa", "MIT", "final"),
    "marshmallow-code/marshmallow": ("341b927f219205704728c05cd61f04d7e9727523", "MIT", "train"),
    "MartinThoma/LaTeX-examples": ("2286e6e3833904b2c058b2a855db9b7f81776c59", "MIT", "train"),
    "mdbootstrap/mdb-ui-kit": ("afce2b6645ef95c5b60553cd9319ee21a0d5887f", "MIT", "final"),
    "mdn/css-examples": ("24f806373566e7c34f3aa7bf55bd097a6fff00d8", "CC0-1.0", "train"),
    "metacpan/metacpan-web": ("94dd316e85f0a2fa08c6d698c1476de03738771e", "Artistic-1.0-Perl", "train"),
    "microsoft/GSL": ("ea559a35613a5bbf6889729c4a870c5196acdc4a", "MIT", "train"),
    "microsoft/sql-server-samples": ("481085dc95720244a359f1311afd6003e0bcc09c", "MIT", "train"),
    "microsoft/vscode-dev-containers": ("06b27a9a1d39dba6a7a8cca108cfb806c5c6e0d1", "MIT", "train"),
    "milligram/milligram": ("d895f179623b56f3a741854998649c6d0c354533", "MIT", "train"),
    "miyagawa/cpanminus": ("c146b5b5f3426f9c957db929e39703ec5e1ec9a9", "Artistic-1.0-Perl", "final"),
    "mkdocs/mkdocs": ("2862536793b3c67d9d83c33e0dd6d50a791928f8", "BSD-2-Clause", "train"),
    "mobxjs/mobx": ("01211a698b64ea94de8e5f276ff8235fcf8ddf96", "MIT", "final"),
    "moby/buildkit": ("73ed6825c4b7569379ef89df0aedcdbe64473d31", "Apache-2.0", "train"),
    "mochajs/mocha": ("e6b9ee773481fd739ae24caeb42f32ac0b010f95", "MIT", "seen"),
    "mockito/mockito": ("ee8a330da0218f32d5964acdeaa3ac39e2c6ce14", "MIT", "seen"),
    "mockk/mockk": ("0c2932be9adb347e35a1b96ca3115435b353d595", "Apache-2.0", "train"),
    "Modernizr/Modernizr": ("bc6b315453ce1679a89625140850b96590a94283", "MIT", "final"),
    "mojolicious/mojo": ("b4de430651b722f560b1577da9018e3f402d96ab", "Artistic-2.0", "train"),
    "moment/moment": ("18aba135ab927ffe7f868ee09276979bed6993a6", "MIT", "train"),
    "moose/Moose": ("b31896a655ef061e3459c03e5feb2382de009fc4", "Artistic-1.0-Perl", "seen"),
    "Moya/Moya": ("10a9dd1577c4de5135a29f99410863d2e9ee034a", "MIT", "train"),
    "mruby/mruby": ("06ed794af7cf0d6911097c056654ac813dbf43bb", "MIT", "seen"),
    "mutualmobile/MMDrawerController": ("08b153860e26ddbe6b8906909fb30e32c670a9f4", "MIT", "final"),
    "mxcl/PromiseKit": ("2bc44395edb4f8391902a9ff7c220471882a4d07", "MIT", "train"),
    "necolas/normalize.css": ("fc091cce1534909334c1911709a39c22d406977b", "MIT", "train"),
    "neovim/nvim-lspconfig": ("221c43884319e791519f0d6c94a7f2fbcd653278", "Apache-2.0", "train"),
    "Netflix/Hystrix": ("7c03bafe32b518182e09e92fa57358a01043a504", "Apache-2.0", "train"),
    "netty/netty": ("0bb88a3e061f77355627e7fd7fc170ffdada7578", "Apache-2.0", "train"),
    "networkx/networkx": ("cfc6b79fc53f583aa15a79b2187ae30bd4f480ed", "BSD-3-Clause", "train"),
    "nextstrain/ncov": ("5993a7421ea707d4ca5262adcfe944027dc8620c", "MIT", "train"),
    "nextstrain/nextclade": ("6167b4290f3c1408932feb6c5e7e461ced996d6f", "MIT", "train"),
    "nf-core/rnaseq": ("47b3b0d3daad69e99d45c9e2dd8db19ee28307a1", "MIT", "train"),
    "nginx/nginx": ("3f6f7824d4e2eb1ac37dec76683d525ac0ff521c", "BSD-2-Clause", "seen"),
    "nginxinc/docker-nginx": ("b430becb8f0f6b8d69e68cc73a82ea2873c38639", "BSD-2-Clause", "seen"),
    "nicklockwood/SwiftFormat": ("561f2253c520d8ee7f1818dadf14cb623b7239f2", "MIT", "train"),
    "nikic/PHP-Parser": ("fbd47f7ebcbb450138d92642a0a53b72a5285dda", "BSD-3-Clause", "seen"),
    "NLog/NLog": ("01a20bc9b61c0d6296e5b6e62a0518a443b944b5", "BSD-3-Clause", "final"),
    "nlohmann/json": ("199dea11b17c533721b26249e2dcaee6ca1d51d3", "MIT", "train"),
    "nodejs/docker-node": ("f27d936f7d7ccdeec25cd2de33584c1a841f561d", "MIT", "seen"),
    "nolimits4web/swiper": ("865dba47f384c9654ad4744a199bb165ea20f6f7", "MIT", "final"),
    "nostalgic-css/NES.css": ("b1cc9944aae3274461c747d7ad1cab31df45e78c", "MIT", "final"),
    "nunit/nunit": ("3ca77a27f334fd87eaecc31d909b50cf72a1f20a", "MIT", "train"),
    "nushell/nushell": ("3e1172d43cabb34afb798dfc9d8724839e18fe85", "MIT", "train"),
    "nvim-lua/plenary.nvim": ("b9fd5226c2f76c951fc8ed5923d85e4de065e509", "MIT", "train"),
    "nvim-lualine/lualine.nvim": ("221ce6b2d999187044529f49da6554a92f740a96", "MIT", "train"),
    "nvim-telescope/telescope.nvim": ("7d324792b7943e4aa16ad007212e6acc6f9fe335", "MIT", "train"),
    "nvim-treesitter/nvim-treesitter": ("bd41519ff7901da11ba6e1c8f419f17f2d94305a", "Apache-2.0", "train"),
    "nvm-sh/nvm": ("b17550a0b9ab691439815dfccc8b73e3a59fa103", "MIT", "train"),
    "OAI/OpenAPI-Specification": ("46c1076ba6f9a7a09ecaa6b740ab603cf6cc9886", "Apache-2.0", "train"),
    "oatpp/oatpp": ("c9765f9e903acaa8a89f2d215ce8f45780a623cb", "Apache-2.0", "seen"),
    "ocornut/imgui": ("46d39d56febc2a00bdd2270dc88c8a13f2a0441a", "MIT", "seen"),
    "OHDSI/CommonDataModel": ("f853f6e39c61b4eb8b3e5287fd573a1ced36c0e4", "Apache-2.0", "final"),
    "ohmyzsh/ohmyzsh": ("830a5bcfd29fd577fdcd5f3b8e98cbaf973421fa", "MIT", "train"),
    "olahallengren/sql-server-maintenance-solution": ("be63a5e57887b4b2bd388621dfd7acb5ef6a6564", "MIT", "final"),
    "Olivine-Labs/busted": ("2e4799e06b865c352baa7f7721e32aedaafd19d6", "MIT", "final"),
    "onevcat/Kingfisher": ("410984bf301f4fa224fe56277b3f8672cc465c79", "MIT", "train"),
    "OpenRefine/OpenRefine": ("ff43aa1b531e25b81cc715df63dca3d75ae87a50", "BSD-3-Clause", "seen"),
    "openresty/lua-resty-core": ("a103a6fcee50d8dcb36941d4222486cd857ac1d3", "BSD-2-Clause", "final"),
    "openrndr/openrndr": ("4513f5aa6f8f5ee8eef5167b7dfa6141cc309d80", "BSD-2-Clause", "final"),
    "openstack/nova": ("00a030403f672b975364c855b7d25b40ef83e757", "Apache-2.0", "seen"),
    "oracle/db-sample-schemas": ("23193e9f921b7501b295d3cbe4232bba0cc09341", "MIT", "seen"),
    "ossu/computer-science": ("acf1cc774628d90f18276571b2fa5c9e66ac2523", "MIT", "train"),
    "owid/co2-data": ("db7e13b2f28093b564fea40e1449babb184e687e", "CC-BY-4.0", "final"),
    "oxalorg/sakura": ("1eab9fd871abc74ec74d1a6f18ee56148f5a4b8f", "MIT", "seen"),
    "pachterlab/kallisto": ("ba7da287c8f20400eb15e2ab8c51d0a4309fa4fc", "BSD-2-Clause", "train"),
    "pallets/flask": ("2ac89889f4cc330eabd50f295dcef02828522c69", "BSD-3-Clause", "train"),
    "Perl-Critic/Perl-Critic": ("c437d557ec903c99c5114bac738a484dfedb1f9f", "Artistic-1.0-Perl", "seen"),
    "Perl-Toolchain-Gang/ExtUtils-MakeMaker": ("55834fc2740b97a98400574b5efbc99fba78827d", "Artistic-1.0-Perl", "final"),
    "Perl/perl5": ("9a9d70c38f6051857c395092b58e79353ce9f3be", "Artistic-1.0-Perl", "final"),
    "perl5-dbi/dbi": ("bda3888eaa8002106d8e0b5fe4b14752f3fabadb", "Artistic-1.0-Perl", "train"),
    "PerlDancer/Dancer2": ("21bc21d9456edb5acc36e7d3a7f9443b23abac71", "Artistic-1.0-Perl", "train"),
    "pestphp/pest": ("eaeb133c77f3f5382620f0307c3b45b34961bcfc", "MIT", "final"),
    "PetarV-/TikZ": ("86aee049f5355d77c598b936399e42caf8941e60", "MIT", "seen"),
    "pgbouncer/pgbouncer": ("13a344f2625381296fc02e29b986a11be9c6b983", "ISC", "train"),
    "pgf-tikz/pgf": ("1c7fc0fdc3ec8a6bdcfd68785c6bbd43ec110178", "LPPL-1.3c (or GPL-2.0)", "train"),
    "pgvector/pgvector": ("e48241b4dcc045b18902914f668d03d1d399dfbe", "PostgreSQL", "seen"),
    "PHPOffice/PhpSpreadsheet": ("11645d54ac203be6693309f0cd5153a4dfbf3761", "MIT", "train"),
    "phpstan/phpstan": ("d871b7a411b61809fa7e8404b31175624718010f", "MIT", "final"),
    "phusion/baseimage-docker": ("2403c5825475dbc95d4a44ab91406e20f391c7c5", "MIT", "final"),
    "picocss/pico": ("1039a4788d6abc368d5485ae6bac84a8f0e3096f", "MIT", "train"),
    "picturepan2/spectre": ("8847251d71b4dac27e8407cbdb71ae89ce156a43", "MIT", "final"),
    "pinterest/ktlint": ("8b3c23803408b99d90c89ae54f2aa18a49851595", "MIT", "train"),
    "pinterest/PINRemoteImage": ("26818dc4ad9ca5ce3064e23524c4ac06e873076b", "Apache-2.0", "train"),
    "pkulchenko/ZeroBraneStudio": ("8142e639510b777a97c0da861731e3c13fb605b4", "MIT", "train"),
    "plack/Plack": ("c8215144d5e0cdd826ae2f497a14ca4d5c8a00c9", "Artistic-1.0-Perl", "seen"),
    "plotly/datasets": ("0c447c47b757ad74edecab31f0d72f849d2e67c2", "MIT", "train"),
    "pmndrs/zustand": ("f094eebe9bd3b4b0d77b997f69ab1d273f69a877", "MIT", "train"),
    "pointfreeco/swift-composable-architecture": ("d34c1dfe7a4b13ba96c37f8b78f7dc9432dd0471", "MIT", "seen"),
    "pola-rs/polars": ("4db92c12c08c390f95b517a00ae0afe818e1abf6", "MIT", "train"),
    "posquit0/Awesome-CV": ("8b850b477803a929a6dd74a74e3d5ab6b735d869", "LPPL-1.3c", "seen"),
    "PostgREST/postgrest": ("4834678902681402a56c490f29947826e7ed5308", "MIT", "train"),
    "PowerShell/PowerShell": ("929903692e550140efb5042ed05d65bfd21ccb5f", "MIT", "final"),
    "ppy/osu": ("e9451fe70b91292c482bab203ea87bd727eaa237", "MIT", "final"),
    "premake/premake-core": ("0592acdf866496f9567e720569c5249c30477616", "BSD-3-Clause", "final"),
    "pressly/goose": ("520411a16119bd3b332613d1ff8312c4cc249673", "MIT", "train"),
    "prisma/prisma": ("9b75b95503c2f8fdfc75319e5b158912e11aae81", "Apache-2.0", "train"),
    "projectlombok/lombok": ("ba2d0e8d591a4bbd650228d5fd1f7e9dc73289b0", "MIT", "train"),
    "prometheus-operator/kube-prometheus": ("4d719f1dea8853540b3823ab1fbe6be74a9953b3", "Apache-2.0", "train"),
    "prometheus/prometheus": ("d15adb9ad7e5d9fbde3a9a8f30200593a5a14d86", "Apache-2.0", "train"),
    "psf/requests": ("1f6589ec3a1ee910f9a65cc3ceac60b26677bc0e", "Apache-2.0", "seen"),
    "puckel/docker-airflow": ("bed777970caa3e555ef618d84be07404438c27e3", "Apache-2.0", "train"),
    "puma/puma": ("ff2e2126ee2f0f97e21c57ce1967afde1b6f05a1", "BSD-3-Clause", "train"),
    "pydantic/pydantic": ("2151025aa51263f3016502b00010b78e4481eaa1", "MIT", "train"),
    "pyenv/pyenv": ("bec9a562a59e48a730fe3320fe90c6999c82886c", "MIT", "train"),
    "pypa/pip": ("6d309205789d368b2749d93fd6193d584811efd5", "MIT", "seen"),
    "pytest-dev/pytest": ("df87db7b0462fb764ef73fa00561adf8ad047572", "MIT", "seen"),
    "python-poetry/poetry": ("f46702336862f30050d5c641d5ed6f7568ded793", "MIT", "train"),
    "pytorch/text": ("a5e610638ea47b4412a29cdb708ac5f2fabb1286", "BSD-3-Clause", "train"),
    "qiime2/qiime2": ("02f2a0a0a5980deead9b048c1524ca699b1ab37a", "BSD-3-Clause", "seen"),
    "quartznet/quartznet": ("d97e7822f25987ad7944249c37ca5573835f171e", "Apache-2.0", "final"),
    "Quick/Quick": ("06be3a6b912be964bb93b0a8389aca5966e6346e", "Apache-2.0", "train"),
    "rack/rack": ("8bf4eb078498edc9105fb04add80d89c5340e60b", "MIT", "seen"),
    "rails/rails": ("2a2db1e8d6d104ee0611efcae7eb023af65cff34", "MIT", "train"),
    "Ranchero-Software/NetNewsWire": ("834decfad37802ef24d8a74897427a9eee57afdd", "MIT", "final"),
    "Rapptz/discord.py": ("1add8a0b40577186431cdb5f63f97affadab285b", "MIT", "final"),
    "rayon-rs/rayon": ("c4dac9f82ee03f61e855075b668229a9e4d759ad", "MIT", "seen"),
    "raysan5/raylib": ("abe23bf82dcab18a618067843aed4eec2b24ba97", "Zlib", "train"),
    "rbenv/rbenv": ("23c3041695feb811c18dbb270096c7956f7c377d", "MIT", "train"),
    "ReactiveCocoa/ReactiveObjC": ("1af6617f007cae727dce48d2031cc1e66d06f04a", "MIT", "seen"),
    "reactiveui/ReactiveUI": ("7519172cdf47ea7f62a6a666e5e3731ebdc1e168", "MIT", "train"),
    "ReactiveX/RxJava": ("1eca072ba9980f3cbc5cfae68490cb5c3508f632", "Apache-2.0", "train"),
    "ReactiveX/RxSwift": ("5abdfe46cc21e4d536cdfc3dd09e130503f599fb", "MIT", "train"),
    "redhat-cop/openshift-applier": ("507b05d4a6867ef24d7f189399b8a31396899b78", "Apache-2.0", "train"),
    "reduxjs/redux-toolkit": ("74200d87c27ca2b1c0915b2fbb4c44dd7494c2aa", "MIT", "train"),
    "restsharp/RestSharp": ("9b2fe0a054eb732d4246ae5e117ffa02c703abd2", "Apache-2.0", "train"),
    "rjbs/Dist-Zilla": ("2bae76b971608c189ecb73c205db9f60457b6bf2", "Artistic-1.0-Perl", "final"),
    "robbiehanson/CocoaAsyncSocket": ("5ddba5e72f38e56010dbfac08b44478ee5000c0c", "public domain / BSD-3-Clause", "train"),
    "romaonthego/RESideMenu": ("44a22b42372058440ca9797adba8d3a844582b4c", "MIT", "final"),
    "romkatv/powerlevel10k": ("604f19a9eaa18e76db2e60b8d446d5f879065f90", "MIT", "seen"),
    "rubocop/rubocop": ("3a42c622171794510e03999c8d55129b73c5dc8f", "MIT", "train"),
    "ruby-grape/grape": ("eb03d4ad982d4feec1f1b3aaf4f48a66e65f28c0", "MIT", "train"),
    "ruslanskorb/RSKImageCropper": ("92ebf7b8f69bfb6bee9cce55867206ac876303a8", "MIT", "final"),
    "rust-lang/book": ("917544888a55e4da7109bdba8c88c893c0da70f4", "MIT", "train"),
    "rust-lang/cargo": ("af373f761aa4e42b093c2e453078fd73c8ce54dd", "MIT", "train"),
    "rust-lang/rustfmt": ("1191d91d83f5582766404b4e912d19cd89866d56", "MIT", "train"),
    "rust-lang/rustup": ("0878429a3d0868928cb57085332854e183f9fcfe", "MIT", "train"),
    "rxi/lume": ("98847e7812cf28d3d64b289b03fad71dc704547d", "MIT", "train"),
    "samtools/htslib": ("cb88c90b4620bf4c910b9c3b60e9738c48b09ddb", "MIT", "seen"),
    "sb2nov/resume": ("29293817f92cc4febf6fa14a0f3edf98c01c4db2", "MIT", "train"),
    "scinfu/SwiftSoup": ("ead56133a693d0184d8c2db1a6d6394410cacfd6", "MIT", "final"),
    "scrapy/scrapy": ("11079cb1c85b9e75a39a7269943c69d1a975d485", "BSD-3-Clause", "train"),
    "scverse/scanpy": ("fabadb9412c0d1cd9df9d9c2e95ac266d564ee18", "BSD-3-Clause", "train"),
    "sdkman/sdkman-cli": ("f02e5de113ea46a95e5e2fd795eabe6f2b7d4095", "Apache-2.0", "train"),
    "SDWebImage/SDWebImage": ("36e79ba485e9bb4d3cd4e3318908866dac5e7b51", "MIT", "train"),
    "SeaQL/sea-orm": ("92cf399ed3a072ab6a553215e758cab93e85d086", "MIT/Apache-2.0", "final"),
    "sebastianbergmann/phpunit": ("f123cdb2a2d49f15025794166cfed8bda8627dd2", "BSD-3-Clause", "train"),
    "Seldaek/monolog": ("57eb1028342134e701e77c617565d51b6e5a2a53", "MIT", "seen"),
    "select2/select2": ("b2fa356a62c2223544d3d679d765c1134907d219", "MIT", "train"),
    "Semantic-Org/Semantic-UI": ("597843ab84d565cccfd8fd7719416350ae73e734", "MIT", "train"),
    "serde-rs/serde": ("1023d077510b4aef36a41ef56fdb7798568a2654", "MIT", "seen"),
    "serilog/serilog": ("60935b4d7abad71cf6157b45a10f5c3c65ead527", "Apache-2.0", "seen"),
    "sharkdp/bat": ("2ba8db9c14e5794572f5ea338c2b90404c9769cb", "MIT", "train"),
    "simdjson/simdjson": ("f807de973580fb22cc0db6b3b896716684b0266c", "Apache-2.0", "final"),
    "sinatra/sinatra": ("cb22afd7902b566b6eaba6c4ea89739494a65d12", "MIT", "train"),
    "sindresorhus/awesome": ("7cb5c8371c0fe73e5444a42d5542f6280c38b1a6", "CC0-1.0", "train"),
    "sindresorhus/github-markdown-css": ("265b22aa79815418195f453352456d5784bb7580", "MIT", "train"),
    "sindresorhus/ky": ("3419113b48e034fdcf8fa6bd3be3da7b3d0d758f", "MIT", "train"),
    "sirupsen/logrus": ("87434bb3a736e2a27d34df66924471714f408d3d", "MIT", "seen"),
    "sjtug/SJTUThesis": ("507a8c89ce5dbf9c7784facc3061da6deb6ff054", "Apache-2.0", "train"),
    "skydoves/Pokedex": ("0e747e749808dfe4e97107e31e4b4928b150e99b", "Apache-2.0", "seen"),
    "skypjack/entt": ("1333fa53129e7cfded5a9640c4336a254049917b", "MIT", "final"),
    "slimphp/Slim": ("038fd5713d5a41636fdff0e8dcceedecdd17fc17", "MIT", "seen"),
    "snakemake/snakemake": ("ead894bdc35aaf0d56238dc273645b49b43622cf", "MIT", "train"),
    "SnapKit/Masonry": ("8bd77ea92bbe995e14c454f821200b222e5a8804", "MIT", "train"),
    "socketio/socket.io": ("d2d753fed4435015c2d83fe62e676b44e07fa3f7", "MIT", "train"),
    "solidusio/solidus": ("1f5bf5c638f5fe9fbda4d480bdb7ebcfa39a9a5e", "BSD-3-Clause", "final"),
    "soulmachine/leetcode": ("a12593e0d6da5bce3ca69d6ad1bf71acb95650d5", "BSD-3-Clause", "final"),
    "sparkle-project/Sparkle": ("fa4eaa977cb1a390b237349be2f3d761175f345a", "MIT", "train"),
    "sparklemotion/nokogiri": ("9507094faa5448c1c45edd50ec29f40f14a2b0c5", "MIT", "train"),
    "spf13/cobra": ("adbc8813901bba65827259daa8e22ff94ec1f30e", "Apache-2.0", "seen"),
    "spree/spree": ("cee28a23d9965d3c873955f2a567212450e4b335", "BSD-3-Clause", "final"),
    "spring-projects/spring-petclinic": ("edf4db28affcc4741c79850a3d95bc3f177b5ff9", "Apache-2.0", "train"),
    "sqitchers/sqitch": ("0ab857e3bb5060e6feda0dd3e05ebb04f7aac85b", "MIT", "train"),
    "sqlalchemy/alembic": ("20e58db01cad3432c24734e11b893303cdb687a4", "MIT", "train"),
    "sqlalchemy/sqlalchemy": ("f35da7e2b9349a08b8de1f6bd3b07c8bf8616790", "MIT", "train"),
    "sqlc-dev/sqlc": ("99a7d7d0c7b913ded6a60a9d038ece99dcdf7892", "MIT", "train"),
    "sqlfluff/sqlfluff": ("e8e8c5d24dee8371acb94177fd8a7a86a783151c", "MIT", "train"),
    "square/okhttp": ("1682d9bac8c03dffde2969b0b74d47649d0dbb52", "Apache-2.0", "train"),
    "square/retrofit": ("0b118105fe8436791436b8bc9c95b9aa2cfd3bdd", "Apache-2.0", "train"),
    "squidfunk/mkdocs-material": ("5b36f2ac499a45905e246bc66bbee2858ef6556f", "MIT", "train"),
    "StackExchange/StackExchange.Redis": ("90bbf1fcba1c9cc464c94b96d16c2706f590383f", "MIT", "final"),
    "starship/starship": ("6f33dcec91b758ccbae4ed850eaa6feabff798f9", "ISC", "train"),
    "StartBootstrap/startbootstrap-sb-admin-2": ("f0309881ef82794a1bd6257cd321801bc38a0f3d", "MIT", "train"),
    "statelyai/xstate": ("b1811bf77bc2d1a74367328cec7907aa185b70df", "MIT", "final"),
    "stephencelis/SQLite.swift": ("ccaae3d01fd655be40f20665f1f61dc6deecec27", "MIT", "final"),
    "stevearc/oil.nvim": ("b91ee5a77a6a9605d9c1aaf4fda74b66082c8297", "MIT", "train"),
    "stretchr/testify": ("12f8b5612e125f337c4589e198771e5f8970f160", "MIT", "train"),
    "Supervisor/supervisor": ("abc60468ea4b78c446cf3a194f6fccb83d90f670", "BSD-style (Repoze)", "train"),
    "sveltejs/svelte": ("15720b16a5ef33e3e1f4301c77b94ec375070e73", "MIT", "train"),
    "SwiftGen/SwiftGen": ("f7c23b63053e5a8aab4a4dbb633b24920bbb9436", "MIT", "train"),
    "SwiftyJSON/SwiftyJSON": ("8805b547079d605f61f9c7964296384ff6fe853e", "MIT", "seen"),
    "symfony/console": ("6b099f3306f7c9c2d2786ed736d0026b2903205f", "MIT", "seen"),
    "tachyons-css/tachyons": ("2cb90e90f934e405cc51f9a49ba3e1a2c74bda0c", "MIT", "seen"),
    "tailwindlabs/tailwindcss": ("90f8ff41c8e2a4d17bc76921e23e9d672123da76", "MIT", "train"),
    "TanStack/query": ("40321a0b1b3bdd0afa11f0e439642ab84cdf6afe", "MIT", "train"),
    "taskflow/taskflow": ("83f90a279aaab33fd4ce1deed00ca07819cbc8f8", "MIT", "train"),
    "tauri-apps/tauri": ("a8105eccb2122f003b4a36bbfb747998f53c5f10", "MIT/Apache-2.0", "train"),
    "teamcapybara/capybara": ("b3325b198464b806f07ec2011ceb532d6d5cf4ab", "MIT", "final"),
    "tectonic-typesetting/tectonic": ("d2224d9ba4185f952fd3d982eccd1f444dbdf895", "MIT", "train"),
    "Tencent/rapidjson": ("24b5e7a8b27f42fa16b96fc70aade9106cf7102f", "MIT", "seen"),
    "Test-More/test-more": ("d0bb64c0fb52d74dfc5b2cd469f5f7ee63b30a69", "Artistic-1.0-Perl", "train"),
    "Textualize/rich": ("42899d8a0a96b121a514516f4be9db44ff7aeaf3", "MIT", "train"),
    "TextureGroup/Texture": ("be0b74b4e23bbd16a2159169a0c0d80f47fd5b45", "Apache-2.0", "train"),
    "theislab/scanpy": ("525f08f64ded1cda165f376d18721d5200108e10", "BSD-3-Clause", "final"),
    "thephpleague/flysystem": ("072735c56cc0da00e10716dd90d5a7f7b40b36be", "MIT", "train"),
    "ThePrimeagen/harpoon": ("ccae1b9bec717ae284906b0bf83d720e59d12b91", "MIT", "train"),
    "thoughtbot/factory_bot": ("967d128e3710b9918f97c75b47b11251e85c2377", "MIT", "train"),
    "thunderbird/thunderbird-android": ("a59bd679859d369c9a39be147e536b825ffd0a6b", "Apache-2.0", "final"),
    "tiangolo/uvicorn-gunicorn-docker": ("cb5abd5fddd4faa8b8a7c4765f8ed267b567476f", "MIT", "train"),
    "tidyverse/readr": ("238ea873fdc1a34b3638f01493bd8df9f770ac62", "MIT", "train"),
    "timescale/timescaledb": ("4bf70ffa9b3b7f190139536c0482a300e52cd44a", "Apache-2.0", "train"),
    "tj/n": ("f52d2172f12cd76f0efe9524690723f52ab74f40", "MIT", "train"),
    "tldr-pages/tldr": ("08e345f42639f67d99282813247ac670dc6e87cb", "CC-BY-4.0", "train"),
    "tmux/tmux": ("c1f947a3c5bc72a40c32dead736f84c4628791ec", "ISC", "train"),
    "tokio-rs/tokio": ("ea91b33ca57ff0581b38e735cc108f831bccbdaa", "MIT", "train"),
    "tokuhirom/Minilla": ("9d309af0f9dab742414376b7a751e1bc1ff81631", "Artistic-1.0-Perl", "final"),
    "toml-lang/toml-test": ("d168c2a4f539a5219c804055af1600b8cf9ca6d7", "MIT", "train"),
    "tornadoweb/tornado": ("e530031405e2154654dedc4c84d5656b557ea310", "Apache-2.0", "train"),
    "ToruNiina/toml11": ("b32a2fff0d27e1f7522f26a125101500ddb47156", "MIT", "final"),
    "touchlab/KaMPKit": ("e8d76a268c3a512d7cca5865ccadba4df10da36e", "Apache-2.0", "seen"),
    "traefik/traefik": ("fd5a576df2e8aeb0bfc8a96b6ef6e60a61f7ec0a", "MIT", "final"),
    "troydhanson/uthash": ("6d8573997c21f24c7e4ec9e48734b44f384170a1", "BSD-1-Clause", "final"),
    "trpc/trpc": ("340811ba5320637fbaf48fccf3dbfdd258bd34db", "MIT", "train"),
    "Tufte-LaTeX/tufte-latex": ("efb8c8e836890bad71fb5834acdd316ebde6db12", "Apache-2.0", "final"),
    "tuna/thuthesis": ("d149cdc7a5ab14d92bcef2346b019ade28994c0d", "LPPL-1.3c", "train"),
    "typeorm/typeorm": ("281bfba42a5813b106bcf5ba79bc7f7251bd1e73", "MIT", "train"),
    "TypeStrong/ts-node": ("ddb05ef23be92a90c3ecac5a0220435c65ebbd2a", "MIT", "final"),
    "uber-go/zap": ("5b81b37b81b8e2ed447a6f57991e372ee4fa5c8f", "MIT", "train"),
    "uber/kepler.gl": ("72354560eca74d473623f90e9ca26593a707c329", "MIT", "train"),
    "uikit/uikit": ("9f0b35d4484e9736eadd903968c443dfb42873c6", "MIT", "train"),
    "uNetworking/uWebSockets": ("66dcff3dd48f0c19dd1703426365d062039321d0", "Apache-2.0", "seen"),
    "urfave/cli": ("1305a08200f7c4d873e28bd2bbad1ff257c6cfc4", "MIT", "train"),
    "ustctug/ustcthesis": ("a9a7a1c732869fabd82ca296f44606f6667d4de9", "LPPL-1.3c", "train"),
    "valkey-io/valkey": ("55bbbe09a3b37a98c907dbfbc225768ff253e84f", "BSD-3-Clause", "train"),
    "vapor/vapor": ("13efaeefd52a965009fc6a69a96ba66e7f20402e", "MIT", "train"),
    "videojs/video.js": ("1ce2b219f450842455e120518bf669e1d5b2ae38", "Apache-2.0", "final"),
    "vimeo/psalm": ("3c67fc53dcdaab8107c214b8cf95c4c5e39489d2", "MIT", "final"),
    "vitejs/vite": ("a98c8d95d552c6fa98ab66fb810f5b39ad5abf49", "MIT", "train"),
    "vlucas/phpdotenv": ("416df702837983f8d5ff48c9c3fee4f5f57b980b", "BSD-3-Clause", "train"),
    "vuejs/core": ("e2bede96134f757aad5c5b33ac9be055022dbfc8", "MIT", "train"),
    "Wandmalfarbe/pandoc-latex-template": ("0495ae157b8c2cb1953d998b7f3ffd36b4b3af89", "BSD-3-Clause", "train"),
    "webdevops/Dockerfile": ("3ba1c2cc8a6a6c6b1ba729a201e2ab3ad348dac6", "MIT", "final"),
    "webpack/webpack": ("bc3e930f75e3f6ecbdf193a0dedf6067ea3a286b", "MIT", "train"),
    "Wilfred/difftastic": ("9e2d60c882b523e75a1d2fae8d5134ff506743d6", "MIT", "train"),
    "wireservice/csvkit": ("ba8033dcbb2c72089e88f38a1a50ddfc8e5ac3df", "MIT", "train"),
    "withastro/astro": ("99d3d3dbbfa4fd7b128a056337f1a719437a7377", "MIT", "final"),
    "wren-lang/wren": ("77aeb12ab8cff432dcc0e0c511d0f30366650f15", "MIT", "train"),
    "XAMPPRocky/tokei": ("fa44e5194060305576514d59b850353643afbfc8", "MIT", "train"),
    "xtensor-stack/xtensor": ("dd857e5fd3e3faf8a42319140c52d7e73c62f983", "BSD-3-Clause", "final"),
    "xu-cheng/latex-action": ("edc9ed6a54876207fe7bae248873d99560dd9ead", "MIT", "seen"),
    "xunit/xunit": ("0f990559500aeefa24551c4bb8bdb154fe3d0c87", "Apache-2.0", "train"),
    "yaml/libyaml": ("840b65c40675e2d06bf40405ad3f12dec7f35923", "MIT", "final"),
    "yhirose/cpp-httplib": ("6494edd8c03c55165825ae3078e2f55c595d8cb6", "MIT", "final"),
    "yiisoft/yii2": ("45e679d7ce99ce11d78d9785123e1ee2da79e17c", "BSD-3-Clause", "train"),
    "zellij-org/zellij": ("bf8d23a4f774abf27a108da2a1a2689e7d8d0d23", "MIT", "final"),
    "zsh-users/zsh-autosuggestions": ("85919cd1ffa7d2d5412f6d3fe437ebdbeeec4fc5", "MIT", "seen"),
    "zxing/zxing": ("7f129804e396958ae762da288da5df330d142da0", "Apache-2.0", "train"),
}

# The file names of each kind. A `.h` file is a C header in a repository with more C than C++
# sources, a C++ header where C++ has more, and neither beside Objective-C; a `.m` file is
# Objective-C only where a repository has more than five (elsewhere it may be MATLAB's).
GLOBS = {
    "python": ["*.py"], "shell": ["*.sh", "*.bash"], "c": ["*.c"], "c-header": [], "c++": ["*.cc", "*.cpp", "*.cxx"],
    "c++-header": ["*.hpp", "*.hh", "*.hxx"], "objective-c": [], "swift": ["*.swift"], "rust": ["*.rs"],
    "go": ["*.go"], "java": ["*.java"], "kotlin": ["*.kt"], "c#": ["*.cs"], "typescript": ["*.ts"],
    "javascript": ["*.js"], "ruby": ["*.rb"], "php": ["*.php"], "lua": ["*.lua"], "perl": ["*.pl", "*.pm"],
    "sql": ["*.sql"], "css": ["*.css"], "markdown": ["*.md"], "yaml": ["*.yaml", "*.yml"], "toml": ["*.toml"],
    "ini": ["*.ini", "setup.cfg", ".editorconfig", ".gitmodules", ".flake8", ".coveragerc", ".pylintrc", "*.service"],
    "csv": ["*.csv"], "tsv": ["*.tsv"], "makefile": ["Makefile", "GNUmakefile", "*.mk"],
    "dockerfile": ["Dockerfile", "Dockerfile.*", "*.Dockerfile", "*.dockerfile"], "tex": ["*.tex"],
    "prose": ["LICENSE", "LICENSE.txt", "COPYING", "COPYING.txt", "NOTICE", "NOTICE.txt", "AUTHORS", "AUTHORS.txt",
              "README", "README.txt", "NEWS", "CHANGES", "CHANGES.txt", "HISTORY.txt", "THANKS", "CONTRIBUTORS"],
}
# Patches are made from each repository's own history (`git diff` and `git format-patch`).
KINDS = sorted(list(GLOBS) + ["diff"])
# Code others wrote and a repository only carries is not the repository's, nor under its licence.
VENDORED = ("vendor/", "third_party/", "third-party/", "thirdparty/", "3rdparty/", "node_modules/", "deps/",
            "external/", "extern/")
SETS = ("train", "final", "seen")
PER_KIND = {"train": 160, "final": 30, "seen": 30}
MINIMUM_SOURCES = {"train": 10, "final": 5, "seen": 5}


def check_owners():
    """Stops where an owner has repositories in two sets: a set's figure says what generalises
    only if nothing of its owners' was learned from or chosen on."""
    sets = collections.defaultdict(set)
    for repo, (_, _, split) in REPOS.items():
        sets[repo.split("/")[0].lower()].add(split)
    shared = sorted(owner for owner, splits in sets.items() if len(splits) > 1)
    if shared:
        sys.exit(f"owners in more than one set: {', '.join(shared)}")


def mirror(mirrors, repo):
    """The git directory of `repo`, cloned (bare, blobs on demand) when it is not there."""
    for candidate in (os.path.join(mirrors, repo.replace("/", "+"), "repo", ".git"),
                      os.path.join(mirrors, repo.replace("/", "+"), "repo"), os.path.join(mirrors, repo.replace("/", "+"))):
        if os.path.isfile(os.path.join(candidate, "HEAD")):
            return candidate
    target = os.path.join(mirrors, repo.replace("/", "+"))
    subprocess.run(["git", "clone", "-q", "--bare", "--filter=blob:none", f"https://github.com/{repo}", target], check=True)
    return target


def git(directory, *args):
    return subprocess.run(["git", "--git-dir", directory, *args], check=True, capture_output=True).stdout


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


def paths_by_kind(directory, commit):
    """Each kind's paths in the tree at `commit`, vendored folders left out."""
    paths = [p for p in git(directory, "ls-tree", "-r", "--name-only", commit).decode().splitlines()
             if not any(part in p for part in VENDORED)]
    by_kind = collections.defaultdict(list)
    for path in paths:
        name = os.path.basename(path)
        for kind, globs in GLOBS.items():
            if any(fnmatch.fnmatchcase(name, g) for g in globs):
                by_kind[kind].append(path)
    headers = [p for p in paths if p.endswith(".h")]
    objective_c = [p for p in paths if p.endswith(".m")]
    if len(objective_c) > 5:
        by_kind["objective-c"] = objective_c
    elif len(by_kind["c++"]) > len(by_kind["c"]):
        by_kind["c++-header"] += headers
    elif by_kind["c"]:
        by_kind["c-header"] = headers
    return by_kind


def files_of(repo, kind, by_kind, directory, count):
    """(repository, commit, path, licence, bytes) of up to `count` usable files of a kind."""
    commit, licence, _ = REPOS[repo]
    out = []
    if kind == "diff":
        hashes = git(directory, "log", "--no-merges", "-n", str(count * 3), "--format=%H", commit).decode().split()
        for index, sha in enumerate(hashes):
            args = ["format-patch", "-1", "--stdout", sha] if index % 2 else ["diff", f"{sha}~1", sha]
            try:
                data = git(directory, *args)
            except subprocess.CalledProcessError:  # the first commit, or a shallow history
                continue
            if usable(data):
                out.append((repo, commit, f"{args[0]} {sha}", licence, data))
        return out[:count]
    for path in evenly(by_kind.get(kind, []), count * 2):
        try:
            data = git(directory, "show", f"{commit}:{path}")
        except subprocess.CalledProcessError:  # a blob the mirror lacks (a large file)
            continue
        if usable(data):
            out.append((repo, commit, path, licence, data))
    return out[:count]


def round_robin(per_source, wanted):
    """Up to `wanted` files taken in turn from each source, so that every source gives alike; the
    sources in the order of their names' SHA-1 (where there are more sources than files wanted,
    the first in the alphabet are not favoured)."""
    order = sorted((files for files in per_source if files), key=lambda files: hashlib.sha1(files[0][0].encode()).hexdigest())
    chosen, queues = [], [list(files) for files in order]
    while len(chosen) < wanted and queues:
        for queue in list(queues):
            if queue and len(chosen) < wanted:
                chosen.append(queue.pop(0))
            if not queue:
                queues.remove(queue)
    return chosen


def build(arguments):
    trees = {}
    rows = []
    check_owners()
    for split in arguments.sets:
        repos = sorted(repo for repo, (_, _, s) in REPOS.items() if s == split)
        for kind in arguments.kinds:
            wanted = PER_KIND[split]
            for repo in repos:
                if repo not in trees:
                    trees[repo] = paths_by_kind(mirror(arguments.mirrors, repo), REPOS[repo][0])
            having = [repo for repo in repos if kind == "diff" or trees[repo].get(kind)]
            # Each source gives at most a fifth of the kind, and no more than its turn can take
            # (twice an even share, so that sources with fewer usable files leave room for others).
            share = min(wanted // 5, 2 * -(-wanted // max(1, len(having))))
            per_source = [files_of(repo, kind, trees[repo], mirror(arguments.mirrors, repo), share) for repo in having]
            chosen = round_robin(per_source, wanted)
            sources = {origin for origin, *_ in chosen}
            if len(sources) < MINIMUM_SOURCES[split]:
                sys.exit(f"{split} {kind}: {len(sources)} repositories, fewer than {MINIMUM_SOURCES[split]}")
            folder = os.path.join(arguments.out, split, kind)
            os.makedirs(folder, exist_ok=True)
            seen = set()
            for origin, commit, path, licence, data in chosen:
                name = hashlib.sha1(data).hexdigest()[:16]
                if name in seen:
                    continue
                seen.add(name)
                with open(os.path.join(folder, name), "wb") as handle:
                    handle.write(data)
                rows.append((split, kind, name, origin, commit, path, licence))
            print(f"{split:5} {kind:12} {len(seen):4} files from {len(sources):3} repositories", file=sys.stderr)
    with open(os.path.join(arguments.out, "sources.tsv"), "w") as handle:
        handle.write("set\tkind\tname\trepository\tcommit\tpath\tlicence\n")
        for row in rows:
            handle.write("\t".join(row) + "\n")


def table(path):
    """The Markdown table of the sources: each repository's commit, licence and files by set and kind."""
    files = collections.defaultdict(lambda: collections.defaultdict(collections.Counter))
    with open(path) as handle:
        next(handle)
        for line in handle:
            split, kind, _, repo, *_ = line.rstrip("\n").split("\t")
            files[repo][split][kind] += 1
    print("| source | commit | licence | set | files |")
    print("|---|---|---|---|---|")
    for repo in sorted(files, key=str.lower):
        commit, licence, split = REPOS[repo]
        counts = ", ".join(f"{kind} {n}" for kind, n in sorted(files[repo][split].items()))
        print(f"| {repo} | `{commit[:12]}` | {licence} | {split} | {counts} |")
    totals = {s: sum(sum(files[r][s].values()) for r in files) for s in SETS}
    owners = {s: len({r.split("/")[0].lower() for r in files if files[r][s]}) for s in SETS}
    print(f"\nIn all: {totals['train']} training files from {owners['train']} owners, "
          f"{totals['final']} final files from {owners['final']} others, "
          f"{totals['seen']} files of the seen set from {owners['seen']} more.")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors")
    parser.add_argument("--out")
    parser.add_argument("--kinds", nargs="*", default=KINDS)
    parser.add_argument("--sets", nargs="*", default=list(SETS), choices=SETS)
    parser.add_argument("--table", metavar="SOURCES_TSV")
    arguments = parser.parse_args()
    if arguments.table:
        table(arguments.table)
        return
    if not arguments.mirrors or not arguments.out:
        parser.error("--mirrors and --out are needed to build the corpus")
    os.makedirs(arguments.mirrors, exist_ok=True)
    build(arguments)


if __name__ == "__main__":
    main()
