"""A device profile: what makes one recording of a step fit a browser and not another.

A step's actions depend on the layout and on the input the page is used with, not on the exact device: a phone
at 390 or 412 pixels shows the same menu button, a laptop at 1280 or 1440 the same navigation bar. So a profile
is the viewport's **width class** and the two flags a device descriptor of pytest-playwright (``--device``) sets:
**touch** (``has_touch``) and **mobile** (``is_mobile``: the page's meta viewport applies). The classes break where
the layouts of the common CSS frameworks break: below 768 pixels (``narrow``: phones), below 1024 (``medium``:
tablets held upright), and from 1024 (``wide``). Its key, in a cache file: ``wide``, ``narrow-touch-mobile``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict

from .viewport import Viewport

WidthClass = Literal["narrow", "medium", "wide"]
BREAKPOINTS: tuple[tuple[int, WidthClass], ...] = ((768, "narrow"), (1024, "medium"))  # below each width: its class
ORDER: tuple[WidthClass, ...] = ("narrow", "medium", "wide")


def width_class(width: int) -> WidthClass:
    """The class of a viewport ``width`` (CSS pixels)."""
    return next((name for limit, name in BREAKPOINTS if width < limit), "wide")


class Profile(BaseModel):
    """A device profile: the viewport's width class, touch input, and whether the page is laid out as on a phone."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    width: WidthClass = "wide"
    touch: bool = False
    mobile: bool = False

    @classmethod
    def of(cls, viewport: Viewport | None, touch: bool = False, mobile: bool = False) -> Profile:
        """The profile of a browser with this viewport (None: it follows the window, laid out wide) and flags."""
        return cls(width=width_class(viewport.width) if viewport is not None else "wide", touch=touch, mobile=mobile)

    @classmethod
    def parse(cls, key: str) -> Profile:
        """The profile a key names (``narrow-touch-mobile``); ``ValueError`` for a key that names none."""
        width, *flags = key.split("-")
        if width not in ORDER or any(f not in ("touch", "mobile") for f in flags) or len(set(flags)) != len(flags):
            raise ValueError(f"{key!r} is not a device profile (a width class, narrow, medium or wide, then -touch "
                             f"and -mobile when set)")
        return cls(width=width, touch="touch" in flags, mobile="mobile" in flags)

    @property
    def key(self) -> str:
        """How a cache file names it: ``wide``, ``medium-touch``, ``narrow-touch-mobile``."""
        return "-".join([self.width, *(["touch"] if self.touch else []), *(["mobile"] if self.mobile else [])])

    def distance(self, other: Profile) -> tuple[int, int]:
        """How far another profile's recording is from fitting this one: the flags that differ first (touch and a
        phone's layout change what a step does more than a width does), then how many width classes apart."""
        return (int(self.touch != other.touch) + int(self.mobile != other.mobile),
                abs(ORDER.index(self.width) - ORDER.index(other.width)))

    def nearest(self, keys: list[str]) -> str | None:
        """Of the profiles named by ``keys``, the one nearest this one (the first of equals), or None."""
        return min(keys, key=lambda key: self.distance(Profile.parse(key)), default=None)


def _a_profile_key(key: str) -> str:
    written = Profile.parse(key).key
    if written != key:  # keys are compared as written: one profile, one spelling
        raise ValueError(f"{key!r} is written {written!r}")
    return key


ProfileKey = Annotated[str, AfterValidator(_a_profile_key)]  # a profile's key, as a cache file writes it
