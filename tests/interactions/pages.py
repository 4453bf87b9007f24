"""The interactions suite's app: a small workspace, one page per interaction, written as real apps render them.

Each page does one thing the way production apps do it: a todo list edited by double-click
(TodoMVC), a file table with a custom context menu, a kanban board with HTML5 drag and drop, a
profile whose avatar button opens a hidden file input, a settings page that asks ``confirm()``, a
checkout whose card form is a cross-origin iframe mounted by script (as Stripe.js mounts it), a help
link that opens a new tab, a command palette on Control+K, and a cookie banner that shows only to a
visitor who has not chosen yet. Class names are generated (CSS-in-JS hashes), controls carry test
ids, and what each page did is shown on the page itself, for the test to assert on as a user would.

``DRIFT`` is one cosmetic change per page that breaks the recorded locator but not the element (a
refactor renames test ids, wraps or rewords): replay heals it with zero tokens. ``REGRESSIONS`` is
one real bug per page: replay must stay red.
"""

from __future__ import annotations

from tests.support.edits import Edit, apply_edits

HEAD = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>body {{ font-family: system-ui, sans-serif; margin: 24px; }} .css-1x2ab3 {{ display: flex; gap: 16px; }}</style>
</head><body>"""


def _page(title: str, body: str) -> str:
    return HEAD.format(title=title) + body + "\n</body></html>\n"


TODOS = _page("Todos", """<style>.todo-list { list-style: none; padding: 0; } .todo-list label { display: block; padding: 8px; }</style>
<section class="todoapp"><h1>todos</h1>
<ul class="todo-list">
  <li class="css-9f1kq2"><div class="view"><label class="css-t0d0l1">buy milk</label></div></li>
  <li class="css-9f1kq2"><div class="view"><label class="css-t0d0l1">walk the dog</label></div></li>
</ul></section>
<script>
  document.querySelectorAll('.todo-list label').forEach((label) => label.addEventListener('dblclick', () => {
    const li = label.closest('li');
    const input = document.createElement('input');
    input.className = 'edit css-e3d1t0';
    input.setAttribute('aria-label', 'Edit todo');
    input.value = label.textContent;
    li.append(input);
    input.focus();
    input.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      label.textContent = input.value.trim();
      input.remove();
    });
  }));
</script>""")  # noqa: E501 - page markup: a line of it is test data

FILES = _page("Files", """<main><h1>Files</h1>
<table class="css-f1l3s0"><thead><tr><th>Name</th><th>Size</th></tr></thead><tbody>
  <tr data-file="notes.txt"><td>notes.txt</td><td>2 KB</td></tr>
  <tr data-file="report.pdf"><td>report.pdf</td><td>84 KB</td></tr>
</tbody></table>
<div role="menu" aria-label="File actions" class="css-m3nu00" hidden>
  <div role="menuitem" tabindex="-1" data-testid="menu-rename">Rename</div>
  <div role="menuitem" tabindex="-1" data-testid="menu-delete">Delete</div>
</div>
<p role="status" id="status"></p></main>
<script>
  const menu = document.querySelector('[role=menu]');
  let target = null;
  document.querySelectorAll('tbody tr').forEach((row) => row.addEventListener('contextmenu', (e) => {
    e.preventDefault();
    target = row;
    menu.hidden = false;
    menu.style.position = 'fixed'; menu.style.left = e.clientX + 'px'; menu.style.top = e.clientY + 'px';
  }));
  menu.querySelector('[data-testid=menu-delete]').addEventListener('click', () => {
    document.getElementById('status').textContent = 'Deleted ' + target.dataset.file;
    target.remove();
    menu.hidden = true;
  });
</script>""")

BOARD = _page("Board", """<main><h1>Sprint board</h1>
<div class="css-1x2ab3">
  <section class="column css-c0l1mn" data-column="todo" aria-labelledby="h-todo"><h2 id="h-todo">To do</h2>
    <article class="card css-k4rd00" draggable="true" data-testid="card-docs">Write the docs</article>
    <article class="card css-k4rd00" draggable="true" data-testid="card-tests">Fix flaky tests</article>
  </section>
  <section class="column css-c0l1mn" data-column="done" aria-labelledby="h-done"><h2 id="h-done">Done</h2></section>
</div>
<p role="status" id="status"></p></main>
<script>
  let dragged = null;
  document.querySelectorAll('.card').forEach((card) => card.addEventListener('dragstart', () => { dragged = card; }));
  document.querySelectorAll('.column').forEach((column) => {
    column.addEventListener('dragover', (e) => e.preventDefault());
    column.addEventListener('drop', (e) => {
      e.preventDefault();
      column.append(dragged);
      document.getElementById('status').textContent = dragged.textContent + ' moved to ' + column.querySelector('h2').textContent;
    });
  });
