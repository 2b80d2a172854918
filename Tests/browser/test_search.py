"""`vitrine serve`'s search page in Chromium (issue 36): results as you type from an
in-process stub of GIPHY (the key set only in the serve process's environment), trending
for an empty field, the next API page by scrolling, an item in the site's dialog, its star
into favorites.json and onto the reloaded favorites page, the 401 and 429 error states, and
no key anywhere the browser can see. The stub listens on 127.0.0.1, port 0."""
from __future__ import annotations

import base64
import http.server
import json
import os
import shutil
import threading
import time
import urllib.request
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import load_all_images, open_page, set_media, set_width, wait_for
from test_serve import favorite_ids, serve_copy, wait_until

KEY = "stubkeyA1b2C3d4E5f6G7h8"
LATENCY = 0.15  # the stub's answer time, in seconds
TOTAL = 60  # results of any search

# Every answer the page's scripts receive, recorded before any page script runs.
RECORD = """
window.__responses = [];
(function () {
  var fetch = window.fetch;
  window.fetch = function () {
    return fetch.apply(this, arguments).then(function (response) {
      response.clone().text().then(function (text) { window.__responses.push(text); }, function () {});
      return response;
    });
  };
})();
"""


class StubGiphy:
    """GIPHY's search, trending and by-id endpoints: `TOTAL` GIFs per query, images on the
    image server; the query `unauthorized` answers 401, `limited` 429 (Retry-After 1 h)."""

    def __init__(self, images_base: str):
        self.requests: list[dict] = []
        stub = self

        def gif(query: str, n: int) -> dict:
            slug = "".join(c for c in query if c.isalnum()) or "trend"
            w, h = [(200, 150), (200, 260), (200, 200)][n % 3]
            image = f"{images_base}/img/{w}x{h}/{n}-gif.gif"
            still = f"{images_base}/img/{w}x{h}/{n}-still.png"
            return {
                "type": "gif", "id": f"{slug}{n}", "title": f"{query or 'Trending'} GIF {n}", "rating": "g",
                "username": "", "url": f"https://giphy.example/gifs/{slug}{n}",
                "images": {
                    "fixed_width": {"url": image, "width": str(w), "height": str(h)},
                    "fixed_width_still": {"url": still, "width": str(w), "height": str(h)},
                    "original": {"url": image, "width": str(w), "height": str(h)},
                    "original_still": {"url": still, "width": str(w), "height": str(h)},
                },
            }

        class Handler(http.server.BaseHTTPRequestHandler):
            def answer(self, status: int, body: dict, headers: dict | None = None):
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):  # noqa: N802
                url = urlsplit(self.path)
                query = {k: v[0] for k, v in parse_qs(url.query, keep_blank_values=True).items()}
                stub.requests.append({"path": url.path, **query})
                time.sleep(LATENCY)
                if query.get("api_key") != KEY:
                    return self.answer(401, {"data": [], "meta": {"status": 401, "msg": "Unauthorized", "response_id": ""}})
                if url.path.startswith("/v1/gifs/") and url.path not in ("/v1/gifs/search", "/v1/gifs/trending"):
                    gid = url.path.rsplit("/", 1)[1]
                    digits = "".join(c for c in gid if c.isdigit()) or "0"
                    item = gif(gid.rstrip("0123456789"), int(digits))
                    item["id"] = gid
                    return self.answer(200, {"data": item, "meta": {"status": 200, "msg": "OK", "response_id": "r"}})
                text = query.get("q", "")
                if text == "unauthorized":
                    return self.answer(401, {"data": [], "meta": {"status": 401, "msg": "Unauthorized", "response_id": ""}})
                if text == "limited":
                    return self.answer(429, {"message": "API rate limit exceeded"}, {"Retry-After": "3600"})
                if text == "slow":
                    time.sleep(1.5)
                offset, limit = int(query.get("offset", "0")), int(query.get("limit", "24"))
                gifs = [gif(text, n) for n in range(offset, min(offset + limit, TOTAL))]
                self.answer(200, {
                    "data": gifs, "pagination": {"total_count": TOTAL, "count": len(gifs), "offset": offset},
                    "meta": {"status": 200, "msg": "OK", "response_id": "r"},
                })

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def giphy(images):
    stub = StubGiphy(images.base)
    yield stub
    stub.close()


