#!/usr/bin/env bash
# Gamebox build: ./build.sh [build|serve [PORT]|test|shots|bench]
# Each command installs what it needs: a .venv with Python >= 3.12, the dev dependencies, node_modules
# (npm ci), and for tests a Chromium. See README.md.
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
VENV=$ROOT/.venv
PY=$VENV/bin/python
MICROPIP=micropip==0.11.1
# Where the site and the intermediate files go (override to build several copies side by side).
DIST=${GAMEBOX_DIST:-$ROOT/dist}
BUILD=${GAMEBOX_BUILD:-$ROOT/build}
# The dev dependencies' wheels, kept outside the clone: pip's own HTTP cache keeps nothing here (the index's answers
# carry no caching headers), so every fresh clone downloaded them all again, most of its install's minutes. A new
# .venv installs from this wheelhouse without the network; a requirement it cannot meet (pyproject.toml changed) is
# fetched into it first. Its versions stay those first fetched: delete the folder to take newer ones.
WHEELS=${GAMEBOX_WHEELS:-${XDG_CACHE_HOME:-$HOME/.cache}/gamebox/wheels}

say() { printf '\033[1m[gamebox]\033[0m %s\n' "$*"; }
die() { printf '\033[31m[gamebox] error:\033[0m %s\n' "$*" >&2; exit 1; }

version_ok() { "$1" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null; }

find_python() {
  local candidate
  for candidate in "${GAMEBOX_PYTHON:-}" python3.13 python3.12 python3.14 python3; do
    [ -n "$candidate" ] || continue
    if command -v "$candidate" >/dev/null 2>&1 && version_ok "$(command -v "$candidate")"; then
      command -v "$candidate"; return 0
    fi
  done
  # pyenv's shims only run the global version, so look in pyenv's versions directly (newest first).
  local pyenv_versions="${PYENV_ROOT:-$HOME/.pyenv}/versions"
  for candidate in $(ls -d "$pyenv_versions"/3.* 2>/dev/null | sort -rV) ; do
    if [ -x "$candidate/bin/python3" ] && version_ok "$candidate/bin/python3"; then
      echo "$candidate/bin/python3"; return 0
    fi
  done
  for candidate in /usr/local/bin/python3.1[2-9] /usr/bin/python3.1[2-9] /opt/python*/bin/python3; do
    if [ -x "$candidate" ] && version_ok "$candidate"; then echo "$candidate"; return 0; fi
  done
  return 1
}

ensure_venv() {
  if [ -x "$PY" ] && ! version_ok "$PY"; then
    say "removing .venv: its Python is older than 3.12"; rm -rf "$VENV"
  fi
  if [ ! -x "$PY" ]; then
    local base
    base=$(find_python) || die "Gamebox needs Python >= 3.12 to build (pyodide-build cannot read Pyodide's lock
file on 3.11). Install Python 3.12 or newer, or point GAMEBOX_PYTHON at one."
    say "creating .venv with $base ($("$base" --version))"
    "$base" -m venv "$VENV"
  fi
  local stamp=$VENV/.gamebox-dev-deps
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    say "installing the dev dependencies into .venv"
    # From the wheelhouse alone when it has them all (no network); else fetch what it lacks into it first.
    if ! "$PY" -m pip install -q --no-index --find-links "$WHEELS" -e ".[dev]" >/dev/null 2>&1; then
      say "fetching the dev dependencies' wheels into $WHEELS"
      mkdir -p "$WHEELS"
      "$PY" -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))
          ["project"]["optional-dependencies"]["dev"]))' >"$VENV/.gamebox-dev-requirements"
      "$PY" -m pip wheel -q --find-links "$WHEELS" -w "$WHEELS" -r "$VENV/.gamebox-dev-requirements"
      "$PY" -m pip install -q --no-index --find-links "$WHEELS" -e ".[dev]"
    fi
    touch "$stamp"
  fi
}

