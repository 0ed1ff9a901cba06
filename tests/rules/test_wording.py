"""The wording test (issue 22): every message key of every language, worded by web/i18n.js itself (under node, with
the pinned intl-messageformat) for "you" and for another seat, with each kind of parameter (the numbers 0, 1, 2, 5
and 21, each colour, creature and gem the game has, names), checked against known bad patterns ("a orange",
"You is", "You … wins", "1 gems", an unfilled "{", a raw key, double spaces, "Game over: Game over", ...).
Every message must be valid ICU MessageFormat, and a translation may read only the parameters English gives
(or those derived from them: `<p>_you`, `<p>_key`, `<p>_count`). The worker is tests/wording/word_every_key.mjs."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tests.catalogues import CATALOGUES, LANGUAGES, arguments

ROOT = Path(__file__).resolve().parents[2]
WORKER = ROOT / "tests" / "wording" / "word_every_key.mjs"


@cache
def worded() -> dict[str, Any]:
    node = shutil.which("node")
    assert node, "the wording test needs node (./build.sh installs it with npm)"
    assert (ROOT / "node_modules" / "intl-messageformat" / "index.js").is_file(), "run npm ci (./build.sh does)"
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".json", encoding="utf-8", delete=False) as handle:
        json.dump({"catalogues": CATALOGUES}, handle, ensure_ascii=False)
    try:
        done = subprocess.run([node, "--no-warnings", str(WORKER), handle.name], capture_output=True, text=True,
                              timeout=120, check=False)
    finally:
        Path(handle.name).unlink()
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def shown(failures: list[dict[str, Any]]) -> str:
    return "\n".join(f"{f['lang']} {f['key']} [{f['form']}] {f['why']}: {f['text']!r}" for f in failures[:60])


def test_every_key_is_worded_in_every_language() -> None:
    result = worded()
    assert result["keys"] == len(CATALOGUES["en"])
    assert sorted(result["languages"]) == sorted(LANGUAGES)
    print(f"\nworded {result['combos']} key × form × language combinations of {result['keys']} keys")
    assert result["combos"] > 3 * result["keys"]


def test_every_message_is_valid_icu() -> None:
    assert worded()["invalid"] == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_wording_shows_a_known_bad_pattern(lang: str) -> None:
    failures = [f for f in worded()["failures"] if f["lang"] == lang]
    assert failures == [], f"{len(failures)} bad wordings in {lang}:\n{shown(failures)}"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_a_translation_reads_only_what_english_gives(lang: str) -> None:
    english, other = CATALOGUES["en"], CATALOGUES[lang]
    derived = re.compile(r"^(you|\w+_you|\w+_key|\w+_count)$")
    strays = {}
    for key, text in other.items():
        given = set().union(*arguments(english.get(key, "")))
        extra = {name for name in set().union(*arguments(text)) if name not in given and not derived.match(name)}
        if extra:
            strays[key] = sorted(extra)
    assert strays == {}, f"{lang}: parameters that English does not give: {strays}"


def test_the_import_map_names_every_package_of_the_library_and_the_policy_allows_it() -> None:
    """index.html maps each package name that web/i18n.js and the library import to its copy under web/vendor/
    (build.sh copies them there), and its Content-Security-Policy carries the map's sha256: an inline import map is
    a script, and the policy allows only one other inline script, the menu's first paint, which starts the app
    (docs/i18n.md, docs/offline-and-csp.md)."""
    import base64
    import hashlib

    import first_paint  # tools/, on the path through tests.catalogues

    html = (ROOT / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<script type="importmap">(.*?)</script>', html, re.S)
    assert found, "index.html has no import map"
    digest = base64.b64encode(hashlib.sha256(found.group(1).encode()).digest()).decode()
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    assert policy and f"'sha256-{digest}'" in policy.group(1), "the policy lacks the import map's hash"
    assert html.index('type="importmap"') < html.index('import("./web/app.js")'), "the map must come before any module"
    assert 'type="module"' not in html, "the app starts from the first paint's script (docs/offline-and-csp.md)"
    sources = re.findall(r"'sha256-[^']+'", policy.group(1))
    assert sorted(sources) == sorted(first_paint.inline_script_hashes(html)), "the policy must allow each inline script"
    mapped = json.loads(found.group(1))["imports"]
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    build = (ROOT / "build.sh").read_text(encoding="utf-8")
    vendored = set(re.search(r'VENDORED="([^"]+)"', build).group(1).split())  # type: ignore[union-attr]
    # the QR code libraries (web/net/qr.js, docs/multi-device.md): package:file entries, each copied to
    # web/vendor/<package>/<file without dist/ or dist/es/>
    files = {}
    for entry in re.search(r'VENDORED_FILES="([^"]+)"', build).group(1).split():  # type: ignore[union-attr]
        name, file = entry.split(":")
        files[f"./web/vendor/{name}/{file.removeprefix('dist/').removeprefix('es/')}"] = (name, file)
    for name, where in mapped.items():
        if name in vendored:
            assert where == f"./web/vendor/{name}/index.js"
            owner, published = name, ROOT / "node_modules" / name / "index.js"
        else:
            assert where in files, f"build.sh's VENDORED_FILES does not copy {name}'s {where}"
            owner, file = files[where]
            assert name.split("/")[0] == owner, f"{name} is mapped to another package's {where}"
            published = ROOT / "node_modules" / owner / file
        assert re.fullmatch(r"\d+\.\d+\.\d+", package[owner]), f"{owner} is not pinned to one version"
        source = published.read_text(encoding="utf-8")
        imported = {module for module in re.findall(r'^import .* from "([^"]+)";', source, re.M)
                    if not module.startswith("./")}  # a module beside it is copied with it
        assert imported <= set(mapped), f"{name} imports packages the map does not name: {imported - set(mapped)}"
    assert vendored <= set(mapped)
