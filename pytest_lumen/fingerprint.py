"""Element fingerprints: what an element was, to check its identity before acting and to find it again."""

from __future__ import annotations

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
  const contextOf = (el) => {
    const own = (el.innerText || '').trim().length;
    for (let n = el.parentElement, d = 0; n && d < 4; n = n.parentElement, d++) {
      const t = (n.innerText || '').trim();
      if (t.length > own + 2) return clean(t.replace(el.innerText || '', ' '), 80);
    }
    return null;
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

INTERACTIVE = (
    "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], "
    "[role=checkbox], [role=radio], [role=tab], [role=menuitem], [role=option], [role=switch], "
    "[role=combobox], [role=textbox], [role=searchbox], [role=spinbutton], [onclick], [tabindex]:not([tabindex='-1'])"
)

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


def capture(target: Locator | ElementHandle) -> Fingerprint:
    """The fingerprint of one element (a locator must match exactly one)."""
    data: dict[str, Any] = target.evaluate(CAPTURE_JS)
    return Fingerprint.model_validate(data)


def scan(page: Page) -> list[tuple[int, Fingerprint]]:
    """Fingerprints of the page's visible interactive elements, with their index in ``INTERACTIVE`` order."""
    rows: list[dict[str, Any]] = page.evaluate(SCAN_JS, INTERACTIVE)
    return [(row.pop("index"), Fingerprint.model_validate(row)) for row in rows]
