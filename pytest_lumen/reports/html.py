"""pytest-html extras: a test's heals (shown in its row) and their pictures (before and after), on its ``call`` report.

Imported only when pytest-html writes a report (``reports/__init__.py``). A picture goes in as
base64, so a ``--self-contained-html`` report embeds it and a plain one copies it to its assets.
"""

from __future__ import annotations

import base64
import html
from typing import TYPE_CHECKING, Any

from pytest_html import extras

from .pictures import heal_text, heal_title, picture_files

if TYPE_CHECKING:
    from ..context import TestContext


def heal_extras(ctx: TestContext) -> list[Any]:
    """One extra per heal of the test (its text, shown in the test's row), and after it the heal's pictures that were
    taken: the page before the healed action acted, then after it."""
    found: list[Any] = []
    for heal in ctx.heals:
        title = f"lumen: {heal_title(heal)}"
        text = html.escape(f"{title}\n{ctx.secrets.redact(heal_text(heal))}")
        found.append(extras.html(f'<pre class="lumen-heal">{text}</pre>'))
        for which, picture in picture_files(ctx, heal):
            found.append(extras.png(base64.b64encode(picture.read_bytes()).decode("ascii"), name=f"{title}: {which}"))
    return found
