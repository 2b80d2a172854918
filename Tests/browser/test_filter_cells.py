"""Find as you type keeps what a cell shows: a filtered cell is drawn from the gallery's
filter index by vitrine-filter.js, and carries what the page's own cell carries — its
data-id, the owner's stars and tags (favorites), a list row's byline (a movie's year), and
the "New" badge of an item the last refresh added. The owner's tags are matched too. The
example site, with favorites annotated and shown in a favorites gallery, and a hand-written
change record for cats."""
import json
from pathlib import Path

import pytest

from browser import console_errors, open_page, set_width, wait_for
from conftest import REPO, SiteServer, build_copy

ANNOTATED = {
    "giphy:9RiRgiCy2AHcyd3TAv": {"rating": 4.5, "tags": ["read", "zebrafinch"]},
    "tmdb:550": {"rating": 3, "tags": ["read"]},
}

# What a cell shows, for comparing a page's cell with the filter's: its id, whether it is
# new, and each element of its caption and its badge by class and text.
SIGNATURE = """
function signature(cell) {
  var parts = Array.prototype.map.call(cell.querySelectorAll('.cell__caption *, [data-new-badge]'), function (el) {
    return [el.getAttribute('class') || '', el.getAttribute('aria-hidden') || '', el.getAttribute('data-owner-rating') || '',
            el.textContent.replace(/\\s+/g, ' ').trim()];
  });
  return {id: cell.getAttribute('data-id'), isNew: cell.hasAttribute('data-new'), parts: parts};
}
"""


@pytest.fixture(scope="module")
def filter_site(tmp_path_factory, images):
    added = {}

    def edit(source: Path) -> None:
        path = source / "favorites.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        for entry in data["favorites"]:
            entry.update(ANNOTATED.get(entry["id"], {}))
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        config = (source / "site.yml").read_text(encoding="utf-8")
        (source / "site.yml").write_text(config + "  - name: mine\n    title: Mine\n    source: favorites\n", encoding="utf-8")
        items = json.loads((source / "data" / "cats.json").read_text(encoding="utf-8"))["items"]
        new = [items[2]]
        added.update({i["id"]: i["title"] for i in new})
        record = {
            "format": "vitrine-changes/1", "gallery": "cats",
            "refreshes": [
                {"at": "2026-11-20T09:00:00Z", "added": [{"id": i["id"], "title": i["title"]} for i in items if i not in new],
                 "removed": [], "initial": True},
                {"at": "2026-11-27T09:00:00Z", "added": [{"id": k, "title": v} for k, v in added.items()], "removed": []},
            ],
            "firstSeen": [{"id": i["id"], "at": "2026-11-27T09:00:00Z" if i in new else "2026-11-20T09:00:00Z"} for i in items],
        }
        (source / "data" / "cats.changes.json").write_text(json.dumps(record, indent=1), encoding="utf-8")

    out = build_copy(tmp_path_factory, images, REPO / "Site", "filtercells", edit)
    server = SiteServer(out, "/filtercells")
    yield server, added
    server.close()


def page_cells(driver):
    return {c["id"]: c for c in driver.execute_script(SIGNATURE + "return Array.prototype.map.call(document.querySelectorAll('[data-grid]:not([data-filter-results]) [data-cell]'), signature);")}


def filtered(driver, query):
    wait_for(driver, "return document.querySelector('[data-filter][data-ready]') !== null")
    driver.execute_script(
        "document.querySelector('[data-filter-status]').textContent = '';"
        "var input = document.querySelector('[data-filter-input]'); input.value = arguments[0];"
        "input.dispatchEvent(new Event('input', {bubbles: true}));", query)
    wait_for(driver, "return document.querySelector('[data-filter-status]').textContent.trim() !== ''")
    cells = driver.execute_script(SIGNATURE + "return Array.prototype.map.call(document.querySelectorAll('[data-filter-results] [data-cell]'), signature);")
    titles = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('[data-filter-results] .cell__title'), function (t) { return t.textContent; });")
    return cells, titles


def test_a_filtered_favorite_keeps_its_stars_tags_byline_and_id(driver, filter_site):
    server, _ = filter_site
    set_width(driver, 1440)
    console_errors(driver)
    open_page(driver, server.url("mine/index.html"))
    shown = page_cells(driver)
    for id in ANNOTATED:
        assert id in shown, (id, list(shown))
    gif = shown["giphy:9RiRgiCy2AHcyd3TAv"]
    assert any("cell__owner-rating" in p[0] for p in gif["parts"]) and any("cell__tags" in p[0] for p in gif["parts"]), gif
    movie = shown["tmdb:550"]
    assert any("cell__byline" in p[0] for p in movie["parts"]), movie
    # A tag finds its favorite; the filtered cell is the page's cell.
    cells, titles = filtered(driver, "zebrafinch")
    assert [c["id"] for c in cells] == ["giphy:9RiRgiCy2AHcyd3TAv"], (cells, titles)
    assert cells[0] == gif
    # So is every favorite found by its title: stars, tags, byline, authors, rating.
    for id, cell in shown.items():
        title = next(p[3] for p in cell["parts"] if p[0] == "cell__title")
        cells, titles = filtered(driver, title)
        match = [c for c in cells if c["id"] == id]
        assert match and match[0] == cell, (id, cell, cells)
    assert console_errors(driver) == []


def test_a_filtered_new_item_keeps_its_badge(driver, filter_site):
    server, added = filter_site
    set_width(driver, 360)
    open_page(driver, server.url("cats/index.html"))
    shown = page_cells(driver)
    (id, title), = added.items()
    assert shown[id]["isNew"] and any(p[0] == "cell__new" for p in shown[id]["parts"]), shown[id]
    cells, _ = filtered(driver, title)
    match = [c for c in cells if c["id"] == id]
    assert match and match[0] == shown[id], (shown[id], cells)
    visible = driver.execute_script(
        "var b = document.querySelector('[data-filter-results] [data-new] [data-new-badge]'); if (!b) return null;"
        "var r = b.getBoundingClientRect(), m = b.closest('[data-cell-media]').getBoundingClientRect();"
        "return r.width > 0 && r.height > 0 && r.left >= m.left && r.right <= m.right && r.top >= m.top && r.bottom <= m.bottom;")
    assert visible, "the badge shows inside the filtered cell's image"
    # Items not added keep no badge.
    assert all(c["isNew"] == (c["id"] == id) for c in cells), cells
