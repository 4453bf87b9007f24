"""Element fingerprints: what an element was, to check its identity before acting and to find it again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional

from pydantic import BaseModel, ConfigDict

if TYPE_CHECKING:
    from playwright.sync_api import ElementHandle, Locator, Page


class Box(BaseModel):
    """Position and size in CSS pixels, relative to the page (not the viewport)."""

    model_config = ConfigDict(extra="forbid")
    x: float
    y: float
    width: float
    height: float


class Fingerprint(BaseModel):
    """The attributes that identify an element, as recorded."""

    model_config = ConfigDict(extra="forbid")

    tag: str
    role: Optional[str] = None
    name: Optional[str] = None
    text: Optional[str] = None
    id: Optional[str] = None
    name_attr: Optional[str] = None
    type: Optional[str] = None
    placeholder: Optional[str] = None
    href: Optional[str] = None
    label: Optional[str] = None
    test_id: Optional[str] = None
    css: Optional[str] = None
    context: Optional[str] = None
    box: Optional[Box] = None
    # How many other visible elements had the same tag, role and accessible name when this one was
    # recorded (e.g. the "Add to cart" button of each product): then the element is known by where it
    # is (its context), not by what it says.
    look_alikes: Optional[int] = None


# One function, evaluated in the page, shared by capture and by the page-wide scan.
# Role and name are approximations of the accessibility tree, good enough to compare.
FINGERPRINT_JS = r"""
(() => {
  const clean = (s, n) => (s || '').replace(/\s+/g, ' ').trim().slice(0, n || 120) || null;
  const implicitRole = (el) => {
    const t = el.tagName.toLowerCase(), type = (el.getAttribute('type') || '').toLowerCase();
    if (t === 'a') return el.hasAttribute('href') ? 'link' : null;
    if (t === 'button' || (t === 'input' && ['button','submit','reset','image'].includes(type))) return 'button';
    if (t === 'input') {
      if (type === 'checkbox') return 'checkbox';
      if (type === 'radio') return 'radio';
      if (type === 'number') return 'spinbutton';
      if (type === 'range') return 'slider';
      if (type === 'search') return 'searchbox';
      if (type === 'hidden') return null;
      return el.hasAttribute('list') ? 'combobox' : 'textbox';
    }
    if (t === 'textarea') return 'textbox';
    if (t === 'select') return (el.multiple || el.size > 1) ? 'listbox' : 'combobox';
    if (t === 'option') return 'option';
    if (/^h[1-6]$/.test(t)) return 'heading';
    if (t === 'img') return 'img';
    if (t === 'summary') return 'button';
    if (t === 'dialog') return 'dialog';
    if (t === 'nav') return 'navigation';
    if (t === 'main') return 'main';
    if (t === 'aside') return 'complementary';
    if (t === 'header' || t === 'footer') {
      if (el.parentElement && el.parentElement.closest('article, aside, main, nav, section')) return null;
      return t === 'header' ? 'banner' : 'contentinfo';
    }
    const named = el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');
    if (t === 'form') return named ? 'form' : null;
    if (t === 'section') return named ? 'region' : null;
    return null;
  };
  const labelOf = (el) => {
    if (el.labels && el.labels.length) return clean(Array.from(el.labels).map(l => l.innerText).join(' '));
    const by = el.getAttribute('aria-labelledby');
    if (by) return clean(by.split(/\s+/).map(id => { const n = document.getElementById(id); return n ? n.innerText : ''; }).join(' '));
    return null;
  };
  const cssPath = (el) => {
    const parts = [];
    for (let n = el; n && n.nodeType === 1 && parts.length < 5; n = n.parentElement) {
      const t = n.tagName.toLowerCase();
      if (n.id && /^[A-Za-z][\w-]*$/.test(n.id)) { parts.unshift(t + '#' + n.id); break; }
      let i = 1; for (let s = n.previousElementSibling; s; s = s.previousElementSibling) if (s.tagName === n.tagName) i++;
      parts.unshift(t + ':nth-of-type(' + i + ')');
      if (t === 'body') break;
    }
    return parts.join(' > ');
  };
  // The text around the element: that of the nearest ancestor with more text than the element's
  // own; when that holds no word but the element's own label (a price next to a button, "− Quantity +"
  // around a field labelled Quantity), that of a further ancestor.
  const letterWords = (s) => (s || '').toLowerCase().match(/\p{L}+/gu) || [];
  const contextOf = (el) => {
    const own = (el.innerText || '').trim().length;
    const labelled = new Set(letterWords((labelOf(el) || '') + ' ' + (el.getAttribute('aria-label') || '')));
    let found = null;
    for (let n = el.parentElement, d = 0; n && d < 6; n = n.parentElement, d++) {
      const t = (n.innerText || '').trim();
      if (t.length <= own + 2) { if (d >= 3 && !found) break; continue; }
      found = clean(t.replace(el.innerText || '', ' '), 80);
      if (!found || letterWords(found).some((w) => !labelled.has(w))) break;
    }
    return found;
  };
  const fp = (el) => {
    const r = el.getBoundingClientRect();
    const role = el.getAttribute('role') || implicitRole(el);
    const label = labelOf(el);
    const isInputButton = el.tagName === 'INPUT' && ['submit','button','reset'].includes((el.type || '').toLowerCase());
    const text = clean(isInputButton ? el.value : (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' ? '' : (el.innerText || el.textContent)));
    const textual = ['button','link','heading','option','tab','menuitem','cell','listitem','checkbox','radio'].includes(role) || !role;
    const name = clean(el.getAttribute('aria-label')) || label
      || (textual ? text : null) || clean(el.getAttribute('placeholder'))
      || clean(el.getAttribute('alt')) || clean(el.getAttribute('title'));
    return {
      tag: el.tagName.toLowerCase(), role, name, text, label,
      id: el.id || null, name_attr: el.getAttribute('name'), type: el.getAttribute('type'),
      placeholder: el.getAttribute('placeholder'), href: el.getAttribute('href'),
      test_id: el.getAttribute('data-testid'), css: cssPath(el), context: contextOf(el),
      box: {x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height},
    };
  };
  return fp;
})()
"""

CAPTURE_JS = f"(el) => ({FINGERPRINT_JS})(el)"

# One round trip for a locator: how many elements it matches, and the fingerprint of the only one with
# whether it is enabled (as Playwright means it: not disabled, not inside a disabled fieldset or aria-disabled).
CAPTURE_ONLY_JS = f"""
(els) => {{
  if (els.length !== 1) return {{count: els.length, fp: null, enabled: false}};
  const el = els[0];
  const enabled = !el.matches(':disabled') && !el.closest('[aria-disabled="true"]');
  return {{count: 1, fp: ({FINGERPRINT_JS})(el), enabled}};
}}
"""

INTERACTIVE = (
    "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], "
    "[role=checkbox], [role=radio], [role=tab], [role=menuitem], [role=option], [role=switch], "
    "[role=combobox], [role=textbox], [role=searchbox], [role=spinbutton], [onclick], [tabindex]:not([tabindex='-1'])"
)
GENERIC_TAGS = {"div", "span"}  # too common to add to a scan: an element of these is found by its role or fallbacks
# The tags whose implicit role (in ``FINGERPRINT_JS``) is one of these: a scan for a role includes them.
ROLE_TAGS: dict[str, str] = {
    "dialog": "dialog", "navigation": "nav", "main": "main", "complementary": "aside",
    "banner": "header", "contentinfo": "footer", "form": "form", "region": "section",
}

SCAN_JS = f"""
(sel) => {{
  const fp = {FINGERPRINT_JS};
  const out = [];
  document.querySelectorAll(sel).forEach((el, i) => {{
    const r = el.getBoundingClientRect();
    const st = getComputedStyle(el);
    if (r.width === 0 || r.height === 0 || st.visibility === 'hidden' || st.display === 'none') return;
    const f = fp(el); f.index = i; out.push(f);
  }});
  return out;
}}
"""

# The position of one element in the list that ``SCAN_JS`` walks (-1: not in it).
INDEX_JS = "(el, sel) => Array.from(document.querySelectorAll(sel)).indexOf(el)"

LOOK_ALIKES_JS = f"""
(el, sel) => {{
  const fp = {FINGERPRINT_JS};
  const me = fp(el);
  let n = 0;
  document.querySelectorAll(sel).forEach((other) => {{
    if (other === el || other.tagName !== el.tagName) return;
    const r = other.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return;
    const f = fp(other);
    if (f.role === me.role && f.name === me.name) n++;
  }});
  return n;
}}
"""


@dataclass(frozen=True)
class Candidate:
    """A visible element of the page as a scan saw it: its index in the scan's selector list, its fingerprint."""

    index: int
    fingerprint: Fingerprint


def scan_selector(fp: Optional[Fingerprint] = None) -> str:
    """The elements a relocation considers: the interactive ones, plus those of the recorded element's tag and role."""
    parts = [INTERACTIVE]
    if fp is not None:
        if fp.tag and fp.tag not in GENERIC_TAGS and fp.tag.isalnum():
            parts.append(fp.tag)
        if fp.role and fp.role.isalpha():
            parts.append(f"[role={fp.role}]")
            if fp.role in ROLE_TAGS and ROLE_TAGS[fp.role] != fp.tag:
                parts.append(ROLE_TAGS[fp.role])
    return ", ".join(parts)


def capture(target: Locator | ElementHandle) -> Fingerprint:
    """The fingerprint of one element (a locator must match exactly one)."""
    data: dict[str, Any] = target.evaluate(CAPTURE_JS)
    return Fingerprint.model_validate(data)


@dataclass(frozen=True)
class Look:
    """What one look at a locator saw: how many elements match, and the only one's fingerprint and state."""

    count: int = 0
    fingerprint: Optional[Fingerprint] = None
    enabled: bool = False


def capture_only(target: Locator) -> Look:
    """How many elements the locator matches now (no waiting); the fingerprint when it is exactly one."""
    data: dict[str, Any] = target.evaluate_all(CAPTURE_ONLY_JS)
    fp = Fingerprint.model_validate(data["fp"]) if data["fp"] is not None else None
    return Look(int(data["count"]), fp, bool(data["enabled"]))


def count_look_alikes(target: Locator | ElementHandle, fp: Fingerprint) -> int:
    """How many other visible elements share the element's tag, role and accessible name."""
    return int(target.evaluate(LOOK_ALIKES_JS, scan_selector(fp)))


def capture_with_look_alikes(target: Locator | ElementHandle) -> Fingerprint:
    """The fingerprint of one element, with its look-alike count (for what is written to the cache)."""
    fp = capture(target)
    return fp.model_copy(update={"look_alikes": count_look_alikes(target, fp)})


def scan(page: Page, selector: str = INTERACTIVE) -> list[Candidate]:
    """The page's visible elements matching ``selector``, with their fingerprints."""
    rows: list[dict[str, Any]] = page.evaluate(SCAN_JS, selector)
    return [Candidate(row.pop("index"), Fingerprint.model_validate(row)) for row in rows]


def index_of(target: Locator, selector: str) -> int:
    """The element's index among ``document.querySelectorAll(selector)`` (-1 when it is not one of them)."""
    return int(target.evaluate(INDEX_JS, selector))
