#!/usr/bin/env python3
"""vitrine's benchmark: the shared catalog built by vitrine, by Hugo, and the write floor.

Run through bench/run.sh (it builds vitrine in release mode and checks the tools):
    bench/run.sh                 # N = 1000, 10000, 100000
    bench/run.sh 1000 10000      # only these sizes

For each N: generate the catalog (../shared/bench/gen_catalog.py), build it once untimed
(the floor writes its files), then, each timed 3 times (median reported), every timed run
after `sync` so that none pays for the writes of the one before. Nothing is deleted while
runs are timed: trees are moved into a trash folder, emptied at the end. On ext4 without a
journal (this machine's disk), making a file looks past every inode freed in the last 60 s
or more (`recently_deleted`): after a tree was deleted, the next tool to create files spent
most of its time there (10,000 files: 8.7 s of system time instead of 1), whichever tool it was:
  * vitrine, full build into a fresh (absent) output folder, without its catalog cache
    (SITE/.vitrine-cache) — the three full builds (vitrine,
    the floor, Hugo) take turns, round by round, so a slow spell of the disk falls on all three;
  * vitrine, render only (`--render-to-memory`: read and render every page, write nothing;
    no catalog cache);
  * vitrine, unchanged rebuild (same inputs, output present);
  * vitrine, one-item-changed rebuild (one item's title edited, alternating), with the spare
    tree the previous rebuild left, after two untimed ones: the first rebuild after a full
    build has no spare tree, and the second lists the tree the first made for the first time
    (every folder read; a folder changed less than 2 s before it is listed is read again by
    the next build, vitrine's settle interval, so the two start 2.1 s apart); and, 2.1 s
    after the build before, without a spare tree (the first rebuild after a full build);
  * Hugo 0.111, fresh build of the equivalent site (../shared/bench/hugo_site.py);
  * the write floor: bench/floor.c writing the files of vitrine's output (same count,
    same sizes) from memory, on every core.
Peak RSS comes from /usr/bin/time. Work files go to $BENCH_DIR (default /tmp/vitrine-bench).
"""
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
SHARED = os.path.normpath(os.path.join(REPO, "..", "shared", "bench"))
VITRINE = os.environ.get("VITRINE_BIN") or os.path.join(REPO, ".build", "release", "vitrine")
WORK = os.environ.get("BENCH_DIR", "/tmp/vitrine-bench")
FLOOR = os.path.join(WORK, "floor")
RUNS = 3
# vitrine's settle interval (FileTree.Folder.settle: a folder changed less than 2 s before a
# listing is read again by the next build), with a margin.
SETTLE = 2.1

SITE_YML = """title: Bench gallery
perPage: 24
columns: 3
galleries:
  - name: gallery
    title: Items
    source: file
    path: catalog.json
"""


def timed(cmd, cwd=None):
    """Runs a command under /usr/bin/time; returns (wall seconds, peak RSS in KB)."""
    stats = os.path.join(WORK, "time.txt")
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", stats] + cmd, cwd=cwd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{result.stderr}")
    with open(stats) as f:
        rss = int(f.read().strip().splitlines()[-1])
    return wall, rss


# Trees are moved here instead of deleted (see the docstring), and it is emptied when the
# benchmark ends; one left by an interrupted run is emptied first, then the benchmark waits
# this long before timing anything.
TRASH = os.path.join(WORK, ".trash")
QUIET_AFTER_DELETE = 90


def settle():
    """Writes every dirty page to disk before a timed run, so no run pays for the writes (or
    the deletions) of the one before it; each run's own writes stay unsynced, as they are
    for every tool."""
    os.sync()


def empty_trash(wait):
    """Deletes what `rm` moved aside; with `wait`, lets the freed inodes age first."""
    if os.path.isdir(TRASH):
        subprocess.run(["rm", "-rf", TRASH], check=True)
    if wait:
        os.sync()
        time.sleep(QUIET_AFTER_DELETE)
    os.makedirs(TRASH, exist_ok=True)


def summary(runs):
    """(median wall, largest peak RSS) of timed runs."""
    return statistics.median(w for w, _ in runs), max(r for _, r in runs)


def median_run(prepare, cmd, cwd=None):
    runs = []
    for _ in range(RUNS):
        prepare()
        settle()
        runs.append(timed(cmd, cwd))
    return summary(runs)


