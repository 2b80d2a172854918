"""Issue 37 item 4, a gallery that starts with its content: the phone navigation is one row
(at most 64 px tall at 360 px) on every page kind; the count says what is shown of what the
source reported, with the source; one compact toolbar (the filter with a placeholder and an
icon, the pause toggle whose label follows its state); the intro folded under the toolbar."""
from __future__ import annotations

from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from browser import console_errors, open_page, set_width, wait_for

NAV = """
var nav = document.querySelector('.site-nav'), row = nav.querySelector('ul');
var items = Array.prototype.map.call(nav.querySelectorAll('li'), function (li) { return Math.round(li.getBoundingClientRect().top); });
var current = nav.querySelector('[aria-current=page]'), shown = null;
if (current) {
  var c = current.getBoundingClientRect(), r = row.getBoundingClientRect();
  shown = c.left >= r.left - 1 && c.right <= r.right + 1;
}
var de = document.documentElement;
return {height: nav.getBoundingClientRect().height, rows: Array.from(new Set(items)).length,
        scrolls: row.scrollWidth > row.clientWidth, currentShown: shown,
        pageOverflow: de.scrollWidth > de.clientWidth};
"""


def page_kinds(site: Path) -> list[str]:
    """One page of every kind: home, each gallery layout, favorites, an item page of each
    kind, a content page and the 404 page."""
    items = sorted(p.parent.name for p in (site / "items").glob("*/index.html"))
    first = {prefix: next(i for i in items if i.startswith(prefix)) for prefix in ("giphy-", "tmdb-", "books-", "appstore-")}
    return ["", "cats/", "popular/", "swift-books/", "apps/", "favorites/", "about/", "404.html"] + [
        f"items/{slug}/" for slug in first.values()]


@pytest.mark.parametrize("width", (360, 768))
def test_the_phone_navigation_is_one_row_at_most_64px_tall(driver, server, site, width):
    set_width(driver, width)
    try:
        for page in page_kinds(site):
            open_page(driver, server.url(page))
            nav = driver.execute_script(NAV)
            assert nav["rows"] == 1 and nav["height"] <= 64, (page, nav)
            assert not nav["pageOverflow"], (page, nav)
            if nav["currentShown"] is not None:
                assert nav["currentShown"], f"{page}: the current page's link is scrolled out of sight"
        # At 360 the example's eight links do not fit: the row scrolls sideways.
        if width == 360:
            open_page(driver, server.url("about/"))
            assert driver.execute_script(NAV)["scrolls"]
    finally:
        set_width(driver, 1440)
        console_errors(driver)


def test_the_count_says_what_is_shown_of_what_the_source_reported(driver, server, site):
    open_page(driver, server.url("cats/"))
    count = driver.find_element(By.CSS_SELECTOR, "[data-result-count]").text.strip()
    source = driver.find_element(By.CSS_SELECTOR, "[data-result-source]").text.strip()
    cells = len(list((site / "cats").rglob("index.html")))  # pages of 8: 24 cells in all
    assert count == "24 of 3,148" and source == "from GIPHY", (count, source, cells)
    assert "3,148 results" not in driver.find_element(By.TAG_NAME, "main").text
    # A gallery that holds everything its source reported says so plainly.
    open_page(driver, server.url("apps/"))
    assert driver.find_element(By.CSS_SELECTOR, "[data-result-count]").text.strip() == "2 results"
    # Favorites are the owner's list: no source to name.
    open_page(driver, server.url("favorites/"))
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-result-source]")


TOOLBAR = """
var bar = document.querySelector('[data-toolbar]'), input = bar.querySelector('[data-filter-input]');
var icon = bar.querySelector('.filter__icon'), toggle = bar.querySelector('[data-motion-toggle]');
var label = document.querySelector('label[for=' + input.id + ']');
var box = function (e) { var r = e.getBoundingClientRect(); return {top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right, width: r.width, height: r.height}; };
var cell = document.querySelector('[data-grid] [data-cell]'), intro = document.querySelector('[data-intro]');
var ic = box(icon), ib = box(input);
return {placeholder: input.placeholder, label: label && label.textContent.trim(),
        iconInside: ic.width >= 12 && ic.left >= ib.left && ic.right <= ib.right && ic.top >= ib.top && ic.bottom <= ib.bottom,
        iconShown: getComputedStyle(icon).visibility === 'visible',
        input: ib, toggle: box(toggle), bar: box(bar), firstCell: box(cell).top,
        introFolded: !!intro && intro.tagName === 'DETAILS' && !intro.open, introAfterBar: !!intro && box(intro).top >= box(bar).bottom};
"""


@pytest.mark.parametrize("width", (360, 1440))
def test_one_compact_toolbar_and_the_grid_on_the_first_screen(driver, server, width):
    set_width(driver, width, 800)
    try:
        open_page(driver, server.url("cats/"))
        wait_for(driver, "return document.querySelector('[data-filter][data-ready]') && document.querySelector('[data-motion-toggle][data-ready]')")
        bar = driver.execute_script(TOOLBAR)
        assert bar["placeholder"] == "Filter by title" and bar["label"] == "Find in this gallery", bar
        assert bar["iconInside"] and bar["iconShown"], bar
        if width >= 768:
            # One row: the toggle beside the filter.
            assert abs(bar["toggle"]["top"] - bar["input"]["top"]) <= 2, bar
        assert bar["bar"]["height"] <= (48 if width >= 768 else 104), bar
        assert bar["introFolded"] and bar["introAfterBar"], bar
        # The grid starts in the top half of a phone's first screen (it was at 570 px).
        assert bar["firstCell"] <= 400, bar
        # The toggle's label follows its state.
        toggle = driver.find_element(By.CSS_SELECTOR, "[data-motion-toggle]")
        first = toggle.text.strip()
        assert first in ("Pause animations", "Play animations")
        toggle.click()
        flipped = "Play animations" if first == "Pause animations" else "Pause animations"
        wait_for(driver, "return document.querySelector('[data-motion-toggle]').textContent.trim() === arguments[0]", 5, flipped)
        # The filter's count shows inside the box: typing does not move the grid's top.
        driver.find_element(By.CSS_SELECTOR, "[data-filter-input]").send_keys("cat")
        wait_for(driver, "return document.querySelector('[data-filter-status]').textContent.trim() !== ''")
        status = driver.execute_script(
            "var s = document.querySelector('[data-filter-status]').getBoundingClientRect(),"
            " i = document.querySelector('[data-filter-input]').getBoundingClientRect();"
            "return s.top >= i.top && s.bottom <= i.bottom && s.right <= i.right;")
        assert status
    finally:
        set_width(driver, 1440)
        console_errors(driver)
