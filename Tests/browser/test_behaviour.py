"""What the pages do in Chromium: file:// navigation, More and infinite scroll, the item
dialog, the screenshot viewer, share links from the keyboard, reduced motion, layout
shift while scrolling with lazy images."""
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import console_errors, open_page, set_media, set_width, wait_for

CELLS = "return document.querySelectorAll('[data-grid] [data-cell]').length"


def reset(driver, width=1440, height=900):
    set_media(driver)
    set_width(driver, width, height)
    console_errors(driver)


def test_site_navigates_from_file_system(driver, site):
    reset(driver)
    open_page(driver, (site / "index.html").as_uri())
    driver.find_element(By.CSS_SELECTOR, ".card__link[href*='cats/']").click()
    wait_for(driver, "return location.href.endsWith('/cats/index.html') && document.readyState === 'complete'")
    gallery = driver.current_url
    assert driver.find_elements(By.CSS_SELECTOR, "[data-grid] [data-cell]")
    # From file:// the script keeps links plain: the cell opens the item page itself.
    driver.find_element(By.CSS_SELECTOR, "[data-cell] a").click()
    wait_for(driver, "return !!document.querySelector('[data-item]') && document.readyState === 'complete'")
    assert "/items/giphy-" in driver.current_url
    driver.find_element(By.CSS_SELECTOR, "[data-back]").click()
    wait_for(driver, "return location.href === arguments[0]", 10, gallery)
    driver.back()
    wait_for(driver, "return !!document.querySelector('[data-item]')")
    driver.back()
    wait_for(driver, "return location.href === arguments[0]", 10, gallery)
    # Assets load from file:// too (relative links).
    assert driver.execute_script("return getComputedStyle(document.querySelector('[data-grid]')).display") == "grid"
    assert console_errors(driver) == []


def test_more_loads_the_next_page_in_place(driver, server):
    reset(driver, 1440, 500)  # a short window: More starts far below
    # More as a plain button (window.vitrineAutoLoad = false): nothing loads by itself
    # while Tab walks down to it; the infinite scroll has its own test below.
    script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                    {"source": "window.vitrineAutoLoad = false;"})["identifier"]
    try:
        open_page(driver, server.url("cats/index.html"))
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script})
    assert driver.execute_script(CELLS) == 8
    more = driver.find_element(By.CSS_SELECTOR, "[data-more]")
    assert more.get_attribute("href").endswith("/cats/page/2/index.html")
    assert driver.execute_script("return arguments[0].getBoundingClientRect().top > innerHeight + 600", more)
    # Record what the More link points at and which page is current, as they change.
    driver.execute_script("""
      window.__more = [];
      new MutationObserver(function () {
        var m = document.querySelector('[data-more]');
        var c = document.querySelector('.pagination__list [aria-current=page]');
        window.__more.push([m ? m.href : null, c ? c.textContent.trim() : null,
                            document.querySelectorAll('[data-grid] [data-cell]').length]);
      }).observe(document.querySelector('main'), {subtree: true, childList: true, attributes: true});
    """)
    # Keyboard: Tab reaches the More link, Enter follows it.
    driver.find_element(By.TAG_NAME, "h1").click()
    for _ in range(80):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        if driver.execute_script("return document.activeElement.hasAttribute('data-more')"):
            break
    assert driver.execute_script("return document.activeElement.hasAttribute('data-more')"), "More is not reachable with Tab"
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait_for(driver, CELLS + " >= 16")
    assert driver.current_url.endswith("/cats/index.html"), "the page's own URL stays"
    changes = driver.execute_script("return window.__more")
    after_first = [c for c in changes if c[2] == 16]
    assert any(c[0] and c[0].endswith("/cats/page/3/index.html") and c[1] == "2" for c in after_first), changes
    # With focus on the first new cell (now near the end), the rest may load by itself.
    if driver.find_elements(By.CSS_SELECTOR, "[data-more]"):
        driver.find_element(By.CSS_SELECTOR, "[data-more]").click()
    wait_for(driver, CELLS + " == 24 && !document.querySelector('[data-more]')")
    # Loaded cells are real cells: their links and images resolve from this page.
    hrefs = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('[data-cell] a'), function (a) { return a.href; })")
    assert len(set(hrefs)) == len(hrefs) == 24
    assert all("/items/giphy-" in h for h in hrefs)
    assert console_errors(driver) == []


