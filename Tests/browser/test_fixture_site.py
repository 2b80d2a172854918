"""The unit tests' fixture site in Chromium: hostile strings (`<script>`, `onerror=`, `{{x}}`)
stay text everywhere, the empty gallery shows its empty state, and the same quality bars
hold (grid contract, Nu checker, axe)."""
import json

from selenium.webdriver.common.by import By

from browser import console_errors, grid_problems, load_all_images, measure, open_page, set_media, set_width
from conftest import gallery_pages
from test_quality import axe_run, axe_source, nu_errors

ALERT_TRAP = "window.__alerts = 0; window.alert = function () { window.__alerts += 1; };"


def test_hostile_strings_stay_text_and_grids_hold(driver, fixture_server, fixture_site):
    set_media(driver)
    trap = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": ALERT_TRAP})["identifier"]
    failures = {}
    try:
        for width in (360, 1440):
            set_width(driver, width)
            console_errors(driver)
            pages = gallery_pages(fixture_site) + sorted(
                p.relative_to(fixture_site).as_posix() for p in (fixture_site / "items").glob("*/index.html"))
            for page in pages:
                open_page(driver, fixture_server.url(page))
                load_all_images(driver)
                problems = grid_problems(measure(driver)) if page in gallery_pages(fixture_site) else []
                if driver.execute_script("return window.__alerts") != 0:
                    problems.append("a hostile string ran script")
                if driver.execute_script("return document.documentElement.lang") != "ko":
                    problems.append("lang is not the site's language")
                overflow = driver.execute_script(
                    "var s = document.createElement('style'); s.textContent = 'html, body { overflow-x: visible !important }';"
                    "document.head.appendChild(s); var o = document.documentElement.scrollWidth > innerWidth; s.remove(); return o;")
                if overflow:
                    problems.append("horizontal scroll")
                errors = console_errors(driver)
                if errors:
                    problems.append(f"console errors: {errors[:3]}")
                if problems:
                    failures[f"{page} @ {width}"] = problems
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": trap})
    assert not failures, json.dumps(failures, indent=1, ensure_ascii=False)


def test_empty_gallery_shows_its_empty_state(driver, fixture_server):
    set_width(driver, 360)
    open_page(driver, fixture_server.url("nothing/index.html"))
    empty = driver.find_element(By.CSS_SELECTOR, "[data-empty]")
    assert empty.is_displayed() and empty.text.strip()
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-grid]")
    assert driver.find_element(By.CSS_SELECTOR, "[data-result-count]").text.strip()
    assert console_errors(driver) == []


def test_nu_and_axe_on_the_fixture_site(driver, fixture_server, fixture_site):
    errors = nu_errors(fixture_site)
    if errors is not None:
        assert errors == [], "\n".join(errors[:20])
    source = axe_source()
    if source is None:
        return
    set_width(driver, 360)
    failures = {}
    for page in ("index.html", "gifs/index.html", "nothing/index.html", "favorites/index.html",
                 "items/appstore-1/index.html", "items/books-solo/index.html", "404.html"):
        violations = axe_run(driver, fixture_server.url(page), source)
        if violations:
            failures[page] = violations
    console_errors(driver)
    assert not failures, json.dumps(failures, indent=1, ensure_ascii=False)
