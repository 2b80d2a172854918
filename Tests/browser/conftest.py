"""Fixtures for the browser tests: a copy of the example site whose images are served
locally, the built site served over http, and one headless Chromium for the session.

Hermetic: everything is written under pytest's temporary folder, both servers listen on
127.0.0.1 with a port chosen by the system, and no request leaves the machine.
"""
from __future__ import annotations

import sys

sys.dont_write_bytecode = True  # no __pycache__ for the test modules in the working tree

import functools
import http.server
import json
import os
import re
import shutil
import struct
import subprocess
import threading
import zlib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BINARY = REPO / ".build" / "debug" / "vitrine"
CHROME = os.environ.get("VITRINE_CHROME", "/usr/lib/chromium/chromium")
CHROMEDRIVER = os.environ.get("VITRINE_CHROMEDRIVER", "/usr/bin/chromedriver")
WIDTHS = (360, 768, 1440)

# Sizes for images whose snapshot gives none (book thumbnails): various aspect ratios.
UNSIZED = [(128, 192), (128, 170), (120, 200), (160, 120), (96, 96)]


# ── Images ───────────────────────────────────────────────────────────────────


def png_bytes(width: int, height: int, seed: int) -> bytes:
    """A minimal truecolour PNG: a coloured field with a dark 2 px frame and a diagonal, so
    the aspect ratio is visible in screenshots."""
    r, g, b = (seed * 67) % 200 + 40, (seed * 131) % 200 + 40, (seed * 29) % 200 + 40
    fill = bytes((r, g, b))
    frame = b"\x20\x20\x28"
    rows = []
    for y in range(height):
        if y < 2 or y >= height - 2:
            row = frame * width
        else:
            row = bytearray(frame * 2 + fill * (width - 4) + frame * 2)
            x = int(y * width / height)
            if 2 <= x < width - 2:
                row[x * 3 : x * 3 + 3] = frame
            row = bytes(row)
        rows.append(b"\x00" + row)
    raw = zlib.compress(b"".join(rows), 6)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


IMAGE_PATH = re.compile(r"^/img/(\d+)x(\d+)/(\d+)-[a-z]+\.(png|gif|jpg|webp)$")
VIDEO_PATH = re.compile(r"^/video/(\d+)x(\d+)/(\d+)\.mp4$")


class ImageServer:
    """Serves /img/<w>x<h>/<n>-<role>.<ext> as a PNG of exactly w×h, and /video/<w>x<h>/<n>.mp4
    as `video` (a real mp4 recorded in the test browser, with Range support); records every
    request."""

    def __init__(self):
        self.requests: list[str] = []
        self.cache: dict[str, bytes] = {}
        self.videos: dict[str, bytes] = {}
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def send_video(self, size):
                body = server.videos.get(size) or next(iter(server.videos.values()))
                start, end = 0, len(body) - 1
                ranged = re.match(r"bytes=(\d*)-(\d*)$", self.headers.get("Range", ""))
                if ranged and ranged[1]:
                    start = int(ranged[1])
                    end = min(int(ranged[2]), end) if ranged[2] else end
                self.send_response(206 if ranged else 200)
                self.send_header("Content-Type", "video/mp4")
                self.send_header("Accept-Ranges", "bytes")
                if ranged:
                    self.send_header("Content-Range", f"bytes {start}-{end}/{len(body)}")
                self.send_header("Content-Length", str(end - start + 1))
                self.send_header("Access-Control-Allow-Origin", "*")
                self.end_headers()
                self.wfile.write(body[start:end + 1])

            def do_GET(self):  # noqa: N802
                server.requests.append(self.path)
                video = VIDEO_PATH.match(self.path.split("?")[0])
                if video and server.videos:
                    self.send_video(f"{video[1]}x{video[2]}")
                    return
                match = IMAGE_PATH.match(self.path.split("?")[0])
                if not match:
                    self.send_error(404)
                    return
                w, h, n = int(match[1]), int(match[2]), int(match[3])
                body = server.cache.get(self.path)
                if body is None:
                    body = server.cache[self.path] = png_bytes(w, h, n)
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "max-age=3600")
                self.send_header("Access-Control-Allow-Origin", "*")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        self.base = f"http://127.0.0.1:{self.port}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class Rewriter:
    """Points every image URL of a snapshot at the image server, keeping declared sizes."""

    def __init__(self, base: str):
        self.base = base
        self.count = 0
        self.unsized = 0

    def url(self, w: int, h: int, role: str, ext: str = "png") -> str:
        self.count += 1
        return f"{self.base}/img/{w}x{h}/{self.count}-{role}.{ext}"

    def image(self, node: dict, role: str) -> None:
        w, h = node.get("width"), node.get("height")
        if not (isinstance(w, int) and isinstance(h, int)):
            w, h = UNSIZED[self.unsized % len(UNSIZED)]
            self.unsized += 1
        node["url"] = self.url(w, h, role)

    def walk(self, node, key: str = "") -> None:
        if isinstance(node, dict):
            if isinstance(node.get("url"), str) and key not in ("",):
                self.image(node, re.sub(r"[^a-z]", "", key.lower()) or "image")
            gif = node.get("gif") if isinstance(node.get("gif"), dict) else None
            for k, v in node.items():
                self.walk(v, k)
            if gif:
                animated = gif.get("animated") or node.get("image") or {}
                w, h = animated.get("width", 200), animated.get("height", 200)
                if isinstance(gif.get("webp"), str):
                    gif["webp"] = self.url(w, h, "webp", "webp")
                if isinstance(gif.get("mp4"), str):
                    self.count += 1
                    gif["mp4"] = f"{self.base}/video/{w}x{h}/{self.count}.mp4"  # a video of that size
        elif isinstance(node, list):
            for v in node:
                self.walk(v, key)


