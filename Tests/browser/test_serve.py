"""`vitrine serve` in Chromium: the star on an item page changes favorites.json through the
server, the page reloads with the new state, a refusal shows in the page, and an edit of a
content file reloads an open page. The server is the debug binary on 127.0.0.1, port 0,
over a temporary copy of the fixture site (images pointed at the local image server)."""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from browser import open_page, wait_for
from conftest import BINARY, REPO, Rewriter

STAR = "[data-item] [data-favorite]"


class Served:
    """`vitrine serve SITE --port 0` as a child process; the URL is read from its stdout."""

    def __init__(self, site: Path, log: Path, env: dict[str, str] | None = None):
        self.log = log.open("w")
        self.process = subprocess.Popen(
            [str(BINARY), "serve", str(site), "--port", "0", "--verbose"],
            stdout=subprocess.PIPE, stderr=self.log, stdin=subprocess.DEVNULL, text=True,
            env={**os.environ, **env} if env else None,
        )
        line: list[str] = []
        reader = threading.Thread(target=lambda: line.append(self.process.stdout.readline()), daemon=True)
        reader.start()
        reader.join(120)
        if not line or " at http://127.0.0.1:" not in line[0]:
            self.stop()
            pytest.fail(f"no URL from vitrine serve: {line!r}\n{log.read_text()}")
        self.url = line[0].strip().split(" at ", 1)[1]

    def stop(self) -> int:
        """Ctrl-C, as a user would; returns the exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        return self.process.returncode


def serve_copy(tmp_path: Path, images, favorites: list[dict] | None = None, env: dict[str, str] | None = None) -> Served:
    """Serves a copy of the fixture site (with `favorites` in favorites.json when given),
    its images pointed at the local image server."""
    if not BINARY.exists():
        pytest.fail(f"{BINARY} is missing: run `swift build` first")
    site = tmp_path / "site"
    shutil.copytree(REPO / "Tests" / "VitrineKitTests" / "Fixtures" / "site", site)
    if favorites is not None:
        (site / "favorites.json").write_text(json.dumps({"favorites": favorites}), encoding="utf-8")
    rewriter = Rewriter(images.base)
    for path in sorted((site / "data").glob("*.json")) + [site / "favorites.json"]:
        data = json.loads(path.read_text(encoding="utf-8"))
        rewriter.walk(data)
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    server = Served(site, tmp_path / "serve.log", env)
    server.site = site
    return server


@pytest.fixture
def served(tmp_path, images):
    server = serve_copy(tmp_path, images)
    yield server
    status = server.stop()
    assert status == 0, (tmp_path / "serve.log").read_text()


def favorite_ids(site: Path) -> list[str]:
    return [entry["id"] for entry in json.loads((site / "favorites.json").read_text(encoding="utf-8"))["favorites"]]


def wait_until(condition, timeout: float = 15) -> None:
    deadline = time.time() + timeout
    while not condition():
        if time.time() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.1)


def reloaded(driver) -> None:
    """Waits for the reload that follows a rebuild (the marker set before it disappears)."""
    wait_for(driver, "return window.__beforeReload !== true && document.readyState === 'complete'", 20)
    wait_for(driver, "return !!document.querySelector(arguments[0])", 10, STAR)


def test_star_toggles_the_favorite_and_the_page_reloads(driver, served):
    assert served.url.endswith("/fixture/")
    open_page(driver, served.url + "items/giphy-g1/")
    star = driver.find_element(By.CSS_SELECTOR, STAR)
    assert star.get_attribute("data-state") == "on"
    assert star.get_attribute("role") == "button"
    assert "giphy:g1" in favorite_ids(served.site)

    driver.execute_script("window.__beforeReload = true")
    star.click()
    wait_until(lambda: "giphy:g1" not in favorite_ids(served.site))
    reloaded(driver)
    assert driver.find_element(By.CSS_SELECTOR, STAR).get_attribute("data-state") == "off"

    driver.execute_script("window.__beforeReload = true")
    driver.find_element(By.CSS_SELECTOR, STAR).click()
    wait_until(lambda: "giphy:g1" in favorite_ids(served.site))
    reloaded(driver)
    assert driver.find_element(By.CSS_SELECTOR, STAR).get_attribute("data-state") == "on"


def test_the_limit_refusal_shows_in_the_page(driver, served):
    before = (served.site / "favorites.json").read_bytes()
    open_page(driver, served.url + "items/giphy-g3/")
    star = driver.find_element(By.CSS_SELECTOR, STAR)
    assert star.get_attribute("data-state") == "off"
    star.click()
    banner = wait_for(driver, "return document.querySelector('[data-vitrine-banner]:not([hidden])')")
    assert "favorites are full (3/3): remove one first" in banner.text
    assert star.get_attribute("data-state") == "off"
    assert (served.site / "favorites.json").read_bytes() == before


def test_a_cell_star_removes_from_the_gallery(driver, served):
    open_page(driver, served.url + "gifs/")
    cell_star = "[data-cell][data-id='giphy:g1'] button[data-vitrine-star]"
    button = wait_for(driver, "return document.querySelector(arguments[0])", 10, cell_star)
    assert button.get_attribute("data-state") == "on"
    button.click()
    wait_until(lambda: "giphy:g1" not in favorite_ids(served.site))
    assert driver.current_url == served.url + "gifs/"  # the click did not follow the cell's link
    wait_for(driver, "var b = document.querySelector(arguments[0]); return b && b.getAttribute('data-state') === 'off'", 20, cell_star)


def test_editing_content_reloads_the_open_page(driver, served):
    open_page(driver, served.url + "about/")
    wait_for(driver, "return !!document.querySelector('script[data-vitrine-token]')")
    time.sleep(0.5)  # the event stream is open
    driver.execute_script("window.__beforeReload = true")
    (served.site / "content" / "about.md").write_text("---\ntitle: About\n---\nEdited in the review session.\n", encoding="utf-8")
    wait_for(driver, "return window.__beforeReload !== true && document.body.textContent.indexOf('Edited in the review session.') >= 0", 20)
