"""How each cached action is performed on a page, and what a Playwright error says about it."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from ..cache.model import (
    Action,
    Check,
    Click,
    Drag,
    Effect,
    Fill,
    Goto,
    History,
    Hover,
    Press,
    Scroll,
    SelectOption,
    Swipe,
    Tap,
    TypeText,
    Upload,
    WaitFor,
)
from ..errors import InputUnhandledError, LumenError, first_line
from ..playwright_internals import input_sent, pointer_intercepted, state_unchanged
from ..templates import substitute
from ..urls import absolute_url, normalize_url
from . import options, scripts
from .evaluate import evaluate
from .touch import swipe

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

COVERED_BY_LABEL_JS = scripts.function("coveredByOwnLabel", ("covered_by_label",))
IS_FILE_INPUT_JS = scripts.function("isFileInput", ("is_file_input",))
INPUT_TAKEN_JS = scripts.function("inputTaken", ("input_taken",))
TAKEN_MIN_MS = 100.0  # the least a page is given to take input sent as an action's time ran out (0 is no limit)


@dataclass(frozen=True)
class On:
    """Where and how an action is done: the page, its resolved element (None for page-level actions), the values, the
    timeout, the folder an upload's relative paths start from (the test file's), the resolved element a drag ends
    on (None: its recorded locator), the time a check's control has to show its state after the click (the
    action's, when the attempt's own is shorter: the gate's first), and how that control is found then: by the gate,
    its identity checked without what the click's answer may change (``identity.answered``)."""

    page: Page
    loc: Locator | None
    values: dict[str, str]
    timeout_ms: float
    files_root: Path | None = None
    dest: Locator | None = None
    state_ms: float | None = None  # how long a check's control may take to show its state (None: ``timeout_ms``)
    reread: Locator | None = None  # how a check's control is found after its click (None: ``loc``): ``came_to``

    @property
    def element(self) -> Locator:
        """The resolved element of an action that needs one."""
        assert self.loc is not None, "an element action is performed on its resolved element"
        return self.loc


def perform(action: Action, on: On) -> None:
    """Do one action where ``on`` says (its page, its already-resolved element: None for page-level actions).

    A click or a key press whose page closed while Playwright waited for the action to finish (a payment window that
    closes itself when approved) was done: that is its effect, not an error.
    """
    try:
        _do(action, on)
    except PlaywrightError:
        if not (isinstance(action, (Click, Press)) and on.page.is_closed()):
            raise


@functools.singledispatch
def _do(action: Action, on: On) -> None:
    """Perform ``action``: one small function per action type, registered below."""
    raise TypeError(f"perform() does not handle {type(action).__name__}")


@_do.register
def _click(action: Click, on: On) -> None:
    if action.clicks == 2:
        on.element.dblclick(timeout=on.timeout_ms, button=action.button or "left")
    else:
        on.element.click(timeout=on.timeout_ms, button=action.button or "left")


@_do.register
def _tap(action: Tap, on: On) -> None:
    on.element.tap(timeout=on.timeout_ms)


@_do.register
def _swipe(action: Swipe, on: On) -> None:
    swipe(on.page, on.element, action.direction, on.timeout_ms)


@_do.register
def _fill(action: Fill, on: On) -> None:
    on.element.fill(substitute(action.value, on.values), timeout=on.timeout_ms)


@_do.register
def _type(action: TypeText, on: On) -> None:
    text = substitute(action.text, on.values)
    if on.loc is not None:
        on.loc.press_sequentially(text, timeout=on.timeout_ms)
    else:
        on.page.keyboard.type(text)


@_do.register
def _press(action: Press, on: On) -> None:
    if on.loc is not None:
        on.loc.press(action.key, timeout=on.timeout_ms)
    else:
        on.page.keyboard.press(action.key)


@_do.register
def _select(action: SelectOption, on: On) -> None:
    wanted, by_label = action.choice()  # fails naming the options offered
    options.select(on.element, substitute(wanted, on.values), on.timeout_ms, by_label, _value_too(action, on.values))


def _value_too(action: SelectOption, values: dict[str, str]) -> str | None:
    """The recorded option's value, when its label was another option's too: the two are told apart by it."""
    option = action.option
    return substitute(option.value, values) if option is not None and option.repeated else None


@_do.register
def _check(action: Check, on: On) -> None:
    set_checked(on.element, action.checked, on.timeout_ms, on.state_ms, on.reread)


@_do.register
def _hover(action: Hover, on: On) -> None:
    on.element.hover(timeout=on.timeout_ms)


@_do.register
def _drag(action: Drag, on: On) -> None:
    drag(on.page, on.element, action, on.dest, on.timeout_ms)


@_do.register
def _upload(action: Upload, on: On) -> None:
    upload(on.page, on.element, upload_paths(action.files, on.values, on.files_root or Path.cwd()), on.timeout_ms)