class SiteServer:
    """Serves a built site at / and also under `prefix`, the path of its baseURL
    (404.html links from there)."""

    def __init__(self, root: Path, prefix: str = "/vitrine"):
        handler = functools.partial(_QuietFiles, directory=str(root), prefix=prefix)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def url(self, path: str = "") -> str:
        return f"{self.base}/{path}"

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class _QuietFiles(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args, prefix: str = "", **kwargs):
        self.prefix = prefix
        super().__init__(*args, **kwargs)

    def translate_path(self, path):
        if self.prefix and (path == self.prefix or path.startswith(self.prefix + "/")):
            path = path[len(self.prefix):] or "/"
        return super().translate_path(path)

    def log_message(self, *args):
        pass


# ── Fixtures ─────────────────────────────────────────────────────────────────


# Records mp4s of a moving square from canvases (Chromium's MediaRecorder writes mp4), one
# per size a snapshot gives a GIF, all at once: GIPHY's mp4 renditions are served as these,
# so GIF pages play a real video of the GIF's own size.
RECORD_VIDEOS = """
var sizes = arguments[0], done = arguments[arguments.length - 1], result = {}, left = sizes.length;
sizes.forEach(function (size) {
  var canvas = document.createElement('canvas'); canvas.width = size[0]; canvas.height = size[1];
  var g = canvas.getContext('2d'), frame = 0;
  var timer = setInterval(function () {
    g.fillStyle = '#3a45c4'; g.fillRect(0, 0, size[0], size[1]);
    g.fillStyle = '#ffcc00'; g.fillRect((frame++ * 8) % size[0], size[1] / 3, size[1] / 4, size[1] / 4);
  }, 33);
  var recorder = new MediaRecorder(canvas.captureStream(30), {mimeType: 'video/mp4'});
  var chunks = [];
  recorder.ondataavailable = function (e) { chunks.push(e.data); };
  recorder.onstop = function () {
    clearInterval(timer);
    var reader = new FileReader();
    reader.onload = function () {
      result[size[0] + 'x' + size[1]] = reader.result.split(',')[1];
      if (--left === 0) done(result);
    };
    reader.readAsDataURL(new Blob(chunks, {type: 'video/mp4'}));
  };
  recorder.start();
  setTimeout(function () { recorder.stop(); }, 1500);
});
"""


def gif_sizes() -> list[list[int]]:
    """Every (even-rounded) size a GIF's animation has in the sites the tests build."""
    sizes = set()
    folders = [REPO / "Site" / "data", REPO / "Tests" / "VitrineKitTests" / "Fixtures" / "site" / "data"]
    for path in [p for folder in folders for p in folder.glob("*.json")]:
        for item in json.loads(path.read_text(encoding="utf-8")).get("items", []):
            gif = item.get("gif") if isinstance(item, dict) else None
            if not isinstance(gif, dict):
                continue
            picture = gif.get("animated") or item.get("image") or {}
            w, h = picture.get("width", 200), picture.get("height", 200)
            if isinstance(w, int) and isinstance(h, int) and 0 < w <= 2000 and 0 < h <= 2000:
                sizes.add((w, h))
    return [list(size) for size in sorted(sizes)] or [[200, 200]]


@pytest.fixture(scope="session")
def images(driver):
    import base64

    server = ImageServer()
    driver.get("about:blank")
    missing = gif_sizes()
    for _ in range(4):  # a loaded machine may drop a recording: those sizes are recorded again
        recorded = {}
        for batch in range(0, len(missing), 4):  # a few encoders at a time
            recorded.update(driver.execute_async_script(RECORD_VIDEOS, missing[batch:batch + 4]))
        server.videos.update({size: data for size, data in
                              ((size, base64.b64decode(text)) for size, text in recorded.items()) if len(data) > 500})
        missing = [size for size in missing if f"{size[0]}x{size[1]}" not in server.videos]
        if not missing:
            break
    assert not missing, f"no video recorded for {missing}"
    yield server
    server.close()