</script>""")

PROFILE = _page("Profile", """<main><h1>Your profile</h1>
<div class="css-av4t4r"><img alt="" src="data:," width="48" height="48">
  <button type="button" class="css-b7nn01" data-testid="avatar-button">Change avatar</button>
  <input type="file" accept="image/*" hidden>
</div>
<p role="status" id="status"></p></main>
<script>
  const input = document.querySelector('input[type=file]');
  document.querySelector('[data-testid=avatar-button]').addEventListener('click', () => input.click());
  input.addEventListener('change', () => {
    const file = input.files[0];
    document.getElementById('status').textContent = 'Uploaded ' + file.name + ' (' + file.size + ' bytes)';
  });
</script>""")

SETTINGS = _page("Project settings", """<main><h1>Apollo settings</h1>
<section aria-labelledby="danger"><h2 id="danger">Danger zone</h2>
  <button type="button" class="css-d4ng3r" data-testid="delete-project">Delete project</button>
</section>
<p role="status" id="status"></p></main>
<script>
  document.querySelector('[data-testid=delete-project]').addEventListener('click', () => {
    if (confirm('Delete the project Apollo? This cannot be undone.')) {
      document.getElementById('status').textContent = 'Project deleted';
    }
  });
</script>""")

# The checkout mounts the card form as a cross-origin iframe from the payment provider's origin (a second
# 127.0.0.1 port, given in ?provider=), by script, as Stripe.js and Adyen do.
CHECKOUT = _page("Checkout", """<main><h1>Checkout</h1><div id="card-element"></div>
<p role="status" id="status"></p></main>
<script>
  const provider = new URLSearchParams(location.search).get('provider');
  const frame = document.createElement('iframe');
  frame.name = '__privateStripeFrame4821';
  frame.title = 'Secure card payment input frame';
  frame.src = provider + '/card.html';
  frame.style.cssText = 'width: 420px; height: 120px; border: 0';
  document.getElementById('card-element').append(frame);
  window.addEventListener('message', (e) => {
    if (e.origin === provider) document.getElementById('status').textContent = e.data;
  });
</script>""")
CARD = _page("Card", """<form class="css-p4ym3n">
  <label class="css-l4b3l0">Card number <input name="cardnumber" autocomplete="cc-number" inputmode="numeric"
    data-testid="card-number"></label>
  <button type="submit" class="css-b7nn01">Pay $20.00</button>
</form>
<script>
  document.querySelector('form').addEventListener('submit', (e) => {
    e.preventDefault();
    parent.postMessage('Paid with card ending ' + document.querySelector('input').value.slice(-4), '*');
  });
</script>""")

DASHBOARD = _page("Dashboard", """<header class="css-h34d3r"><nav aria-label="Main">
  <a href="/dashboard.html">Dashboard</a> <a href="/help.html" target="_blank" rel="noopener" data-testid="help-link">Help</a>
</nav></header>
<main><h1>Dashboard</h1>
<div role="dialog" aria-modal="true" aria-label="Command palette" class="css-p4l3t7" hidden>
  <input type="search" placeholder="Type a command" aria-label="Command" data-testid="palette-input">
</div></main>
<script>
  const palette = document.querySelector('[role=dialog]');
  document.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
      e.preventDefault();
      palette.hidden = false;
      palette.querySelector('input').focus();
    }
  });
  palette.querySelector('input').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && e.target.value.trim().toLowerCase() === 'billing') location.href = '/billing.html';
  });
</script>""")
BILLING = _page("Billing", '<main><h1>Billing</h1><p>Your plan: Team</p><a href="/dashboard.html">Dashboard</a></main>')
HELP = _page("Help center", """<main><h1>Help center</h1>
<button type="button" aria-expanded="false" class="css-4cc0rd" data-testid="faq-billing">How does billing work?</button>
<p id="answer" hidden>You are billed monthly.</p></main>
<script>
  document.querySelector('[data-testid=faq-billing]').addEventListener('click', (e) => {
    e.currentTarget.setAttribute('aria-expanded', 'true');
    document.getElementById('answer').hidden = false;
  });
</script>""")

# A consent manager renders its banner late, and only to a visitor who has not chosen yet.
HOME = _page("Home", """<div id="cmp-root"></div>
<main><h1>Welcome</h1><p id="consent"></p></main>
<script>
  const show = (text) => { document.getElementById('consent').textContent = text; };
  if (localStorage.getItem('consent')) {
    show('Cookies: chosen before');
  } else {
    setTimeout(() => {
      document.getElementById('cmp-root').innerHTML =
        '<div role="dialog" aria-label="Cookie consent" class="css-cmp001"><p>We use cookies.</p>' +
        '<button type="button" class="css-b7nn01" data-testid="cmp-accept">Accept all</button></div>';
      document.querySelector('[data-testid=cmp-accept]').addEventListener('click', () => {
        localStorage.setItem('consent', 'all');
        document.querySelector('.css-cmp001').remove();
        show('Cookies: accepted');
      });
    }, 300);
  }
