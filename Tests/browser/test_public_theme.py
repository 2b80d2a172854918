"""Issue 37, public pages and the theme: a built site shows visitors only public things (no
off-star, no limit counter, no CLI hint) while `vitrine serve` adds the owner's tools in its
own layer; the small fixes (one <h1>, the 404 page under any path, one star a cell); the
failed-image state; a theme made one's own (`theme export`, custom.css)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from browser import open_page, wait_for
from conftest import REPO, Rewriter
from test_serve import Served

ADMIN = """
var off = document.querySelectorAll('[data-favorite][data-state=off]').length;
var counters = document.querySelectorAll('[data-favorites-count]').length;
var text = document.body.innerText;
return {off: off, counters: counters, hint: text.indexOf('vitrine favorites add') >= 0,
        counter: /\\b\\d+ \\/ \\d+\\b/.test(text)};
"""


def public_pages(site: Path) -> list[str]:
    """One page of each kind: home, a gallery, favorites, an item that is not a favorite, a
    favorite's page, a content page, the 404 page."""
    favorites = (site / "favorites" / "index.html").read_text(encoding="utf-8")
    gallery = (site / "cats" / "index.html").read_text(encoding="utf-8")
    picked = favorites.split('data-id="', 1)[1].split('"', 1)[0]
    others = [part.split('"', 1)[0] for part in gallery.split('data-id="')[1:]]
    other = next(i for i in others if f'data-id="{i}"' not in favorites)
    slug = lambda id: id.replace(":", "-")  # noqa: E731
    return ["", "cats/", "favorites/", f"items/{slug(other)}/", f"items/{slug(picked)}/", "about/", "404.html"]


def test_a_built_site_shows_no_admin_state(driver, server, site):
    for path in sorted(site.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        assert 'data-state="off"' not in html and "data-favorites-count" not in html, path
        assert "favorites add" not in html, path
    for page in public_pages(site):
        open_page(driver, server.url(page))
        state = driver.execute_script(ADMIN)
        assert state == {"off": 0, "counters": 0, "hint": False, "counter": False}, (page, state)
    # A favorite is marked as the owner's pick, on its cell and its page.
    open_page(driver, server.url(public_pages(site)[4]))
    star = driver.find_element(By.CSS_SELECTOR, "[data-item] [data-favorite]")
    assert star.get_attribute("data-state") == "on" and star.get_attribute("aria-label") == "Owner’s pick"


def serve_copy(tmp_path: Path, images, favorites: list[dict] | None = None) -> Served:
    site = tmp_path / "site"
    shutil.copytree(REPO / "Tests" / "VitrineKitTests" / "Fixtures" / "site", site)
    if favorites is not None:
        (site / "favorites.json").write_text(json.dumps({"favorites": favorites}), encoding="utf-8")
    rewriter = Rewriter(images.base)
    for path in sorted((site / "data").glob("*.json")) + [site / "favorites.json"]:
        data = json.loads(path.read_text(encoding="utf-8"))
        rewriter.walk(data)
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    served = Served(site, tmp_path / "serve.log")
    served.site = site
    return served


@pytest.fixture
def served_empty(tmp_path, images):
    served = serve_copy(tmp_path, images, favorites=[])
    yield served
    assert served.stop() == 0, (tmp_path / "serve.log").read_text()


@pytest.fixture
def served_full(tmp_path, images):
    served = serve_copy(tmp_path, images)
    yield served
    assert served.stop() == 0, (tmp_path / "serve.log").read_text()


def test_serve_shows_the_owners_tools(driver, served_empty):
    open_page(driver, served_empty.url)
    wait_for(driver, "return !!document.querySelector('[data-favorites-count]')")
    state = driver.execute_script(ADMIN)
    assert state["counters"] == 1 and state["hint"] and state["counter"], state
    assert driver.find_element(By.CSS_SELECTOR, "[data-favorites-count]").text == "0 / 3"
    open_page(driver, served_empty.url + "favorites/")
    wait_for(driver, "return !!document.querySelector('[data-favorites-count]')")
    assert driver.execute_script(ADMIN)["hint"]
    open_page(driver, served_empty.url + "items/giphy-g3/")
    star = driver.find_element(By.CSS_SELECTOR, "[data-item] [data-favorite]")
    assert star.get_attribute("data-state") == "off" and star.get_attribute("role") == "button"
    open_page(driver, served_empty.url + "gifs/")
    wait_for(driver, "return document.querySelectorAll('[data-cell] button[data-vitrine-star]').length"
                     " === document.querySelectorAll('[data-cell][data-id]').length")


def test_serve_shows_one_star_a_starred_cell(driver, served_full):
    open_page(driver, served_full.url + "gifs/")
    cell = "[data-cell][data-id='giphy:g1']"
    wait_for(driver, "return !!document.querySelector(arguments[0])", 10, cell + " button[data-vitrine-star]")
    visible = driver.execute_script(
        "return Array.prototype.filter.call(document.querySelector(arguments[0]).querySelectorAll('*'), function (e) {"
        "  return e.children.length === 0 && e.textContent.trim() === '★' && e.getClientRects().length > 0; }).length;", cell)
    assert visible == 1
    assert driver.find_element(By.CSS_SELECTOR, cell + " button[data-vitrine-star]").get_attribute("data-state") == "on"
