"""Text edits on a Python module at ``ast`` positions (whose columns count UTF-8 bytes, not characters)."""

from __future__ import annotations

import ast
from dataclasses import dataclass


@dataclass
class Edit:
    """Replace the text between two character offsets."""

    start: int
    end: int
    text: str


class Source:
    """A module's text, with ``ast`` positions (UTF-8 byte columns) turned into character offsets."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = text.splitlines(keepends=True)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))

    def offset(self, lineno: int, col: int) -> int:
        line = self.lines[lineno - 1]
        return self.starts[lineno - 1] + len(line.encode("utf-8")[:col].decode("utf-8", "replace"))

    def span(self, node: ast.AST) -> tuple[int, int]:
        return (self.offset(node.lineno, node.col_offset),  # type: ignore[attr-defined]
                self.offset(node.end_lineno, node.end_col_offset))  # type: ignore[attr-defined]


def apply_edits(text: str, edits: list[Edit]) -> str:
    """``text`` with the edits made (none of them overlap)."""
    for edit in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        text = text[:edit.start] + edit.text + text[edit.end:]
    return text
