"""The cache file schema: pydantic models for every part of ``.lumen-cache/<test file>/<test>.json``.

No Playwright here: loading a cache file needs only pydantic. Its locators are ``locator.py``'s ``LocatorSpec``.
"""

from __future__ import annotations

import difflib
from pathlib import PurePosixPath, PureWindowsPath
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .fileform import ActionForm, StepForm
from .fingerprints import FINGERPRINT_VERSION as FINGERPRINT_VERSION  # the file's schema: exported from here too
from .fingerprints import Box as Box
from .fingerprints import Fingerprint as Fingerprint
from .locator import ENTER_FRAME as ENTER_FRAME  # the file's schema: exported from here too
from .locator import LocatorKind as LocatorKind
from .locator import LocatorSpec as LocatorSpec
from .profile import Profile, ProfileKey
from .viewport import Viewport

SCHEMA_VERSION = 3  # 1: keys held the URL; 2: locators as objects (both read and upgraded: migrate.py, fileform.py)
StepKind = Literal["run", "expect"]


# --- actions -------------------------------------------------------------------------------


class Target(BaseModel):
    """The element an action acts on: a primary locator, fallbacks, and its recorded fingerprint."""

    model_config = ConfigDict(extra="forbid")
    locator: LocatorSpec
    fallbacks: list[LocatorSpec] = Field(default_factory=list)
    fingerprint: Fingerprint | None = None


class Effect(BaseModel):
    """What held right after the action when it was recorded; checked again on replay."""

    model_config = ConfigDict(extra="forbid")
    url: str | None = None  # normalized URL after the action
    value: str | None = None  # the element's value after a fill (a template)
    popup: str | None = None  # the normalized URL of the page (tab, popup) it opened, where later actions act
    requests: list[str] | None = None  # the mutations it sent to its page's origin, answered ("POST /cart/add")


DialogType = Literal["alert", "confirm", "prompt", "beforeunload"]


class DialogAnswer(BaseModel):
    """A JavaScript dialog the action opened, and how it was answered (replayed the same way)."""

    model_config = ConfigDict(extra="forbid")
    type: DialogType
    message: str  # its text when recorded (a template): shown when replay sees another dialog
    accept: bool
    text: str | None = None  # what a prompt was answered with (a template)


class _Action(ActionForm):
    model_config = ConfigDict(extra="forbid")
    after: Effect | None = None
    dialogs: list[DialogAnswer] | None = None  # the dialogs it opened, in order

    @property
    def target_or_none(self) -> Target | None:
        return getattr(self, "target", None)

    def describe(self) -> str:
        """``click on get_by_role("button", name="Add")`` (for messages and reports)."""
        target, kind = self.target_or_none, str(getattr(self, "kind", "action"))  # every action but the base has a kind
        return f"{kind} on {target.locator.describe()}" if target else kind


class Click(_Action):
    kind: Literal["click"] = "click"
    target: Target
    button: Literal["right", "middle"] | None = None  # absent: the left button
    clicks: Literal[2] | None = None  # 2: a double-click; absent: one click

    def describe(self) -> str:
        """``double-click on ...`` and ``right-click on ...`` say which click it is."""
        how = "double-click" if self.clicks == 2 else f"{self.button}-click" if self.button else "click"
        return f"{how} on {self.target.locator.describe()}"


class Tap(Click):
    """A tap on a touch screen: what a touch profile records where another clicks (the cached kind is what replay
    runs: ``locator.tap``)."""

    kind: Literal["tap"] = "tap"  # type: ignore[assignment]  # a click's kind, narrowed to its own

    def describe(self) -> str:
        """``tap on ...``."""
        return f"tap on {self.target.locator.describe()}"


class Swipe(_Action):
    """A swipe across an element on a touch screen (a carousel to its next slide, a bottom sheet up or away)."""

    kind: Literal["swipe"] = "swipe"
    target: Target
    direction: Literal["left", "right", "up", "down"]

    def describe(self) -> str:
        """``swipe left on ...``."""
        return f"swipe {self.direction} on {self.target.locator.describe()}"


class Fill(_Action):
    kind: Literal["fill"] = "fill"
    target: Target
    value: str


