"""Lighthouse on the menu (issue 28): performance, accessibility, best practices, SEO and the LCP, as a phone sees it.

The built site (GAMEBOX_DIST, else dist/) is served on 127.0.0.1 by tools/serve.py, and the pinned npm package
`lighthouse` (bench/lighthouse/package.json, installed there by ./build.sh bench with `npm ci`) runs its CLI against
the menu with its defaults: a mobile form factor and simulated throttling (a slow 4G network and a 4x slower CPU,
computed from one unthrottled load). Each run is a first visit: Lighthouse clears the origin's storage (service
worker, caches) before it loads the page. Chromium is
CHROME_PATH (Debian's /usr/bin/chromium where it is), headless, and --no-sandbox when run as root.

    python bench/lighthouse.py [--runs N] [--keep DIR]

./build.sh bench runs it from bench/run.py. Lighthouse is needed only here, never by ./build.sh test. Scores are
Lighthouse's 0 to 1; the LCP is its simulated figure, which depends on the machine's load less than a wall clock
would, but a loaded machine still moves it (Lighthouse calibrates nothing to the CPU it runs on).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import serve  # noqa: E402

DIST = Path(os.environ.get("GAMEBOX_DIST", ROOT / "dist"))
CLI = ROOT / "bench" / "lighthouse" / "node_modules" / "lighthouse" / "cli" / "index.js"
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
# the audits printed beside the scores: (audit id, label, unit)
AUDITS = [("largest-contentful-paint", "LCP", "ms"), ("first-contentful-paint", "FCP", "ms"),
          ("total-blocking-time", "TBT", "ms"), ("cumulative-layout-shift", "CLS", ""),
          ("speed-index", "Speed Index", "ms")]


def chrome_path() -> str:
    for candidate in (os.environ.get("CHROME_PATH", ""), "/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if candidate and Path(candidate).is_file():
            return candidate
    raise SystemExit("no Chromium: set CHROME_PATH")


def run_once(url: str, out: Path) -> dict[str, Any]:
    """One Lighthouse run of `url`; returns its report (JSON, also written to `out`)."""
    flags = "--headless=new --disable-gpu --no-first-run" + (" --no-sandbox" if os.geteuid() == 0 else "")
    command = ["node", str(CLI), url, "--quiet", "--output=json", f"--output-path={out}",
               f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={flags}"]
    environment = {**os.environ, "CHROME_PATH": chrome_path()}
    subprocess.run(command, check=True, env=environment, timeout=600)
    report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return report


def figures(report: dict[str, Any]) -> dict[str, Any]:
    """The scores, the timings and what the LCP element is, from one report."""
    audits = report["audits"]
    found: dict[str, Any] = {name: report["categories"][name]["score"] for name in CATEGORIES}
    for audit, label, _ in AUDITS:
        found[label] = audits[audit]["numericValue"]
    element = audits.get("largest-contentful-paint-element", {}).get("details", {})
    items = element.get("items", [])
    node = items[0].get("items", [{}])[0].get("node", {}) if items and "items" in items[0] else (
        items[0].get("node", {}) if items else {})
    found["lcp_element"] = node.get("selector", "?")
    failed = [audit_id for audit_id, audit in audits.items()
              if audit.get("score") is not None and audit.get("scoreDisplayMode") in ("binary", "numeric")
              and audit["score"] < 0.9 and any(audit_id in [ref["id"] for ref in report["categories"][name]["auditRefs"]
                                                             if ref.get("weight")] for name in CATEGORIES)]
    found["below_0.9"] = sorted(failed)
    return found


def report(url: str, runs: int, keep: Path | None = None) -> list[dict[str, Any]]:
    if not CLI.is_file():
        print("\n== Lighthouse: not installed (npm ci installs the pinned devDependency)")
        return []
    folder = keep or Path(tempfile.mkdtemp(prefix="gamebox-lighthouse-"))
    folder.mkdir(parents=True, exist_ok=True)
    version = json.loads((CLI.parent.parent / "package.json").read_text())["version"]
    print(f"\n== Lighthouse {version} on the menu ({url}): mobile, simulated throttling, first visit; {runs} runs")
    results = []
    for index in range(runs):
        found = figures(run_once(url, folder / f"menu-{index + 1}.json"))
        results.append(found)
        scores = "  ".join(f"{name} {found[name]:.2f}" for name in CATEGORIES)
        timings = "  ".join(f"{label} {found[label]:.0f} ms" if unit else f"{label} {found[label]:.3f}"
                            for _, label, unit in AUDITS)
        print(f"run {index + 1}: {scores}\n       {timings}\n       LCP element: {found['lcp_element']}"
              + (f"\n       audits below 0.9: {', '.join(found['below_0.9'])}" if found["below_0.9"] else ""))
    if runs > 1:
        print(f"median: performance {statistics.median(r['performance'] for r in results):.2f}, "
              f"LCP {statistics.median(r['LCP'] for r in results):.0f} ms")
    if keep is None:
        shutil.rmtree(folder, ignore_errors=True)
    else:
        print(f"reports: {folder}")
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--keep", type=Path, default=None, help="a folder to keep the JSON reports in")
    args = parser.parse_args()
    if not (DIST / "index.html").is_file():
        raise SystemExit(f"{DIST} is not built: ./build.sh")
    server, url = serve.start(DIST)
    try:
        report(url, args.runs, args.keep)
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
