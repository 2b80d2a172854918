"""The owner's own fields (issue 35 item 2), seen in Chromium at 360 and 1440 px on the
example site with three favorites annotated in favorites.json and a tag gallery: the
owner's rating (stars, read out as "Rated … of 5 by me") and tags are visible on the cells
of the favorites page and of the tag gallery, inside their cells; the note is on the item's
detail page, rendered as Markdown."""
import json

import pytest

from browser import console_errors, grid_problems, load_all_images, measure, open_page, set_width
from conftest import REPO, SiteServer, build_copy

ANNOTATED = {
    "giphy:9RiRgiCy2AHcyd3TAv": {"rating": 4.5, "tags": ["read", "funny"], "date": "2026-11-01",
                                  "note": "Watched it *twice*. A longer note, so that it wraps on a phone."},
    "tmdb:550": {"rating": 3, "tags": ["read"]},
    "books:ydu8DrgtJlrC": {"tags": ["want-to-read"]},
}

CELLS = """
return Array.prototype.map.call(document.querySelectorAll('[data-grid] [data-cell]'), function (cell) {
  function box(sel) {
    var el = cell.querySelector(sel);
    if (!el) return null;
    var r = el.getBoundingClientRect(), cs = getComputedStyle(el);
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height,
            visible: cs.visibility !== 'hidden' && cs.display !== 'none' && r.width > 0 && r.height > 0,
            text: el.textContent.trim()};
  }
  var r = cell.getBoundingClientRect();
  return {id: cell.getAttribute('data-id'), left: r.left, right: r.right, top: r.top, bottom: r.bottom,
          stars: box('.cell__owner-rating [aria-hidden]'), label: box('.cell__owner-rating .visually-hidden'),
          tags: box('.cell__tags'), firstTag: box('.cell__tags .tag')};
});
"""


@pytest.fixture(scope="module")
def owner_server(tmp_path_factory, images):
    def annotate(source):
        path = source / "favorites.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        for entry in data["favorites"]:
            entry.update(ANNOTATED.get(entry["id"], {}))
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        config = (source / "site.yml").read_text(encoding="utf-8")
        config += "  - name: read\n    title: Read\n    source: favorites\n    tags: [read]\n    order: rating\n"
        (source / "site.yml").write_text(config, encoding="utf-8")

    out = build_copy(tmp_path_factory, images, REPO / "Site", "owner", annotate)
    server = SiteServer(out, "/owner")
    yield server
    server.close()


def cells_of(driver, url):
    open_page(driver, url)
    load_all_images(driver)
    problems = grid_problems(measure(driver))
    assert not problems, json.dumps(problems[:5], indent=1)
    return {c["id"]: c for c in driver.execute_script(CELLS)}


def inside(inner, outer):
    return inner["left"] >= outer["left"] - 0.5 and inner["right"] <= outer["right"] + 0.5


@pytest.mark.parametrize("width", (360, 1440))
@pytest.mark.parametrize("page", ("favorites/index.html", "read/index.html"))
def test_the_owners_rating_and_tags_show_on_cells(driver, owner_server, width, page):
    set_width(driver, width)
    console_errors(driver)
    cells = cells_of(driver, owner_server.url(page))
    cell = cells["giphy:9RiRgiCy2AHcyd3TAv"]
    assert cell["stars"] and cell["stars"]["visible"] and cell["stars"]["text"] == "★★★★½", cell
    assert cell["label"] and cell["label"]["text"] == "Rated 4.5 of 5 by me", cell
    assert cell["tags"] and cell["tags"]["visible"] and "read" in cell["tags"]["text"] and "funny" in cell["tags"]["text"], cell
    assert cell["firstTag"]["height"] >= 12, "a tag is legible"
    for part in ("stars", "tags"):
        assert inside(cell[part], cell), f"{part} overflows its cell at {width}px: {cell}"
    movie = cells["tmdb:550"]
    assert movie["stars"]["text"] == "★★★☆☆", movie
    if page == "read/index.html":
        assert list(cells) == ["giphy:9RiRgiCy2AHcyd3TAv", "tmdb:550"], "the tag gallery: read only, highest rating first"
    assert not console_errors(driver)


@pytest.mark.parametrize("width", (360, 1440))
def test_the_note_rating_and_date_show_on_the_detail_page(driver, owner_server, width):
    set_width(driver, width)
    console_errors(driver)
    open_page(driver, owner_server.url("items/giphy-9RiRgiCy2AHcyd3TAv/index.html"))
    owner = driver.execute_script("""
        var el = document.querySelector('[data-owner]'), note = document.querySelector('[data-owner-note]');
        if (!el || !note) return null;
        var r = el.getBoundingClientRect(), n = note.getBoundingClientRect();
        return {left: r.left, right: r.right, noteWidth: n.width, noteHeight: n.height, text: el.innerText,
                em: note.querySelector('em') && note.querySelector('em').textContent,
                time: el.querySelector('time') && el.querySelector('time').getAttribute('datetime'),
                viewport: document.documentElement.clientWidth, scrollWidth: document.documentElement.scrollWidth};
    """)
    assert owner, "the owner's section is on the page"
    assert owner["em"] == "twice", "the note is Markdown, rendered"
    assert owner["noteWidth"] > 0 and owner["noteHeight"] > 0, owner
    assert "★★★★½" in owner["text"] and "read" in owner["text"] and owner["time"] == "2026-11-01", owner
    assert 0 <= owner["left"] and owner["right"] <= owner["viewport"] + 0.5, owner
    assert owner["scrollWidth"] <= owner["viewport"], "no sideways scrolling"
    assert not console_errors(driver)