</script>""")

ORIGINAL: dict[str, str] = {
    "todos.html": TODOS, "files.html": FILES, "board.html": BOARD, "profile.html": PROFILE,
    "settings.html": SETTINGS, "checkout.html": CHECKOUT, "card.html": CARD, "dashboard.html": DASHBOARD,
    "billing.html": BILLING, "help.html": HELP, "home.html": HOME,
}

# A refactor that breaks each recorded locator and keeps each element: test ids renamed by a design-system
# migration, a label reworded, generated class names changed. Replay must heal each with zero tokens.
DRIFT: tuple[Edit, ...] = (
    Edit("todos.html", "input.setAttribute('aria-label', 'Edit todo');",
         "input.setAttribute('aria-label', 'Edit todo title');"),
    Edit("todos.html", "css-t0d0l1", "css-8s7d6f", count=2),
    Edit("files.html", 'data-testid="menu-delete">Delete', 'data-testid="file-menu__delete">Delete'),
    Edit("files.html", "[data-testid=menu-delete]", "[data-testid=file-menu__delete]"),
    Edit("board.html", 'data-testid="card-docs"', 'data-testid="kanban-card-101"'),
    Edit("board.html", 'data-testid="card-tests"', 'data-testid="kanban-card-102"'),
    Edit("profile.html", 'data-testid="avatar-button"', 'data-testid="profile-avatar-upload"'),
    Edit("profile.html", "[data-testid=avatar-button]", "[data-testid=profile-avatar-upload]"),
    Edit("settings.html", 'data-testid="delete-project"', 'data-testid="danger-delete"'),
    Edit("settings.html", "[data-testid=delete-project]", "[data-testid=danger-delete]"),
    Edit("card.html", 'data-testid="card-number"', 'data-testid="cardNumberInput"'),
    Edit("checkout.html", "frame.name = '__privateStripeFrame4821';", "frame.name = '__privateStripeFrame7730';"),
    Edit("dashboard.html", 'data-testid="help-link"', 'data-testid="nav-help"'),
    Edit("dashboard.html", 'data-testid="palette-input"', 'data-testid="cmdk-input"'),
    Edit("help.html", 'data-testid="faq-billing"', 'data-testid="faq-item-3"'),
    Edit("help.html", "[data-testid=faq-billing]", "[data-testid=faq-item-3]"),
    Edit("home.html", 'data-testid="cmp-accept"', 'data-testid="onetrust-accept-btn-handler"'),
    Edit("home.html", "[data-testid=cmp-accept]", "[data-testid=onetrust-accept-btn-handler]"),
)

# One real bug per page: each must turn its test red.
REGRESSIONS: tuple[Edit, ...] = (
    Edit("todos.html", "label.addEventListener('dblclick'", "label.addEventListener('dblclick-disabled'"),
    Edit("files.html", "row.addEventListener('contextmenu'", "row.addEventListener('contextmenu-disabled'"),
    Edit("board.html", "column.append(dragged);", "/* the drop is lost */"),
    Edit("profile.html", "addEventListener('click', () => input.click());", "addEventListener('click', () => {});"),
    Edit("settings.html", "document.getElementById('status').textContent = 'Project deleted';",
         "alert('Could not delete the project: you are not an owner.');"),
    Edit("card.html", '<button type="submit" class="css-b7nn01">Pay $20.00</button>', ""),
    Edit("dashboard.html", 'href="/help.html" target="_blank"', 'href="/help-center.html" target="_blank"'),
    Edit("dashboard.html", "(e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k'", "e.key === 'F1'"),
    Edit("home.html", "'<button type=\"button\" class=\"css-b7nn01\" data-testid=\"cmp-accept\">Accept all</button></div>'",
         "'<a href=\"/privacy.html\" class=\"css-b7nn01\">Manage choices</a></div>'"),
    Edit("home.html", "document.querySelector('[data-testid=cmp-accept]').addEventListener('click', () => {",
         "document.querySelector('.css-b7nn01').addEventListener('click', () => {"),
)

VARIANTS = ("original", "drifted", "regressed")


def site(variant: str) -> dict[str, str]:
    """The files of a variant's site."""
    if variant == "drifted":
        return apply_edits(variant, ORIGINAL, DRIFT)
    if variant == "regressed":
        return apply_edits(variant, ORIGINAL, REGRESSIONS)
    return dict(ORIGINAL)
