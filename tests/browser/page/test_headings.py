"""A control whose words have consequences, the page's only one of its name or one in an item of its own, is held to
the heading it sat under (``page/headings.py``).

A project's settings page as GitLab-like apps render it: cards with a heading each, a "Danger zone" whose only
"Delete" deletes the project. A release that moves the Danger zone to another page and lists deploy keys, each with
its own "Delete", leaves a "Delete" that is the page's only one, under another heading: deleting with it deletes a
key. Each page logs what it was made to do in ``window.__used`` (and asks the server, as an app would).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.cache.model import Fingerprint
from pytest_lumen.errors import ReplayError
from pytest_lumen.page import headings
from tests.browser.inprocess import cache_file, record_once, replay_new

HEAD = ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apollo · Settings · GitLab</title></head>'
        '<body class="ui-indigo"><header class="navbar gl-navbar"><a class="brand-logo" href="/">Projects</a></header>'
        '<main class="content-wrapper" id="content-body"><div class="container-fluid gl-mt-5">'
        '<h1 class="page-title gl-font-size-h-display">Apollo settings</h1>'
        '<section class="settings gl-mb-5" id="js-general-settings"><div class="settings-header">'
        '<h2 class="gl-heading-3 settings-title">General</h2></div><div class="settings-content">'
        '<label for="project_name" class="label-bold">Project name</label>'
        '<input id="project_name" class="form-control gl-form-input" value="Apollo">'
        '<button type="button" class="btn btn-confirm gl-button" onclick="used(\'save\')">Save changes</button>'
        '</div></section>')
TAIL = ('</div></main><script>function used(what) { window.__used = (window.__used || []).concat([what]);'
        ' fetch("/api/" + what + ".json"); }</script></body></html>')
DANGER = ('<section class="settings gl-mb-5 danger-zone"><div class="settings-header">'
          '<h2 class="gl-heading-3 settings-title">Danger zone</h2></div><div class="settings-content">'
          '<p class="gl-text-subtle">Deleting a project removes its builds, its deploy keys and its history. This '
          'cannot be undone.</p><button type="button" class="btn btn-danger gl-button" '
          'onclick="used(\'delete-project\')">Delete</button></div></section>')
KEYS = ('<section class="settings gl-mb-5" id="js-deploy-keys-settings"><div class="settings-header">'
        '<h2 class="gl-heading-3 settings-title">Deploy keys</h2></div><div class="settings-content">'
        '<ul class="content-list deploy-keys-list"><li class="gl-display-flex"><div class="gl-flex-grow-1">'
        '<strong>ci@build-server</strong> <span class="gl-text-subtle">SHA256:x9Qm… added 3 days ago</span></div>'
        '<button type="button" class="btn btn-danger btn-sm gl-button" onclick="used(\'delete-key\')">Delete</button>'
        '</li></ul></div></section>')
ADVANCED = '<p><a href="/apollo/advanced">Advanced settings</a></p>'
# A release whose only deploy key is shown as a card, its paragraph worded as the Danger zone's was.
KEY_CARD = ('<section class="settings gl-mb-5"><div class="settings-header"><h2 class="gl-heading-3 settings-title">Deploy '
            'keys</h2></div><div class="settings-content"><p class="gl-text-subtle">Deleting a deploy key removes its '
            'access to the builds and its history. This cannot be undone.</p><button type="button" class="btn '
            'btn-danger gl-button" onclick="used(\'delete-key\')">Delete</button></div></section>')

# A release in GitHub's manner: the Danger zone a list of rows, each with a heading of its own above its button.
DANGER_ROWS = ('<section class="settings gl-mb-5 danger-zone"><div class="settings-header">'
               '<h2 class="gl-heading-3 settings-title">Danger zone</h2></div><ul class="Box Box--danger">'
               '<li class="Box-row d-flex"><div class="flex-auto"><h3 class="h5">Change visibility</h3>'
               '<p class="mb-0">This project is private.</p></div><button type="button" class="btn btn-danger" '
               'onclick="used(\'visibility\')">Change visibility</button></li>'
               '<li class="Box-row d-flex"><div class="flex-auto"><h3 class="h5">Delete this project</h3>'
               '<p class="mb-0">Once you delete a project, there is no going back. Please be certain.</p></div>'
               '<button type="button" class="btn btn-danger" onclick="used(\'delete-project\')">Delete</button></li>'
               '</ul></section>')
# A release that restyles the card as a web component (its heading slotted into a shadow root's header) under a
# generated class, and adds an Integrations card above it.
COMPONENT = ('<script>customElements.define("gl-card", class extends HTMLElement { constructor() { super();'
             ' this.attachShadow({mode: "open"}).innerHTML = \'<div part="card" class="c-3xk9"><header part="header">'
             '<slot name="header"></slot></header><div part="body"><slot></slot></div></div>\'; } });</script>')
INTEGRATIONS = ('<section class="settings gl-mb-5"><div class="settings-header"><h2 class="gl-heading-3 settings-title">'
                'Integrations</h2></div><div class="settings-content"><button type="button" class="btn gl-button" '
                'onclick="used(\'slack\')">Connect Slack</button></div></section>')
DANGER_CARD = ('<gl-card class="css-1n2b3c"><h2 slot="header" class="gl-heading-3">Danger zone</h2>'
               '<p class="gl-text-subtle css-9xk2a">Deleting a project removes its builds, its deploy keys and its history. '
               'This cannot be undone.</p><button type="button" class="btn btn-danger gl-button css-7fq1m" '
               'onclick="used(\'delete-project\')"><svg class="gl-icon s16" aria-hidden="true"><use href="#remove"></use>'
               '</svg>Delete</button></gl-card>')
# A release that rewords the Danger zone's heading over the same text.
DANGER_REWORDED = DANGER.replace(">Danger zone<", ">Delete project<")

# A release that nests the key's button in Bootstrap's button group, deeper than the fingerprint looks for a heading.
KEYS_NESTED = KEYS.replace('<button type="button" class="btn btn-danger btn-sm gl-button" onclick="used(\'delete-key\')">'
                           'Delete</button>', '<div class="gl-ml-auto"><div class="btn-group" role="group"><span '
                           'class="has-tooltip"><span class="gl-button-text"><button type="button" class="btn btn-danger '
                           'btn-sm gl-button" onclick="used(\'delete-key\')">Delete</button></span></span></div></div>')
# An app whose card titles are styled divs: the page's title is the heading over every control.
DIV_TITLES = (HEAD + DANGER + TAIL).replace('<h2 class="gl-heading-3 settings-title">',
                                            '<div class="gl-heading-3 settings-title">').replace('</h2>', '</div>')

OLD = HEAD + DANGER + TAIL
# An app that gives each section a first-rank heading; its release adds a heading over the Delete's paragraph.
SECTIONS_OLD = OLD.replace('<h1 class="page-title gl-font-size-h-display">Apollo settings</h1>', '').replace(
    '<h2 class="gl-heading-3 settings-title">', '<h1 class="gl-heading-3 settings-title">').replace('</h2>', '</h1>')
SECTIONS_NOW = SECTIONS_OLD.replace('<p class="gl-text-subtle">Deleting', '<h2 class="h5">Delete this project</h2>'
                                                                         '<p class="gl-text-subtle">Deleting')
DELETE_THE_PROJECT = [{"tool": "click", "target": {"role": "button", "name": "Delete"}}, {"tool": "done"}]
SENTENCE = "delete the project"


def replayed(page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, now: str,
             gate: bool, old: str = OLD) -> tuple[list[str], Exception | None]:
    """What the page was made to do when "delete the project", recorded on ``old``, is replayed on ``now``; and the
    replay's failure, if any."""
    site = site_factory({"old.html": old, "new.html": now, **{f"api/{what}.json": "{}" for what in (
        "save", "delete-project", "delete-key", "visibility", "slack")}})
    return outcome(page, site, tmp_path, DELETE_THE_PROJECT, SENTENCE, gate)


