/// The search page's own parts, served from memory by `vitrine serve` only: the form (the
/// gallery template's toolbar, `controlsHTML`), its stylesheet and its script. No build contains them.
enum SearchPageHTML {
    /// The controls, the status line, the error box and the footer the script moves below
    /// the grid (empty state, count, More, keep).
    static func form(strings: ThemeStrings) -> String {
        let options = SearchRequest.sources.map { "<option value=\"\($0.rawValue)\">\($0.label)</option>" }.joined()
        return """
            <form class="vsearch" data-search-form role="search" aria-label="Search an API">
              <div class="vsearch__field vsearch__field--source">
                <label for="vsearch-source">Source</label>
                <select id="vsearch-source" name="source" data-search-source>\(options)</select>
              </div>
              <div class="vsearch__field" data-search-options="tmdb" hidden>
                <label for="vsearch-list">List</label>
                <select id="vsearch-list" name="list" data-search-list><option value="popular">Popular</option><option value="top_rated">Top rated</option><option value="search">Search</option></select>
              </div>
              <div class="vsearch__field vsearch__field--query">
                <label for="vsearch-query" data-search-query-label>Search GIPHY</label>
                <input id="vsearch-query" name="q" type="search" data-search-query autocomplete="off" spellcheck="false" aria-describedby="vsearch-hint">
              </div>
              <div class="vsearch__field vsearch__field--country" data-search-options="app-store google-books" hidden>
                <label for="vsearch-country">Country</label>
                <input id="vsearch-country" name="country" data-search-country maxlength="2" size="3" autocomplete="off" spellcheck="false" placeholder="kr">
              </div>
            </form>
            <p class="vsearch__hint" id="vsearch-hint" data-search-hint>Results appear as you type. An empty field shows GIPHY’s trending GIFs.</p>
            <div class="vsearch__keep" data-search-keep-box hidden>
              <button type="button" class="button button--quiet" data-search-keep>Keep this search as a gallery</button>
              <p class="vsearch__kept" data-search-kept role="status"></p>
            </div>
            <div class="vsearch__error" data-search-error role="alert" hidden><p data-search-error-message></p><button type="button" class="button button--quiet" data-search-retry>Try again</button></div>
            <div class="vsearch__footer" data-search-footer>
              <div class="empty-state" data-search-empty hidden>
                <p class="empty-state__icon" aria-hidden="true">∅</p>
                <h2 class="empty-state__title" data-search-empty-title>\(SearchEndpoint.escaped(strings.noResults))</h2>
                <p class="empty-state__message" data-search-empty-message></p>
              </div>
              <p class="vsearch__count" data-search-count role="status" aria-live="polite"></p>
              <p class="pagination__more"><button type="button" class="button" data-search-more hidden>\(SearchEndpoint.escaped(strings.more))</button></p>
            </div>
            """
    }

    /// The rendered gallery page made the search page: the grid marked `data-search-results`,
    /// the stylesheet linked in the head, the script before `</body>`.
    static func finish(_ html: String, basePath: String, favoritesLimit: Int) -> String {
        var html = html
        if let grid = html.range(of: " data-grid") {
            html.replaceSubrange(grid, with: " data-search-results data-grid")
        }
        let link = "<link rel=\"stylesheet\" href=\"\(SearchEndpoint.stylePath)\">\n"
        if let head = html.range(of: "</head>", options: .caseInsensitive) {
            html.replaceSubrange(head.lowerBound..<head.lowerBound, with: link)
        }
        let script =
            "<script src=\"\(SearchEndpoint.scriptPath)\" data-search-base=\"\(SearchEndpoint.escaped(basePath))\" data-favorites-limit=\"\(favoritesLimit)\" defer></script>\n"
        if let body = html.range(of: "</body>", options: [.caseInsensitive, .backwards]) {
            html.replaceSubrange(body.lowerBound..<body.lowerBound, with: script)
        } else {
            html += script
        }
        return html
    }

