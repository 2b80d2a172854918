"""Issue 37 item 5, detail pages that use the space: from 1024 px the media and the
description side by side; TMDB's backdrop as a movie page's hero, the rendition for the
screen; Copy link first and the rest behind a "More" disclosure; the App Store badge by the
app's artwork; poster grids no wider than 36rem at 1440."""
from __future__ import annotations

from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from browser import console_errors, load_all_images, open_page, set_width, wait_for

SIDE_BY_SIDE = """
var box = function (s) { var e = document.querySelector(s); if (!e) return null;
  var r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top + scrollY, bottom: r.bottom + scrollY}; };
return {media: box('.item__media'), text: box('.item__text'), title: box('.item__title')};
"""


def first(site: Path, prefix: str) -> str:
    return sorted(p.parent.name for p in (site / "items").glob(prefix + "*/index.html"))[0]


@pytest.mark.parametrize("width", (1024, 1440))
def test_media_and_description_side_by_side(driver, server, site, width):
    set_width(driver, width)
    try:
        for slug in ("tmdb-648700", first(site, "books-"), "appstore-362057947"):
            open_page(driver, server.url(f"items/{slug}/"))
            boxes = driver.execute_script(SIDE_BY_SIDE)
            media, text = boxes["media"], boxes["text"]
            assert media and text, (slug, boxes)
            # The description is in the column beside the media, with the title, not under both.
            assert media["right"] <= text["left"] and abs(text["left"] - boxes["title"]["left"]) <= 1, (slug, width, boxes)
            assert boxes["title"]["top"] < media["bottom"], (slug, width, boxes)
    finally:
        set_width(driver, 1440)
        console_errors(driver)


@pytest.mark.parametrize("width,rendition", ((360, "780x439"), (1440, "1280x720")))
def test_the_movie_page_has_the_backdrop_as_its_hero(driver, server, width, rendition):
    set_width(driver, width)
    try:
        # A larger rendition in the cache would be taken at any width: start without one.
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        open_page(driver, server.url("items/tmdb-648700/"))
        load_all_images(driver)
        hero = driver.execute_script("""
          var h = document.querySelector('[data-hero]'), i = h && h.querySelector('img'), m = document.querySelector('main');
          if (!i) return null;
          var r = h.getBoundingClientRect(), cs = getComputedStyle(m);
          return {src: i.currentSrc, loaded: i.complete && i.naturalWidth > 0, width: r.width, height: r.height,
                  content: m.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight),
                  poster: document.querySelector('.poster img').getBoundingClientRect().top > r.top};""")
        assert hero and hero["loaded"] and rendition in hero["src"], hero
        assert abs(hero["width"] - hero["content"]) <= 1 and hero["height"] >= 150 and hero["poster"], hero
    finally:
        set_width(driver, 1440)
        console_errors(driver)


def test_copy_link_first_and_the_rest_behind_more(driver, server):
    set_width(driver, 1440)
    open_page(driver, server.url("items/tmdb-648700/"))
    shown = "return Array.prototype.filter.call(document.querySelectorAll('[data-share]'), function (a) {" \
            " return a.checkVisibility({visibilityProperty: true, contentVisibilityAuto: true}); })" \
            ".map(function (a) { return a.dataset.share; });"
    wait_for(driver, "return document.querySelector('[data-share=copy]').closest('[data-ready]') !== null")
    assert driver.execute_script(shown) == ["copy"]  # headless Chromium on Linux has no share sheet
    more = driver.find_element(By.CSS_SELECTOR, "[data-share-more] > summary")
    assert more.text.strip() == "More" and driver.find_element(By.CSS_SELECTOR, "[data-share-more]").get_attribute("open") is None
    more.click()
    assert driver.execute_script(shown) == ["copy", "email", "x", "facebook", "image"]
    console_errors(driver)


def test_the_app_page_has_a_store_badge_by_its_artwork(driver, server):
    set_width(driver, 1440)
    open_page(driver, server.url("items/appstore-362057947/"))
    badge = driver.execute_script("""
      var b = document.querySelector('[data-store-badge]'), i = document.querySelector('.app-icon');
      var r = b.getBoundingClientRect(), q = i.getBoundingClientRect(), s = getComputedStyle(b);
      return {text: b.textContent.replace(/\\s+/g, ' ').trim(), href: b.getAttribute('href'), gap: r.top - q.bottom,
              left: Math.abs(r.left - q.left), bg: s.backgroundColor, color: s.color};""")
    assert badge["text"] == "Download on the App Store" and badge["href"].startswith("https://apps.apple.com/"), badge
    assert 0 <= badge["gap"] <= 24 and badge["left"] <= 1, badge  # right under the icon
    assert badge["bg"] == "rgb(0, 0, 0)" and badge["color"] == "rgb(255, 255, 255)", badge


@pytest.mark.parametrize("width,columns", ((360, 2), (1440, 2)))
def test_poster_grids_keep_two_columns_and_a_sane_width(driver, server, width, columns):
    set_width(driver, width)
    try:
        open_page(driver, server.url("popular/"))
        grid = driver.execute_script("""
          var g = document.querySelector('[data-grid]'), cells = g.querySelectorAll('[data-cell]');
          var tops = Array.prototype.map.call(cells, function (c) { return Math.round(c.getBoundingClientRect().top); });
          return {width: g.getBoundingClientRect().width, perRow: tops.filter(function (t) { return t === tops[0]; }).length};""")
        assert grid["perRow"] == columns, grid
        assert grid["width"] <= 36 * 16 + 1, grid
    finally:
        set_width(driver, 1440)
