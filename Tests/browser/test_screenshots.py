"""Full-page screenshots of a gallery and detail pages at 360 and 1440 px, with the locally
served images. Always taken (a smoke test of rendering); kept when VITRINE_SCREENSHOTS
names a folder: `VITRINE_SCREENSHOTS=docs python3 -m pytest -q Tests/browser -k screenshots`."""
import base64
import os
import shutil
from pathlib import Path

from browser import load_all_images, open_page, set_media, set_width, wait_for

SHOTS = [
    ("gallery", "cats/index.html"),
    ("movies", "popular/index.html"),
    ("gif", "items/giphy-9RiRgiCy2AHcyd3TAv/index.html"),
    ("movie", "items/tmdb-550/index.html"),
    ("app", "items/appstore-872469884/index.html"),
]


def test_screenshots(driver, server, tmp_path):
    keep = os.environ.get("VITRINE_SCREENSHOTS")
    set_media(driver, prefers_reduced_motion="reduce")  # no shimmer frames in the pictures
    try:
        for width in (360, 1440):
            set_width(driver, width, 800)
            for name, page in SHOTS:
                open_page(driver, server.url(page))
                driver.execute_script(
                    "var m = document.querySelector('[data-more]'); if (m) m.replaceWith(m.cloneNode(true));")
                load_all_images(driver)
                wait_for(driver, "return document.fonts ? document.fonts.status === 'loaded' : true")
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
        set_media(driver)
        set_width(driver, 1440)
