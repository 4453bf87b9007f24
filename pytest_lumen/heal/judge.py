"""The judge: one contract for every proposal of every strategy, which accepts at most one element.

A proposal is refused (``refusal``) when:

1. **what it declares contradicts the recording**: it links or submits elsewhere than the recorded element
   declared, or than where the step led (``destinations.py``);
2. **its name changed, and nothing says the new one means the same** (``meaning.py``): for a control (an action
   or a field), a new name needs a same-scope synonym or words that only name what it is about; a control whose
   words destroy, pay, consent, share, discard, send or confirm takes nothing else; any other action may be known
   by what it declares (the recorded destination), a field by its declared purpose, by being the only field of its
   kind where it was, or by a name that only gained or lost words when no other field's did; a check that
   asserts the name takes a synonym only;
3. **it is not in the item the step names**: an element recorded in a row, card or list item keyed by the item's
   name ("Green plate") is only ever that item's element, never one a position, an id or a value now points at;
   nor in the section it was recorded in: an element recorded in a named section (a fieldset, a region, a dialog,
   a form: the fingerprint's ``within``) is never one that sits in a section named otherwise ("Street" of the
   "Billing address" for the "Street" of a removed "Shipping address"); a count in the name aside, and a name that
   only gained or lost words ("Shipping" for "Shipping address") is the same section; an element in a dialog
   is never one outside any, nor the reverse (``in_dialog``); nor one in a dialog whose title is not the recorded
   one, named or not ("Delete all projects?" for "Delete Apollo?": ``enclosing.other_title``), nor, for a control
   whose words have consequences, one whose title or description says other words or numbers
   (``enclosing.other_question``); unless its
   name gained the words of the recorded section's name ("Accept cookies" for the "Accept" of a "Cookie consent"
   banner redesigned as a card); nor, for an element recorded with look-alikes and no item, under another heading,
   nor a choice of them in another group; nor a field of another part of the form, look-alikes or not
   (``apart.told_apart``); nor, for a control without words, one that shows
   another icon (``page/icons.py``);
4. **its likeness does not decide it**, when likeness is what proposes it: below the threshold, or not clearly
   ahead of every other element of the page (the margin rule, ``margin.py``).

Of the proposals left, all must be one element: two strategies that each make a case for another element are a
doubt, and a doubt fails the step, unless one element alone kept the recorded name (a name is a purpose: the
element that still says it outweighs one whose new name has only evidence). The first accepted proposal (in the
strategies' order) is settled: its locator to write. The judge never acts: the replayer acts once it accepted.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cache.model import Fingerprint
from ..page.apart import told_apart
from ..page.enclosing import asks_otherwise, beside_its_section, elsewhere, sections
from ..page.fingerprint import capture_with_look_alikes
from ..page.icons import other_icon
from ..page.items import holds_text, names_item
from ..page.purpose import CHOICE_ROLES, consequence
from .likeness import ACTION_ROLES, FIELD_ROLES, IDENTIFIERS, identifier_matches, lone_of_kind, name_extended, pins_hold
from .margin import differences, undecided
from .meaning import Meaning, acts, controls, iconic, renamed, same_scope
from .proposal import Missed, Offer, Proposal, Relocated, Scene, Settle
from .words import SMALL_WORDS, name_or_text, normalized, stems, word_list, words

MAX_SHOWN = 4  # the elements left out for what they declare, named in a failure
UNSET_AUTOCOMPLETE = (None, "", "on", "off")  # autocomplete values that declare no purpose


def judge(scene: Scene, offers: Sequence[Offer]) -> Relocated | Missed:
    """The one element the offers make a case for, settled; else why none (``Missed``)."""
    notes = [_left_out(scene)] if scene.survey.contradicting else []
    accepted: list[tuple[Proposal, str]] = []
    for offer in offers:
        if offer.note:
            notes.append(offer.note)
        for p in offer.proposals:
            why, evidence = _weigh(scene, p)
            if why is not None:
                notes.append(f"{p.level}: {why}")
            else:
                accepted.append((p, evidence))
    if len({_who(p) for p, _ in accepted}) > 1:  # a name that is the recorded one outweighs a new name's evidence
        same_name = [(p, e) for p, e in accepted if not renamed(scene.recorded, p.fingerprint)]
        accepted = same_name if len({_who(p) for p, _ in same_name}) == 1 else accepted
    elements = {_who(p) for p, _ in accepted}
    if len(elements) > 1:
        named = ", ".join(f"{name_or_text(p.fingerprint)!r} ({p.level})" for p, _ in accepted[:MAX_SHOWN])
        return Missed(f"ambiguous: the strategies make a case for {len(elements)} different elements: {named}")
    if not accepted:
        return Missed("; ".join(n for n in notes if n) or "no strategy proposed an element")
    best, evidence = accepted[0]
    spec, live = best.settle()
    current = capture_with_look_alikes(live)
    if best.fingerprint.item is not None or best.fingerprint.column is not None:
        current = current.model_copy(update={"item": best.fingerprint.item, "item_column": best.fingerprint.item_column,
                                             "column": best.fingerprint.column})
    return Relocated(best.level, spec, live, current, best.score, evidence or None, best.runner_up)


def refusal(scene: Scene, p: Proposal) -> str | None:
    """Why the judge refuses this proposal (the contract above), or None when it accepts it."""
    return _weigh(scene, p)[0]


def verdict(scene: Scene, current: Fingerprint, score: float, rival: float, threshold: float,
            index: int | None = None) -> str | None:
    """Why the element a primary locator found is not beyond doubt the recorded one (the same contract, its likeness
    and its rival's from the survey; ``index``: its place in the survey's scan), or None. What it declares against the
    recording is weighed first, by the caller (``Relocator.doubt``)."""
    meaning = name_meaning(scene, current, index=index)
    if meaning.evidence is None:
        return meaning.why
    return _elsewhere(scene, current, index) or _likeness(scene, current, score, rival, threshold)


def _weigh(scene: Scene, p: Proposal) -> tuple[str | None, str]:
    """Why the proposal is refused (None: accepted), and the evidence it is accepted on."""
    if p.reading is not None and p.reading.agreement == "contradicts":
        return p.reading.why, ""
    if (apart := scene.keyed_apart(p.index, p.settle)) is not None:
        return apart, ""
    meaning = name_meaning(scene, p.fingerprint, p, p.index)
    if meaning.evidence is None:
        return meaning.why, ""
    why = _elsewhere(scene, p.fingerprint, p.index, p.settle) or (
        _likeness(scene, p.fingerprint, p.score, p.rival, p.threshold) if p.rival is not None else None)
    evidence = "; ".join(e for e in (p.evidence, meaning.evidence) if e)
    return why, evidence


def name_meaning(scene: Scene, current: Fingerprint, p: Proposal | None = None, index: int | None = None) -> Meaning:
    """Whether the element's name (when it changed) means what the recorded one meant: the evidence, or why not
    (``index``: its place in the survey's scan, whose containers' names are read when its words need them).

    A control whose words have consequences is known only by its own words: a synonym, or words gained that name what
    the *recorded* control was about; any other control also by what its new surroundings are about, and by the other
    evidence of ``_other_evidence``."""
    recorded, policy = scene.recorded, scene.policy
    if "name" in policy.ignore or not renamed(recorded, current):
        return Meaning("")
    kind = consequence(name_or_text(recorded)) or consequence(name_or_text(current))
    same = same_scope(recorded, current, scene.synonyms, own=kind is not None)
    is_control = controls(recorded, policy) or acts(current)
    if same.evidence is None and not same.final and kind is None and (is_control or "name" in policy.pinned):
        same = same_scope(recorded, current, scene.synonyms, scene.around(index))
    if "name" in policy.pinned:  # a check that the name is shown: the same meaning with the same scope, nothing else
        return same if same.evidence is not None else Meaning(
            None, f"this check asserts its name {name_or_text(recorded)!r}, and {name_or_text(current)!r} does not say it")
    if not is_control or same.evidence is not None or same.final:
        return same if same.evidence is not None or same.final else Meaning("")  # content: likeness decides
    if iconic(recorded, current) and (p is None or p.rival is not None):  # "×" named "Close ×": its likeness decides
        return Meaning(f"a name without words became {name_or_text(current)!r}, with the same icon: a label, not "
                       f"another purpose")
    if kind is not None:
        return Meaning(None, f"{same.why}; a control that would {kind} is taken by its own name or a same-scope "
                             f"synonym only")
    other = _other_evidence(scene, current, p)
    return Meaning(other) if other else same


def _other_evidence(scene: Scene, current: Fingerprint, p: Proposal | None) -> str | None:
    """Evidence beyond words that a control with no consequence kept its purpose: an icon labelled, a strategy's own
    reading of its label, what an action declares, a field's declared purpose or place."""
    recorded = scene.recorded
    if iconic(recorded, current):
        return f"{name_or_text(recorded)!r} became {name_or_text(current)!r}: a name without words, a label, not another purpose"
    if p is not None and p.named:
        return p.named
    if recorded.role in ACTION_ROLES or current.role in ACTION_ROLES:  # its declaration, beside its likeness (its shape)
        reading = p.reading if p is not None and p.rival is not None else None
        return reading.why if reading is not None and reading.agreement == "confirms" else None
    if recorded.role not in FIELD_ROLES:
        return None
    if recorded.autocomplete not in UNSET_AUTOCOMPLETE and current.autocomplete == recorded.autocomplete:
        return f"its declared purpose is unchanged (autocomplete={recorded.autocomplete})"
    shown = next((f"its {attr} {getattr(current, attr)!r} is unchanged" for attr in ("label", "placeholder")
                  if getattr(recorded, attr) and getattr(recorded, attr) == getattr(current, attr)), None)
    if shown is not None:
        return shown  # the words a person reads beside it are the recorded ones (an aria-label added, say)
    if p is not None and p.rival is None:
        return None  # its place and its words' overlap weigh only beside its likeness to the whole recorded element
    if lone_of_kind(recorded, current):
        return "the only field of its kind where it was, as when recorded"
    if name_extended(recorded, current) and recorded.role not in CHOICE_ROLES and not _renamed_apart(recorded, current) \
            and _extended_alone(scene, current):
        was, now = name_or_text(recorded), name_or_text(current)
        return f"its name {was!r} only gained or lost words ({now!r}), and no other field's did"
    return None