def test_infinite_scroll_loads_to_the_end(driver, server):
    reset(driver, 768, 700)
    open_page(driver, server.url("cats/index.html"))
    start = driver.execute_script(CELLS)
    for _ in range(40):
        driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        time.sleep(0.15)
        if driver.execute_script(CELLS) >= 24:
            break
    assert start < 24 and driver.execute_script(CELLS) == 24
    wait_for(driver, "return !document.querySelector('[data-more]')")  # the last page: More is gone
    ids = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('[data-cell]'), function (c) { return c.dataset.id; })")
    assert len(set(ids)) == 24
    assert console_errors(driver) == []


def test_layout_does_not_shift_while_scrolling(driver, server):
    reset(driver, 360, 740)
    for page in ("popular/index.html", "swift-books/index.html", "index.html"):
        open_page(driver, server.url(page))
        height = driver.execute_script("return document.documentElement.scrollHeight")
        for y in range(0, height + 740, 300):
            driver.execute_script("window.scrollTo(0, arguments[0])", y)
            time.sleep(0.05)
        wait_for(driver, "return Array.prototype.every.call(document.images, function (i) { return i.complete; })")
        time.sleep(0.2)
        cls = driver.execute_script("return window.__vitrine.cls")
        shifts = driver.execute_script("return window.__vitrine.shifts")
        assert cls == 0, (page, shifts[:3])
    assert console_errors(driver) == []


def test_item_dialog_opens_from_a_gallery_and_escape_closes_it(driver, server):
    reset(driver)
    open_page(driver, server.url("popular/index.html"))
    link = driver.find_element(By.CSS_SELECTOR, "[data-cell] a")
    href = link.get_attribute("href")
    link.click()
    wait_for(driver, "var d = document.querySelector('dialog[open]'); return d && !!d.querySelector('[data-item]')")
    dialog = driver.find_element(By.CSS_SELECTOR, "dialog[open]")
    assert dialog.find_element(By.CSS_SELECTOR, ".item__title-text").text
    assert driver.execute_script("return location.href") == href, "the dialog's URL is the item page"
    assert dialog.find_elements(By.CSS_SELECTOR, "[data-share]")
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    wait_for(driver, "return !document.querySelector('dialog[open]')")
    # Closing goes back in history, which the browser does asynchronously.
    wait_for(driver, "return location.pathname.endsWith('/popular/index.html')")
    assert driver.execute_script("return document.activeElement.closest('[data-cell]') !== null"), "focus returns to the cell"
    # The browser's Back button closes the dialog too; reloading while open shows the page.
    driver.find_elements(By.CSS_SELECTOR, "[data-cell] a")[1].click()
    wait_for(driver, "return !!document.querySelector('dialog[open] [data-item]')")
    assert "/items/tmdb-" in driver.current_url
    driver.back()
    wait_for(driver, "return !document.querySelector('dialog[open]') && location.pathname.endsWith('/popular/index.html')")
    # So does the item's own "back to the gallery" link, without leaving the page.
    driver.execute_script("window.__samePage = true;")
    driver.find_elements(By.CSS_SELECTOR, "[data-cell] a")[2].click()
    wait_for(driver, "return !!document.querySelector('dialog[open] [data-item]')")
    driver.find_element(By.CSS_SELECTOR, "dialog[open] [data-back]").click()
    wait_for(driver, "return !document.querySelector('dialog[open]') && location.pathname.endsWith('/popular/index.html')")
    assert driver.execute_script("return window.__samePage === true")
    assert console_errors(driver) == []