ensure_node() {
  command -v npm >/dev/null 2>&1 || die "Gamebox needs Node.js and npm (for the pinned pyodide and axe-core packages)."
  if [ ! -f node_modules/pyodide/pyodide.mjs ] || [ ! -f node_modules/axe-core/axe.min.js ] \
      || [ ! -f node_modules/intl-messageformat/index.js ] \
      || [ ! -f node_modules/qrcode-generator/dist/qrcode.mjs ] || [ ! -f node_modules/zxing-wasm/LICENSE ] \
      || [ ! -f node_modules/@fontsource-variable/noto-sans/LICENSE ] \
      || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "npm ci (pyodide $(node -p 'require("./package.json").dependencies.pyodide'))"
    npm ci --no-audit --no-fund --loglevel=error
  fi
}

# A first visit imports Pyodide's standard modules and gamebox from zips of source: compile them where the build
# runs instead, with the site's own Pyodide under Node (tools/precompile.mjs). The wheel gets a .pyc beside each
# module, and pyodide/python_stdlib.zip is replaced by a copy in which the modules the boot imports are bytecode.
# Before the lock is written, so that its sha256 is the precompiled wheel's.
precompile() {
  node tools/precompile.mjs "$1" node_modules/pyodide/python_stdlib.zip "$BUILD/python_stdlib.zip" \
    >"$BUILD/precompile.log" 2>&1 \
    || { cat "$BUILD/precompile.log"; die "precompiling the Python of the boot (tools/precompile.mjs) failed"; }
  cp "$BUILD/python_stdlib.zip" "$DIST/pyodide/python_stdlib.zip"
  say "$(tail -n 1 "$BUILD/precompile.log")"
}

# The ICU MessageFormat library (web/i18n.js imports it by its package name; index.html's import map points each
# name at its copy here): each package's one ES module and its licence, as published, nothing bundled. The import
# map must name every package, and the policy in index.html carries the map's hash (docs/i18n.md).
VENDORED="intl-messageformat @formatjs/icu-messageformat-parser @formatjs/icu-skeleton-parser @formatjs/fast-memoize"
vendor() {
  local package
  for package in $VENDORED; do
    grep -q "\"$package\": \"./web/vendor/$package/index.js\"" index.html \
      || die "index.html's import map does not name $package"
    mkdir -p "$DIST/web/vendor/$package"
    cp "node_modules/$package/index.js" "node_modules/$package/LICENSE.md" "$DIST/web/vendor/$package/"
  done
}

# The QR code libraries (web/net/qr.js imports them by name, when it first draws or reads a code; docs/multi-device.md,
# "Connecting devices"): each published ES module, the ponyfill's ZXing reader (WebAssembly, fetched from this site,
# never from a CDN) and the licences (qrcode-generator's is the head of its one file), as published, nothing
# bundled. Each entry is package:file; it goes to web/vendor/<package>/<file without dist/ or dist/es/>. The import
# map names the two modules (and the policy in index.html carries the map's hash). And the page's font, Noto Sans
# (web/style.css's @font-face; docs/offline-and-csp.md "The font"): two subsets of its variable files, and its licence.
VENDORED_FILES="qrcode-generator:dist/qrcode.mjs barcode-detector:dist/es/ponyfill.js
  barcode-detector:dist/es/zxing-exported.js barcode-detector:LICENSE zxing-wasm:dist/reader/zxing_reader.wasm
  zxing-wasm:LICENSE @fontsource-variable/noto-sans:files/noto-sans-latin-wght-normal.woff2
  @fontsource-variable/noto-sans:files/noto-sans-cyrillic-wght-normal.woff2 @fontsource-variable/noto-sans:LICENSE"