def _renamed_apart(recorded: Fingerprint, current: Fingerprint) -> bool:
    """Whether the field's identifiers say it is another: it had some (an id, a name attribute, a test id), and none is
    the recorded one's ("Company name", ``user[company]``, where "Name", ``user[name]``, was removed)."""
    return any(getattr(recorded, a) for a in IDENTIFIERS) and not identifier_matches(recorded, current)


def _extended_alone(scene: Scene, current: Fingerprint) -> bool:
    """Whether no other field of the page has a name that only gained or lost words of the recorded one's."""
    return not any(name_extended(scene.recorded, c.fingerprint) for c in scene.survey.candidates
                   if c.fingerprint.css != current.css)


def _elsewhere(scene: Scene, current: Fingerprint, index: int | None, settle: Settle | None = None) -> str | None:
    """Why the element is another than the recorded one, whatever its name: it shows another icon (a control without
    words), sits under another heading or in another group (one of look-alikes), or in another item or section, or,
    a control held to its heading, under another (``headings.apart``; ``settle`` finds it when ``index`` does not);
    else None."""
    return other_icon(scene.recorded, current) or told_apart(scene.recorded, current) or \
        _item(scene, current, index) or _section(scene, current, index) or \
        scene.heading_apart(index, current, settle)


def _item(scene: Scene, current: Fingerprint, index: int | None = None) -> str | None:
    """Why the element is not in (or is not) the item the step names (recorded in a row keyed by its name), or None:
    its item, as the page has it around the element (else its own text and context), must hold the name, as a text of
    its own ("Green plate", never the "Green plate holder" row)."""
    key, policy = scene.recorded.item, scene.policy
    if not key or not names_item(key) or (policy.asserted and holds_text(policy.asserted, key)):
        return None  # no item named, a number (never identity on its own), or the checked value itself
    text = " ".join(t for t in (current.name, current.text, current.context) if t)
    held = holds_text(normalized(text), normalized(key))
    texts = scene.item_texts(index)  # the page's item around it: its own text may not reach the key (a cell's buttons)
    if normalized(key) in texts if texts is not None else held:
        return None
    return f"it is not in the item of {key!r}, which the recorded element was in"


