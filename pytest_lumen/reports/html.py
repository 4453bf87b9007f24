"""pytest-html extras: a test's heals (shown in its row) and their pictures, on its ``call`` report.

Imported only when pytest-html writes a report (``reports/__init__.py``). A picture goes in as
base64, so a ``--self-contained-html`` report embeds it and a plain one copies it to its assets.
"""

from __future__ import annotations

import base64
import html
from typing import TYPE_CHECKING, Any

from pytest_html import extras

from .pictures import heal_text, heal_title, picture_file

if TYPE_CHECKING:
    from ..context import TestContext


def heal_extras(ctx: TestContext) -> list[Any]:
    """One extra per heal of the test (its text, shown in the test's row), and after it the heal's picture when one
    was taken."""
    found: list[Any] = []
    for heal in ctx.heals:
        title = f"lumen: {heal_title(heal)}"
        text = html.escape(f"{title}\n{ctx.secrets.redact(heal_text(heal))}")
        found.append(extras.html(f'<pre class="lumen-heal">{text}</pre>'))
        picture = picture_file(ctx, heal)
        if picture is not None:
            found.append(extras.png(base64.b64encode(picture.read_bytes()).decode("ascii"), name=f"{title}: picture"))
    return found