@pytest.fixture
def searching(tmp_path, images, giphy, driver):
    """Serves a copy of the fixture site with no favorites, GIPHY at the stub, the key in
    serve's environment only; every page records the answers its scripts fetch."""
    env = {"GIPHY_API_KEY": KEY, "VITRINE_GIPHY_URL": giphy.base}
    server = serve_copy(tmp_path, images, favorites=[], env=env)
    script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD})["identifier"]
    set_width(driver, 1440, 900)
    yield server
    driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script})
    status = server.stop()
    assert status == 0, (tmp_path / "serve.log").read_text()


def search_url(server) -> str:
    return server.url + "_vitrine/search"


def cell_ids(driver) -> list[str]:
    return driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('[data-search-results] [data-cell]'),"
        " function (c) { return c.getAttribute('data-id'); })")


def no_key_seen(driver, server) -> None:
    assert KEY not in driver.page_source
    responses = driver.execute_script("return window.__responses || []")
    assert responses, "the page fetched nothing"
    assert not any(KEY in text for text in responses)


def test_typing_searches_and_scrolling_pages(driver, searching, giphy):
    open_page(driver, search_url(searching))
    # The bar of every served page links here.
    assert driver.find_element(By.CSS_SELECTOR, "[data-vitrine-bar] a[data-vitrine-search-link]")
    # Empty GIPHY field: trending.
    wait_for(driver, "return document.querySelectorAll('[data-search-results] [data-cell]').length === 24", 10)
    assert cell_ids(driver)[0] == "giphy:trend0"
    assert any(r["path"] == "/v1/gifs/trending" for r in giphy.requests)
    grid = driver.find_element(By.CSS_SELECTOR, "[data-search-results]")
    assert grid.get_attribute("data-grid") is not None

    field = driver.find_element(By.CSS_SELECTOR, "[data-search-query]")
    field.send_keys("cats")
    typed = time.time()
    wait_for(driver, "var c = document.querySelector('[data-search-results] [data-cell]');"
                     " return c && c.getAttribute('data-id') === 'giphy:cats0'", 10)
    elapsed = time.time() - typed
    # One debounce (0.3 s) plus the stub's latency, with room for a loaded machine.
    assert elapsed < 0.3 + LATENCY + 1.2, elapsed
    searched = [r for r in giphy.requests if r["path"] == "/v1/gifs/search"]
    assert [r["q"] for r in searched] == ["cats"], "one request for the whole word (debounced)"
    assert "?source=giphy&q=cats" in driver.current_url
    count = driver.find_element(By.CSS_SELECTOR, "[data-search-count]").text
    assert count == "24 of 60", count

    # Scrolling to the end loads the next API page.
    driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    wait_for(driver, "return document.querySelectorAll('[data-search-results] [data-cell]').length === 48", 10)
    assert searched[-1]["offset"] == "0"
    assert [r["offset"] for r in giphy.requests if r["path"] == "/v1/gifs/search"][-1] == "24"
    assert driver.find_element(By.CSS_SELECTOR, "[data-search-count]").text == "48 of 60"

    # Reloading keeps the search (the URL has it).
    open_page(driver, driver.current_url)
    wait_for(driver, "var c = document.querySelector('[data-search-results] [data-cell]');"
                     " return c && c.getAttribute('data-id') === 'giphy:cats0'", 10)
    assert driver.find_element(By.CSS_SELECTOR, "[data-search-query]").get_attribute("value") == "cats"
    no_key_seen(driver, searching)


def test_a_stale_request_is_cancelled(driver, searching, giphy):
    open_page(driver, search_url(searching))
    wait_for(driver, "return document.querySelectorAll('[data-search-results] [data-cell]').length === 24", 10)
    field = driver.find_element(By.CSS_SELECTOR, "[data-search-query]")
    field.send_keys("slow")
    wait_until(lambda: any(r.get("q") == "slow" for r in giphy.requests), 5)
    answered = len(driver.execute_script("return window.__responses"))
    field.send_keys("er")  # while "slow" is still being answered
    wait_for(driver, "var c = document.querySelector('[data-search-results] [data-cell]');"
                     " return c && c.getAttribute('data-id') === 'giphy:slower0'", 10)
    time.sleep(1.6)  # past the moment "slow" is answered
    responses = driver.execute_script("return window.__responses")[answered:]
    assert len(responses) == 1 and '"query":"slower"' in responses[0], [r[:80] for r in responses]
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-cell][data-id='giphy:slow0']")