@_do.register
def _goto(action: Goto, on: On) -> None:
    on.page.goto(absolute_url(substitute(action.url, on.values), on.page.url))


@_do.register
def _history(action: History, on: On) -> None:
    # a new document's scripts have run when it returns (a same-document route returns at once)
    go = {"back": on.page.go_back, "forward": on.page.go_forward, "reload": on.page.reload}[action.go]
    go(timeout=on.timeout_ms, wait_until="domcontentloaded")


WHEEL_PX = 600  # how far a scroll without a target turns the mouse wheel
WAIT_MS = 500  # how long a wait with neither a text nor a time waits


@_do.register
def _scroll(action: Scroll, on: On) -> None:
    if on.loc is not None:
        on.loc.scroll_into_view_if_needed(timeout=on.timeout_ms)
    else:
        on.page.mouse.wheel(0, WHEEL_PX if action.direction == "down" else -WHEEL_PX)


@_do.register
def _wait_for(action: WaitFor, on: On) -> None:
    if action.text:
        on.page.get_by_text(substitute(action.text, on.values)).first.wait_for(state="visible", timeout=on.timeout_ms)
    else:
        on.page.wait_for_timeout(action.ms or WAIT_MS)


DRAG_STEPS = 8  # mouse moves between press and release: drag-and-drop libraries look for movement


def drag(page: Page, loc: Locator, action: Drag, dest: Locator | None, timeout_ms: float) -> None:
    """Drag ``loc`` onto ``dest`` (Playwright's ``drag_to``), or press it at its center, move by the offset and release."""
    if action.to is not None:
        loc.drag_to(dest or action.to.locator.build(page), timeout=timeout_ms, steps=DRAG_STEPS)
        return
    assert action.by is not None
    loc.scroll_into_view_if_needed(timeout=timeout_ms)
    box = loc.bounding_box(timeout=timeout_ms)
    if box is None:
        raise LumenError(f"{action.target.locator.describe()} has no box to drag")
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + action.by.x, y + action.by.y, steps=DRAG_STEPS)
    page.mouse.up()


def upload_paths(files: list[str], values: dict[str, str], root: Path) -> list[Path]:
    """The files of an upload: placeholders filled in, relative paths from ``root``; each must exist."""
    paths = [root / substitute(name, values) for name in files]  # an absolute value replaces root
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        raise LumenError(f"no file to upload at {missing[0]}",
                         remedy="name the file relative to the test file's folder, or pass its path as a variable")
    return paths


def upload(page: Page, loc: Locator, paths: list[Path], timeout_ms: float) -> None:
    """Set a file input's files, or click the element (an "Upload" button) and answer the file chooser it opens."""
    if evaluate(loc, IS_FILE_INPUT_JS):
        loc.set_input_files(paths, timeout=timeout_ms)
        return
    with page.expect_file_chooser(timeout=timeout_ms) as chooser:
        loc.click(timeout=timeout_ms)
    chooser.value.set_files(paths, timeout=timeout_ms)


FIRST_TRY_MS = 1000.0  # how long set_checked tries before a covered custom control is looked for


def set_checked(loc: Locator, checked: bool, timeout_ms: float, state_ms: float | None = None,
                reread: Locator | None = None) -> None:
    """Check or uncheck, as a person does: a custom control covered by its own label's styling (a styled
    span over a hidden input) is clicked where it is, on that label; Playwright still verifies the new state.
    A control that shows its new state a moment after its click (a switch that waits for its server's answer:
    Playwright reads it at once, and fails) is never clicked again: its state is waited for (``came_to``), for
    ``state_ms`` (None: ``timeout_ms``), where ``reread`` finds the control (None: ``loc``).

    A plain checkbox costs nothing more: the covering is looked for only when Playwright reports that
    another element intercepts the pointer.
    """
    try:
        _clicked_to(loc, checked, timeout_ms)
    except PlaywrightError as exc:
        if isinstance(exc, PlaywrightTimeoutError) or not state_unchanged(str(exc)):
            raise
        came_to(reread or loc, checked, state_ms or timeout_ms, exc)


def _clicked_to(loc: Locator, checked: bool, timeout_ms: float) -> None:
    """Playwright's ``set_checked``, on the label that covers a custom control when it intercepts the pointer."""
    first = min(timeout_ms, FIRST_TRY_MS)
    try:
        loc.set_checked(checked, timeout=first)
        return
    except PlaywrightTimeoutError as exc:
        if input_sent(str(exc)) != "no":
            raise  # its click went out: it may land still, and is never sent again (``acted_anyway`` waits for it)
        covered = pointer_intercepted(str(exc)) and bool(evaluate(loc, COVERED_BY_LABEL_JS))
    loc.set_checked(checked, timeout=max(timeout_ms - first, 100.0), force=covered)