def test_screenshot_viewer_keyboard_and_escape(driver, server, site):
    reset(driver, 768)
    page = next(p for p in sorted((site / "items").glob("appstore-*/index.html"))
                if "data-screenshot " in p.read_text(encoding="utf-8"))
    open_page(driver, server.url(page.relative_to(site).as_posix()))
    shots = driver.find_elements(By.CSS_SELECTOR, "[data-screenshot]")
    assert len(shots) >= 2
    # Without the viewer the link is the large image itself.
    assert all(s.get_attribute("href").startswith("http") for s in shots)
    driver.execute_script("arguments[0].focus()", shots[0])
    shots[0].send_keys(Keys.ENTER)
    wait_for(driver, "var d = document.querySelector('dialog.vitrine-viewer[open]'); return d && d.querySelector('img').complete")
    first = driver.execute_script("return document.querySelector('.vitrine-viewer img').src")
    assert first == shots[0].get_attribute("href")
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    wait_for(driver, "return document.querySelector('.vitrine-viewer img').src === arguments[0]", 5,
             shots[1].get_attribute("href"))
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    wait_for(driver, "return !document.querySelector('dialog[open]')")
    assert console_errors(driver) == []


def test_share_links_are_reachable_from_the_keyboard(driver, server):
    reset(driver, 360)
    open_page(driver, server.url("items/tmdb-550/index.html"))
    # E-mail, X and Facebook are behind "More" (issue 37): opened from the keyboard below.
    driver.execute_script("document.querySelector('[data-share-more]').open = true;")
    visible = driver.execute_script(
        "return Array.prototype.filter.call(document.querySelectorAll('[data-share]'), function (a) {"
        " return a.getClientRects().length > 0 && getComputedStyle(a).visibility === 'visible'; })"
        ".map(function (a) { return a.dataset.share; })")
    assert {"email", "x", "facebook"} <= set(visible), visible
    body = driver.find_element(By.TAG_NAME, "body")
    body.click()
    seen = []
    outlines = set()
    for _ in range(60):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        info = driver.execute_script(
            "var a = document.activeElement, s = getComputedStyle(a);"
            "return [a.getAttribute('data-share'), s.outlineStyle + ' ' + s.outlineWidth];")
        if info[0]:
            seen.append(info[0])
            outlines.add(info[1])
        if set(visible) <= set(seen):
            break
    assert set(visible) <= set(seen), (visible, seen)
    assert all(not o.startswith("none") for o in outlines), f"focus not visible: {outlines}"


def test_reduced_motion_shows_the_still(driver, server):
    reset(driver)
    open_page(driver, server.url("cats/index.html"))
    moving = driver.execute_script("return document.querySelector('[data-cell-media] img').currentSrc")
    assert "-webp" in moving, "the lighter animated rendition (webp) is used"
    set_media(driver, prefers_reduced_motion="reduce")
    open_page(driver, server.url("cats/index.html"))
    still, stills = driver.execute_script(
        "var m = document.querySelector('[data-cell-media]');"
        "return [m.querySelector('img').currentSrc, m.querySelector('source[media]').getAttribute('srcset')];")
    assert still in [c.strip().split(" ")[0] for c in stills.split(",")], (still, stills)
    driver.find_element(By.CSS_SELECTOR, "[data-cell] a").get_attribute("href")
    open_page(driver, driver.find_element(By.CSS_SELECTOR, "[data-cell] a").get_attribute("href"))
    # The detail page plays GIPHY's mp4: under reduced motion no source is chosen and the
    # poster (the still) is what shows.
    detail = driver.execute_script(
        "var v = document.querySelector('[data-gif-box] video'); return [v.poster, v.currentSrc, v.paused]")
    assert "-still." in detail[0] and detail[1] == "" and detail[2] is True, detail
    set_media(driver)


def test_gif_detail_box_is_160_square_with_aspect_kept(driver, server, site):
    reset(driver, 360)
    for page in sorted((site / "items").glob("giphy-*/index.html"))[:6]:
        open_page(driver, server.url(page.relative_to(site).as_posix()))
        # The animation is GIPHY's mp4 in a <video>: its frames are contained in the box.
        wait_for(driver, "var v = document.querySelector('[data-gif-box] video'); return v.readyState >= 1 && v.videoWidth > 0")
        box, nat, content = driver.execute_script(
            "var b = document.querySelector('[data-gif-box]').getBoundingClientRect();"
            "var i = document.querySelector('[data-gif-box] video'), r = i.getBoundingClientRect();"
            "var s = Math.min(r.width / i.videoWidth, r.height / i.videoHeight);"
            "return [[b.width, b.height], [i.videoWidth, i.videoHeight], [i.videoWidth * s, i.videoHeight * s]];")
        assert box == [160, 160], page
        assert content[0] <= 160.5 and content[1] <= 160.5
        assert abs((content[0] / content[1]) / (nat[0] / nat[1]) - 1) < 0.02
    assert console_errors(driver) == []


