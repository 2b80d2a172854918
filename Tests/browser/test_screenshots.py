"""Full-page screenshots of a gallery and an item page, with the locally served images.
Always taken (a smoke test of rendering at each width); kept when VITRINE_SCREENSHOTS names
a folder — the README's pictures in docs/ come from
`VITRINE_SCREENSHOTS=docs python3 -m pytest -q Tests/browser -k screenshots`."""
import base64
import os
import shutil
from pathlib import Path

from browser import load_all_images, open_page, set_media, set_width

SHOTS = [
    ("gallery", "cats/index.html", (360, 768, 1440)),
    ("item", "items/giphy-9RiRgiCy2AHcyd3TAv/index.html", (360, 1440)),
]


def test_screenshots(driver, server, tmp_path):
    keep = os.environ.get("VITRINE_SCREENSHOTS")
    # Stable pictures: no shimmer frames, and page 1 only (no infinite scroll).
    set_media(driver, prefers_reduced_motion="reduce")
    script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                    {"source": "window.vitrineAutoLoad = false;"})["identifier"]
    try:
        for name, page, widths in SHOTS:
            for width in widths:
                set_width(driver, width, 800)
                open_page(driver, server.url(page))
                load_all_images(driver)
                shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
                    "format": "png", "captureBeyondViewport": True,
                })
                path = tmp_path / f"{name}-{width}.png"
                path.write_bytes(base64.b64decode(shot["data"]))
                assert path.stat().st_size > 5000
                if keep:
                    Path(keep).mkdir(parents=True, exist_ok=True)
                    shutil.copy(path, Path(keep) / path.name)
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script})
        set_media(driver)
        set_width(driver, 1440)



def test_issue_15_screenshots(driver, korean_server, server, site, tmp_path):
    """docs/korean-gallery-filter-360.png: the Korean site's gallery at 360 px with the filter
    in use; docs/gif-detail-pause-1440.png: a GIF detail page, paused with its button."""
    from selenium.webdriver.common.by import By

    from browser import wait_for

    def filtered_gallery():
        set_width(driver, 360, 800)
        open_page(driver, korean_server.url("cats/index.html"))
        driver.find_element(By.CSS_SELECTOR, "[data-filter-input]").send_keys("cat")
        wait_for(driver, "return document.querySelectorAll('[data-filter-results] [data-cell]').length > 0")
        load_all_images(driver)

    def paused_gif():
        set_width(driver, 1440, 800)
        item = sorted((site / "items").glob("giphy-*/index.html"))[0].relative_to(site).as_posix()
        open_page(driver, server.url(item))
        wait_for(driver, "var v = document.querySelector('[data-gif-video]'); return v && v.readyState >= 2")
        driver.execute_script("var b = document.querySelector('[data-gif-toggle]'); b.click(); b.focus();")
        wait_for(driver, "return document.querySelector('[data-gif-toggle]').getAttribute('data-state') === 'paused'")

    keep = os.environ.get("VITRINE_SCREENSHOTS")
    script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                    {"source": "window.vitrineAutoLoad = false;"})["identifier"]
    try:
        for name, prepare in (("korean-gallery-filter-360", filtered_gallery), ("gif-detail-pause-1440", paused_gif)):
            prepare()
            shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
            path = tmp_path / f"{name}.png"
            path.write_bytes(base64.b64decode(shot["data"]))
            assert path.stat().st_size > 5000
            if keep:
                Path(keep).mkdir(parents=True, exist_ok=True)
                shutil.copy(path, Path(keep) / path.name)
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script})
        set_width(driver, 1440)