class TypeText(_Action):
    kind: Literal["type"] = "type"
    text: str
    target: Target | None = None


class Press(_Action):
    kind: Literal["press"] = "press"
    key: str = Field(min_length=1)
    target: Target | None = None


class ChosenOption(BaseModel):
    """The option a ``select_option`` chose when recorded: its ``value`` attribute and its label (templates)."""

    model_config = ConfigDict(extra="forbid")
    value: str
    label: str
    repeated: bool | None = Field(default=None, description="another option of the select had its label too (one label "
                                  "under two groups: Monthly of Pro, Monthly of Team): replay then chooses the option "
                                  "with this label and this value, never the first of that label; absent when the "
                                  "label was the select's only one, and in a file recorded before it")


class SelectOption(_Action):
    kind: Literal["select_option"] = "select_option"
    target: Target
    value: str  # the option's value or label, as Playwright's select_option takes it (a template)
    # The option it chose when recorded: replayed by its label, found again by its label when renamed
    # (``page/options.py``). Absent in older files: found by ``value`` alone.
    option: ChosenOption | None = None

    def choice(self) -> tuple[str, bool]:
        """What replay chooses the option by (a template), and whether it is a label: the recorded option's label,
        never its value alone (values are often database ids, which a re-seed gives to another option); a file
        recorded before the option was holds only the value as the model gave it."""
        if self.option is not None and self.option.label:
            return self.option.label, True
        return self.value, False


class Check(_Action):
    kind: Literal["check"] = "check"
    target: Target
    checked: bool = True


class Hover(_Action):
    kind: Literal["hover"] = "hover"
    target: Target


class Offset(BaseModel):
    """A move in CSS pixels (right and down are positive)."""

    model_config = ConfigDict(extra="forbid")
    x: float
    y: float


class Drag(_Action):
    """Drag an element onto another (``to``: a card onto a column) or by an offset (a slider's handle)."""

    kind: Literal["drag"] = "drag"
    target: Target
    to: Target | None = None
    by: Offset | None = None

    @model_validator(mode="after")
    def _one_destination(self) -> Drag:
        if (self.to is None) == (self.by is None):
            raise ValueError("a drag has exactly one of 'to' (an element) and 'by' (an offset)")
        return self

    def describe(self) -> str:
        """``drag get_by_text("Card") to get_by_role("list", name="Done")`` or ``... by (40, 0)``."""
        where = f"to {self.to.locator.describe()}" if self.to else f"by ({self.by.x:g}, {self.by.y:g})"  # type: ignore[union-attr]
        return f"drag {self.target.locator.describe()} {where}"


def is_absolute_path(name: str) -> bool:
    """Whether a file name is an absolute path, on any system (``/home/ci/cv.pdf``, ``C:\\cv.pdf``)."""
    return PurePosixPath(name).is_absolute() or PureWindowsPath(name).is_absolute()


class Upload(_Action):
    kind: Literal["upload"] = "upload"
    target: Target
    # each a %placeholder% or a path relative to the test file's folder: never a file's content, never
    # an absolute path of the machine that recorded it
    files: list[str] = Field(min_length=1)

    @field_validator("files")
    @classmethod
    def _relative(cls, files: list[str]) -> list[str]:
        absolute = [f for f in files if is_absolute_path(f)]
        if absolute:
            raise ValueError(f"an absolute path ({absolute[0]}): name a file relative to the test file, or by a %variable%")
        return files


class Goto(_Action):
    kind: Literal["goto"] = "goto"
    url: str = Field(min_length=1)


class History(_Action):
    kind: Literal["history"] = "history"
    go: Literal["back", "forward", "reload"]

    def describe(self) -> str:
        """``go back``, ``go forward`` or ``reload``."""
        return "reload" if self.go == "reload" else f"go {self.go}"


class Scroll(_Action):
    kind: Literal["scroll"] = "scroll"
    direction: Literal["up", "down"] = "down"
    target: Target | None = None


class WaitFor(_Action):
    kind: Literal["wait_for"] = "wait_for"
    text: str | None = None
    ms: int | None = Field(default=None, ge=0, le=60000)


CheckKind = Literal["visible", "text", "value", "checked", "count", "url"]


