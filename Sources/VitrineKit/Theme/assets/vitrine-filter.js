/* vitrine-filter.js — find as you type in a gallery. No dependencies.
 *
 * The gallery page carries an invisible [data-filter] box (its place kept); this script shows it. On first use it
 * loads the gallery's index (`filter-index.js`, a script that assigns the data, so it loads
 * from file:// too) and narrows the whole gallery — every page, not only this one — to the
 * items whose title (authors, for books; the owner's tags, for favorites) contain what was typed. Results replace the
 * grid and the pagination while the box has text; clearing it brings them back. Cells are
 * built with DOM methods and textContent only; a live region announces the count.
 */
(function () {
  "use strict";

  var doc = document;
  if (!doc.querySelector || !doc.addEventListener || !("normalize" in String.prototype)) return;

  var strings = {};
  try {
    strings = JSON.parse(doc.body.getAttribute("data-strings") || "{}") || {};
  } catch (e) {
    strings = {};
  }

  function text(key, fallback, count) {
    var value = typeof strings[key] === "string" ? strings[key] : fallback;
    return value.replace("{count}", String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ","));
  }

  function fold(value) {
    return String(value || "").normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
  }

  function element(name, className, attributes) {
    var node = doc.createElement(name);
    if (className) node.className = className;
    Object.keys(attributes || {}).forEach(function (key) {
      if (attributes[key] !== undefined && attributes[key] !== null) node.setAttribute(key, String(attributes[key]));
    });
    return node;
  }

  function span(className, value) {
    var node = element("span", className);
    node.textContent = value;
    return node;
  }

  /** The owner's stars and tags, as cell-owner.mustache makes them. */
  function owner(entry, caption) {
    if (entry.o) {
      var rating = element("span", "cell__meta cell__owner-rating", { "data-owner-rating": entry.g });
      var stars = span("", entry.o);
      stars.setAttribute("aria-hidden", "true");
      rating.appendChild(stars);
      rating.appendChild(span("visually-hidden", entry.q || entry.o));
      caption.appendChild(rating);
    }
    if (Array.isArray(entry.x) && entry.x.length) {
      var tags = element("span", "cell__meta cell__tags", { "data-owner-tags": "" });
      tags.appendChild(span("visually-hidden", text("ownerTags", "Tags", 0) + ": "));
      entry.x.forEach(function (tag) {
        tags.appendChild(span("tag", tag));
        tags.appendChild(doc.createTextNode(" "));
      });
      caption.appendChild(tags);
    }
  }

  /** One grid cell, as cell.mustache makes it. */
  function cell(entry, box) {
    var item = element("li", "cell cell--" + entry.k, { "data-cell": "", "data-kind": entry.k, "data-id": entry.d });
    if (entry.n) item.setAttribute("data-new", "");
    var link = element("a", "cell__link", { href: box.root + entry.h });
    var media = element("span", "cell__media", { "data-cell-media": "" });
    if (entry.i) {
      var picture = element("picture");
      if (entry.m) {
        picture.appendChild(element("source", null, { media: "(prefers-reduced-motion: reduce)", "data-still": "", srcset: entry.m }));
      }
      var image = element("img", null, {
        src: entry.i, alt: entry.t, width: entry.w, height: entry.v, loading: "lazy", decoding: "async",
      });
      if (entry.s) {
        image.setAttribute("srcset", entry.s);
        image.setAttribute("sizes", box.sizes);
      }
      image.addEventListener("load", function () { media.setAttribute("data-loaded", ""); });
      picture.appendChild(image);
      media.appendChild(picture);
    } else {
      media.appendChild(element("span", "cell__noimage", { "aria-hidden": "true" }));
    }
    if (entry.n) {
      var badge = span("cell__new", text("newBadge", "New", 0));
      badge.setAttribute("data-new-badge", "");
      media.appendChild(badge);
    }
    link.appendChild(media);
    var caption = element("span", "cell__caption");
    var title = span("cell__title", entry.t);
    title.setAttribute("title", entry.t);
    caption.appendChild(title);
    owner(entry, caption);
    if (entry.a) {
      var authors = span("cell__meta cell__authors", entry.a);
      authors.setAttribute("title", entry.a);
      caption.appendChild(authors);
    }
    if (entry.b) caption.appendChild(span("cell__meta cell__byline", entry.b));
    if (entry.p) caption.appendChild(span("cell__meta cell__published", entry.p));
    if (entry.r && entry.k !== "gif") {
      var rating = element("span", "cell__meta cell__rating");
      var shown = span("", entry.r);
      shown.setAttribute("aria-hidden", "true");
      rating.appendChild(shown);
      rating.appendChild(span("visually-hidden", entry.l || entry.r));
      caption.appendChild(rating);
    }
    link.appendChild(caption);
    item.appendChild(link);
    return item;
  }

  function setUp(box) {
    var section = box.closest ? box.closest("[data-gallery]") : box.parentNode;
    var input = box.querySelector("[data-filter-input]");
    var status = box.querySelector("[data-filter-status]");
    if (!section || !input || !status) return;
    var state = {
      root: box.getAttribute("data-root") || "",
      sizes: box.getAttribute("data-sizes") || "",
      entries: null,
      results: null,
      timer: 0,
    };
    var hideable = Array.prototype.slice.call(section.querySelectorAll("[data-grid], [data-pagination]"));

    function load(then) {
      if (state.entries) return then();
      var name = box.getAttribute("data-filter-name");
      var ready = function () {
        var all = window.vitrineFilterIndex || {};
        state.entries = Object.prototype.hasOwnProperty.call(all, name) && Array.isArray(all[name]) ? all[name] : [];
        state.entries.forEach(function (entry) { entry.key = fold([entry.t, entry.a || ""].concat(Array.isArray(entry.x) ? entry.x : []).join(" ")); });
        then();
      };
      if (window.vitrineFilterIndex && window.vitrineFilterIndex[name]) return ready();
      var script = element("script", null, { src: box.getAttribute("data-filter-index") });
      script.addEventListener("load", ready);
      script.addEventListener("error", function () { state.entries = []; then(); });
      doc.head.appendChild(script);
    }

    function show(query) {
      if (state.results) {
        state.results.parentNode.removeChild(state.results);
        state.results = null;
      }
      if (!query) {
        hideable.forEach(function (node) { node.hidden = false; });
        status.textContent = "";
        return;
      }
      var found = state.entries.filter(function (entry) { return entry.key.indexOf(query) !== -1; });
      var grid = element("ul", "grid", {
        "data-grid": "", "data-filter-results": "", style: "--columns: " + (box.getAttribute("data-columns") || "3"),
      });
      var original = section.querySelector("[data-grid]");
      ["data-layout", "data-cells"].forEach(function (name) {
        if (original && original.hasAttribute(name)) grid.setAttribute(name, original.getAttribute(name));
      });
      found.forEach(function (entry) { grid.appendChild(cell(entry, state)); });
      if (original) original.parentNode.insertBefore(grid, original);
      else section.appendChild(grid);
      hideable.forEach(function (node) { node.hidden = true; });
      state.results = grid;
      status.textContent = found.length === 0
        ? text("filterNoMatches", "No matches", 0)
        : found.length === 1 ? text("filterMatchesOne", "1 match", 1) : text("filterMatchesMany", "{count} matches", found.length);
    }

    function update() {
      var query = fold(input.value);
      load(function () { show(query); });
    }

    input.addEventListener("input", function () {
      clearTimeout(state.timer);
      state.timer = setTimeout(update, 60);
    });
    input.addEventListener("focus", function () { load(function () {}); }, { once: true });
    input.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && input.value) {
        input.value = "";
        update();
      }
    });
    box.setAttribute("data-ready", "");
    if (input.value) update();
  }

  function start() {
    Array.prototype.forEach.call(doc.querySelectorAll("[data-filter]"), setUp);
  }

  if (doc.readyState === "loading") {
    doc.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