def _section(scene: Scene, current: Fingerprint, index: int | None) -> str | None:
    """Why the element sits in another section than the recorded one did (a dialog it was not in, or the reverse:
    ``other_dialog``; one named otherwise: ``other_section``; a dialog titled otherwise: ``other_title``; one that
    asks a control with consequences another question: ``other_question``), or None.
    Its named containers: as its fingerprint has them, else read from the page (a scan reads none: one round trip)."""
    recorded = scene.recorded
    names = [] if not recorded.within else \
        sections(current.within) if current.within is not None else scene.sections(index)  # none to be in: not read
    why = elsewhere(recorded, current, names) or beside_its_section(scene.page, recorded, names)
    # a name that says its section answers where the element is, not what its dialog asks now
    says = why is not None and asks_otherwise(recorded, current) is None and _says_its_section(recorded, current)
    return None if says else why


def _says_its_section(recorded: Fingerprint, current: Fingerprint) -> bool:
    """Whether the element's name gained words of the recorded section's name, and only those: it now says which
    section it acts on ("Accept" of a "Cookie consent" banner, redesigned as "Accept cookies" in a "Your privacy"
    card)."""
    gained = set(word_list(name_or_text(current) or "")) - set(word_list(name_or_text(recorded) or "")) - SMALL_WORDS
    return bool(gained) and bool(recorded.within) and stems(gained) <= stems(words(sections(recorded.within)[0]))


def _likeness(scene: Scene, current: Fingerprint, score: float, rival: float | None, threshold: float) -> str | None:
    """Why likeness does not decide the element: below the threshold, a pinned attribute changed, or not clearly
    ahead of the best other element; None when it does."""
    recorded, policy = scene.recorded, scene.policy
    if score < threshold:
        changed = differences(recorded, current, policy.ignore)
        return f"{undecided(score, rival, threshold)}" + (f": {changed}" if changed else "")
    if not pins_hold(recorded, current, policy.pinned - {"name"}):
        return f"its {', '.join(sorted(policy.pinned))} changed, and this check asserts it"
    return undecided(score, rival, threshold)


def _who(p: Proposal) -> object:
    """What tells the element of one proposal from another's: its place in the scan, else its CSS path."""
    return p.index if p.index is not None and p.index >= 0 else p.fingerprint.css or id(p)


def _left_out(scene: Scene) -> str:
    """The elements the survey left out for declaring another destination, for the failure."""
    out = scene.survey.contradicting
    shown = "; ".join(why for _, why in out[:MAX_SHOWN]) + ("; ..." if len(out) > MAX_SHOWN else "")
    return f"left out {len(out)} element{'' if len(out) == 1 else 's'} that declare another destination ({shown})"
