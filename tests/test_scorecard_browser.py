"""The score-card in headless Chromium (Debian's /usr/bin/chromium, installed
by .ci/run): Goodfellow's twelve deals fit one printed page."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from auctionwhist.duplicate.scorecard import goodfellow_sample

pytestmark = pytest.mark.slow  # headless Chromium prints the card

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def test_twelve_deals_fit_one_printed_page_daw(tmp_path: Path) -> None:
    html = tmp_path / "card.html"
    html.write_text(goodfellow_sample().to_html(), encoding="utf-8")
    profile = tmp_path / "profile"
    profile.mkdir()
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, headless=True, args=FLAGS
        )
        try:
            page = ctx.new_page()
            page.goto(html.as_uri())
            assert page.locator("td.deal").count() == 12
            assert "North and South win by 92 points" in page.inner_text("body")
            page.screenshot(path=str(tmp_path / "card.png"), full_page=True)
            assert (tmp_path / "card.png").stat().st_size > 10_000
            for fmt in ("Letter", "A4"):
                pdf = page.pdf(format=fmt)
                assert _pages(pdf) == 1, fmt
        finally:
            ctx.close()