def build_copy(tmp_path_factory, images, source_site: Path, name: str, edit=None) -> Path:
    """Copies a site into a temporary folder with its image URLs pointed at the local image
    server (`edit(source)` may change the copy further), builds it with the debug binary and
    returns the output folder."""
    if not BINARY.exists():
        pytest.fail(f"{BINARY} is missing: run `swift build` first")
    work = tmp_path_factory.mktemp(name)
    source = work / "site"
    shutil.copytree(source_site, source, ignore=shutil.ignore_patterns("public", ".vitrine-*"))
    if edit:
        edit(source)
    rewriter = Rewriter(images.base)
    for path in sorted((source / "data").glob("*.json")) + [source / "favorites.json"]:
        if not path.exists():
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        rewriter.walk(data)
        if path.name == "apps.json" and data.get("items"):
            # App Store descriptions run long; the example's are short. Make one long enough
            # to fold (the fold test), as a real one would be.
            app = data["items"][0]["app"]
            app["description"] = "\n\n".join([app.get("description", "")] + [
                f"Paragraph {n}: a longer description, as the App Store gives them." for n in range(1, 9)])
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    out = work / "public"
    result = subprocess.run(
        [str(BINARY), "build", str(source), "--output", str(out), "--quiet"],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="session")
def site(tmp_path_factory, images) -> Path:
    """The example site, with local image URLs, built with the debug binary."""

    def three_pages_of_cats(source: Path) -> None:
        # 24 cats, 8 a page: More has a next page to move on to.
        config = (source / "site.yml").read_text(encoding="utf-8")
        config = config.replace("    query: cats\n    limit: 24\n", "    query: cats\n    limit: 24\n    perPage: 8\n")
        assert "perPage: 8" in config
        (source / "site.yml").write_text(config, encoding="utf-8")

    out = build_copy(tmp_path_factory, images, REPO / "Site", "example", three_pages_of_cats)
    assert (out / "cats" / "page" / "3" / "index.html").exists()
    for name in ("cats", "popular", "swift-books", "apps", "favorites"):
        assert (out / name / "index.html").exists(), name
    html = (out / "cats" / "index.html").read_text(encoding="utf-8")
    assert images.base in html and "giphy.com/media" not in html, "image URLs were not rewritten"
    return out


@pytest.fixture(scope="session")
def korean_site(tmp_path_factory, images) -> Path:
    """The example site in Korean (`language: ko`), 8 cells a page so its galleries have
    several pages: the Korean fixture of the i18n, filter and screenshot tests."""

    def korean(source: Path) -> None:
        config = (source / "site.yml").read_text(encoding="utf-8")
        config = config.replace("language: en\n", "language: ko\n").replace("perPage: 12 ", "perPage: 8 ")
        assert "language: ko" in config and "perPage: 8" in config
        (source / "site.yml").write_text(config, encoding="utf-8")

    out = build_copy(tmp_path_factory, images, REPO / "Site", "korean", korean)
    assert (out / "cats" / "page" / "3" / "index.html").exists()
    return out


@pytest.fixture(scope="session")
def korean_server(korean_site):
    s = SiteServer(korean_site, "/korean")
    yield s
    s.close()


@pytest.fixture(scope="session")
def no_base_url_site(tmp_path_factory, images) -> Path:
    """The example site without `baseURL`."""

    def without(source: Path) -> None:
        config = (source / "site.yml").read_text(encoding="utf-8")
        lines = [line for line in config.splitlines(keepends=True) if not line.startswith("baseURL:")]
        (source / "site.yml").write_text("".join(lines), encoding="utf-8")

    return build_copy(tmp_path_factory, images, REPO / "Site", "nobase", without)


@pytest.fixture(scope="session")
def fixture_site(tmp_path_factory, images) -> Path:
    """The unit tests' fixture site: hostile strings everywhere, `lang=ko`, an empty gallery."""
    out = build_copy(tmp_path_factory, images, REPO / "Tests" / "VitrineKitTests" / "Fixtures" / "site", "fixture")
    assert (out / "nothing" / "index.html").exists()
    return out


@pytest.fixture(scope="session")
def server(site):
    s = SiteServer(site, "/vitrine")
    yield s
    s.close()


@pytest.fixture(scope="session")
def fixture_server(fixture_site):
    s = SiteServer(fixture_site, "/fixture")
    yield s
    s.close()


def gallery_pages(site: Path) -> list[str]:
    """Every built page with a grid: all gallery pages, favorites, the home page."""
    pages = []
    for path in sorted(site.rglob("index.html")):
        rel = path.relative_to(site).as_posix()
        if rel.startswith("items/"):
            continue
        if "data-grid" in path.read_text(encoding="utf-8"):
            pages.append(rel)
    return pages


def make_driver():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROME
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--window-size=1440,1000", "--no-first-run",
                 "--disable-extensions", "--disable-background-networking",
                 "--allow-file-access-from-files"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    return driver


@pytest.fixture(scope="session")
def driver():
    d = make_driver()
    yield d
    d.quit()
