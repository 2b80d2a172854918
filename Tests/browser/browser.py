"""Helpers to drive and measure pages in headless Chromium (imported by the tests)."""
from __future__ import annotations

import time

# Installed on every new document: collects layout shifts (CLS without recent input).
OBSERVER = """
window.__vitrine = {cls: 0, shifts: []};
try {
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (e) {
      if (e.hadRecentInput) return;
      window.__vitrine.cls += e.value;
      window.__vitrine.shifts.push({value: e.value, sources: (e.sources || []).map(function (s) {
        var n = s.node; return n && n.nodeType === 1 ? (n.tagName + '.' + n.className) : String(n);
      })});
    });
  }).observe({type: 'layout-shift', buffered: true});
} catch (e) {}
"""

_installed: set[int] = set()


def prepare(driver) -> None:
    """Installs the layout-shift observer once per driver."""
    if id(driver) in _installed:
        return
    driver.execute_cdp_cmd("Page.enable", {})
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVER})
    _installed.add(id(driver))


def set_width(driver, width: int, height: int = 900) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500,
    })


def set_media(driver, **features) -> None:
    """Emulates media features, e.g. set_media(driver, prefers_reduced_motion="reduce")."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "media": "",
        "features": [{"name": k.replace("_", "-"), "value": v} for k, v in features.items()],
    })


def console_errors(driver) -> list[str]:
    """Drains the browser log; returns errors (console errors, failed loads, JS errors)."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def open_page(driver, url: str) -> None:
    prepare(driver)
    driver.get(url)
    wait_for(driver, "return document.readyState === 'complete'")


def wait_for(driver, script: str, timeout: float = 10, *args):
    deadline = time.time() + timeout
    while True:
        value = driver.execute_script(script, *args)
        if value:
            return value
        if time.time() > deadline:
            raise AssertionError(f"timed out waiting for: {script}")
        time.sleep(0.05)


def load_all_images(driver, timeout: float = 15) -> None:
    """Makes lazy images load (without scrolling) and waits until every image settled."""
    driver.execute_script(
        "document.querySelectorAll('img[loading=lazy]').forEach(function (i) { i.loading = 'eager'; });"
    )
    wait_for(driver, "return Array.prototype.every.call(document.images, function (i) { return i.complete; });", timeout)
    # Let the decode and any resulting layout happen before measuring.
    driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "requestAnimationFrame(function () { requestAnimationFrame(function () { done(true); }); });"
    )


