"""Every relative link of README.md, ARCHITECTURE.md and docs/*.md points to a file of the
repository: nothing outside it (issue 36: the rules and the format lived in ../shared/,
dead in a clone), no file that was moved away."""

from __future__ import annotations

import re
from pathlib import Path

from tests.docs.schemas import DOCS, ROOT

PAGES = [ROOT / "README.md", ROOT / "ARCHITECTURE.md", *sorted(DOCS.glob("*.md"))]
# [text](target) outside code; an image's ![…](…) alike
LINK = re.compile(r"\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"```.*?```", re.S)
CODE = re.compile(r"`[^`\n]*`")


def relative_links(page: Path) -> list[str]:
    text = CODE.sub("", FENCE.sub("", page.read_text(encoding="utf-8")))
    return [t for t in LINK.findall(text) if not re.match(r"^[a-z][a-z0-9+.-]*:|^#", t)]


def test_the_pages_exist_and_link_to_the_docs():
    assert (DOCS / "README.md").is_file()
    for page in (ROOT / "README.md", ROOT / "ARCHITECTURE.md"):
        links = relative_links(page)
        assert any(link.startswith("docs/") for link in links), page.name


def test_every_relative_link_points_to_a_file_in_the_repository():
    broken = []
    for page in PAGES:
        for target in relative_links(page):
            path = (page.parent / target.split("#", 1)[0]).resolve()
            if not path.is_relative_to(ROOT) or not path.exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert broken == []


def test_no_page_sends_the_reader_outside_the_repository():
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        assert "../shared" not in text, page.name
