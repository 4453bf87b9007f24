"""The docs stay readable: no Markdown table cell over 150 words, no paragraph over 400.

A paragraph is a run of consecutive non-blank lines outside fenced code blocks and tables; a heading is a paragraph of
its own, and so is each list item (a nested one too), up to the next item, blank line, heading, table or fence.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
MAX_CELL_WORDS = 150
MAX_PARAGRAPH_WORDS = 400
FENCE = re.compile(r"^\s*(```|~~~)")
LIST_ITEM = re.compile(r"^\s*([*+-]|\d+[.)])\s+")
HEADING = re.compile(r"^\s{0,3}#{1,6}\s")
CELL_SPLIT = re.compile(r"(?<!\\)\|")


class Block(NamedTuple):
    """A paragraph or a table cell: the line it starts on (1-based) and its word count."""

    line: int
    words: int


def words(text: str) -> int:
    return len(text.split())


def is_table_line(line: str) -> bool:
    return line.lstrip().startswith("|")


def table_cells(line: str) -> list[str]:
    """The cells of a table row (a ``\\|`` is text, not a separator)."""
    return CELL_SPLIT.split(line.strip().strip("|"))


def blocks(text: str) -> tuple[list[Block], list[Block]]:
    """The paragraphs and the table cells of a Markdown text."""
    paragraphs: list[Block] = []
    cells: list[Block] = []
    start, count, fenced = 0, 0, False

    def close() -> None:
        nonlocal start, count
        if start:
            paragraphs.append(Block(start, count))
        start, count = 0, 0

    for number, line in enumerate(text.splitlines(), start=1):
        if FENCE.match(line):
            close()
            fenced = not fenced
        elif fenced:
            continue
        elif not line.strip():
            close()
        elif is_table_line(line):
            close()
            cells.extend(Block(number, words(cell)) for cell in table_cells(line))
        elif HEADING.match(line):
            close()
            paragraphs.append(Block(number, words(line)))
        else:
            if LIST_ITEM.match(line):
                close()
            if not start:
                start = number
            count += words(line)
    close()
    return paragraphs, cells


def shown(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", FILES, ids=shown)
def test_no_paragraph_over_the_limit(path: Path) -> None:
    paragraphs, _ = blocks(path.read_text(encoding="utf-8"))
    long = [f"{shown(path)}:{p.line}: a paragraph of {p.words} words" for p in paragraphs if p.words > MAX_PARAGRAPH_WORDS]
    assert long == [], f"paragraphs over {MAX_PARAGRAPH_WORDS} words (split them, or move details to a page):\n" + "\n".join(long)


@pytest.mark.parametrize("path", FILES, ids=shown)
def test_no_table_cell_over_the_limit(path: Path) -> None:
    _, cells = blocks(path.read_text(encoding="utf-8"))
    long = [f"{shown(path)}:{c.line}: a table cell of {c.words} words" for c in cells if c.words > MAX_CELL_WORDS]
    assert long == [], f"table cells over {MAX_CELL_WORDS} words (one short row; details on their own page):\n" + "\n".join(long)


def test_the_limits_are_measured_as_stated() -> None:
    text = "\n".join([
        "# Title",
        "one two",
        "three",
        "",
        "```",
        "not counted at all",
        "```",
        "* item one",
        "  continued",
        "* item two",
        "  1. nested",
        "| a b | c \\| d e |",
        "|---|---|",
        "after",
    ])
    paragraphs, cells = blocks(text)
    assert paragraphs == [Block(1, 2), Block(2, 3), Block(8, 4), Block(10, 3), Block(11, 2), Block(14, 1)]
    assert [c for c in cells if c.words] == [Block(12, 2), Block(12, 4), Block(13, 1), Block(13, 1)]
