"""The interactions suite's inner project: a user's tests, one per interaction, and their conftest.

The inner conftest serves the variant named by the test's parameter (``INTERACTION_VARIANTS``) on
its own 127.0.0.1 server (``app``), and the same files again on a second 127.0.0.1 port
(``provider``: another origin, as a payment provider's iframe is). ``RETURNING_VISITOR=1`` makes the
visitor one who chose their cookies before (the consent banner does not show).
"""

from __future__ import annotations

from typing import Any

from tests.support import inner as shared

TEST_FILE = "test_workspace.py"
VARIANTS_ENV = "INTERACTION_VARIANTS"

CONFTEST = shared.conftest_prelude(VARIANTS_ENV) + '''

@pytest.fixture
def servers(variant):
    """The variant's site on two 127.0.0.1 ports: the app's origin and a payment provider's."""
    pair = [serve(HERE / "sites" / variant) for _ in range(2)]
    yield [f"http://127.0.0.1:{s.server_address[1]}" for s in pair]
    for s in pair:
        s.shutdown()
        s.server_close()


@pytest.fixture
def app(servers, page):
    """The app's base URL; a returning visitor (RETURNING_VISITOR=1) has chosen their cookies before."""
    if os.environ.get("RETURNING_VISITOR") == "1":
        page.add_init_script("localStorage.setItem('consent', 'all')")
    return servers[0]


@pytest.fixture
def provider(servers):
    """The payment provider's origin (another port: cross-origin to the app)."""
    return servers[1]
'''

TESTS = '''
from playwright.sync_api import expect


def test_rename_todo(agent, page, app):
    page.goto(app + "/todos.html")
    agent.run("rename the todo 'buy milk' to %title% by double-clicking it", variables={"title": "buy oat milk"})
    expect(page.locator(".todo-list li").first).to_have_text("buy oat milk")


def test_delete_file(agent, page, app):
    page.goto(app + "/files.html")
    agent.run("delete report.pdf from its context menu")
    expect(page.get_by_role("status")).to_have_text("Deleted report.pdf")


def test_move_card(agent, page, app):
    page.goto(app + "/board.html")
    agent.run("move the card 'Write the docs' to the Done column")
    expect(page.get_by_role("status")).to_have_text("Write the docs moved to Done")
    expect(page.locator("[data-column=done] .card")).to_have_text(["Write the docs"])


def test_change_avatar(agent, page, app):
    page.goto(app + "/profile.html")
    agent.run("upload %image% as the new avatar", variables={"image": "data/avatar.png"})
    expect(page.get_by_role("status")).to_have_text("Uploaded avatar.png (68 bytes)")


def test_delete_project(agent, page, app):
    page.goto(app + "/settings.html")
    agent.run("delete the project and confirm")
    expect(page.get_by_role("status")).to_have_text("Project deleted")


def test_pay_by_card(agent, page, app, provider):
    page.goto(app + "/checkout.html?provider=" + provider)
    agent.run("pay with the card number %card%", variables={"card": "4242424242424242"})
    expect(page.get_by_role("status")).to_have_text("Paid with card ending 4242")


def test_help_opens_in_a_new_tab(agent, page, app):
    page.goto(app + "/dashboard.html")
    agent.run("open the help and read how billing works")
    expect(agent.page.get_by_text("You are billed monthly.")).to_be_visible()
    assert agent.page is not page
    agent.page.close()
    assert agent.page is page


def test_command_palette_and_back(agent, page, app):
    page.goto(app + "/dashboard.html")
    agent.run("open the command palette with Control+K and go to billing")
    expect(page).to_have_url(app + "/billing.html")
    agent.run("go back to the previous page")
    expect(page).to_have_url(app + "/dashboard.html")


def test_cookie_banner(agent, page, app):
    page.goto(app + "/home.html")
    agent.run("accept the cookies if asked")
    expect(page.locator("#consent")).to_have_text(["Cookies: accepted", "Cookies: chosen before"][
        int(__import__("os").environ.get("RETURNING_VISITOR") == "1")])
'''

# A 68-byte PNG (1x1 pixel): the avatar the test uploads, relative to the test file.
AVATAR_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000b4944415478da63f8ff1f0003030200effdf9c30000000049454e44ae426082")

TEST_NAMES = ("test_rename_todo", "test_delete_file", "test_move_card", "test_change_avatar", "test_delete_project",
              "test_pay_by_card", "test_help_opens_in_a_new_tab", "test_command_palette_and_back", "test_cookie_banner")

# What the stand-in model does when the tests are recorded: targets by role and name (or text) in the snapshot.
BANNER = {"role": "button", "name": "Accept all"}
RECORD_SCRIPT: list[dict[str, Any]] = [
    {"match": "Step: rename the todo", "actions": [
        {"tool": "double_click", "target": {"role": "generic", "text": "buy milk"}},
        {"tool": "fill", "target": {"role": "textbox", "name": "Edit todo"}, "input": {"value": "%title%"}},
        {"tool": "press", "target": {"role": "textbox", "name": "Edit todo"}, "input": {"key": "Enter"}},
        {"tool": "done"}]},
    {"match": "Step: delete report.pdf", "actions": [
        {"tool": "right_click", "target": {"role": "cell", "name": "report.pdf"}},
        {"tool": "click", "target": {"role": "menuitem", "name": "Delete"}},
        {"tool": "done"}]},
    {"match": "Step: move the card", "actions": [
        {"tool": "drag", "target": {"role": "article", "text": "Write the docs"},
         "to_target": {"role": "region", "name": "Done"}},
        {"tool": "done"}]},
    {"match": "Step: upload %image%", "actions": [
        {"tool": "upload_file", "target": {"role": "button", "name": "Change avatar"}, "input": {"files": ["%image%"]}},
        {"tool": "done"}]},
    {"match": ["Step: delete the project", "JavaScript confirm dialog"], "actions": [
        {"tool": "answer_dialog", "input": {"accept": True}}]},
    {"match": "Step: delete the project", "actions": [
        {"tool": "click", "target": {"role": "button", "name": "Delete project"}},
        {"tool": "done"}]},
    {"match": "Step: pay with the card number", "actions": [
        {"tool": "fill", "target": {"role": "textbox", "name": "Card number"}, "input": {"value": "%card%"}},
        {"tool": "click", "target": {"role": "button", "name": "Pay $20.00"}},
        {"tool": "done"}]},
    {"match": "Step: open the help", "actions": [
        {"tool": "click", "target": {"role": "link", "name": "Help"}},
        {"tool": "click", "target": {"role": "button", "name": "How does billing work?"}},
        {"tool": "done"}]},
    {"match": "Step: open the command palette", "actions": [
        {"tool": "press", "input": {"key": "Control+K"}},
        {"tool": "fill", "target": {"role": "searchbox", "name": "Command"}, "input": {"value": "billing"}},
        {"tool": "press", "target": {"role": "searchbox", "name": "Command"}, "input": {"key": "Enter"}},
        {"tool": "done"}]},
    {"match": "Step: go back", "actions": [{"tool": "go_back"}, {"tool": "done"}]},
    {"match": "Step: accept the cookies if asked", "actions": [
        {"tool": "wait_for", "input": {"text": "We use cookies."}},
        {"tool": "click", "target": BANNER},
        {"tool": "done", "input": {"conditional": True}}]},
]

# What the stand-in model does for the one branch the first recording never saw: no banner, nothing to do.
SKIP_SCRIPT: list[dict[str, Any]] = [
    {"match": "Step: accept the cookies if asked", "actions": [
        {"tool": "skip", "input": {"reason": "no cookie banner on this page"}}]},
]