def test_an_item_opens_in_the_dialog_and_its_star_adds_it_to_favorites(driver, searching, giphy):
    open_page(driver, search_url(searching) + "?source=giphy&q=cats")
    wait_for(driver, "return document.querySelectorAll('[data-search-results] [data-cell]').length === 24", 10)
    driver.find_element(By.CSS_SELECTOR, "[data-search-results] [data-cell][data-id='giphy:cats1'] a").click()
    dialog = wait_for(driver, "var d = document.querySelector('dialog[open]');"
                              " return d && d.querySelector('[data-item][data-id=\"giphy:cats1\"]') ? d : null", 10)
    # The GIF inside its 160×160 box, aspect kept (200×260 → 123×160).
    wait_for(driver, "var i = document.querySelector('dialog[open] [data-item] img');"
                     " return i && i.complete && i.naturalWidth > 0", 10)
    box = driver.execute_script(
        "var i = document.querySelector('dialog[open] [data-item] img'); var r = i.getBoundingClientRect();"
        " return [r.width, r.height, i.naturalWidth, i.naturalHeight, getComputedStyle(i).objectFit];")
    width, height, natural_w, natural_h, fit = box
    assert width <= 160.5 and height <= 160.5, box
    # Drawn with its aspect ratio: the box's own, or `object-fit: contain` inside it.
    assert fit in ("contain", "scale-down") or abs(width / height - natural_w / natural_h) < 0.02 * (natural_w / natural_h), box

    star = wait_for(driver, "return document.querySelector('dialog[open] [data-item] [data-favorite][data-vitrine-star]')", 10)
    assert star.get_attribute("data-state") == "off"
    star.click()
    wait_until(lambda: "giphy:cats1" in favorite_ids(searching.site), 20)
    assert any(r["path"] == "/v1/gifs/cats1" for r in giphy.requests), "looked up by id for its snapshot"
    # The served site rebuilds; the favorites page lists it.
    wait_for(driver, "return document.readyState === 'complete'", 20)
    deadline = time.time() + 20
    while True:
        open_page(driver, searching.url + "favorites/")
        if driver.find_elements(By.CSS_SELECTOR, "[data-cell][data-id='giphy:cats1']"):
            break
        assert time.time() < deadline, "the favorites page never listed the new favorite"
        time.sleep(0.5)


def test_a_full_favorites_list_shows_the_limit_warning(driver, tmp_path, images, giphy):
    # The fixture's favorites: 3 of a limit of 3.
    server = serve_copy(tmp_path, images, env={"GIPHY_API_KEY": KEY, "VITRINE_GIPHY_URL": giphy.base})
    try:
        before = (server.site / "favorites.json").read_bytes()
        open_page(driver, search_url(server) + "?source=giphy&q=dogs")
        star = wait_for(driver, "return document.querySelector(\"[data-cell][data-id='giphy:dogs2'] button[data-vitrine-star]\")", 10)
        star.click()
        banner = wait_for(driver, "return document.querySelector('[data-vitrine-banner]:not([hidden])')", 10)
        assert "favorites are full (3/3)" in banner.text
        assert star.get_attribute("data-state") == "off"
        assert (server.site / "favorites.json").read_bytes() == before
    finally:
        assert server.stop() == 0


def test_keep_this_search_as_a_gallery(driver, searching):
    open_page(driver, search_url(searching) + "?source=giphy&q=dogs")
    wait_for(driver, "return document.querySelectorAll('[data-search-results] [data-cell]').length === 24", 10)
    driver.find_element(By.CSS_SELECTOR, "[data-search-keep]").click()
    link = wait_for(driver, "return document.querySelector('[data-search-kept] a')", 10)
    assert link.get_attribute("href") == searching.url + "dogs/"
    text = (searching.site / "site.yml").read_text(encoding="utf-8")
    assert text.endswith('  - name: dogs\n    title: "dogs"\n    source: giphy\n    query: "dogs"\n'), text[-200:]
    # The rebuild fetches the new gallery and stores its snapshot; the page is served.
    wait_until(lambda: (searching.site / "data" / "dogs.json").exists(), 20)


