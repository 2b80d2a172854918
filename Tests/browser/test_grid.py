"""The grid contract, measured in Chromium on every page with a grid (all gallery pages,
favorites, the home page) at 360, 768 and 1440 px: `columns` cells per row, square media
boxes, images inside their box with their aspect ratio kept, no horizontal scrolling, no
console errors, no failed loads, no layout shift."""
import json

import pytest

from browser import console_errors, grid_problems, load_all_images, measure, open_page, problems_with_style, set_width
from conftest import WIDTHS, gallery_pages

RESULTS = {}


@pytest.mark.parametrize("width", WIDTHS)
def test_every_grid_page_holds_the_contract(driver, server, site, width):
    set_width(driver, width)
    pages = gallery_pages(site)
    assert len(pages) >= 10, pages
    failures = {}
    summary = []
    console_errors(driver)  # drop anything older
    for page in pages:
        open_page(driver, server.url(page))
        load_all_images(driver)
        metrics = measure(driver)
        problems = grid_problems(metrics)
        errors = console_errors(driver)
        if errors:
            problems.append(f"console errors: {errors[:3]}")
        if problems:
            failures[page] = problems
        for g in metrics["grids"]:
            summary.append((page, g["cells"], g["rowCounts"][:2], metrics["cls"]))
    RESULTS[width] = summary
    assert not failures, json.dumps(failures, indent=1, ensure_ascii=False)


def test_the_measurement_catches_a_broken_grid(driver, server):
    """Self-check: the same measurement reports a theme that breaks the contract."""
    text = problems_with_style(
        driver, server.url("cats/index.html"), 360,
        "[data-cell-media] img { object-fit: fill !important; height: 50% !important }"
        " [data-grid] { grid-template-columns: repeat(2, 1fr) !important }"
        " .cell__title { overflow: visible !important; width: 900px }",
    )
    assert "horizontal scroll" in text
    assert "want 3 per row" in text
    assert "aspect ratio off" in text


def test_columns_hold_at_every_width_between(driver, server):
    """'and everything between': a sweep from 320 to 1600 px on a movie and a GIF page."""
    failures = {}
    for width in range(320, 1601, 160):
        set_width(driver, width)
        for page in ("popular/index.html", "trending/index.html"):
            open_page(driver, server.url(page))
            load_all_images(driver)
            problems = grid_problems(measure(driver))
            if problems:
                failures[f"{page} @ {width}px"] = problems
    console_errors(driver)
    assert not failures, json.dumps(failures, indent=1, ensure_ascii=False)