GRID_METRICS = """
var out = {grids: [], overflow: null, failedImages: [], failedResources: [], cls: null, shifts: null,
           viewport: innerWidth, viewportMeta: !!document.querySelector('meta[name=viewport]')};
// Measure real overflow: the theme's `body { overflow-x: hidden }` would hide it.
var probe = document.createElement('style');
probe.textContent = 'html, body { overflow-x: visible !important; }';
document.head.appendChild(probe);
var de = document.documentElement;
out.overflow = {scrollWidth: de.scrollWidth, clientWidth: de.clientWidth, culprits: []};
if (de.scrollWidth > de.clientWidth) {
  document.querySelectorAll('body *').forEach(function (el) {
    var r = el.getBoundingClientRect();
    if (r.right > de.clientWidth + 1 && out.overflow.culprits.length < 5)
      out.overflow.culprits.push(el.tagName + '.' + el.className + ' right=' + Math.round(r.right));
  });
}
probe.remove();
document.querySelectorAll('[data-grid]').forEach(function (grid, gi) {
  var style = grid.getAttribute('style') || '';
  var m = /--columns:\\s*(\\d+)/.exec(style);
  // A list (data-layout="list") is one item per row with a 2:3 thumbnail; poster cells
  // (data-cells="poster") are 2:3 boxes; every other grid's boxes are square.
  var list = grid.getAttribute('data-layout') === 'list';
  var box = list || grid.getAttribute('data-cells') === 'poster' ? 2 / 3 : 1;
  var g = {index: gi, columns: list ? 1 : m ? +m[1] : 3, cells: 0, tops: [], rowCounts: [], problems: [],
           layout: list ? 'list' : 'grid', box: box};
  var cells = Array.prototype.filter.call(grid.children, function (c) { return c.hasAttribute('data-cell'); });
  g.cells = cells.length;
  var rows = {};
  cells.forEach(function (cell, ci) {
    var cr = cell.getBoundingClientRect();
    var top = Math.round(cr.top + scrollY);
    rows[top] = (rows[top] || 0) + 1;
    var media = cell.querySelector('[data-cell-media]');
    var label = (cell.getAttribute('data-id') || ('cell ' + ci));
    if (!media) { g.problems.push(label + ': no [data-cell-media]'); return; }
    var mr = media.getBoundingClientRect();
    if (Math.abs(mr.width - mr.height * box) > 1)
      g.problems.push(label + ': media box not ' + (box === 1 ? 'square ' : '2:3 ') + mr.width.toFixed(1) + 'x' + mr.height.toFixed(1));
    if (mr.left < cr.left - 0.5 || mr.right > cr.right + 0.5)
      g.problems.push(label + ': media box wider than its cell');
    var img = media.querySelector('img');
    if (!img) return;
    var ir = img.getBoundingClientRect();
    if (ir.left < mr.left - 0.5 || ir.top < mr.top - 0.5 || ir.right > mr.right + 0.5 || ir.bottom > mr.bottom + 0.5)
      g.problems.push(label + ': img box outside media box');
    if (!img.complete || !img.naturalWidth) { g.problems.push(label + ': image not loaded ' + img.currentSrc); return; }
    var nw = img.naturalWidth, nh = img.naturalHeight, fit = getComputedStyle(img).objectFit;
    var cw = ir.width, ch = ir.height;
    if (fit === 'contain' || (fit === 'scale-down')) {
      var s = Math.min(ir.width / nw, ir.height / nh);
      if (fit === 'scale-down') s = Math.min(s, 1);
      cw = nw * s; ch = nh * s;
    } else if (fit === 'cover') {
      // Covering a box is only right where the image has the box's own shape (a 2:3 poster).
      if (Math.abs((nw / nh) / (mr.width / mr.height) - 1) > 0.02)
        g.problems.push(label + ': object-fit cover crops the image');
    } else if (fit === 'none') {
      cw = nw; ch = nh;
    }
    if (cw > mr.width + 0.5 || ch > mr.height + 0.5)
      g.problems.push(label + ': rendered image ' + cw.toFixed(1) + 'x' + ch.toFixed(1) + ' exceeds the box');
    var ratio = (cw / ch) / (nw / nh);
    if (Math.abs(ratio - 1) > 0.02)
      g.problems.push(label + ': aspect ratio off by ' + ((ratio - 1) * 100).toFixed(1) + '% (' + nw + 'x' + nh + ' shown ' + cw.toFixed(1) + 'x' + ch.toFixed(1) + ')');
  });
  g.tops = Object.keys(rows).map(Number).sort(function (a, b) { return a - b; });
  g.rowCounts = g.tops.map(function (t) { return rows[t]; });
  out.grids.push(g);
});
Array.prototype.forEach.call(document.images, function (img) {
  if (!img.complete || !img.naturalWidth) out.failedImages.push(img.currentSrc || img.src);
});
performance.getEntriesByType('resource').forEach(function (e) {
  if (e.responseStatus && e.responseStatus >= 400) out.failedResources.push(e.name + ' ' + e.responseStatus);
});
out.cls = window.__vitrine ? window.__vitrine.cls : null;
out.shifts = window.__vitrine ? window.__vitrine.shifts : null;
return out;
"""


def measure(driver) -> dict:
    return driver.execute_script(GRID_METRICS)


def problems_with_style(driver, url: str, width: int, css: str) -> str:
    """The grid problems of the page at `url` and `width` with `css` added to it, one a line:
    the measurements' self-checks break the contract on purpose with it."""
    set_width(driver, width)
    open_page(driver, url)
    driver.execute_script("var s = document.createElement('style'); s.textContent = arguments[0]; document.head.appendChild(s);", css)
    load_all_images(driver)
    text = "\n".join(grid_problems(measure(driver)))
    console_errors(driver)
    return text


def grid_problems(metrics: dict) -> list[str]:
    """Turns measurements into a list of human-readable failures (empty when all is well)."""
    problems = []
    if not metrics["viewportMeta"]:
        problems.append("no <meta name=viewport>")
    o = metrics["overflow"]
    if o["scrollWidth"] > o["clientWidth"]:
        problems.append(f"horizontal scroll: {o['scrollWidth']} > {o['clientWidth']} {o['culprits']}")
    if not metrics["grids"]:
        problems.append("no [data-grid]")
    for g in metrics["grids"]:
        cols, n = g["columns"], g["cells"]
        counts = g["rowCounts"]
        expected_rows = -(-n // cols)
        if len(counts) != expected_rows or any(c != cols for c in counts[:-1]) or (counts and counts[-1] != n - cols * (expected_rows - 1)):
            problems.append(f"grid {g['index']}: {n} cells in rows {counts}, want {cols} per row")
        problems.extend(f"grid {g['index']}: {p}" for p in g["problems"])
    if metrics["failedImages"]:
        problems.append(f"images that did not load: {metrics['failedImages'][:3]}")
    if metrics["failedResources"]:
        problems.append(f"failed loads: {metrics['failedResources'][:3]}")
    if metrics["cls"] is None:
        problems.append("layout-shift observer missing")
    elif metrics["cls"] > 0:
        problems.append(f"layout shift {metrics['cls']:.4f}: {metrics['shifts'][:3]}")
    return problems