def test_app_description_folds_and_unfolds(driver, server, site):
    reset(driver, 360)
    folded = None
    for page in sorted((site / "items").glob("appstore-*/index.html")):
        open_page(driver, server.url(page.relative_to(site).as_posix()))
        buttons = driver.find_elements(By.CSS_SELECTOR, "[data-fold] .fold__toggle")
        if buttons:
            folded = buttons[0]
            break
    assert folded is not None, "no app description long enough to fold"
    text = driver.execute_script("return arguments[0].closest('[data-fold]').querySelector('.fold__text')", folded)
    short = text.size["height"]
    assert folded.get_attribute("aria-expanded") == "false"
    driver.execute_script("arguments[0].focus()", folded)
    folded.send_keys(Keys.ENTER)
    assert folded.get_attribute("aria-expanded") == "true"
    assert text.size["height"] > short
    folded.send_keys(Keys.SPACE)
    assert folded.get_attribute("aria-expanded") == "false"
    assert text.size["height"] == short


def test_tmdb_lists_switch(driver, server):
    reset(driver, 360)
    open_page(driver, server.url("popular/index.html"))
    current = driver.find_element(By.CSS_SELECTOR, ".switcher [aria-current=page]")
    assert current.text == "Popular movies"
    driver.find_element(By.CSS_SELECTOR, ".switcher a:not([aria-current])").click()
    wait_for(driver, "return location.pathname.endsWith('/top-rated/index.html') && document.readyState === 'complete'")
    assert driver.find_element(By.CSS_SELECTOR, ".switcher [aria-current=page]").text == "Top rated movies"


def test_movie_caption_is_one_line_with_the_full_title_in_a_tooltip(driver, server):
    reset(driver, 360)
    open_page(driver, server.url("popular/index.html"))
    captions = driver.execute_script("""
      return Array.prototype.map.call(document.querySelectorAll('[data-cell] .cell__title'), function (t) {
        var s = getComputedStyle(t), line = parseFloat(s.lineHeight);
        return {title: t.getAttribute('title'), text: t.textContent, height: t.getBoundingClientRect().height,
                line: line, ellipsis: s.textOverflow, truncated: t.scrollWidth > t.clientWidth};
      });""")
    assert captions
    for c in captions:
        assert c["title"] == c["text"]
        assert c["height"] <= c["line"] + 1, c
        assert c["ellipsis"] == "ellipsis"
    assert any(c["truncated"] for c in captions), "at 360 px some titles are long enough to be cut"


def test_a_broken_image_stays_inside_its_box(driver, server, images):
    reset(driver, 360)
    open_page(driver, server.url("popular/index.html"))
    driver.execute_script(
        "var img = document.querySelector('[data-cell-media] img');"
        "img.alt = 'A very long alternative text that would spill out of a small square box on a phone';"
        "img.removeAttribute('srcset'); img.src = arguments[0];", images.base + "/missing.png")
    wait_for(driver, "return document.querySelector('[data-cell-media]').hasAttribute('data-failed')")
    inside = driver.execute_script(
        "var m = document.querySelector('[data-cell-media]'), i = m.querySelector('img');"
        "var a = m.getBoundingClientRect(), b = i.getBoundingClientRect();"
        "return b.left >= a.left && b.right <= a.right && b.top >= a.top && b.bottom <= a.bottom"
        " && getComputedStyle(i).opacity === '0' && document.documentElement.scrollWidth <= innerWidth;")
    assert inside
    console_errors(driver)  # the 404 of missing.png, on purpose
