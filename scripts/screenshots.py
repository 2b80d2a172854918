#!/usr/bin/env python3
"""Screenshots of every page kind of the example site, at 360 and 1440 px, light and dark.

    python3 scripts/screenshots.py [--out docs/screenshots] [--binary .build/debug/vitrine]

Builds a copy of Site/ (in a temporary folder) whose image URLs point at a local image
server (coloured placeholders of each image's own size, as in the browser tests: no request
leaves the machine), serves it on 127.0.0.1, and saves one PNG per page kind, width and colour
scheme into --out: `<kind>-<width>-<scheme>.png`. A 1440 px shot is the first screen (1440×900);
a 360 px shot is the page from the top, cut at 2,400 px. Needs Chromium, chromedriver and
Selenium (scripts/setup.sh --tests installs them). CI runs it with --out in a temporary folder
to check that it still works; docs/screenshots.md lists the pictures it makes.
"""
from __future__ import annotations

import argparse
import base64
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.dont_write_bytecode = True
sys.path.insert(0, str(REPO / "Tests" / "browser"))

from browser import load_all_images, open_page, set_media, set_width  # noqa: E402
from conftest import ImageServer, Rewriter, SiteServer, make_driver  # noqa: E402

# (kind, page): one page of each kind the example site has.
PAGES = [
    ("home", "index.html"),
    ("gif-gallery", "cats/index.html"),
    ("movie-gallery", "popular/index.html"),
    ("book-list", "swift-books/index.html"),
    ("app-gallery", "apps/index.html"),
    ("favorites", "favorites/index.html"),
    ("gif-page", "items/giphy-9RiRgiCy2AHcyd3TAv/index.html"),
    ("movie-page", "items/tmdb-648700/index.html"),
    ("book-page", None),  # the first book the swift-books list shows
    ("app-page", "items/appstore-362057947/index.html"),
    ("content-page", "about/index.html"),
    ("not-found", "404.html"),
]
WIDTHS = (360, 1440)
SCHEMES = ("light", "dark")
PHONE_CUT = 2400
DESKTOP_HEIGHT = 900


def build(binary: Path, site: Path, work: Path, images: ImageServer) -> Path:
    source = work / "site"
    shutil.copytree(site, source, ignore=shutil.ignore_patterns("public", ".vitrine-*"))
    rewriter = Rewriter(images.base)
    for path in sorted((source / "data").glob("*.json")) + [source / "favorites.json"]:
        if path.exists():
            data = json.loads(path.read_text(encoding="utf-8"))
            rewriter.walk(data)
            path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    out = work / "public"
    result = subprocess.run([str(binary), "build", str(source), "--output", str(out), "--quiet"],
                            capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        sys.exit(f"screenshots: the build failed: {result.stderr.strip()}")
    return out


def first_book(out: Path) -> str:
    """The first book of the swift-books list (a book with its cover, as a visitor meets it)."""
    html = (out / "swift-books" / "index.html").read_text(encoding="utf-8")
    match = re.search(r'href="\.\./(items/books-[^/"]+/index\.html)"', html)
    if not match:
        sys.exit("screenshots: the example site's book list links no book page")
    return match[1]


def shoot(driver, url: str, width: int, scheme: str, path: Path) -> None:
    height = 800 if width < 500 else DESKTOP_HEIGHT
    set_width(driver, width, height)
    set_media(driver, prefers_color_scheme=scheme, prefers_reduced_motion="reduce")
    open_page(driver, url)
    load_all_images(driver)
    # Every video at its first frame, so the pictures do not depend on timing.
    driver.execute_script("document.querySelectorAll('video').forEach(function (v) { v.pause(); });")
    full = driver.execute_script("return Math.ceil(document.documentElement.scrollHeight);")
    clip_height = min(full, PHONE_CUT) if width < 500 else min(full, DESKTOP_HEIGHT)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": width, "height": clip_height, "scale": 1},
    })
    path.write_bytes(base64.b64decode(shot["data"]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "screenshots")
    parser.add_argument("--binary", type=Path, default=REPO / ".build" / "debug" / "vitrine")
    parser.add_argument("--site", type=Path, default=REPO / "Site")
    parser.add_argument("--only", nargs="*", help="page kinds to take (default: all)")
    args = parser.parse_args()
    if not args.binary.exists():
        sys.exit(f"screenshots: {args.binary} is missing: run `swift build` first")
    kinds = [k for k, _ in PAGES]
    unknown = [k for k in args.only or [] if k not in kinds]
    if unknown:
        sys.exit(f"screenshots: unknown page kind(s) {', '.join(unknown)}; known: {', '.join(kinds)}")

    images = ImageServer()
    images.httpd.handle_error = lambda *_: None  # a load the browser dropped is no news
    driver = make_driver()
    taken = []
    try:
        with tempfile.TemporaryDirectory(prefix="vitrine-shots-") as temp:
            out = build(args.binary.resolve(), args.site.resolve(), Path(temp), images)
            server = SiteServer(out, "/vitrine")
            # Stable pictures: page 1 only (no infinite scroll).
            driver.execute_cdp_cmd("Page.enable", {})
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                   {"source": "window.vitrineAutoLoad = false;"})
            args.out.mkdir(parents=True, exist_ok=True)
            try:
                for kind, page in PAGES:
                    if args.only and kind not in args.only:
                        continue
                    page = page or first_book(out)
                    for width in WIDTHS:
                        for scheme in SCHEMES:
                            path = args.out / f"{kind}-{width}-{scheme}.png"
                            shoot(driver, server.url(page), width, scheme, path)
                            if path.stat().st_size < 3000:
                                sys.exit(f"screenshots: {path} is nearly empty")
                            taken.append(path)
            finally:
                server.close()
    finally:
        driver.quit()
        images.close()
    total = sum(p.stat().st_size for p in taken)
    print(f"screenshots: {len(taken)} pictures, {total / 1e6:.1f} MB, in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
