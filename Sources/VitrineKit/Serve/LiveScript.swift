/// `/_vitrine/live.js`, served from memory and only by `vitrine serve` (it is not part of the
/// theme, so no build ever contains it): reloads the page after a rebuild, shows a failed
/// rebuild's error in a banner, and adds the owner's tools that built pages never carry: a star
/// toggle on every cell and item page, the favorites count ("3 / 20") and the CLI hint.
enum LiveScript {
    static let path = "/_vitrine/live.js"
    static let eventsPath = "/_vitrine/events"
    static let favoritesPath = "/_vitrine/favorites"

    /// The tag the server puts before `</body>` of served HTML; the token is a lowercase hex
    /// string, `base` the served base path (`/fixture/`), for the serve-only bar's links.
    static func tag(token: String, base: String = "/") -> String {
        "<script src=\"\(path)\" data-vitrine-token=\"\(token)\" data-vitrine-base=\"\(SearchEndpoint.escaped(base))\" defer></script>"
    }

    static let script = #"""
        /* live.js — vitrine serve only: live reload, build errors, star to favorite, and the
           owner's view (count, hints) that a built site never shows. */
        (function () {
          "use strict";
          var doc = document;
          var me = doc.currentScript || doc.querySelector("script[data-vitrine-token]");
          var token = me ? me.getAttribute("data-vitrine-token") : "";

          // ── Banner: build errors and refused stars ─────────────────────────────
          var banner = null;
          function showBanner(text, kind) {
            if (!banner) {
              banner = doc.createElement("div");
              banner.setAttribute("data-vitrine-banner", "");
              banner.setAttribute("role", "alert");
              banner.style.cssText =
                "position:fixed;left:0;right:0;top:0;z-index:2147483647;padding:.6em 1em;" +
                "font:14px/1.4 system-ui,sans-serif;color:#fff;opacity:1;text-shadow:none;white-space:pre-wrap;cursor:pointer";
              banner.addEventListener("click", hideBanner);
              doc.body.appendChild(banner);
            }
            banner.setAttribute("data-kind", kind);
            // White on these reads at 9:1 or better (AAA), whatever the page's colours.
            banner.style.background = kind === "build-error" ? "#8c1d18" : "#6b4100";
            banner.textContent = text;
            banner.hidden = false;
          }
          function hideBanner() {
            if (banner) banner.hidden = true;
          }

          // ── The serve-only bar: the owner's tools (search) on every served page ──
          var base = (me && me.getAttribute("data-vitrine-base")) || "/";
          if (doc.body && !doc.querySelector("[data-vitrine-bar]")) {
            var bar = doc.createElement("nav");
            bar.setAttribute("data-vitrine-bar", "");
            bar.setAttribute("data-vitrine-admin", "");
            bar.setAttribute("aria-label", "vitrine serve");
            bar.style.cssText =
              "display:flex;gap:1em;align-items:center;justify-content:flex-end;padding:.35em 1em;" +
              "font:14px/1.5 system-ui,sans-serif;background:#1f2330;color:#fff";
            var what = doc.createElement("span");
            what.textContent = "vitrine serve";
            var search = doc.createElement("a");
            search.href = base + "_vitrine/search";
            search.textContent = "Search";
            search.title = "Search GIPHY, TMDB, Google Books and the App Store";
            search.setAttribute("data-vitrine-search-link", "");
            search.style.cssText = "color:#fff;text-decoration:underline";
            if (doc.body.getAttribute("data-kind") === "search") search.setAttribute("aria-current", "page");
            bar.appendChild(what);
            bar.appendChild(search);
            var skip = doc.querySelector(".skip-link");
            doc.body.insertBefore(bar, skip && skip.parentNode === doc.body ? skip.nextSibling : doc.body.firstChild);
          }

          // ── Live reload over Server-Sent Events ────────────────────────────────
          if (typeof window.EventSource === "function") {
            var events = new EventSource("/_vitrine/events");
            events.addEventListener("reload", function () {
              window.location.reload();
            });
            events.addEventListener("build-error", function (event) {
              showBanner("Rebuild failed; still showing the last good site.\n" + event.data, "build-error");
            });
            window.addEventListener("pagehide", function () {
              events.close();
            });
          }

          // ── Star to favorite ───────────────────────────────────────────────────
          function closest(node, selector) {
            while (node && node.nodeType === 1) {
              if (node.matches(selector)) return node;
              node = node.parentNode;
            }
            return null;
          }

          function label(on) {
            return on ? "In favorites (click to remove)" : "Not in favorites (click to add)";
          }

          function setStar(star, on) {
            star.setAttribute("data-state", on ? "on" : "off");
            star.setAttribute("aria-pressed", on ? "true" : "false");
            star.setAttribute("aria-label", label(on));
            star.setAttribute("title", label(on));
          }

          // ── The owner's view: count and hints (never part of a built page) ─────
          var counted = null;
          function adminNote(tag, className, text, code) {
            var note = doc.createElement(tag);
            note.className = className;
            note.setAttribute("data-vitrine-admin", "");
            note.appendChild(doc.createTextNode(text));
            if (code) {
              var command = doc.createElement("code");
              command.textContent = code;
              note.appendChild(command);
              note.appendChild(doc.createTextNode(", or with the ★ of any item while serving."));
            }
            return note;
          }
          function showAdmin() {
            var places = [];
            var summary = doc.querySelector("[data-favorites-summary] .section-header");
            if (summary) places.push([summary, "p"]);
            var meta = doc.body.getAttribute("data-kind") === "favorites" ? doc.querySelector(".page-header__meta") : null;
            if (meta) places.push([meta, "span"]);
            places.forEach(function (place) {
              if (counted && !place[0].querySelector("[data-favorites-count]")) {
                var count = adminNote(place[1], "favorites-count", counted.count + " / " + counted.limit);
                count.setAttribute("data-favorites-count", "");
                count.setAttribute("title", "Favorites / limit (favorites.limit in site.yml)");
                place[0].appendChild(count);
              }
            });
            var empties = doc.querySelectorAll("[data-favorites-summary] [data-empty], body[data-kind=favorites] [data-empty]");
            Array.prototype.forEach.call(empties, function (empty) {
              if (empty.querySelector("[data-vitrine-hint]")) return;
              var hint = adminNote("p", "empty-state__message", "Add some with ", "vitrine favorites add");
              hint.setAttribute("data-vitrine-hint", "");
              empty.appendChild(hint);
            });
          }
          if (typeof window.fetch === "function") {
            window
              .fetch("/_vitrine/favorites", { credentials: "same-origin", headers: { "X-Vitrine-Token": token } })
              .then(function (response) {
                return response.json();
              })
              .then(function (answer) {
                if (answer.ok) {
                  counted = answer;
                  showAdmin();
                }
              })
              .catch(function () {});
          }

          /** Detail pages: the owner's-pick star (or a new one, off, on any other item page)
           *  becomes a toggle button. Cells: a small star button is added to each cell (outside
           *  its link) in place of the owner's-pick mark. */
          function enhance(root) {
            showAdmin();
            Array.prototype.forEach.call(root.querySelectorAll("[data-item][data-id] .item__title"), function (heading) {
              if (heading.querySelector("[data-favorite]")) return;
              var star = doc.createElement("span");
              star.className = "favorite";
              star.setAttribute("data-favorite", "");
              star.setAttribute("data-state", "off");
              star.textContent = "★";
              heading.appendChild(doc.createTextNode(" "));
              heading.appendChild(star);
            });
            Array.prototype.forEach.call(root.querySelectorAll("[data-favorite]:not([data-vitrine-star])"), function (star) {
              star.setAttribute("data-vitrine-star", "");
              star.setAttribute("role", "button");
              star.setAttribute("tabindex", "0");
              star.style.cursor = "pointer";
              setStar(star, star.getAttribute("data-state") === "on");
            });
            Array.prototype.forEach.call(root.querySelectorAll("[data-cell][data-id]:not([data-vitrine-cell])"), function (cell) {
              cell.setAttribute("data-vitrine-cell", "");
              if (!cell.style.position) cell.style.position = "relative";
              var button = doc.createElement("button");
              button.type = "button";
              button.setAttribute("data-favorite", "");
              button.setAttribute("data-vitrine-star", "");
              button.textContent = "★";
              button.style.cssText =
                "position:absolute;top:4px;left:4px;z-index:2;width:28px;height:28px;padding:0;border:0;" +
                "border-radius:50%;background:rgba(0,0,0,.55);font:16px/28px system-ui,sans-serif;cursor:pointer";
              var mark = cell.querySelector(".cell__star");
              setStar(button, !!mark);
              if (mark) mark.hidden = true;  // one star per cell: the button
              cell.appendChild(button);
            });
            Array.prototype.forEach.call(root.querySelectorAll("button[data-vitrine-star]"), function (button) {
              button.style.color = button.getAttribute("data-state") === "on" ? "#ffc107" : "#fff";
            });
          }

          function toggle(star) {
            var holder = closest(star, "[data-id]");
            if (!holder || star.getAttribute("aria-busy") === "true") return;
            var want = star.getAttribute("data-state") !== "on";
            star.setAttribute("aria-busy", "true");
            window
              .fetch("/_vitrine/favorites", {
                method: "POST",
                credentials: "same-origin",
                headers: { "Content-Type": "application/json", "X-Vitrine-Token": token },
                body: JSON.stringify({ id: holder.getAttribute("data-id"), favorite: want })
              })
              .then(function (response) {
                return response.json().then(function (answer) {
                  star.removeAttribute("aria-busy");
                  if (response.ok && answer.ok) {
                    setStar(star, answer.favorite);
                    enhance(doc);
                    hideBanner();
                  } else {
                    showBanner(answer.message || "HTTP " + response.status, "favorite-error");
                  }
                });
              })
              .catch(function (error) {
                star.removeAttribute("aria-busy");
                showBanner("Could not change the favorite: " + error, "favorite-error");
              });
          }

          doc.addEventListener(
            "click",
            function (event) {
              var star = closest(event.target, "[data-vitrine-star]");
              if (!star) return;
              event.preventDefault();
              event.stopPropagation();
              toggle(star);
            },
            true
          );
          doc.addEventListener("keydown", function (event) {
            var star = closest(event.target, "[data-vitrine-star][role=button]");
            if (!star || (event.key !== "Enter" && event.key !== " ")) return;
            event.preventDefault();
            toggle(star);
          });

          enhance(doc);
          // Items opened in a dialog and cells loaded by More arrive later.
          if (typeof window.MutationObserver === "function") {
            new MutationObserver(function () {
              enhance(doc);
            }).observe(doc.body, { childList: true, subtree: true });
          }
        })();
        """#
}