def outcome(page: Any, site: Any, tmp_path: Path, script: list[dict[str, Any]], sentence: str,
            gate: bool) -> tuple[list[str], Exception | None]:
    """What the site's new page was made to do when ``sentence``, recorded on its old page, is replayed there; and
    the replay's failure, if any."""
    record_once(page, site, tmp_path, script, sentence)
    page.goto("about:blank")
    failure: Exception | None = None
    try:
        replay_new(page, site, tmp_path, sentence, gate=gate)
    except ReplayError as exc:
        failure = exc
    return page.evaluate("() => window.__used || []"), failure


def test_the_only_delete_records_the_heading_it_sat_under(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    used, failure = replayed(page, site_factory, tmp_path, OLD, gate=True)

    fingerprint = Fingerprint.model_validate(json.loads(cache_file(tmp_path).read_text())["steps"][0]["actions"][0]
                                             ["fingerprint"])
    assert (used, failure) == (["delete-project"], None)
    assert fingerprint.heading == "Danger zone" and headings.held(fingerprint)


@pytest.mark.parametrize("gate", [True, False], ids=["gate", "full"])
@pytest.mark.parametrize(("old", "now"), [(OLD, HEAD + KEYS_NESTED + ADVANCED + TAIL), (DIV_TITLES, HEAD + KEYS + TAIL)],
                         ids=["nested-deeper", "titles-became-headings"])
def test_the_only_delete_is_held_beyond_the_fingerprints_reach_and_never_by_the_pages_title(
        old: str, now: str, gate: bool, page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    """Traps: the key's Delete nested deeper than the fingerprint reads a heading (none read: its outline is), and a
    page whose card titles were divs, recorded under the page's title, given real headings as the Danger zone left:
    red, nothing deleted."""
    used, failure = replayed(page, site_factory, tmp_path, now, gate, old=old)

    assert used == [] and failure is not None and "under the heading 'Deploy keys'" in str(failure)


@pytest.mark.parametrize("gate", [True, False], ids=["gate", "full"])
@pytest.mark.parametrize(("now", "done"), [(HEAD + KEYS + ADVANCED + TAIL, []),
                                           (HEAD + KEY_CARD + ADVANCED + TAIL, []),
                                           (HEAD + DANGER.replace(">Delete<", ">Delete project<") + KEYS + TAIL,
                                            ["delete-project"])],
                         ids=["moved-away", "a-key-worded-alike", "renamed-beside-a-key"])
def test_the_only_delete_of_another_part_of_the_page_is_never_pressed(
        now: str, done: list[str], gate: bool, page: Any, site_factory: Callable[[dict[str, str]], Any],
        tmp_path: Path) -> None:
    """Traps: the project's Delete moved to another page, and a deploy key's Delete is the page's only one (in a list,
    or in a card whose paragraph is worded as the Danger zone's was): red, with nothing deleted. Their twin: the
    project's Delete renamed "Delete project", above the keys: healed to it (its name only gained what it is about),
    never to the key's."""
    used, failure = replayed(page, site_factory, tmp_path, now, gate)

    assert used == done
    if not done:
        assert failure is not None and "under the heading 'Deploy keys'" in str(failure)
    else:
        assert failure is None


@pytest.mark.parametrize("gate", [True, False], ids=["gate", "full"])
def test_a_heading_added_under_a_first_rank_section_heading_is_no_move(
        gate: bool, page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    """Twin: an app with a first-rank heading per section (none is the page's title), a heading added over the
    Danger zone's paragraph: the project's Delete, green."""
    used, failure = replayed(page, site_factory, tmp_path, SECTIONS_NOW, gate, old=SECTIONS_OLD)

    assert failure is None and used == ["delete-project"]


@pytest.mark.parametrize("gate", [True, False], ids=["gate", "full"])
@pytest.mark.parametrize("now", [HEAD + DANGER_ROWS + TAIL, HEAD + INTEGRATIONS + DANGER_CARD + COMPONENT + TAIL,
                                 HEAD + DANGER_REWORDED + TAIL],
                         ids=["rows-with-headings", "web-component", "heading-reworded"])
def test_the_delete_of_its_own_part_of_the_page_is_pressed(
        now: str, gate: bool, page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    """Twins: the Danger zone as rows with headings of their own, restyled as a web component under a new card, or
    its heading reworded over the same text: the project's Delete, green."""
    used, failure = replayed(page, site_factory, tmp_path, now, gate)

    assert failure is None and used == ["delete-project"]


def outline(element: Any) -> list[tuple[str, bool]] | None:
    """The headings above ``element`` as (text, whether it is the page's title), nearest first."""
    above = headings.above(element)
    return None if above is None else [(h.text, h.title) for h in above]


def test_the_headings_above_an_element_are_its_outline_nearest_first(
        page: Any, site_factory: Callable[[dict[str, str]], Any]) -> None:
    site = site_factory({"rows.html": HEAD + DANGER_ROWS + KEYS + TAIL,
                         "card.html": HEAD + INTEGRATIONS + DANGER_CARD + COMPONENT + TAIL,
                         "sections.html": SECTIONS_NOW})
    page.goto(f"{site.url}/rows.html")
    assert outline(page.get_by_role("button", name="Delete", exact=True).first) == [
        ("Delete this project", False), ("Danger zone", False), ("Apollo settings", True)]
    assert outline(page.get_by_role("button", name="Delete", exact=True).last) == [
        ("Deploy keys", False), ("Apollo settings", True)]  # not the Danger zone above it: one of its rank, nearer
    page.goto(f"{site.url}/card.html")
    assert outline(page.get_by_role("button", name="Delete")) == [("Danger zone", False), ("Apollo settings", True)]
    page.goto(f"{site.url}/sections.html")  # a first-rank heading per section: none is the page's title
    assert outline(page.get_by_role("button", name="Delete")) == [("Delete this project", False), ("Danger zone", False)]


# A team page as admin apps render it: the members in one table, the pending invitations in another, both keyed by the
# person's name under the same "Name" header, each row with its own "Remove" (remove the member / revoke the invitation).
def team(members: list[str], invited: list[str], invitations: str = "Pending invitations", extra: str = "",
         sort: bool = False) -> str:
    def table(kind: str, names: list[str]) -> str:
        rows = "".join(f'<tr class="css-1q2w"><td><a href="/people/{n.split()[0].lower()}">{n}</a></td>'
                       f'<td><span class="badge">{"Owner" if n == "Ada Lovelace" else "Member"}</span></td>'
                       f'<td class="text-end"><button type="button" class="btn btn-sm btn-link text-danger" '
                       f'onclick="used(\'{kind} {n}\')">Remove</button></td></tr>' for n in sorted(names, reverse=sort))
        return (f'<table class="table table-sm"><thead><tr><th scope="col">Name</th><th scope="col">Role</th>'
                f'<th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead><tbody>{rows}</tbody>'
                '</table>')
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Team · Acme</title></head><body><main '
            'class="container"><h1 class="h3">Team</h1><div class="card mb-4"><div class="card-body"><h2 class="h5">'
            f'Members</h2>{table("remove-member", members)}</div></div><div class="card"><div class="card-body">'
            f'<h2 class="h5">{invitations}</h2>{extra}{table("revoke-invitation", invited)}</div></div>'
            '<script>function used(what) { window.__used = (window.__used || []).concat([what]); }</script>'
            '</main></body></html>')


TEAM = team(["Ada Lovelace", "Alan Turing"], ["Grace Hopper", "Edsger Dijkstra"])
REVOKE_GRACE = [{"tool": "click", "target": {"role": "button", "name": "Remove", "nth": 3}}, {"tool": "done"}]
REVOKE = "revoke Grace Hopper's invitation"


def revoked(page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, now: str,
            gate: bool) -> tuple[list[str], Exception | None]:
    """What the team page was made to do when "revoke Grace Hopper's invitation", recorded on ``TEAM``, is replayed on
    ``now``; and the replay's failure, if any."""
    return outcome(page, site_factory({"old.html": TEAM, "new.html": now}), tmp_path, REVOKE_GRACE, REVOKE, gate)


@pytest.mark.parametrize("gate", [True, False], ids=["gate", "full"])
def test_a_rows_remove_in_another_table_with_the_same_column_is_never_pressed(
        gate: bool, page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    """Trap: Grace accepted her invitation; her row is in Members now, under the same "Name" header: red, and she
    stays a member."""
    used, failure = revoked(page, site_factory, tmp_path, team(["Ada Lovelace", "Alan Turing", "Grace Hopper"],
                                                               ["Edsger Dijkstra"]), gate)

    assert used == [] and failure is not None and "under the heading 'Members'" in str(failure)


@pytest.mark.parametrize("gate", [True, False], ids=["gate", "full"])
@pytest.mark.parametrize("now", [
    team(["Ada Lovelace", "Alan Turing"], ["Grace Hopper", "Edsger Dijkstra", "Barbara Liskov"], sort=True),
    team(["Ada Lovelace"], ["Grace Hopper", "Edsger Dijkstra"], invitations="Pending invitations (2)"),
    team(["Ada Lovelace"], ["Grace Hopper", "Edsger Dijkstra"],
         invitations='Pending invitations <span class="Counter">2</span>'),
    team(["Ada Lovelace"], ["Grace Hopper", "Edsger Dijkstra"],  # as JSX writes it: `Pending invitations<Badge>2</Badge>`
         invitations='Pending invitations<span class="badge rounded-pill text-bg-secondary ms-2">2</span>'),
    team(["Ada Lovelace", "Alan Turing"], ["Grace Hopper", "Edsger Dijkstra"],
         extra='<h3 class="h6 text-muted">Sent in the last 30 days</h3>'),
    team(["Ada Lovelace", "Alan Turing"], ["Grace Hopper", "Edsger Dijkstra"],  # Material Symbols: a ligature's text
         invitations='<span class="material-symbols-outlined me-1" aria-hidden="true">mail</span>Pending invitations')],
    ids=["invited-another-resorted", "count-in-heading", "counter-in-heading", "counter-glued-to-heading",
         "subheading-added", "icon-in-heading"])
def test_a_rows_remove_in_its_own_table_is_pressed(
        now: str, gate: bool, page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    """Twins: another person invited and the rows re-sorted, a count in the heading (in brackets, or a counter badge
    as GitHub writes it, or one a component renders right after the words, which its text reads glued to them), a
    heading added over the table, an icon font's ligature put in the heading (hidden from its name): Grace's
    invitation revoked, green."""
    used, failure = revoked(page, site_factory, tmp_path, now, gate)

    assert failure is None and used == ["revoke-invitation Grace Hopper"]


# A cloud console's networking page (DigitalOcean-like): one card per address family, its heading naming the family in
# brackets, as a count would be; the only "Remove" unassigns the card's floating address.
def networking(family: str, address: str, heading: str = "") -> str:
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>web-1 · Networking</title></head><body>'
            '<div id="root"><main class="Droplet-module__main__x7Qa2"><h1 class="css-8rv0xt">web-1</h1>'
            '<div class="Card-module__card__1bVvF"><div class="Card-module__header__3kT9a">'
            f'<h2 class="css-1yz1zjq">{heading or f"Floating IP ({family})"}</h2></div>'
            f'<p class="css-p7e2ac">{address} is assigned to this Droplet.</p><button type="button" '
            f'class="Button-module__danger__2Lq9c" onclick="used(\'remove {family}\')">Remove</button></div></main></div>'
            '<script>function used(what) { window.__used = (window.__used || []).concat([what]); }</script>'
            '</body></html>')


REMOVE_IP = [{"tool": "click", "target": {"role": "button", "name": "Remove"}}, {"tool": "done"}]


@pytest.mark.parametrize("gate", [True, False], ids=["gate", "full"])
@pytest.mark.parametrize(("now", "removed"), [
    (networking("IPv6", "2001:db8::7"), None),  # trap: the IPv4 card gone, the IPv6 one's Remove the only one
    (networking("IPv4", "203.0.113.7", heading="Floating IP (IPv4) (1)"), "remove IPv4")],  # twin: a count added
    ids=["other-family", "count-added"])
def test_a_bracket_whose_digits_are_a_words_names_the_place(
        now: str, removed: str | None, gate: bool, page: Any, site_factory: Callable[[dict[str, str]], Any],
        tmp_path: Path) -> None:
    """Trap: "Floating IP (IPv4)" is not "Floating IP (IPv6)" (a bracket with digits is a count only when they are a
    number of their own): red, and the IPv6 address stays. Twin: a count added in brackets after it: removed, green."""
    site = site_factory({"old.html": networking("IPv4", "203.0.113.7"), "new.html": now})
    used, failure = outcome(page, site, tmp_path, REMOVE_IP, "remove the floating IPv4 address", gate)

    assert used == ([removed] if removed else []) and (failure is None) == (removed is not None)


def test_a_heading_is_read_as_its_name_too_what_aria_hidden_hides_aside(
        page: Any, site_factory: Callable[[dict[str, str]], Any]) -> None:
    icon = '<span class="material-symbols-outlined me-1" aria-hidden="true">mail</span>Pending invitations'
    site = site_factory({"team.html": team(["Ada Lovelace"], ["Grace Hopper"], invitations=icon)})
    page.goto(f"{site.url}/team.html")
    grace = page.get_by_role("row").filter(has=page.get_by_role("cell", name="Grace Hopper")).get_by_role("button")

    assert headings.above(grace) == [headings.Above("mailPending invitations", False, "Pending invitations"),
                                     headings.Above("Team", True, "Team")]


# A deployments page built of Lit-style web components: each environment is an <env-card> whose shadow root renders its
# title from an attribute (<h3> there) over a slot, into which the page puts the card's actions. The heading is in the
# shadow root, the button in the light DOM: two trees, whose order compareDocumentPosition leaves to chance.
ENV_CARD = ('<script>customElements.define("env-card", class extends HTMLElement { connectedCallback() {'
            ' if (this.shadowRoot) return; this.attachShadow({mode: "open"}).innerHTML = `<style>:host{display:block}'
            '</style><section part="card" class="card-2f9x"><header><h3 class="title-8k1q">${this.getAttribute("name")}'
            '</h3><span class="region">${this.getAttribute("region")}</span></header><slot></slot></section>`; } });'
            '</script>')


def deployments(*environments: str) -> str:
    cards = "".join(f'<env-card name="{name}" region="eu-west-1" class="css-{i}q7"><button type="button" class="btn-danger '
                    f'css-x1r7" onclick="used(\'delete {name}\')">Delete</button></env-card>'
                    for i, name in enumerate(environments))
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Deployments</title></head><body>'
            f'<main id="app"><h1 class="page-title">Deployments</h1><h2 class="section-title">Environments</h2>{cards}</main>'
            '<script>function used(what) { window.__used = (window.__used || []).concat([what]); }</script>'
            f'{ENV_CARD}</body></html>')


DELETE_STAGING = [{"tool": "click", "target": {"role": "button", "name": "Delete", "nth": 0}}, {"tool": "done"}]


def test_the_headings_above_a_slotted_element_are_read_in_the_order_the_page_shows(
        page: Any, site_factory: Callable[[dict[str, str]], Any]) -> None:
    """In the composed tree, a shadow root's heading comes before the slot its card's button shows in, and after every
    element of the cards before it: each card's Delete is under its own title, whatever order the two trees' nodes
    were made in (compareDocumentPosition orders them so), load after load."""
    site = site_factory({"cards.html": deployments("Preview", "Staging", "Production")})
    for _ in range(4):
        page.goto(f"{site.url}/cards.html")
        for name in ("Preview", "Staging", "Production"):
            delete = page.locator("env-card", has=page.get_by_role("button")).filter(
                has=page.locator(f"xpath=self::*[@name='{name}']")).get_by_role("button")
            assert outline(delete) == [(name, False), ("Environments", False), ("Deployments", True)]


# The same page as one <env-list> component that renders every card in its own shadow root, from its data (Lit's
# repeat()): each card's name in a <strong>, no heading; the page's actions log through the component's own handler.
ENV_LIST = ('<script>customElements.define("env-list", class extends HTMLElement { connectedCallback() {'
            ' if (this.shadowRoot) return; const root = this.attachShadow({mode: "open"});'
            ' root.innerHTML = JSON.parse(this.dataset.names).map((name) => `<article class="card-2f9x">'
            '<strong class="title-8k1q">${name}</strong><span class="region">eu-west-1</span>'
            '<button type="button" class="btn-danger css-x1r7" data-name="${name}">Delete</button></article>`).join("");'
            ' root.addEventListener("click", (e) => { const b = e.target.closest("button");'
            ' if (b) used("delete " + b.dataset.name); }); } });</script>')


def environment_list(*environments: str) -> str:
    names = json.dumps(list(environments)).replace('"', "&quot;")
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Deployments</title></head><body>'
            f'<main id="app"><h1 class="page-title">Deployments</h1><env-list data-names="{names}"></env-list></main>'
            '<script>function used(what) { window.__used = (window.__used || []).concat([what]); }</script>'
            f'{ENV_LIST}</body></html>')


@pytest.mark.parametrize("gate", [True, False], ids=["gate", "full"])
@pytest.mark.parametrize(("now", "deleted"), [
    (("Production",), None),  # trap: the Staging card gone, Production's Delete the only one
    (("Preview", "Staging", "Production"), "delete Staging")],  # twin: a card added above it
    ids=["other-card", "card-added-above"])
@pytest.mark.parametrize("render", [deployments, environment_list], ids=["title-in-shadow-root", "cards-in-shadow-root"])
def test_a_web_components_card_is_told_by_what_the_page_shows(
        render: Callable[..., str], now: tuple[str, ...], deleted: str | None, gate: bool, page: Any,
        site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    """Traps: a card's title in its component's shadow root over the slot of the page's Delete (``deployments``), or
    cards rendered straight into a component's shadow root, no heading (``environment_list``); the release drops the
    Staging card: red, and Production stays. Twins: a Preview card added above: Staging's Delete, green."""
    site = site_factory({"old.html": render("Staging", "Production"), "new.html": render(*now)})
    used, failure = outcome(page, site, tmp_path, DELETE_STAGING, "delete the staging environment", gate)

    assert used == ([deleted] if deleted else []) and (failure is None) == (deleted is not None)
