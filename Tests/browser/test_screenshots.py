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
