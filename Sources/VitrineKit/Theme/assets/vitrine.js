/* vitrine.js — progressive enhancement for vitrine sites. No dependencies.
 *
 * Everything works without it: every page is a plain page, the More link is a link to the
 * next page, share links are links, screenshots are links to the large images.
 * With it:
 *   (a) More loads the next gallery page in place; scrolling to it loads it automatically
 *       (set `window.vitrineAutoLoad = false` before this script to keep More a button).
 *   (b) [data-share="copy"] copies the page URL, [data-share="native"] opens the share sheet.
 *   (c) [data-screenshot] opens a viewer dialog (arrow keys move, Escape closes).
 *   (d) A grid cell opens its item page in a dialog (modifier-clicks open normally).
 *   (e) A GIF played as video gets a pause/play button (its label says what it does) in place of the native
 *       controls; under prefers-reduced-motion nothing plays until the button is pressed.
 *   (f) A gallery with GIFs gets a button that pauses them all: each cell shows its still
 *       (the <source data-still> is made to match), cells loaded later too.
 *   (g) Cross-document view transitions (vitrine.css) are skipped from file://.
 *   (h) On a phone, the navigation's row is scrolled to the current page's link.
 * Only same-site pages are fetched. From file:// (where fetch of local files fails), links
 * keep their normal behaviour.
 */