    static let style = #"""
        /* search.css — vitrine serve's search page only. */
        .toolbar:has([data-search-form]) { display: block; }
        .vsearch { display: flex; flex-wrap: wrap; gap: 0.75rem 1rem; align-items: end; margin: 0 0 0.5rem; }
        .vsearch__field { display: flex; flex-direction: column; gap: 0.25rem; }
        .vsearch__field[hidden] { display: none; }
        .vsearch__field--query { flex: 1 1 16rem; }
        .vsearch label { font-size: 0.875rem; font-weight: 600; }
        .vsearch select, .vsearch input {
          font: inherit; min-height: 2.75rem; padding: 0.4rem 0.6rem; border: 1px solid var(--border, #767676);
          border-radius: 0.5rem; background: var(--surface, Canvas); color: inherit; box-sizing: border-box;
        }
        .vsearch input[type=search] { width: 100%; }
        .vsearch__field--country input { width: 4.5rem; text-transform: lowercase; }
        .vsearch select:focus-visible, .vsearch input:focus-visible { outline: 3px solid var(--accent, #3a45c4); outline-offset: 1px; }
        .vsearch__hint { margin: 0 0 1rem; font-size: 0.875rem; opacity: 0.85; }
        .vsearch__error { margin: 0 0 1rem; padding: 0.75rem 1rem; border-left: 4px solid #b3261e; border-radius: 0.5rem;
          background: color-mix(in srgb, #b3261e 10%, transparent); }
        .vsearch__error[hidden] { display: none; }
        .vsearch__error p { margin: 0 0 0.5rem; }
        .vsearch__footer { display: flex; flex-direction: column; align-items: center; gap: 0.5rem; margin: 1.5rem 0 0; }
        .vsearch__count { margin: 0; min-height: 1.5em; }
        .vsearch__keep[hidden] { display: none; }
        .vsearch__keep { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 1rem; margin: 0 0 1rem; }
        .vsearch__kept { margin: 0; min-height: 1.5em; font-size: 0.875rem; }
        .vsearch__placeholder .cell__media { background: linear-gradient(90deg, rgba(127,127,127,.12), rgba(127,127,127,.28), rgba(127,127,127,.12));
          background-size: 200% 100%; animation: vsearch-shimmer 1.2s linear infinite; }
        @keyframes vsearch-shimmer { to { background-position: -200% 0; } }
        @media (prefers-reduced-motion: reduce) { .vsearch__placeholder .cell__media { animation: none; } }
        [data-search-results][aria-busy=true] { opacity: 0.85; }
        """#

    static let script = #"""
        /* search.js — vitrine serve only: the search page. Searches as you type (debounced,
           stale requests aborted), keeps the search in the URL, pages with More and by
           scrolling, and keeps a search as a gallery. Cells are the site's own, rendered by
           the server; vitrine.js opens them in its dialog and live.js adds their stars. */
        (function () {
          "use strict";
          var doc = document;
          var me = doc.currentScript;
          var base = (me && me.getAttribute("data-search-base")) || "/";
          var api = base + "_vitrine/api/search";
          var DEBOUNCE = 300;

          function $(selector) { return doc.querySelector(selector); }
          function token() {
            var live = doc.querySelector("script[data-vitrine-token]");
            return live ? live.getAttribute("data-vitrine-token") : "";
          }

          var form = $("[data-search-form]");
          var source = $("[data-search-source]");
          var list = $("[data-search-list]");
          var field = $("[data-search-query]");
          var fieldLabel = $("[data-search-query-label]");
          var country = $("[data-search-country]");
          var hint = $("[data-search-hint]");
          var grid = $("[data-search-results]") || $("[data-grid]");
          var errorBox = $("[data-search-error]");
          var errorText = $("[data-search-error-message]");
          var footer = $("[data-search-footer]");
          var empty = $("[data-search-empty]");
          var emptyText = $("[data-search-empty-message]");
          var emptyTitle = $("[data-search-empty-title]");
          var noResults = emptyTitle ? emptyTitle.textContent : "No results";
          var keepBox = $("[data-search-keep-box]");
          var countLine = $("[data-search-count]");
          var headerCount = $("[data-result-count]");
          var more = $("[data-search-more]");
          var keep = $("[data-search-keep]");
          var kept = $("[data-search-kept]");
          if (!form || !grid || typeof window.fetch !== "function") return;
          grid.setAttribute("data-search-results", "");
          grid.setAttribute("aria-live", "polite");
          if (footer && grid.parentNode) grid.parentNode.insertBefore(footer, grid.nextSibling);

          var state = { page: 0, hasMore: false, total: 0, controller: null, timer: 0, loading: false };
          var columns = parseInt(getComputedStyle(grid).getPropertyValue("--columns"), 10) || 3;

          var hints = {
            "giphy": "Results appear as you type. An empty field shows GIPHY\u2019s trending GIFs.",
            "tmdb": "Popular and Top rated list TMDB\u2019s movies; choose Search to search by title.",
            "google-books": "Plain words, or intitle: and inauthor: (intitle:swift inauthor:apple).",
            "app-store": "App Store ids, separated by commas (284882215, 310633997); the country is the storefront (kr, us)."
          };

          function currentParams(page) {
            var params = new URLSearchParams();
            var name = source.value;
            params.set("source", name);
            var text = field.value.trim();
            if (name === "tmdb") {
              params.set("list", list.value);
              if (list.value === "search" && text) params.set("q", text);
            } else if (name === "app-store") {
              if (text) params.set("ids", text.replace(/\s+/g, ""));
            } else if (text) {
              params.set("q", text);
            }
            var code = country.value.trim().toLowerCase();
            if ((name === "app-store" || name === "google-books") && code) params.set("country", code);
            if (page) params.set("page", String(page));
            return params;
          }

          function syncControls() {
            var name = source.value;
            Array.prototype.forEach.call(doc.querySelectorAll("[data-search-options]"), function (box) {
              box.hidden = box.getAttribute("data-search-options").split(" ").indexOf(name) < 0;
            });
            var listed = name === "tmdb" && list.value !== "search";
            field.disabled = listed;
            fieldLabel.textContent =
              name === "app-store" ? "App Store ids (comma-separated)" :
              name === "tmdb" ? "Search TMDB (choose Search in List)" :
              "Search " + source.options[source.selectedIndex].text;
            if (name === "tmdb" && !listed) fieldLabel.textContent = "Search TMDB";
            hint.textContent = hints[name] || "";
          }

          function fromURL() {
            var params = new URLSearchParams(location.search);
            var name = params.get("source");
            if (name && Array.prototype.some.call(source.options, function (o) { return o.value === name; })) source.value = name;
            if (params.get("list")) list.value = params.get("list");
            field.value = source.value === "app-store" ? (params.get("ids") || "") : (params.get("q") || "");
            if (source.value === "tmdb" && params.get("q") && !params.get("list")) list.value = "search";
            country.value = params.get("country") || "";
          }

          function updateURL() {
            var query = currentParams(0).toString();
            try {
              history.replaceState(history.state, "", location.pathname + (query ? "?" + query : ""));
            } catch (e) { /* keep the address */ }
          }

          function placeholders(count) {
            for (var i = 0; i < count; i++) {
              var cell = doc.createElement("li");
              cell.className = "cell vsearch__placeholder";
              cell.setAttribute("aria-hidden", "true");
              cell.setAttribute("data-search-placeholder", "");
              var media = doc.createElement("span");
              media.className = "cell__media";
              cell.appendChild(media);
              grid.appendChild(cell);
            }
          }
          function clearPlaceholders() {
            Array.prototype.forEach.call(grid.querySelectorAll("[data-search-placeholder]"), function (cell) {
              cell.parentNode.removeChild(cell);
            });
          }

          function showError(answer, status) {
            errorText.textContent = (answer && answer.message) || "The search failed (HTTP " + status + ").";
            errorBox.setAttribute("data-error-kind", (answer && answer.error) || "failed");
            errorBox.hidden = false;
          }
          function hideError() {
            errorBox.hidden = true;
            errorBox.removeAttribute("data-error-kind");
          }

          function shown() { return grid.querySelectorAll("[data-cell]").length; }

          function showCount(answer) {
            var n = shown();
            var text = n === 0 ? "" : n.toLocaleString("en-US") + " of " + answer.total.toLocaleString("en-US");
            if (answer.trending && n) text = "Trending: " + text;
            countLine.textContent = text;
            if (headerCount) headerCount.textContent = text;
          }

          function search(reset) {
            if (state.controller) state.controller.abort();
            clearTimeout(state.timer);
            var page = reset ? 1 : state.page + 1;
            var controller = typeof AbortController === "function" ? new AbortController() : null;
            state.controller = controller;
            state.loading = true;
            if (reset) {
              grid.textContent = "";
              state.page = 0;
              state.hasMore = false;
              more.hidden = true;
              empty.hidden = true;
              countLine.textContent = "";
              if (headerCount) headerCount.textContent = "";
              kept.textContent = "";
              keepBox.hidden = true;
              updateURL();
            } else {
              clearPlaceholders();
            }
            hideError();
            placeholders(columns * (reset ? 2 : 1));
            grid.setAttribute("aria-busy", "true");
            more.setAttribute("aria-busy", "true");
            var status = 0;
            window
              .fetch(api + "?" + currentParams(page).toString(), {
                credentials: "same-origin",
                headers: { "X-Vitrine-Token": token(), Accept: "application/json" },
                signal: controller ? controller.signal : undefined
              })
              .then(function (response) {
                status = response.status;
                return response.json();
              })
              .then(function (answer) {
                if (state.controller !== controller) return;
                state.loading = false;
                clearPlaceholders();
                grid.removeAttribute("aria-busy");
                more.removeAttribute("aria-busy");
                if (!answer.ok) {
                  showError(answer, status);
                  more.hidden = true;
                  keepBox.hidden = true;
                  return;
                }
                grid.insertAdjacentHTML("beforeend", answer.cells.join("\n"));
                state.page = answer.page;
                state.hasMore = answer.hasMore && answer.cells.length > 0;
                state.total = answer.total;
                more.hidden = !state.hasMore;
                var none = shown() === 0;
                empty.hidden = !none;
                var asked = source.value === "giphy" || (source.value === "tmdb" && list.value !== "search") ||
                  currentParams(0).has(source.value === "app-store" ? "ids" : "q");
                keepBox.hidden = !asked || none;
                if (none) {
                  emptyTitle.textContent = asked ? noResults : fieldLabel.textContent;
                  emptyText.textContent = asked
                    ? "Nothing found for " + answer.summary + "."
                    : "Type something to search " + source.options[source.selectedIndex].text + ".";
                }
                if (answer.missing && answer.missing.length) {
                  emptyText.textContent = "Not in the App Store: " + answer.missing.join(", ");
                  empty.hidden = false;
                }
                showCount(answer);
                if (state.hasMore) window.requestAnimationFrame(loadIfNear);
              })
              .catch(function (error) {
                if (error && error.name === "AbortError") return;
                if (state.controller !== controller) return;
                state.loading = false;
                clearPlaceholders();
                grid.removeAttribute("aria-busy");
                more.removeAttribute("aria-busy");
                showError({ error: "offline", message: "vitrine serve does not answer: is it still running? (" + error + ")" }, status);
              });
          }

          function later() {
            clearTimeout(state.timer);
            // What was asked for the old text is stale now: cancelled at once.
            if (state.controller) {
              state.controller.abort();
              state.controller = null;
              state.loading = false;
            }
            state.timer = setTimeout(function () { search(true); }, DEBOUNCE);
          }

          function loadIfNear() {
            if (!state.hasMore || state.loading || more.hidden) return;
            var rect = more.getBoundingClientRect();
            if (rect.top < window.innerHeight + 600) search(false);
          }

          field.addEventListener("input", later);
          country.addEventListener("input", later);
          source.addEventListener("change", function () {
            syncControls();
            search(true);
          });
          list.addEventListener("change", function () {
            syncControls();
            search(true);
          });
          form.addEventListener("submit", function (event) {
            event.preventDefault();
            search(true);
          });
          more.addEventListener("click", function () {
            var before = shown();
            search(false);
            // Focus follows to the first new cell once it is in.
            var watch = setInterval(function () {
              if (state.loading) return;
              clearInterval(watch);
              var cells = grid.querySelectorAll("[data-cell] a");
              if (cells[before]) cells[before].focus();
            }, 50);
          });
          $("[data-search-retry]").addEventListener("click", function () { search(shown() === 0); });
          if (typeof window.IntersectionObserver === "function") {
            new IntersectionObserver(function (entries) {
              if (entries.some(function (entry) { return entry.isIntersecting; })) loadIfNear();
            }, { rootMargin: "600px 0px" }).observe(more);
          }
          window.addEventListener("scroll", function () { window.requestAnimationFrame(loadIfNear); }, { passive: true });

          keep.addEventListener("click", function () {
            var params = currentParams(0);
            var body = {};
            params.forEach(function (value, key) { body[key] = value; });
            keep.setAttribute("aria-busy", "true");
            window
              .fetch(base + "_vitrine/api/keep", {
                method: "POST",
                credentials: "same-origin",
                headers: { "Content-Type": "application/json", "X-Vitrine-Token": token() },
                body: JSON.stringify(body)
              })
              .then(function (response) { return response.json(); })
              .then(function (answer) {
                keep.removeAttribute("aria-busy");
                kept.textContent = answer.message || "";
                if (answer.ok && answer.href) {
                  kept.appendChild(doc.createTextNode(" "));
                  var link = doc.createElement("a");
                  link.href = answer.href;
                  link.textContent = "Open it";
                  kept.appendChild(link);
                }
              })
              .catch(function (error) {
                keep.removeAttribute("aria-busy");
                kept.textContent = "Could not keep the search: " + error;
              });
          });

          fromURL();
          syncControls();
          search(true);
        })();
        """#
}