def tree(root, skip_hidden=False):
    """[(relative path, size)] of every file, sorted."""
    files = []
    for folder, dirs, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            files.append((os.path.relpath(path, root), os.path.getsize(path)))
    return sorted(files)


def rm(path):
    """Moves a tree out of the way without freeing its inodes (see the docstring)."""
    if os.path.lexists(path):
        os.rename(path, os.path.join(TRASH, f"{len(os.listdir(TRASH))}-{os.path.basename(path)}"))


def bench(n):
    base = os.path.join(WORK, str(n))
    site = os.path.join(base, "site")
    out = os.path.join(base, "public")
    os.makedirs(site, exist_ok=True)
    catalog = os.path.join(site, "catalog.json")
    print(f"[{n}] catalog", file=sys.stderr, flush=True)
    subprocess.run([sys.executable, os.path.join(SHARED, "gen_catalog.py"), str(n), catalog], check=True)
    with open(os.path.join(site, "site.yml"), "w") as f:
        f.write(SITE_YML)
    # Two versions of the catalog differing in one item's title, for the one-item rebuilds.
    with open(catalog, encoding="utf-8") as f:
        data = json.load(f)
    edited = os.path.join(base, "catalog-edited.json")
    original = os.path.join(base, "catalog-original.json")
    shutil.copy(catalog, original)
    data["items"][n // 2]["title"] += " (edited)"
    with open(edited, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False)
        f.write("\n")
    del data

    cmd = [VITRINE, "build", site, "--output", out, "--quiet"]
    rows = {}
    # One untimed build gives the files the write floor writes.
    print(f"[{n}] vitrine (untimed, for the floor's file list)", file=sys.stderr, flush=True)
    rm(out)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    files = tree(out)
    pages = sum(1 for p, _ in files if p.endswith(".html") and p != "404.html")
    rows["files"] = (len(files), sum(s for _, s in files))
    listing = os.path.join(base, "files.txt")
    with open(listing, "w") as f:
        for path, size in files:
            f.write(f"{size} {path}\n")
    floor_out = os.path.join(base, "floor-out")
    cores = os.cpu_count() or 1
    floor_cmd = ["sh", "-c", f"{FLOOR} {floor_out} {cores} < {listing}"]
    hugo_site = os.path.join(base, "hugo")
    hugo_public = os.path.join(hugo_site, "public")
    has_hugo = shutil.which("hugo") is not None
    if has_hugo:
        subprocess.run([sys.executable, os.path.join(SHARED, "hugo_site.py"), catalog, hugo_site], check=True)

    # The three full builds take turns, so a slow minute of a shared disk falls on all of them.
    full_runs, floor_runs, hugo_runs = [], [], []
    for run in range(RUNS):
        print(f"[{n}] full builds, round {run + 1} of {RUNS}: vitrine, floor{', Hugo' if has_hugo else ''}", file=sys.stderr, flush=True)
        # Every tree of the round moved aside (never deleted: see the docstring).
        rm(out)
        # A full build starts with nothing vitrine made: no cache (as Hugo's starts without
        # its resources folder), no spare tree beside the output.
        rm(os.path.join(site, ".vitrine-cache"))
        for name in os.listdir(base):
            if name.startswith(".public.vitrine-") and not name.endswith("-lock"):
                rm(os.path.join(base, name))
        rm(floor_out)
        if has_hugo:
            rm(hugo_public)
            rm(os.path.join(hugo_site, "resources"))
        settle()
        full_runs.append(timed(cmd))
        settle()
        floor_runs.append(timed(floor_cmd))
        if has_hugo:
            settle()
            hugo_runs.append(timed(["hugo", "--quiet"], cwd=hugo_site))
    rows["full"] = summary(full_runs)
    rows["floor"] = summary(floor_runs)
    rm(floor_out)
    if has_hugo:
        rows["hugo"] = summary(hugo_runs)
        hugo_files = tree(hugo_public)
        rows["hugo_files"] = (len(hugo_files), sum(s for _, s in hugo_files))
        rm(hugo_site)

    print(f"[{n}] vitrine render only", file=sys.stderr, flush=True)
    rows["memory"] = median_run(lambda: rm(os.path.join(site, ".vitrine-cache")), cmd + ["--render-to-memory"])
    print(f"[{n}] vitrine unchanged", file=sys.stderr, flush=True)
    rows["unchanged"] = median_run(lambda: None, cmd)
    print(f"[{n}] vitrine one item changed", file=sys.stderr, flush=True)
    state = {"edited": False}

    def toggle():
        state["edited"] = not state["edited"]
        shutil.copy(edited if state["edited"] else original, catalog)
    # Two untimed rebuilds first, each 2.1 s after the build before: the first after a full
    # build has no spare tree (the row below times it), the second lists for the first time
    # the tree the first made (every folder read). Then the output and the spare are both
    # recorded, as in any later rebuild, and the timed ones follow each other at once.
    for _ in range(2):
        time.sleep(SETTLE)
        toggle()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    rows["one"] = median_run(toggle, cmd)
    # The first rebuild after a full build has no spare tree to update: it links every file.
    spare = os.path.join(base, ".public.vitrine-spare")

    def toggle_without_spare():
        time.sleep(SETTLE)
        toggle()
        rm(spare)
    print(f"[{n}] vitrine one item changed, no spare tree", file=sys.stderr, flush=True)
    rows["one_cold"] = median_run(toggle_without_spare, cmd)
    shutil.copy(original, catalog)

    rm(out)
    rm(spare)
    return pages, rows


def fmt_mb(kb):
    return f"{kb / 1024:,.0f} MB"


def main(argv):
    sizes = [int(a) for a in argv[1:]] or [1000, 10000, 100000]
    os.makedirs(WORK, exist_ok=True)
    # A quiet start: whatever was deleted before the benchmark (an earlier run's trees, a
    # test suite's temporary files) ages first.
    empty_trash(wait=True)
    results = [(n,) + bench(n) for n in sizes]
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    hugo = subprocess.run(["hugo", "version"], capture_output=True, text=True).stdout.split()[:2] if shutil.which("hugo") else ["no", "hugo"]
    print(f"\n{time.strftime('%Y-%m-%d')}, {platform.system()} {platform.release()}, {os.cpu_count()} cores ({cpu}), "
          f"{' '.join(hugo)}; wall time is the median of {RUNS} runs, peak RSS the largest.\n")
    print("| items | build | wall | pages/s | peak RSS | files | bytes | vs Hugo | vs floor |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for n, pages, rows in results:
        hugo_wall = rows["hugo"][0] if "hugo" in rows else None
        floor_wall = rows["floor"][0]
        files, size = rows["files"]

        def line(label, key, files_text, bytes_text, ratios=True):
            wall, rss = rows[key]
            vs_hugo = f"{wall / hugo_wall:.2f}×" if hugo_wall and ratios else ""
            vs_floor = f"{wall / floor_wall:.2f}×" if ratios else ""
            print(f"| {n:,} | {label} | {wall:.2f} s | {pages / wall:,.0f} | {fmt_mb(rss)} | {files_text} | {bytes_text} | {vs_hugo} | {vs_floor} |")
        line("vitrine, full (fresh output)", "full", f"{files:,}", f"{size / 1e6:.1f} MB")
        full = rows["full"][0]
        wall, rss = rows["memory"]
        print(f"| {n:,} | vitrine, render only (into memory, nothing written) | {wall:.2f} s | {pages / wall:,.0f} | {fmt_mb(rss)} | | | | |")
        for label, key in [("vitrine, unchanged rebuild", "unchanged"), ("vitrine, one item changed", "one"),
                           ("vitrine, one item changed, no spare tree (first rebuild)", "one_cold")]:
            wall, rss = rows[key]
            print(f"| {n:,} | {label} | {wall:.2f} s | | {fmt_mb(rss)} | | | | {wall / full:.1%} of full |")
        if hugo_wall:
            hf, hb = rows["hugo_files"]
            print(f"| {n:,} | Hugo | {hugo_wall:.2f} s | {pages / hugo_wall:,.0f} | {fmt_mb(rows['hugo'][1])} | {hf:,} | {hb / 1e6:.1f} MB | 1× | {hugo_wall / floor_wall:.2f}× |")
        print(f"| {n:,} | write floor (vitrine's files) | {floor_wall:.2f} s | {pages / floor_wall:,.0f} | {fmt_mb(rows['floor'][1])} | {files:,} | {size / 1e6:.1f} MB | | 1× |")
    sys.stdout.flush()
    print("emptying the trash", file=sys.stderr, flush=True)
    empty_trash(wait=False)


if __name__ == "__main__":
    main(sys.argv)