(function () {
  "use strict";

  var doc = document;
  if (!doc.querySelector || !doc.addEventListener) return;

  var canFetch =
    location.protocol !== "file:" &&
    typeof window.fetch === "function" &&
    typeof window.DOMParser === "function" &&
    typeof window.URL === "function";
  var canDialog =
    typeof window.HTMLDialogElement === "function" &&
    typeof doc.createElement("dialog").showModal === "function";

  // ── Helpers ──────────────────────────────────────────────────────────────

  // The theme's strings in the page's language (data-strings on <body>), English otherwise.
  var strings = {};
  try {
    strings = JSON.parse((doc.body && doc.body.getAttribute("data-strings")) || "{}") || {};
  } catch (e) {
    strings = {};
  }

  function t(key, fallback, values) {
    var value = typeof strings[key] === "string" ? strings[key] : fallback;
    return value.replace(/\{(\w+)\}/g, function (marker, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : marker;
    });
  }

  function $(selector, root) {
    return (root || doc).querySelector(selector);
  }

  function $all(selector, root) {
    return Array.prototype.slice.call((root || doc).querySelectorAll(selector));
  }

  function closest(node, selector) {
    while (node && node.nodeType === 1) {
      if (node.matches && node.matches(selector)) return node;
      node = node.parentNode;
    }
    return null;
  }

  function isPlainClick(event) {
    return (
      event.button === 0 &&
      !event.defaultPrevented &&
      !event.metaKey &&
      !event.ctrlKey &&
      !event.shiftKey &&
      !event.altKey
    );
  }

  function absoluteURL(value, base) {
    try {
      return new URL(value, base).href;
    } catch (e) {
      return null;
    }
  }

  function isSameSite(url) {
    try {
      return new URL(url, location.href).origin === location.origin;
    } catch (e) {
      return false;
    }
  }

  /** Fetches a same-site page and parses it. Rejects from file:// or on any failure. */
  function fetchPage(url) {
    if (!canFetch || !isSameSite(url)) {
      return Promise.reject(new Error("cannot fetch " + url));
    }
    return window
      .fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.text();
      })
      .then(function (text) {
        var page = new DOMParser().parseFromString(text, "text/html");
        // Every link in a vitrine page is relative to that page: make them absolute before
        // moving nodes into this one, which may live at another depth.
        absolutize(page, url);
        return page;
      });
  }

  function absolutize(root, base) {
    ["href", "src", "data-share-url"].forEach(function (attribute) {
      $all("[" + attribute + "]", root).forEach(function (element) {
        var value = element.getAttribute(attribute);
        if (value === null || value.charAt(0) === "#") return;
        var absolute = absoluteURL(value, base);
        if (absolute) element.setAttribute(attribute, absolute);
      });
    });
    $all("[srcset]", root).forEach(function (element) {
      var parts = element.getAttribute("srcset").split(",").map(function (candidate) {
        var bits = candidate.trim().split(/\s+/);
        var absolute = bits[0] ? absoluteURL(bits[0], base) : null;
        if (absolute) bits[0] = absolute;
        return bits.join(" ");
      });
      element.setAttribute("srcset", parts.join(", "));
    });
  }

  var liveRegion = null;
  function announce(message) {
    if (!liveRegion) {
      liveRegion = doc.createElement("p");
      liveRegion.className = "visually-hidden";
      liveRegion.setAttribute("role", "status");
      liveRegion.setAttribute("aria-live", "polite");
      doc.body.appendChild(liveRegion);
    }
    liveRegion.textContent = "";
    window.setTimeout(function () {
      liveRegion.textContent = message;
    }, 50);
  }

  // ── Placeholders: stop the shimmer once an image has arrived ─────────────

  function markLoaded(img, failed) {
    var media = closest(img, "[data-cell-media]");
    if (media) media.setAttribute("data-loaded", "");
    if (failed) {
      img.setAttribute("data-failed", "");
      if (media) media.setAttribute("data-failed", "");
    } else if (img.hasAttribute("data-failed")) {
      img.removeAttribute("data-failed");
      if (media) media.removeAttribute("data-failed");
    }
  }

  function watchImages(root) {
    $all("img", root).forEach(function (img) {
      if (img.complete) markLoaded(img, !img.naturalWidth);
    });
  }

  // `load` and `error` do not bubble, but they can be caught on the way down.
  doc.addEventListener(
    "load",
    function (event) {
      if (event.target && event.target.tagName === "IMG") markLoaded(event.target, false);
    },
    true
  );
  doc.addEventListener(
    "error",
    function (event) {
      if (event.target && event.target.tagName === "IMG") markLoaded(event.target, true);
    },
    true
  );

  // ── (a) More + infinite scroll ───────────────────────────────────────────

  function setUpMore() {
    var more = $("[data-more]");
    if (!more) return;
    var scope = closest(more, "section") || closest(more, "main") || doc;
    var grid = $("[data-grid]", scope) || $("[data-grid]");
    if (!grid || !canFetch) return; // plain link: the next page opens on its own
    // Absolute from the start: the document's URL changes while an item dialog is open.
    more.href = more.href;

    var loading = false;
    var autoLoad = true;
    var observer = null;
    var message = null;

    function showError() {
      if (!message) {
        message = doc.createElement("p");
        message.className = "vitrine-message";
        message.setAttribute("role", "alert");
      }
      message.textContent = t("loadFailed", "Could not load more items. Try again, or open the next page.");
      var holder = more.parentNode;
      if (holder && holder.parentNode) holder.parentNode.insertBefore(message, holder);
    }

    function clearError() {
      if (message && message.parentNode) message.parentNode.removeChild(message);
    }

    function updatePagination(page) {
      var current = closest(more, "[data-pagination]");
      var next = $("[data-pagination]", page);
      if (!current || !next) return;
      [".pagination__label", ".pagination__list"].forEach(function (selector) {
        var mine = $(selector, current);
        var theirs = $(selector, next);
        if (mine && theirs) mine.parentNode.replaceChild(doc.importNode(theirs, true), mine);
      });
    }

    // The last page is in: More gives way to a note of the same height (nothing moves).
    function finish() {
      if (observer) observer.disconnect();
      window.removeEventListener("scroll", onScroll);
      var end = doc.createElement("span");
      end.className = "pagination__end";
      end.textContent = t("thatsAll", "That\u2019s all.");
      if (more.parentNode) more.parentNode.replaceChild(end, more);
      more = null;
    }

    function load(fromClick) {
      if (loading || !more) return;
      var url = more.href;
      loading = true;
      clearError();
      more.setAttribute("aria-busy", "true");
      more.textContent = t("loading", "Loading…");

      fetchPage(url)
        .then(function (page) {
          var theirGrid = $("[data-grid]", page);
          var cells = theirGrid ? $all("[data-cell]", theirGrid) : [];
          var first = null;
          cells.forEach(function (cell) {
            var node = doc.importNode(cell, true);
            grid.appendChild(node);
            if (!first) first = node;
          });
          watchImages(grid);
          updatePagination(page);
          announce(cells.length === 1 ? t("loadedOne", "Loaded 1 more item.") : t("loadedMany", "Loaded {count} more items.", { count: cells.length }));

          var nextMore = $("[data-more]", page);
          loading = false;
          if (nextMore && nextMore.getAttribute("href") && cells.length > 0) {
            more.href = nextMore.getAttribute("href");
            more.textContent = t("more", "More");
            more.removeAttribute("aria-busy");
            if (autoLoad) window.requestAnimationFrame(function () { loadIfVisible(true); });
          } else {
            finish();
          }
          if (fromClick && first) {
            var link = $("a", first);
            if (link) link.focus();
          }
        })
        .catch(function () {
          loading = false;
          autoLoad = false; // no retry loop: the user clicks to try again
          if (observer) observer.disconnect();
          window.removeEventListener("scroll", onScroll);
          if (more) {
            more.textContent = t("more", "More");
            more.removeAttribute("aria-busy");
            showError();
          }
        });
    }

    // Infinite scroll without layout shift: new cells are only appended by themselves while
    // More is still below the visible part of the page (the observer, and after each page),
    // or while the reader scrolls at the end. More already on screen when the page opens
    // waits for a click or a scroll. `window.vitrineAutoLoad = false` (set before this
    // script runs) keeps More a plain button.
    function loadIfVisible(belowFoldOnly) {
      if (!more || !autoLoad || window.vitrineAutoLoad === false) return;
      var rect = more.getBoundingClientRect();
      var height = window.innerHeight;
      if (rect.top >= height + 600 || rect.bottom <= -600) return;
      if (belowFoldOnly && rect.top < height) return;
      load(false);
    }

    var scrollPending = false;
    function onScroll() {
      if (scrollPending) return;
      scrollPending = true;
      window.requestAnimationFrame(function () {
        scrollPending = false;
        loadIfVisible(false);
      });
    }
    window.addEventListener("scroll", onScroll, { passive: true });

    more.addEventListener("click", function (event) {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      load(true);
    });

    if (typeof window.IntersectionObserver === "function") {
      observer = new IntersectionObserver(
        function (entries) {
          entries.forEach(function (entry) {
            if (entry.isIntersecting) loadIfVisible(true);
          });
        },
        { rootMargin: "0px 0px 600px 0px" }
      );
      observer.observe(more);
    }
  }

  // ── (b) Share ────────────────────────────────────────────────────────────

  function shareURL(link) {
    var holder = closest(link, "[data-share-url]");
    var value = holder ? holder.getAttribute("data-share-url") : null;
    return absoluteURL(value || link.getAttribute("href") || location.href, location.href) || location.href;
  }

  function shareStatus(link, text) {
    var holder = closest(link, "[data-share-url]");
    var status = holder ? $("[data-share-status]", holder) : null;
    if (status) status.textContent = text;
    else announce(text);
  }

  function enhanceShare(root) {
    $all("[data-share]", root).forEach(function (link) {
      var network = link.getAttribute("data-share");
      var item = closest(link, "[data-needs-script]");
      var supported = true;
      if (network === "copy") {
        supported = !!(navigator.clipboard && typeof navigator.clipboard.writeText === "function");
      } else if (network === "native") {
        supported = typeof navigator.share === "function";
      }
      // Shown where the browser can do it; elsewhere it keeps its (invisible) place, so
      // nothing moves either way.
      if (item && supported) item.setAttribute("data-ready", "");
    });
  }

  doc.addEventListener("click", function (event) {
    var link = closest(event.target, "[data-share]");
    if (!link || !isPlainClick(event)) return;
    var network = link.getAttribute("data-share");
    var url = shareURL(link);

    if (network === "copy" && navigator.clipboard && navigator.clipboard.writeText) {
      event.preventDefault();
      navigator.clipboard.writeText(url).then(
        function () {
          shareStatus(link, t("linkCopied", "Link copied."));
        },
        function () {
          shareStatus(link, t("copyFailed", "Could not copy the link."));
        }
      );
    } else if (network === "native" && typeof navigator.share === "function") {
      event.preventDefault();
      var title = closest(link, "[data-item]");
      var heading = title ? $(".item__title-text", title) : null;
      navigator
        .share({ title: heading ? heading.textContent : doc.title, url: url })
        .catch(function () {
          /* dismissed */
        });
    }
  });

  // ── Folding text (app description, release notes) ────────────────────────

  function enhanceFolds(root) {
    $all("[data-fold]", root).forEach(function (fold) {
      if (fold.getAttribute("data-fold-ready") !== null) return;
      var text = $(".fold__text", fold);
      if (!text) return;
      fold.setAttribute("data-fold-ready", "");
      fold.classList.add("is-folded");
      if (text.scrollHeight <= text.clientHeight + 2) {
        fold.classList.remove("is-folded"); // short enough: nothing to fold
        return;
      }
      if (!text.id) text.id = "fold-" + Math.random().toString(36).slice(2, 9);
      var button = doc.createElement("button");
      button.type = "button";
      button.className = "fold__toggle";
      button.setAttribute("aria-controls", text.id);
      button.setAttribute("aria-expanded", "false");
      button.textContent = t("more", "More");
      button.addEventListener("click", function () {
        var folded = fold.classList.toggle("is-folded");
        button.setAttribute("aria-expanded", folded ? "false" : "true");
        button.textContent = folded ? t("more", "More") : t("less", "Less");
      });
      fold.appendChild(button);
    });
  }

  // ── Dialogs ──────────────────────────────────────────────────────────────

  function makeDialog(className, label) {
    var dialog = doc.createElement("dialog");
    dialog.className = "vitrine-dialog " + className;
    dialog.setAttribute("aria-label", label);

    var bar = doc.createElement("div");
    bar.className = "vitrine-dialog__bar";
    var start = doc.createElement("div");
    start.className = "vitrine-dialog__start";
    var close = doc.createElement("button");
    close.type = "button";
    close.className = "vitrine-dialog__close";
    close.setAttribute("aria-label", t("close", "Close"));
    close.textContent = "×";
    close.addEventListener("click", function () {
      dialog.close();
    });
    bar.appendChild(start);
    bar.appendChild(close);
    dialog.appendChild(bar);

    // A click on the backdrop (the dialog box itself, outside its content) closes it.
    dialog.addEventListener("click", function (event) {
      if (event.target === dialog) dialog.close();
    });
    dialog.addEventListener("close", function () {
      doc.documentElement.classList.remove("vitrine-modal-open");
    });
    doc.body.appendChild(dialog);
    return { dialog: dialog, start: start, close: close };
  }

  function openDialog(parts, opener) {
    parts.opener = opener || doc.activeElement;
    if (!parts.dialog.open) parts.dialog.showModal();
    doc.documentElement.classList.add("vitrine-modal-open");
    parts.close.focus();
  }

  function restoreFocusOnClose(parts) {
    parts.dialog.addEventListener("close", function () {
      var opener = parts.opener;
      parts.opener = null;
      if (opener && typeof opener.focus === "function" && doc.contains(opener)) opener.focus();
    });
  }

  // ── (c) Screenshot viewer ────────────────────────────────────────────────

  var viewer = null;

  function getViewer() {
    if (viewer) return viewer;
    viewer = makeDialog("vitrine-viewer", t("screenshots", "Screenshots"));
    restoreFocusOnClose(viewer);

    var nav = doc.createElement("div");
    nav.className = "vitrine-viewer__nav";
    viewer.prev = doc.createElement("button");
    viewer.next = doc.createElement("button");
    [viewer.prev, viewer.next].forEach(function (button, index) {
      button.type = "button";
      button.className = "vitrine-dialog__close";
      button.setAttribute("aria-label", index === 0 ? t("previousScreenshot", "Previous screenshot") : t("nextScreenshot", "Next screenshot"));
      button.textContent = index === 0 ? "←" : "→";
      button.addEventListener("click", function () {
        showShot(viewer.index + (index === 0 ? -1 : 1));
      });
      nav.appendChild(button);
    });
    viewer.counter = doc.createElement("span");
    viewer.counter.setAttribute("aria-live", "polite");
    nav.appendChild(viewer.counter);
    viewer.start.appendChild(nav);

    var figure = doc.createElement("figure");
    figure.className = "vitrine-viewer__figure";
    viewer.img = doc.createElement("img");
    viewer.img.alt = "";
    viewer.caption = doc.createElement("figcaption");
    figure.appendChild(viewer.img);
    figure.appendChild(viewer.caption);
    viewer.dialog.appendChild(figure);

    viewer.dialog.addEventListener("keydown", function (event) {
      if (event.key === "ArrowLeft") {
        event.preventDefault();
        showShot(viewer.index - 1);
      } else if (event.key === "ArrowRight") {
        event.preventDefault();
        showShot(viewer.index + 1);
      }
    });
    return viewer;
  }

  function showShot(index) {
    var shots = viewer.shots || [];
    if (!shots.length) return;
    viewer.index = (index + shots.length) % shots.length;
    var link = shots[viewer.index];
    var thumb = $("img", link);
    var label = link.getAttribute("aria-label") || "Screenshot " + (viewer.index + 1);
    viewer.img.src = link.href;
    viewer.img.alt = thumb && thumb.alt ? thumb.alt : label;
    viewer.caption.textContent = label;
    viewer.counter.textContent = viewer.index + 1 + " / " + shots.length;
    var single = shots.length < 2;
    viewer.prev.hidden = single;
    viewer.next.hidden = single;
  }

  doc.addEventListener("click", function (event) {
    var link = closest(event.target, "[data-screenshot]");
    if (!link || !canDialog || !isPlainClick(event)) return;
    event.preventDefault();
    var strip = closest(link, "[data-screenshots]");
    var shots = $all("[data-screenshot]", strip || doc);
    var v = getViewer();
    v.shots = shots;
    showShot(Math.max(0, shots.indexOf(link)));
    openDialog(v, link);
  });

  // ── (d) Item pages in a dialog ───────────────────────────────────────────

  var itemDialog = null;

  function getItemDialog() {
    if (itemDialog) return itemDialog;
    itemDialog = makeDialog("vitrine-item-dialog", t("kindItem", "Item"));
    restoreFocusOnClose(itemDialog);
    itemDialog.openLink = doc.createElement("a");
    itemDialog.openLink.textContent = t("openPage", "Open the page");
    itemDialog.start.appendChild(itemDialog.openLink);
    itemDialog.content = doc.createElement("div");
    itemDialog.content.className = "vitrine-dialog__content";
    itemDialog.dialog.appendChild(itemDialog.content);

    // prev / next inside the dialog load in place.
    itemDialog.content.addEventListener("click", function (event) {
      if (!isPlainClick(event)) return;
      var back = closest(event.target, "[data-back], .item-nav__back");
      if (back && back.href === itemDialog.returnURL) {
        event.preventDefault(); // back to the gallery this dialog opened from: just close
        itemDialog.dialog.close();
        return;
      }
      var link = closest(event.target, ".item-nav__prev, .item-nav__next");
      if (!link) return;
      event.preventDefault();
      showItem(link.href, null, "replace");
    });
    itemDialog.dialog.addEventListener("close", function () {
      if (canHistory && inItemState()) history.back();
    });
    window.addEventListener("popstate", function () {
      if (!inItemState() && itemDialog.dialog.open) itemDialog.dialog.close();
    });
    return itemDialog;
  }

  var itemRequest = 0;

  // The dialog's URL is the item page's: opening pushes it, prev/next replace it, closing
  // (or Back) returns to the gallery's. A reload there shows the plain item page.
  var canHistory = !!(window.history && typeof history.pushState === "function");

  function inItemState() {
    return !!(history.state && history.state.vitrineItem);
  }

  function showItem(url, opener, historyMode) {
    var parts = getItemDialog();
    var request = ++itemRequest;
    if (historyMode === "push" && !inItemState()) parts.returnURL = location.href;
    if (canHistory && historyMode) {
      try {
        if (historyMode === "push" && !inItemState()) history.pushState({ vitrineItem: url }, "", url);
        else history.replaceState({ vitrineItem: url }, "", url);
      } catch (e) {
        /* a URL the history does not take: keep the current one */
      }
    }
    parts.openLink.href = url;
    parts.content.setAttribute("aria-busy", "true");
    parts.content.textContent = t("loading", "Loading…");
    openDialog(parts, opener || parts.opener);

    fetchPage(url)
      .then(function (page) {
        if (request !== itemRequest || !parts.dialog.open) return;
        var main = $("main", page);
        if (!main) throw new Error("no main");
        parts.content.textContent = "";
        Array.prototype.slice.call(main.childNodes).forEach(function (node) {
          parts.content.appendChild(doc.importNode(node, true));
        });
        parts.content.removeAttribute("aria-busy");
        var title = $(".item__title-text", parts.content) || $("h1", parts.content);
        parts.dialog.setAttribute("aria-label", title ? title.textContent.trim() : t("kindItem", "Item"));
        enhanceShare(parts.content);
        enhanceFolds(parts.content);
        enhanceGIFs(parts.content);
        parts.dialog.scrollTop = 0;
      })
      .catch(function () {
        if (request !== itemRequest || !parts.dialog.open) return;
        window.location.href = url; // fall back to the page itself
      });
  }

  doc.addEventListener("click", function (event) {
    if (!canDialog || !canFetch || !isPlainClick(event)) return;
    var link = closest(event.target, "[data-cell] a[href]");
    if (!link || link.target || !isSameSite(link.href)) return;
    event.preventDefault();
    showItem(link.href, link, "push");
  });

  // ── (e) GIF video ────────────────────────────────────────────────────────

  /** A pause/play button says what it will do ("Play animation" while paused), so it has no
   *  aria-pressed (a toggle's label must not change); data-state="paused|playing" styles it. */
  function setToggle(button, paused, playLabel, pauseLabel) {
    button.setAttribute("data-state", paused ? "paused" : "playing");
    var label = $("[data-toggle-label]", button);
    var text = paused ? playLabel : pauseLabel;
    // Only a change: the gallery's observer of added nodes would otherwise call this again.
    if (label && label.textContent !== text) label.textContent = text;
  }

  function enhanceGIFs(root) {
    var reduce = typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    $all("[data-gif-player]", root).forEach(function (player) {
      var video = $("[data-gif-video]", player);
      var button = $("[data-gif-toggle]", player);
      if (!video || !button || player.hasAttribute("data-ready")) return;
      function sync() {
        var paused = video.paused || video.ended;
        setToggle(button, paused, t("playAnimation", "Play animation"), t("pauseAnimation", "Pause animation"));
        player.setAttribute("data-state", paused ? "paused" : "playing");
      }
      if (reduce) {
        video.removeAttribute("autoplay");
        video.autoplay = false;
        video.pause();
      }
      video.removeAttribute("controls");
      video.addEventListener("play", sync);
      video.addEventListener("pause", sync);
      button.addEventListener("click", function () {
        if (video.paused) {
          // Under reduced motion no <source> matched: the button is the explicit request.
          if (!video.currentSrc && video.getAttribute("data-mp4")) video.src = video.getAttribute("data-mp4");
          var playing = video.play();
          if (playing && typeof playing.catch === "function") playing.catch(sync);
        } else {
          video.pause();
        }
        sync();
      });
      player.setAttribute("data-ready", "");
      // Autoplay starts on its own: the "play" event syncs then. Paused from the start only
      // under reduced motion.
      if (reduce) sync();
    });
  }

  // ── (f) Pause every GIF of a gallery ─────────────────────────────────────

  function enhanceMotionToggle(root) {
    var reduce = typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    $all("[data-motion-toggle]", root).forEach(function (button) {
      if (button.hasAttribute("data-ready")) return;
      var scope = closest(button, "[data-gallery]") || doc.body;
      var paused = reduce;
      function apply() {
        $all("source[data-still]", scope).forEach(function (source) {
          var media = paused ? "all" : reduce ? "not all" : "(prefers-reduced-motion: reduce)";
          if (source.getAttribute("media") !== media) source.setAttribute("media", media);
        });
        setToggle(button, paused, t("playAnimations", "Play animations"), t("pauseAnimations", "Pause animations"));
      }
      button.addEventListener("click", function () {
        paused = !paused;
        apply();
      });
      // Cells that More, infinite scroll or the filter add later follow the same choice.
      if (typeof window.MutationObserver === "function") {
        new MutationObserver(function (changes) {
          if (changes.some(function (change) { return change.addedNodes.length > 0; })) apply();
        }).observe(scope, { childList: true, subtree: true });
      }
      button.setAttribute("data-ready", "");
      apply();
    });
  }

  // ── (g) Page-to-page view transitions ────────────────────────────────────
  // vitrine.css opts in to cross-document view transitions. From file:// every file is its
  // own origin and the browser aborts them, rejecting their promises: skip them there, and
  // let no rejection reach the console (an aborted transition is only a missing cross-fade).

  function quietTransition(event) {
    var transition = event.viewTransition;
    if (!transition) return;
    [transition.ready, transition.finished, transition.updateCallbackDone].forEach(function (promise) {
      if (promise && typeof promise.catch === "function") promise.catch(function () {});
    });
    if (location.protocol === "file:" && typeof transition.skipTransition === "function") transition.skipTransition();
  }

  window.addEventListener("pageswap", quietTransition);
  window.addEventListener("pagereveal", quietTransition);

  // ── (h) The phone navigation ─────────────────────────────────────────────
  // On a phone the navigation is one row that scrolls sideways (vitrine.css): the current
  // page's link is scrolled into the middle of it, so the visitor sees where they are.

  function showCurrentNavLink() {
    var row = $(".site-nav ul");
    var current = row && $("[aria-current=page]", row);
    if (!current || row.scrollWidth <= row.clientWidth) return;
    var item = current.parentNode;
    row.scrollLeft = Math.max(0, item.offsetLeft - (row.clientWidth - item.offsetWidth) / 2);
  }

  // ── Start ────────────────────────────────────────────────────────────────

  function start() {
    showCurrentNavLink();
    watchImages(doc);
    enhanceShare(doc);
    enhanceFolds(doc);
    enhanceGIFs(doc);
    enhanceMotionToggle(doc);
    setUpMore();
  }

  if (doc.readyState === "loading") {
    doc.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