def test_error_states_for_401_and_429(driver, searching):
    open_page(driver, search_url(searching) + "?source=giphy&q=unauthorized")
    box = wait_for(driver, "var e = document.querySelector('[data-search-error]'); return e && !e.hidden ? e : null", 10)
    assert box.get_attribute("data-error-kind") == "unauthorized"
    assert "GIPHY_API_KEY" in box.text
    assert box.get_attribute("role") == "alert"

    field = driver.find_element(By.CSS_SELECTOR, "[data-search-query]")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("limited")
    wait_for(driver, "var e = document.querySelector('[data-search-error]');"
                     " return e && !e.hidden && e.getAttribute('data-error-kind') === 'rate-limited'", 10)
    text = driver.find_element(By.CSS_SELECTOR, "[data-search-error]").text
    assert "wait until 20" in text, text
    no_key_seen(driver, searching)


def test_keyboard_only_and_no_key_in_the_served_site(driver, searching):
    open_page(driver, search_url(searching))
    wait_for(driver, "return document.querySelectorAll('[data-search-results] [data-cell]').length > 0", 10)
    # Tab reaches the source switch and the field; arrow keys change the source.
    source = driver.find_element(By.CSS_SELECTOR, "[data-search-source]")
    source.send_keys(Keys.ARROW_DOWN)
    wait_for(driver, "return document.querySelector('[data-search-source]').value === 'tmdb'", 5)
    assert "source=tmdb" in driver.current_url
    assert driver.find_element(By.CSS_SELECTOR, "[data-search-options='tmdb']").is_displayed()
    # Back to GIPHY; Tab from the field reaches the results, Enter opens one in the dialog.
    source.send_keys(Keys.ARROW_UP)
    wait_for(driver, "return document.querySelectorAll('[data-search-results] [data-cell] a').length === 24", 10)
    driver.find_element(By.CSS_SELECTOR, "[data-search-query]").click()
    active = driver.switch_to.active_element
    for _ in range(6):
        active.send_keys(Keys.TAB)
        active = driver.switch_to.active_element
        if driver.execute_script("return !!arguments[0].closest('[data-search-results] [data-cell]')", active):
            break
    assert driver.execute_script("return !!arguments[0].closest('[data-search-results] [data-cell]')", active)
    if active.tag_name == "button":  # the cell's star comes first: the next Tab is its link
        active.send_keys(Keys.TAB)
        active = driver.switch_to.active_element
    active.send_keys(Keys.ENTER)
    wait_for(driver, "return !!document.querySelector('dialog[open] [data-item]')", 10)
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait_for(driver, "return !document.querySelector('dialog[open]')", 5)
    # No key in any page of the served site, its scripts, or the API's answers.
    for path in ["", "gifs/", "favorites/", "_vitrine/search", "items/giphy-g1/"]:
        with urllib.request.urlopen(searching.url + path) as response:
            assert KEY not in response.read().decode("utf-8", "replace"), path
    origin = searching.url.split("/fixture/")[0]
    for path in ["/_vitrine/live.js", "/_vitrine/search.js", "/_vitrine/search.css"]:
        with urllib.request.urlopen(origin + path) as response:
            assert KEY not in response.read().decode(), path


def test_axe_on_the_search_page(driver, searching):
    from test_quality import axe_source

    source = axe_source()
    if source is None:
        pytest.skip("axe-core is not installed")
    open_page(driver, search_url(searching) + "?source=giphy&q=cats")
    wait_for(driver, "return document.querySelectorAll('[data-search-results] [data-cell] button[data-vitrine-star]').length === 24", 10)
    # Over the page as it is: the bar, the form, the results with their stars.
    driver.execute_script(source)
    results = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(function (r) { done(r.violations); },"
        " function (e) { done([{id: String(e), impact: 'critical', nodes: []}]); });")
    serious = [(v["id"], [n["target"] for n in v["nodes"][:3]]) for v in results if v["impact"] in ("serious", "critical")]
    assert not serious, serious


def test_screenshot_of_the_search_page(driver, searching, tmp_path):
    keep = os.environ.get("VITRINE_SCREENSHOTS")
    set_media(driver, prefers_reduced_motion="reduce", prefers_color_scheme="light")
    set_width(driver, 1440, 900)
    open_page(driver, search_url(searching) + "?source=giphy&q=cats")
    wait_for(driver, "return document.querySelectorAll('[data-search-results] [data-cell]').length === 24", 10)
    load_all_images(driver)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})
    path = tmp_path / "search.png"
    path.write_bytes(base64.b64decode(shot["data"]))
    assert path.stat().st_size > 5000
    if keep:
        (Path(keep) / "screenshots").mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(keep) / "screenshots" / "search.png")
    set_media(driver)