vendor_files() {
  local entry package file target
  grep -q '"qrcode-generator": "./web/vendor/qrcode-generator/qrcode.mjs"' index.html \
    || die "index.html's import map does not name qrcode-generator"
  grep -q '"barcode-detector/ponyfill": "./web/vendor/barcode-detector/ponyfill.js"' index.html \
    || die "index.html's import map does not name barcode-detector/ponyfill"
  for entry in $VENDORED_FILES; do
    package=${entry%%:*}
    file=${entry#*:}
    target=${file#dist/}
    target="$DIST/web/vendor/$package/${target#es/}"
    mkdir -p "$(dirname "$target")"
    cp "node_modules/$package/$file" "$target"
  done
}

build() {
  ensure_venv
  ensure_node
  say "building $DIST"
  rm -rf "$DIST" "$BUILD/wheels"
  mkdir -p "$DIST/pyodide" "$BUILD/wheels" "$BUILD/cache"
  local core
  for core in pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip; do
    cp "node_modules/pyodide/$core" "$DIST/pyodide/"
  done
  # setuptools stages files in ./build/lib: start it clean (no stale modules) and build one wheel at a time.
  (flock 9; rm -rf "$ROOT/build/lib" "$ROOT/build/bdist."*; \
    "$PY" -m build --wheel --no-isolation --outdir "$BUILD/wheels" . >"$BUILD/wheel.log" 2>&1) \
    9>"$ROOT/.wheel.lock" || { cat "$BUILD/wheel.log"; die "building the gamebox wheel failed"; }
  if [ "${GAMEBOX_TEST_GAMES:-}" = 1 ]; then
    # the test switch: the test games' Python (tests/games/py/*) goes into the wheel before it is precompiled
    local added
    added=$("$PY" tools/manifest.py wheel "$BUILD"/wheels/gamebox-*.whl) \
      || die "adding the test games to the wheel (tools/manifest.py) failed"
    say "test games in the wheel: $added"
  fi
  precompile "$BUILD"/wheels/gamebox-*.whl
  if ! ls "$BUILD"/cache/micropip-0.11.1-*.whl >/dev/null 2>&1; then
    if ! ls "$WHEELS"/micropip-0.11.1-*.whl >/dev/null 2>&1; then  # kept in the wheelhouse, for the next clone
      say "downloading $MICROPIP from PyPI"
      mkdir -p "$WHEELS"
      "$PY" -m pip download -q --only-binary=:all: --python-version 3.13 --no-deps -d "$WHEELS" "$MICROPIP"
    fi
    cp "$WHEELS"/micropip-0.11.1-*.whl "$BUILD/cache/"
  fi
  cp "$BUILD"/wheels/gamebox-*.whl "$BUILD"/cache/micropip-0.11.1-*.whl "$DIST/pyodide/"
  (cd "$DIST/pyodide" && "$VENV/bin/pyodide" lockfile add-wheels \
      --input "$ROOT/node_modules/pyodide/pyodide-lock.json" --output pyodide-lock.json \
      --base-path . gamebox-*.whl micropip-*.whl >"$BUILD/lock.log" 2>&1) \
    || { cat "$BUILD/lock.log"; die "pyodide lockfile add-wheels failed"; }
  # the page's modules and the package import no cycle (tools/import_cycles.py): a cycle fails the build
  "$PY" tools/import_cycles.py >"$BUILD/import_cycles.log" 2>&1 \
    || { cat "$BUILD/import_cycles.log"; die "an import cycle (tools/import_cycles.py)"; }
  cp index.html "$DIST/"
  cp -r web "$DIST/web"
  vendor
  vendor_files
  # games.json (the registry's manifest and each game's page files), each language's catalogue merged from the
  # shared words and every game's, and with GAMEBOX_TEST_GAMES=1 the test games' page files (tests/games/web/*)
  "$PY" tools/manifest.py site "$DIST" || die "the games step (tools/manifest.py) failed"
  # Offline: the PNG icons, the build id (a hash of everything in the site and of web/sw.js, computed before
  # it is stamped anywhere), precache.json and the stamped service worker at the root, sw.js; plus BUILD_ID.
  local build_id
  build_id=$("$PY" tools/offline.py "$DIST" web/sw.js) || die "the offline step (tools/offline.py) failed"
  say "$DIST is ready (build $build_id)"
}

ensure_chromium() {
  if [ -n "${GAMEBOX_CHROMIUM:-}" ] && [ -x "$GAMEBOX_CHROMIUM" ]; then return 0; fi
  for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
    [ -x "$candidate" ] && return 0
  done
  if ls "${PLAYWRIGHT_BROWSERS_PATH:-$HOME/.cache/ms-playwright}"/chromium* >/dev/null 2>&1; then return 0; fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing Debian's chromium for the browser tests"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null \
      || die "apt-get install chromium failed"
    return 0
  fi
  say "no Chromium found: trying Playwright's own download"
  "$PY" -m playwright install chromium || die "no Chromium: install Debian's chromium package, or run
'.venv/bin/python -m playwright install chromium' where that download is reachable."
}

run_tests() {
  ensure_chromium
  # the test games (tests/games/: the fixture game of docs/new-game.md) are built into the site and listed in
  # games.json, so the menu, the rules pages and the e2e screen matrix meet them
  export GAMEBOX_TEST_GAMES=1
  build
  say "ruff"
  "$VENV/bin/ruff" check py tests bench tools
  say "mypy"
  "$VENV/bin/mypy"
  say "tsc (the page's types, jsconfig.json)"; npx --no-install tsc -p jsconfig.json
  # The rules' tests first, then the browser tests. Running the rules' tests beside the browser tests, at the lowest
  # priority, was tried and not kept (docs/architecture.md, "The suite's time").
  say "pytest tests/rules"
  "$PY" -m pytest tests/rules -q -n 2 -p no:cacheprovider --durations=10
  run_e2e
}

# pytest tests/e2e in Chromium: two browsers side by side (the machines have 2 cores); --dist loadscope keeps a
# module's (or a class's) tests on one of them, so its booted page (conftest.py SharedPage) boots once, and
# --no-loadscope-reorder hands them out in the order collected, the longest modules first (conftest.py
# LONGEST_FIRST), not by their number of tests (xdist's default put a three-test module of 3.5 min late); the slowest
# tests are listed so the suite stays quick. All of it runs in a network namespace of its own (tools/netns.sh:
# unshare -n, loopback up, a veth pair kept inside), so that none of the WebRTC tests' traffic reaches the machine's
# own addresses; the other tests only need loopback. A test that fails runs once more (--reruns 1), and the report
# says which did and why (tests/e2e/conftest.py FAILED_ONCE). Screenshots are taken when GAMEBOX_SHOTS is set (./build.sh
# shots), never in `test`: they are for a person to look at, and they would double the suite's time.
run_e2e() {
  say "pytest tests/e2e (Chromium, in a network namespace of its own: tools/netns.sh)"
  tools/netns.sh "$PY" -m pytest tests/e2e -q -p no:cacheprovider -n 2 --dist loadscope --no-loadscope-reorder \
    --reruns 1 -raR --durations=20 "$@"
}

command=${1:-build}
case "$command" in
  build) build ;;
  serve)
    build
    exec "$PY" tools/serve.py "${2:-8000}" "$DIST" ;;
  test) run_tests ;;
  shots)
    # every e2e test, with a screenshot of every screen it passes through, into screenshots/ (docs/architecture.md)
    ensure_chromium
    export GAMEBOX_TEST_GAMES=1
    build
    GAMEBOX_SHOTS=${GAMEBOX_SHOTS:-1} run_e2e "${@:2}" ;;
  bench)
    build
    "$PY" -m pip install -q -e ".[bench]"
    # Lighthouse (bench/lighthouse.py) has a package of its own, so that ./build.sh test never installs it
    npm ci --prefix bench/lighthouse --no-audit --no-fund --loglevel=error
    # the pages (and a wheel fetched for them) first; then every benchmark in a network namespace of its own
    # (tools/netns.sh), so that the WebRTC ones' traffic and STUN responder never touch the machine's own addresses
    "$PY" bench/run.py --pages
    tools/netns.sh "$PY" bench/run.py "${@:2}" ;;
  *) die "unknown command '$command'; use build, serve [PORT], test, shots or bench" ;;
esac