def perform_once(action: Action, on: On) -> None:
    """``perform``, where a timeout after the action acted counts as done (it must not be repeated):
    a click that timed out waiting for the slow navigation it started was performed (``acted_anyway``)."""
    try:
        perform(action, on)
    except PlaywrightTimeoutError as exc:
        if not acted_anyway(action, on, exc):
            raise


def acted_anyway(action: Action, on: On, exc: PlaywrightTimeoutError) -> bool:
    """Whether an action that ran out of time acted all the same, so that doing it again would act twice.

    Its call log says so when its input reached the page (a click, then its slow navigation). A click whose input
    events were sent as time ran out (``input_sent``) lands when the page gets to them: this waits until the page has
    taken them (``wait_taken``), so that what comes next sees what the click did. A check whose click reached the page
    is never clicked again: its control must come to hold the state (``came_to``). A ``select_option`` logs
    nothing before it acts: Playwright checks the select and chooses in one call into the page, and on a busy machine
    that call's answer can come after the time is over; the select then holds the option (``options.holds``).
    """
    sent = input_sent(str(exc))
    if sent == "sent":
        wait_taken(on.page, on.timeout_ms, exc)
    if sent != "no" and isinstance(action, Check):
        came_to(on.reread or on.element, action.checked, on.state_ms or on.timeout_ms, exc)
    if sent != "no":
        return True
    if not isinstance(action, SelectOption) or on.loc is None:
        return False
    wanted, by_label = action.choice()
    return options.holds(on.loc, substitute(wanted, on.values), by_label, _value_too(action, on.values))


def came_to(loc: Locator, checked: bool, timeout_ms: float, exc: PlaywrightError) -> None:
    """A check whose click reached the page before its control showed the new state (time ran out first, or the
    control shows it a moment later): the control comes to hold the state within the action's time (a widget may set
    ``aria-checked`` once its server answered), or it is gone with what the click did (a to-do row removed once done);
    else ``InputUnhandledError``. It is never clicked again: a second click would toggle it back. ``loc`` finds the
    control after the click (through the gate: ``On.reread``, which fails on a control there whose identity, what
    the click's answer may change aside, is not the recorded one); a control it cannot be asked about is not gone."""
    page = loc.page
    address = page.url
    try:
        expect(loc).to_be_checked(checked=checked, timeout=max(timeout_ms, TAKEN_MIN_MS))
    except (AssertionError, PlaywrightError):
        if page.is_closed() or page.url != address:
            return  # the page closed, or went elsewhere: what the click did
        try:
            if loc.count() == 0:
                return  # removed with what the click did
        except PlaywrightError:
            pass
        state = "checked" if checked else "unchecked"
        raise InputUnhandledError(
            f"the click of the check reached the page, and the control was not {state} {timeout_ms / 1000:g}s "
            f"later; it is not clicked again, for a second click would toggle it back (Playwright: {first_line(exc)})",
            remedy="check by hand that the control changes its state when clicked; when the machine was busy, raise "
                   "lumen_action_timeout") from None


def wait_taken(page: Page, timeout_ms: float, exc: PlaywrightTimeoutError) -> None:
    """Wait until the page has taken the input an action sent as its time ran out (``js/input_taken.js``: two frames
    drawn), at most ``timeout_ms``; ``InputUnhandledError`` when it has not by then (its main thread is held: a long
    script, a synchronous request). The input is never sent again: it may still land."""
    try:
        page.wait_for_function(INPUT_TAKEN_JS, timeout=max(timeout_ms, TAKEN_MIN_MS))
    except PlaywrightTimeoutError:
        raise InputUnhandledError(
            f"the input events of the action were sent as its time ran out, and the page had not taken them "
            f"{timeout_ms / 1000:g}s later; they are not sent again, for they may still land "
            f"(Playwright: {first_line(exc)})") from None
    except PlaywrightError:  # the page went elsewhere, or closed: what it had taken is done
        return


def current_url(page: Page) -> str:
    """The page's URL as the browser has it now.

    ``page.url`` is only as fresh as the last Playwright call: a navigation that happened while
    Python waited for something else (a model's reply) shows after the next round trip.
    """
    for _ in range(2):  # the document it asked went away (a navigation): the next asks the new one, once it is there
        try:
            return str(page.evaluate("location.href"))
        except PlaywrightError:
            if page.is_closed():
                break
    return page.url  # closed, or navigating still: as fresh as the round trips made it


def effect_after(page: Page, action: Action, loc: Locator | None, before_url: str) -> Effect | None:
    """The effect to record after a model-chosen action: a URL change, or a filled value."""
    url = normalize_url(page.url)
    if url != normalize_url(before_url):
        return Effect(url=url)
    if isinstance(action, Fill):
        return Effect(value=action.value)
    return None