class Expect(_Action):
    """A compiled ``agent.expect()`` check; its ``expected`` value is never healed."""

    kind: Literal["expect"] = "expect"
    check: CheckKind
    target: Target | None = None
    expected: bool | int | str | None = None
    # A count check: the items counted inside the target (the list, the table), which is identity-checked
    # and healed like any target. Without it (older files), the target's locator matches the items themselves.
    items: LocatorSpec | None = None


Action = Annotated[
    Click | Tap | Swipe | Fill | TypeText | Press | SelectOption | Check | Hover | Drag | Upload | Goto | History | Scroll
    | WaitFor | Expect,
    Field(discriminator="kind"),
]


# --- steps and files -----------------------------------------------------------------------


class Step(StepForm):
    """One ``agent.run``/``agent.expect`` call: what it said, where it started, what it did.

    It is found by ``key`` (instruction template and variable names, ``cache/keys.py``) and
    ``ordinal`` (earlier steps of the test with the same key); ``url`` is evidence only.
    """

    model_config = ConfigDict(extra="forbid")
    instruction: str  # fields in the order a file shows them
    variables: list[str] = Field(default_factory=list)
    kind: StepKind = "run"
    key: str = Field(pattern=r"^[0-9a-f]{16}$")
    ordinal: int = Field(default=0, ge=0)
    url: str  # the normalized URL when the step started (shown in a miss and a failure, never part of the key)
    actions: list[Action] = Field(default_factory=list)
    # A conditional step ("close the cookie banner if it shows"): each way it was seen to go, as the
    # actions of one branch ([]: the condition did not hold, nothing to do); ``actions`` is then empty.
    # Replay takes the branch whose first element is on the page (``replay/branches.py``).
    branches: list[list[Action]] | None = None
    # Device profiles (``profile.py``): ``actions`` are those of every profile the file holds, or of the profiles
    # ``on`` names when set (the others have no recording of the step yet); a profile whose actions differ has its
    # own in ``per_profile``. A step that is the same on every profile is stored once.
    on: list[ProfileKey] | None = None
    per_profile: dict[ProfileKey, list[Action]] | None = None

    @model_validator(mode="after")
    def _branches_or_actions(self) -> Step:
        if self.branches is not None and self.actions:
            raise ValueError("a conditional step keeps its actions in 'branches', and 'actions' is empty")
        return self

    def actions_for(self, profile: str, held: list[str] | None) -> list[Action] | None:
        """The actions recorded for ``profile`` (a key), None when it has none; ``held``: the file's profiles (None:
        an older file that does not say, whose actions serve any profile)."""
        if self.per_profile and profile in self.per_profile:
            return self.per_profile[profile]
        if held is None or (profile in held and (self.on is None or profile in self.on)):
            return self.actions
        return None

    def recorded_on(self, held: list[str]) -> list[str]:
        """The profiles of ``held`` (the file's) that have a recording of this step."""
        return [key for key in held if self.actions_for(key, held) is not None]


class CacheFile(BaseModel):
    """A test's cache file (``.lumen-cache/<test file>/<test>.json``)."""

    model_config = ConfigDict(extra="forbid")
    schema_version: int = SCHEMA_VERSION
    test: str
    viewport: Viewport | None = None  # the page's when the test was recorded (absent in older files)
    # The device profiles it holds recordings for (``profile.py``); absent: only the one of its ``viewport``
    profiles: list[ProfileKey] | None = None
    steps: list[Step] = Field(default_factory=list)

    def held_profiles(self) -> list[str] | None:
        """The profiles it holds recordings for; None when it does not say (an older file without a viewport)."""
        if self.profiles is not None:
            return self.profiles
        return [Profile.of(self.viewport).key] if self.viewport is not None else None

    def find(self, key: str, ordinal: int) -> Step | None:
        """The cached step with this key and occurrence number, if any."""
        return next((s for s in self.steps if s.key == key and s.ordinal == ordinal), None)

    def nearest(self, instruction: str, limit: int = 3) -> list[Step]:
        """The cached steps whose instruction reads most like ``instruction``."""
        def score(step: Step) -> float:
            return difflib.SequenceMatcher(None, step.instruction, instruction).ratio()
        return sorted(self.steps, key=score, reverse=True)[:limit]
