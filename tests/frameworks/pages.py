"""The frameworks suite's app: TodoMVC, written five times the way five frameworks render it.

Every implementation follows the same spec (https://todomvc.com/, the app every framework has
implemented): a header with an ``h1`` "todos" and a text field with the placeholder "What needs
to be done?"; Enter adds a todo; each row has a toggle checkbox, its title, and a destroy button
that shows "×" only through CSS (``::after { content: "\\00d7" }``, no text in the DOM) and only
while the row is hovered; a footer with "N items left", filter links All / Active / Completed
routed by a hash router (loading "/" rewrites the URL to "/#/"), and "Clear completed". State is
in memory.

The five implementations differ the way the frameworks' output differs in a browser: markup,
class names, attribute order, wrappers, custom elements, shadow roots, how a checkbox is named,
when and how the DOM is re-rendered, how a link navigates. They are hand-written static HTML and
JS (no framework is downloaded), modelled on what each framework's TodoMVC (or a typical app
built with it) puts in the DOM.

``drift-log.js``, loaded by every page, records which element every click, keystroke and typed
value reached, into ``localStorage['drift-log']``: the element's ``data-truth`` attribute (which
the plugin never reads and no variant changes), found through ``composedPath()`` so that it sees
into open shadow roots. A click on a ``<label>`` is logged through the control it forwards the
click to. So an action on a wrong element shows in the log, whatever the page looks like.

The vanilla app's drifted copies are lists of edits (``Edit``, as in tests/drift; each ``old`` text
must occur exactly as often as stated, so a variant never silently equals its base):

* ``COSMETIC`` (must still pass): reworded_placeholder, wrapper_divs, test_ids_added,
  named_icon_button, classes_renamed, template_row, site_header_search, delete_all_button;
* ``REGRESSIONS`` (must fail, at the step where a user sees the bug, ``fails_at``):
  enter_does_not_add, delete_does_nothing, count_wrong, filter_broken, toggle_broken,
  filter_link_typo.

Decoys (logged as wrong when used): toggle-all, Clear completed, the rows' hidden edit fields and
unlinked labels, info links, and per page an app bar with a search box (react), rows that linger
while leaving (vue), a "Delete all" button (angular, and the delete_all_button drift), a hidden
template row (the template_row drift), a site header with a search box (site_header_search).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from tests.support.edits import Edit, apply_edits

# --- what every page shares -------------------------------------------------------------------

DRIFT_LOG_JS = r"""
// Test instrumentation, not part of the app: which element each click, key and input reached.
(() => {
  const KEY = 'drift-log';
  const push = (entry) => {
    const entries = JSON.parse(localStorage.getItem(KEY) || '[]');
    if (entry.startsWith('input:') && entries[entries.length - 1] === entry) return;  // one fill = one entry
    entries.push(entry);
    localStorage.setItem(KEY, JSON.stringify(entries));
  };
  // The element's truth name; null for a click on a label, logged when it reaches the label's control.
  const truth = (event) => {
    const path = event.composedPath();
    for (const node of path) {
      if (!(node instanceof Element)) continue;
      if (node.hasAttribute('data-truth')) return node.getAttribute('data-truth');
      if (event.type === 'click' && node.localName === 'label' && node.control) return null;
    }
    const first = path[0];
    return '?' + ((first && first.localName) || 'document');
  };
  document.addEventListener('click', (e) => {
    const name = truth(e);
    if (name !== null) push('click:' + name);
  }, true);
  document.addEventListener('input', (e) => {
    const el = e.composedPath()[0];
    if (el && (el.type === 'checkbox' || el.type === 'radio')) return;  // their click is logged
    push('input:' + truth(e));
  }, true);
  document.addEventListener('keydown', (e) => {
    if (e.key.length > 1 && !['Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) push('key:' + e.key + ':' + truth(e));
  }, true);
})();
"""

# The recorded test's actions, by truth name: on every variant that passes, the log is exactly this.
EXPECTED_LOG: tuple[str, ...] = (
    "input:new-todo", "key:Enter:new-todo",        # add a todo: buy milk
    "input:new-todo", "key:Enter:new-todo",        # add a todo: walk the dog
    "click:toggle:buy milk",                       # mark buy milk as done
    "click:filter:active",                         # show only the active todos
    "click:destroy:walk the dog",                  # delete walk the dog
)


def wrong_actions(log: list[str]) -> list[str]:
    """Entries that reached another element than the action expected at that point: actions on a wrong element.

    The log is read against ``EXPECTED_LOG`` in order. The same action again on the element just used (a
    retried click, a field filled twice) is not a wrong element; a log that stops early (the test failed
    before its end) has nothing wrong in what it did not do.
    """
    wrong, i = [], 0
    for entry in log:
        if i < len(EXPECTED_LOG) and entry == EXPECTED_LOG[i]:
            i += 1
        elif not (i > 0 and entry == EXPECTED_LOG[i - 1]):
            wrong.append(entry)
    return wrong


def repeated_actions(log: list[str]) -> int:
    """How many entries repeat the action just done on the same element (retries)."""
    return sum(1 for i in range(1, len(log)) if log[i] == log[i - 1] and not log[i].startswith("input:"))


# The checkbox images of TodoMVC's stylesheet (a circle; a circle with a tick).
UNCHECKED_SVG = ("data:image/svg+xml;utf8,%3Csvg%20xmlns%3D%22http%3A//www.w3.org/2000/svg%22%20width%3D%2240%22%20height%3D%2240%22"
                 "%20viewBox%3D%22-10%20-18%20100%20135%22%3E%3Ccircle%20cx%3D%2250%22%20cy%3D%2250%22%20r%3D%2250%22%20fill%3D"
                 "%22none%22%20stroke%3D%22%23949494%22%20stroke-width%3D%223%22/%3E%3C/svg%3E")
CHECKED_SVG = ("data:image/svg+xml;utf8,%3Csvg%20xmlns%3D%22http%3A//www.w3.org/2000/svg%22%20width%3D%2240%22%20height%3D%2240%22"
               "%20viewBox%3D%22-10%20-18%20100%20135%22%3E%3Ccircle%20cx%3D%2250%22%20cy%3D%2250%22%20r%3D%2250%22%20fill%3D"
               "%22none%22%20stroke%3D%22%2359A193%22%20stroke-width%3D%223%22%2F%3E%3Cpath%20fill%3D%22%233EA390%22%20d%3D"
               "%22M72%2025L42%2071%2027%2056l-4%204%2020%2020%2034-52z%22%2F%3E%3C%2Fsvg%3E")

# todomvc-common/base.css + todomvc-app-css/index.css (the rules this app uses), as every TodoMVC ships them.
TODOMVC_CSS = """
html, body { margin: 0; padding: 0; }
button { margin: 0; padding: 0; border: 0; background: none; font-size: 100%; vertical-align: baseline; font-family: inherit; font-weight: inherit; color: inherit; appearance: none; }
body { font: 14px 'Helvetica Neue', Helvetica, Arial, sans-serif; line-height: 1.4em; background: #f5f5f5; color: #111; min-width: 230px; max-width: 550px; margin: 0 auto; font-weight: 300; }
.hidden { display: none; }
.todoapp { background: #fff; margin: 130px 0 40px 0; position: relative; box-shadow: 0 2px 4px 0 rgba(0, 0, 0, 0.2), 0 25px 50px 0 rgba(0, 0, 0, 0.1); }
.todoapp input::placeholder { font-style: italic; font-weight: 400; color: rgba(0, 0, 0, 0.4); }
.todoapp h1 { position: absolute; top: -140px; width: 100%; font-size: 80px; font-weight: 200; text-align: center; color: #b83f45; }
.new-todo, .edit { position: relative; margin: 0; width: 100%; font-size: 24px; font-family: inherit; font-weight: inherit; line-height: 1.4em; color: inherit; padding: 6px; border: 1px solid #999; box-shadow: inset 0 -1px 5px 0 rgba(0, 0, 0, 0.2); box-sizing: border-box; }
.new-todo { padding: 16px 16px 16px 60px; height: 65px; border: none; background: rgba(0, 0, 0, 0.003); box-shadow: inset 0 -2px 1px rgba(0, 0, 0, 0.03); }
.main { position: relative; z-index: 2; border-top: 1px solid #e6e6e6; }
.toggle-all { width: 1px; height: 1px; border: none; opacity: 0; position: absolute; right: 100%; bottom: 100%; }
.toggle-all + label { display: flex; align-items: center; justify-content: center; width: 45px; height: 65px; font-size: 0; position: absolute; top: -65px; left: 0; transform: rotate(90deg); }
.toggle-all + label:before { content: "\\276F"; display: inline-block; font-size: 22px; color: #949494; padding: 10px 27px; }
.toggle-all:checked + label:before { color: #484848; }
.todo-list { margin: 0; padding: 0; list-style: none; }
.todo-list li { position: relative; font-size: 24px; border-bottom: 1px solid #ededed; }
.todo-list li:last-child { border-bottom: none; }
.todo-list li.editing { border-bottom: none; padding: 0; }
.todo-list li.editing .edit { display: block; width: calc(100% - 43px); padding: 12px 16px; margin: 0 0 0 43px; }
.todo-list li.editing .view { display: none; }
.todo-list li .toggle { text-align: center; width: 40px; height: auto; position: absolute; top: 0; bottom: 0; margin: auto 0; border: none; appearance: none; opacity: 0; }
.todo-list li .toggle + label { background-image: url('UNCHECKED'); background-repeat: no-repeat; background-position: center left; }
.todo-list li .toggle:checked + label { background-image: url('CHECKED'); }
.todo-list li label { word-break: break-all; padding: 15px 15px 15px 60px; display: block; line-height: 1.2; transition: color 0.4s; font-weight: 400; color: #484848; }
.todo-list li.completed label { color: #949494; text-decoration: line-through; }
.todo-list li .destroy { display: none; position: absolute; top: 0; right: 10px; bottom: 0; width: 40px; height: 40px; margin: auto 0; font-size: 30px; color: #949494; transition: color 0.2s ease-out; }
.todo-list li .destroy:hover, .todo-list li .destroy:focus { color: #c18585; }
.todo-list li .destroy:after { content: "\\00d7"; display: block; height: 100%; line-height: 1.1; }
.todo-list li:hover .destroy { display: block; }
.todo-list li .edit { display: none; }
.footer { padding: 10px 15px; height: 20px; text-align: center; font-size: 15px; border-top: 1px solid #e6e6e6; }
.todo-count { float: left; text-align: left; }
.todo-count strong { font-weight: 300; }
.filters { margin: 0; padding: 0; list-style: none; position: absolute; right: 0; left: 0; }
.filters li { display: inline; }
.filters li a { color: inherit; margin: 3px; padding: 3px 7px; text-decoration: none; border: 1px solid transparent; border-radius: 3px; }
.filters li a:hover { border-color: #db7676; }
.filters li a.selected { border-color: #ce4646; }
.clear-completed { float: right; position: relative; line-height: 19px; text-decoration: none; cursor: pointer; }
.clear-completed:hover { text-decoration: underline; }
.info { margin: 65px auto 0; color: #4d4d4d; font-size: 11px; text-shadow: 0 1px 0 rgba(255, 255, 255, 0.5); text-align: center; }
.info p { line-height: 1; }
.info a { color: inherit; text-decoration: none; font-weight: 400; }
""".replace("UNCHECKED", UNCHECKED_SVG).replace("CHECKED", CHECKED_SVG)

INFO_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>About TodoMVC</title></head>
<body><h1>About</h1><p>Helping you select an MV* framework.</p><script src="/drift-log.js"></script></body></html>
"""

# --- 1. vanilla: the classic jQuery-era TodoMVC -------------------------------------------------
#
# section.todoapp > header.header > input.new-todo; section.main > input.toggle-all + label,
# ul.todo-list > li > div.view > input.toggle + label + button.destroy, input.edit; footer.footer
# re-rendered from a template on every change (so every row and link is a new element after each
# action); a Director-style router that sets location.hash; Enter handled on keyup by key code.

VANILLA_CLASSES = (
    "todoapp", "header", "new-todo", "main", "toggle-all", "todo-list", "completed", "editing", "view",
    "toggle", "destroy", "edit", "footer", "todo-count", "filters", "selected", "clear-completed", "info",
)

VANILLA_HTML = """<!doctype html>
<html lang="en" data-framework="jquery">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>jQuery • TodoMVC</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/index.css">
</head>
<body>
<section class="todoapp">
  <header class="header">
    <h1>todos</h1>
    <input class="new-todo" id="new-todo" placeholder="What needs to be done?" autofocus data-truth="new-todo">
  </header>
  <section class="main">
    <input id="toggle-all" class="toggle-all" type="checkbox" data-truth="toggle-all">
    <label for="toggle-all">Mark all as complete</label>
    <ul class="todo-list"></ul>
  </section>
  <footer class="footer"></footer>
</section>
<footer class="info">
  <p>Double-click to edit a todo</p>
  <p>Created by <a href="/info.html#author" data-truth="info-author">Sindre Sorhus</a></p>
  <p>Part of <a href="/info.html" data-truth="info-todomvc">TodoMVC</a></p>
</footer>
<script src="/drift-log.js"></script>
<script src="/app.js"></script>
</body>
</html>
"""

VANILLA_JS = r"""
/* TodoMVC, jQuery-era: state in memory, every change re-renders the list and the footer from templates. */
(function (window) {
  'use strict';

  var CLS = __CLASSES__;  // the class names, as the stylesheet spells them
  var ENTER_KEY = 13;
  var ESCAPE_KEY = 27;
  var dot = function (name) { return '.' + CLS[name]; };
  var $ = function (selector) { return document.querySelector(selector); };
  var esc = function (text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c];
    });
  };
  var uuid = function () { return Math.random().toString(36).slice(2, 10); };

  var todoTemplate = function (todos) {
    return todos.map(function (todo) {
      var title = esc(todo.title);
      return '<li' + (todo.completed ? ' class="' + CLS.completed + '"' : '') + ' data-id="' + todo.id + '">' +
        '<div class="' + CLS.view + '">' +
          '<input class="' + CLS.toggle + '" type="checkbox"' + (todo.completed ? ' checked' : '') + ' data-truth="toggle:' + title + '">' +
          '<label data-truth="label:' + title + '">' + title + '</label>' +
          '<button class="' + CLS.destroy + '" data-truth="destroy:' + title + '"></button>' +
        '</div>' +
        '<input class="' + CLS.edit + '" value="' + title + '" data-truth="edit:' + title + '">' +
      '</li>';
    }).join('');
  };

  var footerTemplate = function (data) {
    var link = function (filter, href, text) {
      return '<li><a' + (data.filter === filter ? ' class="' + CLS.selected + '"' : '') + ' href="' + href + '" data-truth="filter:' + filter + '">' + text + '</a></li>';
    };
    return '<span class="' + CLS['todo-count'] + '"><strong>' + data.activeTodoCount + '</strong> ' + data.activeTodoWord + ' left</span>' +
      '<ul class="' + CLS.filters + '">' + link('all', '#/', 'All') + link('active', '#/active', 'Active') + link('completed', '#/completed', 'Completed') + '</ul>' +
      (data.completedTodos ? '<button class="' + CLS['clear-completed'] + '" data-truth="clear-completed">Clear completed</button>' : '');
  };

  var App = {
    init: function () {
      this.todos = [];
      this.filter = 'all';
      this.bindEvents();
      this.router();
    },
    bindEvents: function () {
      var list = $(dot('todo-list'));
      $(dot('new-todo')).addEventListener('keyup', this.create.bind(this));
      $(dot('toggle-all')).addEventListener('change', this.toggleAll.bind(this));
      $(dot('footer')).addEventListener('click', function (e) {
        if (e.target.closest(dot('clear-completed'))) this.destroyCompleted();
      }.bind(this));
      list.addEventListener('change', function (e) { if (e.target.matches(dot('toggle'))) this.toggle(e); }.bind(this));
      list.addEventListener('dblclick', function (e) { if (e.target.matches('label')) this.editingMode(e); }.bind(this));
      list.addEventListener('keyup', function (e) { if (e.target.matches(dot('edit'))) this.editKeyup(e); }.bind(this));
      list.addEventListener('focusout', function (e) { if (e.target.matches(dot('edit'))) this.update(e); }.bind(this));
      list.addEventListener('click', function (e) { if (e.target.matches(dot('destroy'))) this.destroy(e); }.bind(this));
    },
    router: function () {  // Director: new Router({'/:filter': ...}).init('/')
      var route = function () {
        var match = /^#\/(active|completed)?$/.exec(window.location.hash);
        this.filter = (match && match[1]) || 'all';
        this.render();
      }.bind(this);
      window.addEventListener('hashchange', route);
      if (!window.location.hash) window.location.hash = '#/';
      route();
    },
    render: function () {
      var todos = this.getFilteredTodos();
      $(dot('todo-list')).innerHTML = todoTemplate(todos);
      $(dot('main')).style.display = this.todos.length > 0 ? 'block' : 'none';
      $(dot('toggle-all')).checked = this.getActiveTodos().length === 0;
      this.renderFooter();
      $(dot('new-todo')).focus();
    },
    renderFooter: function () {
      var todoCount = this.todos.length;
      var activeTodoCount = this.getActiveTodos().length;
      var footer = $(dot('footer'));
      footer.style.display = todoCount > 0 ? 'block' : 'none';
      footer.innerHTML = footerTemplate({
        activeTodoCount: activeTodoCount,
        activeTodoWord: activeTodoCount === 1 ? 'item' : 'items',
        completedTodos: todoCount - activeTodoCount,
        filter: this.filter
      });
    },
    toggleAll: function (e) {
      var isChecked = e.target.checked;
      this.todos.forEach(function (todo) { todo.completed = isChecked; });
      this.render();
    },
    getActiveTodos: function () {
      return this.todos.filter(function (todo) { return !todo.completed; });
    },
    getCompletedTodos: function () {
      return this.todos.filter(function (todo) { return todo.completed; });
    },
    getFilteredTodos: function () {
      switch (this.filter) {
        case 'active':
          return this.getActiveTodos();
        case 'completed':
          return this.getCompletedTodos();
        default:
          return this.todos;
      }
    },
    destroyCompleted: function () {
      this.todos = this.getActiveTodos();
      this.render();
    },
    indexFromEl: function (el) {
      var id = el.closest('li').getAttribute('data-id');
      for (var i = 0; i < this.todos.length; i++) if (this.todos[i].id === id) return i;
      return -1;
    },
    create: function (e) {
      var input = e.target;
      var val = input.value.trim();
      if (e.which !== ENTER_KEY || !val) return;
      this.todos.push({id: uuid(), title: val, completed: false});
      input.value = '';
      this.render();
    },
    toggle: function (e) {
      var i = this.indexFromEl(e.target);
      this.todos[i].completed = !this.todos[i].completed;
      this.render();
    },
    editingMode: function (e) {
      var li = e.target.closest('li');
      li.classList.add(CLS.editing);
      var input = li.querySelector(dot('edit'));
      input.focus();
    },
    editKeyup: function (e) {
      if (e.which === ENTER_KEY) e.target.blur();
      if (e.which === ESCAPE_KEY) { e.target.dataset.abort = 'true'; e.target.blur(); }
    },
    update: function (e) {
      var el = e.target;
      var val = el.value.trim();
      if (el.dataset.abort) { this.render(); return; }
      if (!val) { this.destroy(e); return; }
      this.todos[this.indexFromEl(el)].title = val;
      this.render();
    },
    destroy: function (e) {
      this.todos.splice(this.indexFromEl(e.target), 1);
      this.render();
    }
  };

  document.addEventListener('DOMContentLoaded', function () { App.init(); });
})(window);
"""


def vanilla(classes: dict[str, str] | None = None) -> dict[str, str]:
    """The vanilla app's files; ``classes`` renames its class names (in the markup, the CSS and the JS)."""
    mapping = {name: name for name in VANILLA_CLASSES}
    mapping.update(classes or {})
    html, css = VANILLA_HTML, TODOMVC_CSS
    if classes:
        def rename_attr(m: re.Match[str]) -> str:
            return 'class="' + " ".join(mapping.get(token, token) for token in m.group(1).split()) + '"'
        html = re.sub(r'class="([^"]*)"', rename_attr, html)
        names = "|".join(sorted((re.escape(n) for n in classes), key=len, reverse=True))
        css = re.sub(r"\.(" + names + r")(?![\w-])", lambda m: "." + mapping[m.group(1)], css)
    return {
        "index.html": html,
        "index.css": css,
        "app.js": VANILLA_JS.replace("__CLASSES__", json.dumps(mapping, sort_keys=True)),
        "drift-log.js": DRIFT_LOG_JS,
        "info.html": INFO_PAGE,
    }


def hashed_classes() -> dict[str, str]:
    """Every vanilla class name replaced by a generated one (CSS-modules style: ``_todoList_1x9k2_17``)."""
    out = {}
    for name in VANILLA_CLASSES:
        digest = hashlib.sha1(name.encode()).hexdigest()
        camel = re.sub(r"-(\w)", lambda m: m.group(1).upper(), name)
        out[name] = f"_{camel}_{digest[:5]}_{int(digest[5:7], 16) % 90 + 10}"
    return out


# --- variants -------------------------------------------------------------------------------------

Kind = Literal["framework", "cosmetic", "regression"]


@dataclass(frozen=True)
class Variant:
    """A copy of the app: ``framework``, one of the five implementations (all must pass); ``cosmetic``,
    vanilla drifted without changing what the test means (must pass); ``regression``, vanilla with a bug a
    user would see (must fail, at one of the steps ``fails_at``: 0-2 add and count, 3 mark done, 4 filter,
    5 count the list, 6 delete, 7 count again). Its files are ``base()`` with ``edits`` applied."""

    name: str
    kind: Kind
    summary: str
    edits: tuple[Edit, ...] = ()
    base: Callable[[], dict[str, str]] = field(default=vanilla)
    fails_at: tuple[int, ...] = ()  # a regression: the test's steps (indexes in its flow) where a user sees the bug


def build(variant: Variant) -> dict[str, str]:
    """The variant's files (each edit's ``old`` must occur exactly ``count`` times)."""
    return apply_edits(variant.name, variant.base(), variant.edits)


def _html(old: str, new: str, count: int = 1) -> Edit:
    return Edit("index.html", old, new, count)


def _js(old: str, new: str, count: int = 1) -> Edit:
    return Edit("app.js", old, new, count)


ROW_VIEW_OPEN = """'<div class="' + CLS.view + '">' +"""
ROW_VIEW_CLOSE = """'<button class="' + CLS.destroy + '" data-truth="destroy:' + title + '"></button>' +
        '</div>' +"""
DESTROY_BUTTON = """'<button class="' + CLS.destroy + '" data-truth="destroy:' + title + '">"""

COSMETIC: tuple[Variant, ...] = (
    Variant("reworded_placeholder", "cosmetic", "the only text field's placeholder reads 'Add a task…'", (
        _html('placeholder="What needs to be done?"', 'placeholder="Add a task…"'),
    )),
    Variant("wrapper_divs", "cosmetic", "wrapper divs around the field, the list and every row's content", (
        _html('<ul class="todo-list"></ul>', '<div class="list-container"><div class="list-scroll"><ul class="todo-list"></ul></div></div>'),
        _html('<input class="new-todo"', '<div class="input-container"><input class="new-todo"'),
        _html('data-truth="new-todo">', 'data-truth="new-todo"></div>'),
        _js(ROW_VIEW_OPEN, """'<div class="row"><div class="row-body"><div class="' + CLS.view + '">' +"""),
        _js(ROW_VIEW_CLOSE, ROW_VIEW_CLOSE.replace("'</div>' +", "'</div></div></div>' +")),
    )),
    Variant("test_ids_added", "cosmetic", "data-testid attributes on every element of the app", (
        _html('placeholder="What needs to be done?"', 'data-testid="text-input" placeholder="What needs to be done?"'),
        _html('<input id="toggle-all"', '<input data-testid="toggle-all" id="toggle-all"'),
        _html('<ul class="todo-list">', '<ul class="todo-list" data-testid="todo-list">'),
        _html('<section class="main">', '<section class="main" data-testid="main">'),
        _html('<footer class="footer">', '<footer class="footer" data-testid="footer">'),
        _js("""return '<li' + (todo.completed""", """return '<li data-testid="todo-item"' + (todo.completed"""),
        _js("""'" type="checkbox"' + (todo.completed""", """'" data-testid="todo-item-toggle" type="checkbox"' + (todo.completed"""),
        _js("""'<label data-truth="label:""", """'<label data-testid="todo-item-label" data-truth="label:"""),
        _js(DESTROY_BUTTON, DESTROY_BUTTON.replace("'\" data-truth=", "'\" data-testid=\"todo-item-button\" data-truth=")),
        _js("""CLS['todo-count'] + '"><strong>'""", """CLS['todo-count'] + '" data-testid="todo-count"><strong>'"""),
        _js("""'<ul class="' + CLS.filters + '">'""", """'<ul class="' + CLS.filters + '" data-testid="footer-navigation">'"""),
        _js("""'" data-truth="clear-completed">""", """'" data-testid="clear-completed" data-truth="clear-completed">"""),
    )),
    Variant("named_icon_button", "cosmetic", "the × button is named: aria-label=\"Delete\"", (
        _js(DESTROY_BUTTON, DESTROY_BUTTON.replace("'\" data-truth=", "'\" aria-label=\"Delete\" data-truth=")),
    )),
    Variant("classes_renamed", "cosmetic", "every class name replaced by a generated hash (CSS modules)",
            base=lambda: vanilla(hashed_classes())),
    Variant("template_row", "cosmetic", "a hidden template row (with its own controls) first in the list", (
        _js("$(dot('todo-list')).innerHTML = todoTemplate(todos);",
            "$(dot('todo-list')).innerHTML = '<li class=\"template\" hidden data-id=\"\"><div class=\"' + CLS.view + '\">' +\n"
            "        '<input class=\"' + CLS.toggle + '\" type=\"checkbox\" data-truth=\"template-toggle\"><label data-truth=\"template-label\"></label>' +\n"
            "        '<button class=\"' + CLS.destroy + '\" data-truth=\"template-destroy\"></button></div></li>' + todoTemplate(todos);"),
    )),
    Variant("site_header_search", "cosmetic", "a site header above the app: a search box, a home link and a Help link", (
        _html("<body>\n", '<body>\n<header class="site-header" style="display:flex;gap:12px;align-items:center;padding:8px 0">'
              '<a href="#/" data-truth="site-home">My tasks</a><input type="search" placeholder="Search" aria-label="Search" '
              'data-truth="site-search" style="flex:1"><a href="/info.html" data-truth="site-help">Help</a></header>\n'),
    )),
    Variant("delete_all_button", "cosmetic", "a 'Delete all' button in the footer, next to Clear completed", (
        _js("""(data.completedTodos ? '<button""",
            """'<button class="delete-all" style="float:right;margin-left:12px;cursor:pointer" data-truth="delete-all">Delete all</button>' +
      (data.completedTodos ? '<button"""),
        _js("if (e.target.closest(dot('clear-completed'))) this.destroyCompleted();",
            "if (e.target.closest(dot('clear-completed'))) this.destroyCompleted();\n"
            "        if (e.target.closest('.delete-all')) { this.todos = []; this.render(); }"),
    )),
)

REGRESSIONS: tuple[Variant, ...] = (
    Variant("enter_does_not_add", "regression", "Enter no longer adds a todo (the handler waits for a wrong key code)", (
        _js("var ENTER_KEY = 13;", "var ENTER_KEY = 10;"),
    ), fails_at=(2,)),
    Variant("delete_does_nothing", "regression", "deleting while a filter is on removes nothing (it splices a filtered copy)", (
        _js("this.todos.splice(this.indexFromEl(e.target), 1);", "this.getFilteredTodos().splice(this.indexFromEl(e.target), 1);"),
    ), fails_at=(7,)),
    Variant("count_wrong", "regression", "'items left' is counted from the list before it is re-rendered: one behind", (
        _js("var activeTodoCount = this.getActiveTodos().length;\n      var footer",
            "var activeTodoCount = document.querySelectorAll(dot('todo-list') + ' li:not(' + dot('completed') + ')').length;\n      var footer"),
        _js("var todos = this.getFilteredTodos();\n", "this.renderFooter();\n      var todos = this.getFilteredTodos();\n"),
        _js("this.renderFooter();\n      $(dot('new-todo')).focus();", "$(dot('new-todo')).focus();"),
    ), fails_at=(2,)),
    Variant("filter_broken", "regression", "Active shows the completed todos too", (
        _js("case 'active':\n          return this.getActiveTodos();\n", ""),
    ), fails_at=(5,)),
    Variant("toggle_broken", "regression", "the toggle changes a copy of the todo: the re-rendered row is unchecked again", (
        _js("this.todos[i].completed = !this.todos[i].completed;",
            "var todo = Object.assign({}, this.todos[i]);\n      todo.completed = !todo.completed;"),
    ), fails_at=(3, 5)),
    Variant("filter_link_typo", "regression", "the Active link points to #/actve: the list is not filtered", (
        _js("link('active', '#/active', 'Active')", "link('active', '#/actve', 'Active')"),
    ), fails_at=(4, 5)),
)



# --- 2. react: a React 18 app (react-router HashRouter, emotion + styled-components) ----------------
#
# An empty div#root until React's first render (scheduled on a MessageChannel task, as createRoot
# does); wrapper divs; generated class names only (css-1x2y3z, sc-AxjAm kIjOpQ), a component's
# className prop beside them; data-testid on some elements; handlers are props behind one listener
# per event type on the root (no onclick attributes); the field has no autofocus attribute (React
# focuses it), keeps a value attribute in sync, and is named by a visually hidden label ("New Todo
# Input", as in the React TodoMVC); each row's checkbox is visually hidden inside its label, behind a
# styled span, so the checkbox is named by the todo's title; the × button is revealed by opacity (it is
# "visible" to a browser test all along); the count reads "2 items left!" with no <strong>; main and
# footer are not in the DOM until there is a todo; NavLinks get class "active" and aria-current and
# navigate with pushState (no hashchange); Clear completed is there but disabled. Decoys: an app bar
# with a home link, a search box and a Sign in button.

REACT_HTML = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<link rel="icon" href="data:,"/>
<meta name="viewport" content="width=device-width,initial-scale=1"/>
<meta name="theme-color" content="#000000"/>
<title>TodoMVC: React</title>
<script src="/drift-log.js"></script>
<script defer="defer" src="/static/js/main.4b2e9c1d.js"></script>
<link href="/static/css/main.073c9b0a.css" rel="stylesheet">
</head>
<body>
<noscript>You need to enable JavaScript to run this app.</noscript>
<div id="root"></div>
</body>
</html>
"""

REACT_GLOBAL_CSS = """html,body{margin:0;padding:0}body{font:14px 'Helvetica Neue',Helvetica,Arial,sans-serif;line-height:1.4em;background:#f5f5f5;color:#111;min-width:230px;max-width:550px;margin:0 auto;font-weight:300}button{font:inherit;color:inherit}
"""

REACT_EMOTION_CSS = r"""
.css-1f4jk2c{display:flex;flex-direction:column;min-height:100vh}
.css-7x6kqs{position:relative}
.css-1wh8lzq{position:absolute;top:-140px;width:100%;margin:0;font-size:80px;line-height:1.4em;font-weight:200;text-align:center;color:#b83f45}
.css-1ar0lzm{position:relative}
.css-rm9ktm{position:relative;margin:0;width:100%;font-size:24px;font-family:inherit;line-height:1.4em;color:inherit;padding:16px 16px 16px 60px;height:65px;border:none;background:rgba(0,0,0,.003);box-shadow:inset 0 -2px 1px rgba(0,0,0,.03);box-sizing:border-box}
.css-rm9ktm::placeholder{font-style:italic;font-weight:400;color:rgba(0,0,0,.4)}
.css-1uo0p2n{border:0;clip:rect(0 0 0 0);height:1px;width:1px;margin:-1px;padding:0;overflow:hidden;position:absolute;white-space:nowrap}
.css-1vkjpud{position:relative;z-index:2;border-top:1px solid #e6e6e6}
.css-10l4x8m{width:1px;height:1px;border:none;opacity:0;position:absolute;right:100%;bottom:100%}
.css-1bbqkg4{display:flex;align-items:center;justify-content:center;width:45px;height:65px;font-size:0;position:absolute;top:-65px;left:0;transform:rotate(90deg)}
.css-1bbqkg4::before{content:"\276F";display:inline-block;font-size:22px;color:#949494;padding:10px 27px}
.css-1y5gqgw{margin:0;padding:0;list-style:none}
.css-r9k2x1,.css-1qv0yeg{position:relative;font-size:24px;border-bottom:1px solid #ededed}
.css-70qvj9{display:flex;align-items:center}
.css-1k3a7s9{transition:color .4s}
.css-1qv0yeg .css-1k3a7s9{color:#949494;text-decoration:line-through}
.css-1m9pwf3{position:absolute;left:22px;top:50%;width:1px;height:1px;margin:0;padding:0;opacity:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.css-1ck4bbx{position:absolute;top:0;right:10px;bottom:0;width:40px;height:40px;margin:auto 0;padding:0;border:0;background:none;font-size:30px;color:#949494;cursor:pointer;opacity:0;transition:opacity .2s ease-out,color .2s ease-out}
.css-1ck4bbx::after{content:"\00d7";display:block;height:100%;line-height:1.1}
.css-r9k2x1:hover .css-1ck4bbx,.css-1qv0yeg:hover .css-1ck4bbx,.css-1ck4bbx:focus{opacity:1}
.css-1ck4bbx:hover{color:#c18585}
.css-1c3c0u2{position:relative;padding:10px 15px;height:20px;text-align:center;font-size:15px;border-top:1px solid #e6e6e6}
.css-1yx2f3u{float:left;text-align:left}
.css-pz3f1a{margin:0;padding:0;list-style:none;position:absolute;right:0;left:0}
.css-pz3f1a li{display:inline}
.css-u6z4wq{color:inherit;margin:3px;padding:3px 7px;text-decoration:none;border:1px solid transparent;border-radius:3px}
.css-u6z4wq:hover{border-color:#db7676}
.css-u6z4wq.active{border-color:#ce4646}
.css-1mr7x1u{float:right;position:relative;line-height:19px;padding:0;border:0;background:none;cursor:pointer}
.css-1mr7x1u:disabled{opacity:.35;cursor:default}
"""

REACT_STYLED_CSS = """
.cuyMbA{display:flex;align-items:center;gap:12px;padding:10px 0}
.kXbQmf{font-weight:600;color:#b83f45;text-decoration:none}
.dYnQPZ{flex:1}
.eTpeTG{width:100%;box-sizing:border-box;padding:6px 12px;border:1px solid #ccc;border-radius:16px;font:inherit}
.jbPHpH{padding:4px 12px;border:1px solid #b83f45;border-radius:4px;background:#fff;color:#b83f45;cursor:pointer}
.fXkaMe{background:#fff;margin:150px 0 40px 0;position:relative;box-shadow:0 2px 4px 0 rgba(0,0,0,.2),0 25px 50px 0 rgba(0,0,0,.1)}
.kFqnzB{flex:1;display:flex;align-items:center;position:relative;padding:15px 15px 15px 60px;cursor:pointer;word-break:break-all;line-height:1.2;font-weight:400;color:#484848}
.hNKbNW{position:absolute;left:6px;top:50%;transform:translateY(-50%);width:34px;height:34px;box-sizing:border-box;border:1px solid #949494;border-radius:50%;background:#fff}
.css-1m9pwf3:checked+.hNKbNW{border-color:#59a193;background:#fff url('CHECKED') no-repeat center/40px 40px}
""".replace("CHECKED", CHECKED_SVG)

REACT_JS = r"""
/*! main.4b2e9c1d.js (React 18.2, react-router-dom 6, emotion 11, styled-components 5) — hand-written stand-in */
(() => {
  'use strict';

  // CSS-in-JS: styles are injected at runtime under generated class names.
  const inject = (attrs, text) => {
    const el = document.createElement('style');
    Object.entries(attrs).forEach(([k, v]) => el.setAttribute(k, v));
    el.textContent = text;
    document.head.appendChild(el);
  };
  inject({'data-emotion': 'css', 'data-s': ''}, __EMOTION__);
  inject({'data-styled': 'active', 'data-styled-version': '5.3.11'}, __STYLED__);

  // history's createHashHistory() normalises the URL when the module is evaluated: "/" becomes "/#/".
  if (!window.location.hash) window.location.replace('#/');
  let historyIndex = 0;
  const pathname = () => window.location.hash.replace(/^#/, '') || '/';
  const navigate = (to) => {
    window.history.pushState({usr: null, key: Math.random().toString(36).slice(2, 10), idx: ++historyIndex}, '', '#' + to);
    render();
  };
  window.addEventListener('popstate', () => render());

  // react-dom: props live on the fiber, not in attributes; one listener per event type on the root.
  const container = document.getElementById('root');
  const fiberProps = new WeakMap();
  const handlerName = (type, node) => {
    if (type === 'click') return node.type === 'checkbox' ? 'onChange' : 'onClick';
    if (type === 'input' && node.type === 'checkbox') return null;  // a checkbox's onChange comes from its click
    return {input: 'onChange', keydown: 'onKeyDown', focusout: 'onBlur', dblclick: 'onDoubleClick'}[type];
  };
  ['click', 'input', 'keydown', 'focusout', 'dblclick'].forEach((type) => {
    container.addEventListener(type, (event) => {
      for (let node = event.target; node && node !== container; node = node.parentNode) {
        const handler = (fiberProps.get(node) || {})[handlerName(type, node)];
        if (handler) handler(event);
        if (event.cancelBubble) break;
      }
      render();  // discrete events flush synchronously
    });
  });

  const setProps = (el, props) => {
    const handlers = {};
    for (const [key, value] of Object.entries(props || {})) {
      if (/^on[A-Z]/.test(key)) handlers[key] = value;
      else if (key === 'className') { if (el.className !== value) el.className = value; }
      else if (key === 'htmlFor') el.setAttribute('for', value);
      else if (key === 'checked') el.checked = value;
      else if (key === 'value') { if (el.value !== value) el.value = value; el.setAttribute('value', value); }
      else if (key === 'disabled') el.disabled = !!value;
      else if (value === null || value === undefined || value === false) el.removeAttribute(key);
      else el.setAttribute(key, value === true ? '' : value);
    }
    fiberProps.set(el, handlers);
    return el;
  };
  const h = (tag, props, ...children) => {
    const el = setProps(document.createElement(tag), props);
    children.flat().forEach((child) => { if (child !== null && child !== undefined && child !== false) el.append(child); });
    return el;
  };
  const reconcile = (parent, nodes) => {
    const keep = new Set(nodes);
    [...parent.children].forEach((child) => { if (!keep.has(child)) child.remove(); });
    let cursor = parent.firstElementChild;
    nodes.forEach((node) => {
      if (node === cursor) cursor = cursor.nextElementSibling;
      else parent.insertBefore(node, cursor);
    });
  };

  // --- the app's state (useReducer) ---
  const state = {todos: [], newTodo: '', nextId: 1};
  const addItem = (title) => state.todos.push({id: 'id-' + Date.now().toString(36) + '-' + state.nextId++, title, completed: false});
  const toggleItem = (id) => { state.todos = state.todos.map((t) => (t.id === id ? {...t, completed: !t.completed} : t)); };
  const removeItem = (id) => { state.todos = state.todos.filter((t) => t.id !== id); };

  // --- components ---
  let ui = null;
  const rows = new Map();

  const mount = () => {
    const input = h('input', {className: 'css-rm9ktm', id: 'todo-input', type: 'text', 'data-testid': 'text-input',
      placeholder: 'What needs to be done?', value: '', 'data-truth': 'new-todo'});
    const toggleAll = h('input', {className: 'css-10l4x8m', type: 'checkbox', id: 'toggle-all-input', 'data-testid': 'toggle-all', 'data-truth': 'toggle-all'});
    const list = h('ul', {className: 'css-1y5gqgw', 'data-testid': 'todo-list'});
    const main = h('main', {className: 'css-1vkjpud', 'data-testid': 'main'},
      h('div', {className: 'css-9bt1bw'}, toggleAll, h('label', {className: 'css-1bbqkg4', htmlFor: 'toggle-all-input'}, 'Toggle All Input')),
      list);
    const count = h('span', {className: 'css-1yx2f3u'});
    const link = (to, text, filter) => h('a', {className: 'css-u6z4wq', href: '#' + to, 'data-truth': 'filter:' + filter}, text);
    const links = [link('/', 'All', 'all'), link('/active', 'Active', 'active'), link('/completed', 'Completed', 'completed')];
    const clear = h('button', {className: 'css-1mr7x1u', 'data-truth': 'clear-completed'}, 'Clear completed');
    const footer = h('footer', {className: 'css-1c3c0u2', 'data-testid': 'footer'},
      count, h('ul', {className: 'css-pz3f1a', 'data-testid': 'footer-navigation'}, links.map((a) => h('li', null, a))), clear);
    const app = h('div', {className: 'sc-bZQynM fXkaMe todoapp'},
      h('header', {className: 'css-7x6kqs', 'data-testid': 'header'},
        h('h1', {className: 'css-1wh8lzq'}, 'todos'),
        h('div', {className: 'css-1ar0lzm'}, input, h('label', {className: 'css-1uo0p2n', htmlFor: 'todo-input'}, 'New Todo Input'))));
    const appBar = h('header', {className: 'sc-bdVaJa cuyMbA'},
      h('a', {className: 'sc-bwzfXH kXbQmf', href: '#/', 'data-truth': 'site-home'}, 'TodoMVC'),
      h('div', {className: 'sc-htpNat dYnQPZ'},
        h('input', {type: 'search', placeholder: 'Search todos', 'aria-label': 'Search', className: 'sc-bxivhb eTpeTG', 'data-truth': 'site-search', value: ''})),
      h('button', {type: 'button', className: 'sc-ifAKCX jbPHpH', 'data-truth': 'site-signin'}, 'Sign in'));
    container.append(h('div', {className: 'css-1f4jk2c'}, appBar, app));
    ui = {input, toggleAll, list, main, count, links, clear, footer, app};
  };

  const row = (todo) => {
    let r = rows.get(todo.id);
    if (!r) {
      const toggle = h('input', {type: 'checkbox', className: 'css-1m9pwf3'});
      const title = h('span', {className: 'css-1k3a7s9'});
      const destroy = h('button', {className: 'css-1ck4bbx', 'data-testid': 'todo-item-button'});
      const li = h('li', {className: 'css-r9k2x1', 'data-testid': 'todo-item'},
        h('div', {className: 'css-70qvj9'},
          h('label', {className: 'sc-jTzLTM kFqnzB'}, toggle, h('span', {'aria-hidden': 'true', className: 'sc-fjdhpX hNKbNW'}), title),
          destroy));
      r = {li, toggle, title, destroy};
      rows.set(todo.id, r);
    }
    setProps(r.li, {className: todo.completed ? 'css-1qv0yeg' : 'css-r9k2x1', 'data-testid': 'todo-item'});
    setProps(r.toggle, {type: 'checkbox', className: 'css-1m9pwf3', checked: todo.completed, 'data-truth': 'toggle:' + todo.title,
      onChange: () => toggleItem(todo.id)});
    if (r.title.textContent !== todo.title) r.title.textContent = todo.title;
    setProps(r.destroy, {className: 'css-1ck4bbx', 'data-testid': 'todo-item-button', 'data-truth': 'destroy:' + todo.title,
      onClick: () => removeItem(todo.id)});
    return r.li;
  };

  let rendering = false;
  const render = () => {
    if (!ui || rendering) return;  // a blur during a commit does not start another one
    rendering = true;
    try { commit(); } finally { rendering = false; }
  };
  const commit = () => {
    const route = pathname();
    const visible = state.todos.filter((t) => (route === '/active' ? !t.completed : route === '/completed' ? t.completed : true));
    const active = state.todos.filter((t) => !t.completed);
    setProps(ui.input, {className: 'css-rm9ktm', id: 'todo-input', type: 'text', 'data-testid': 'text-input',
      placeholder: 'What needs to be done?', value: state.newTodo, 'data-truth': 'new-todo',
      onChange: (e) => { state.newTodo = e.target.value; },
      onKeyDown: (e) => {
        if (e.key !== 'Enter') return;
        const value = e.target.value.trim();
        if (value.length > 1) { addItem(value); state.newTodo = ''; }
      }});
    const shown = state.todos.length > 0;
    const children = [ui.app.firstElementChild, ...(shown ? [ui.main, ui.footer] : [])];
    reconcile(ui.app, children);
    if (!shown) return;
    setProps(ui.toggleAll, {className: 'css-10l4x8m', type: 'checkbox', id: 'toggle-all-input', 'data-testid': 'toggle-all',
      'data-truth': 'toggle-all', checked: visible.length > 0 && visible.every((t) => t.completed),
      onChange: (e) => { state.todos = state.todos.map((t) => ({...t, completed: e.target.checked})); }});
    const nodes = visible.map(row);
    const ids = new Set(visible.map((t) => t.id));
    [...rows.keys()].forEach((id) => { if (!ids.has(id)) rows.delete(id); });  // unmounted rows lose their DOM
    reconcile(ui.list, nodes);
    const word = active.length === 1 ? 'item' : 'items';
    const text = `${active.length} ${word} left!`;
    if (ui.count.textContent !== text) ui.count.textContent = text;
    [['/', 'all'], ['/active', 'active'], ['/completed', 'completed']].forEach(([to, filter], i) => {
      const current = route === to;
      setProps(ui.links[i], {className: current ? 'css-u6z4wq active' : 'css-u6z4wq', 'aria-current': current ? 'page' : null,
        href: '#' + to, 'data-truth': 'filter:' + filter,
        onClick: (e) => { e.preventDefault(); navigate(to); }});
    });
    setProps(ui.clear, {className: 'css-1mr7x1u', disabled: active.length === state.todos.length, 'data-truth': 'clear-completed',
      onClick: () => { state.todos = state.todos.filter((t) => !t.completed); }});
  };

  // createRoot(container).render(<App />): the first render runs in a scheduler task, then autoFocus.
  const channel = new MessageChannel();
  channel.port1.onmessage = () => { mount(); render(); ui.input.focus(); };
  channel.port2.postMessage(null);
})();
"""


def react() -> dict[str, str]:
    """The React app's files."""
    return {
        "index.html": REACT_HTML,
        "static/css/main.073c9b0a.css": REACT_GLOBAL_CSS,
        "static/js/main.4b2e9c1d.js": REACT_JS.replace("__EMOTION__", json.dumps(REACT_EMOTION_CSS))
                                              .replace("__STYLED__", json.dumps(REACT_STYLED_CSS)),
        "drift-log.js": DRIFT_LOG_JS,
        "info.html": INFO_PAGE,
    }


def _rules(css: str) -> list[tuple[str, str]]:
    """``(selectors, body)`` of a stylesheet written one rule per line."""
    out = []
    for line in css.strip().splitlines():
        m = re.match(r"^\s*([^{]+?)\s*\{(.*)\}\s*$", line)
        if m:
            out.append((m.group(1), m.group(2)))
    return out


def _scope_compound(compound: str, attr: str) -> str:
    """``li:hover`` -> ``li[attr]:hover`` (the attribute goes before the first pseudo-class or -element)."""
    m = re.match(r"^([^:]*)(:.*)?$", compound)
    assert m is not None
    return m.group(1) + f"[{attr}]" + (m.group(2) or "")


def scope_css(css: str, attr: str, every_compound: bool) -> str:
    """Vue's scoped CSS (the attribute on the last compound selector of each selector) or Angular's emulated
    encapsulation (``every_compound``: the attribute on every compound selector)."""
    out = []
    for selectors, body in _rules(css):
        scoped = []
        for selector in selectors.split(","):
            parts = re.split(r"(\s*[>+~]\s*|\s+)", selector.strip())
            compounds = [i for i, p in enumerate(parts) if p.strip() and not re.fullmatch(r"\s*[>+~]\s*", p)]
            for i in (compounds if every_compound else compounds[-1:]):
                parts[i] = _scope_compound(parts[i], attr)
            scoped.append("".join(parts))
        out.append(", ".join(scoped) + " {" + body + "}")
    return "\n".join(out) + "\n"


GLOBAL_SELECTORS = ("html, body", "button", "body")
TODOMVC_GLOBAL_CSS = "\n".join(f"{s} {{{b}}}" for s, b in _rules(TODOMVC_CSS) if s in GLOBAL_SELECTORS) + "\n"
TODOMVC_APP_CSS = "\n".join(f"{s} {{{b}}}" for s, b in _rules(TODOMVC_CSS) if s not in GLOBAL_SELECTORS) + "\n"


# --- 3. vue: a Vue 3 single-file-component app (vite build, vue-router hash history) -----------------
#
# #app starts with v-cloak, which the mount removes (adding data-v-app); every element of the
# component carries the scoped-style attribute data-v-7ba5bd90, written first, then the props in
# template order (placeholder before class, type after class...); v-show leaves main and footer in
# the DOM with style="display: none;"; v-if leaves <!--v-if--> comments; each row's <label> wraps
# its checkbox and title (so the checkbox is named by the title); listeners are attached to each
# element; a row is rendered inside <TransitionGroup name="list" tag="ul">, so a row that leaves
# (deleted, or filtered out) stays in the DOM for 300 ms with list-leave-* classes, absolutely
# positioned, fading out, and a new row slides in; the count is <strong>2</strong><span> items
# left</span>; RouterLinks have class="" or "router-link-active router-link-exact-active" and
# aria-current="page", and navigate asynchronously with pushState (vue-router's history.state);
# Enter is @keyup.enter; the list re-renders on the next microtask.

VUE_SCOPE = "data-v-7ba5bd90"

VUE_HTML = """<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <link rel="icon" href="data:,">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    <title>Vue.js • TodoMVC</title>
    <script src="/drift-log.js"></script>
    <script type="module" crossorigin src="/assets/index-4f1c2b9e.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-9d3e0a1b.css">
  </head>
  <body>
    <div id="app" v-cloak></div>
  </body>
</html>
"""

VUE_ROW_CSS = f"""
.todo-list li .todo-label {{ background-image: url('{UNCHECKED_SVG}'); background-repeat: no-repeat; background-position: center left; cursor: pointer; }}
.todo-list li.completed .todo-label {{ background-image: url('{CHECKED_SVG}'); }}
.list-enter-active, .list-leave-active {{ transition: all 0.3s ease; }}
.list-enter-from, .list-leave-to {{ opacity: 0; transform: translateX(30px); }}
.todo-list li.list-leave-active {{ position: absolute; left: 0; right: 0; }}
"""


def vue_css() -> str:
    """The built stylesheet: base styles, then the component's scoped styles."""
    app = "\n".join(f"{s} {{{b}}}" for s, b in _rules(TODOMVC_APP_CSS) if "+ label" not in s or "toggle-all" in s)
    return ("[v-cloak] { display: none; }\n" + TODOMVC_GLOBAL_CSS
            + scope_css(app + "\n" + VUE_ROW_CSS, VUE_SCOPE, every_compound=False))


VUE_JS = r"""
/* assets/index-4f1c2b9e.js (Vue 3.4, vue-router 4.3) — hand-written stand-in for the built app */
(() => {
  'use strict';
  const SCOPE = '__SCOPE__';

  // vue-router, createWebHashHistory(): the first location is written back with the router's history.state.
  const base = location.pathname + location.search + '#';
  const routerState = (current, back, replaced, position) => ({back, current, forward: null, position, replaced, scroll: null});
  let position = history.length - 1;
  if (!history.state) history.replaceState(routerState(location.hash.slice(1) || '/', null, true, position), '', base + (location.hash.slice(1) || '/'));
  let route = location.hash.slice(1) || '/';
  const push = (to) => Promise.resolve().then(() => {  // guards and resolvers settle asynchronously
    if (to === route) return;
    history.replaceState({...history.state, forward: to, scroll: {left: window.scrollX, top: window.scrollY}}, '');
    history.pushState(routerState(to, route, false, ++position), '', base + to);
    route = to;
    queueRender();
  });
  window.addEventListener('popstate', () => { route = location.hash.slice(1) || '/'; queueRender(); });

  // runtime-dom: the scope id first, then props in template order; listeners on the element itself.
  const h = (tag, props, children) => {
    const el = document.createElement(tag);
    el.setAttribute(SCOPE, '');
    for (const [key, value] of Object.entries(props || {})) {
      if (/^on[A-Z]/.test(key)) el.addEventListener(key.slice(2).toLowerCase(), value);
      else if (value === true) el.setAttribute(key, '');
      else if (value !== null && value !== undefined && value !== false) el.setAttribute(key, value);
    }
    (children || []).forEach((child) => { if (child !== null && child !== undefined) el.append(child); });
    return el;
  };
  const vIf = () => document.createComment('v-if');

  // reactive state; a change re-renders on the next microtask (nextTick)
  const state = {todos: [], newTodo: '', nextId: 1};
  let queued = false;
  const queueRender = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => { queued = false; render(); });
  };

  const newTodo = h('input', {placeholder: 'What needs to be done?', autofocus: true, class: 'new-todo', 'data-truth': 'new-todo',
    onInput: (e) => { state.newTodo = e.target.value; },
    onKeyup: (e) => {
      if (e.key !== 'Enter') return;
      const value = state.newTodo && state.newTodo.trim();
      if (!value) return;
      state.todos.push({id: Date.now() + state.nextId++, title: value, completed: false});
      state.newTodo = '';
      queueRender();
    }});
  const toggleAll = h('input', {id: 'toggle-all', class: 'toggle-all', type: 'checkbox', 'data-truth': 'toggle-all',
    onChange: (e) => { state.todos.forEach((todo) => { todo.completed = e.target.checked; }); queueRender(); }});
  const list = h('ul', {class: 'todo-list'});
  const main = h('section', {class: 'main'}, [toggleAll, h('label', {for: 'toggle-all'}, ['Mark all as complete']), list]);
  const strong = h('strong');
  const word = h('span');
  const links = [['/', 'All', 'all'], ['/active', 'Active', 'active'], ['/completed', 'Completed', 'completed']].map(([to, text, filter]) => {
    const a = h('a', {href: '#' + to, class: '', 'data-truth': 'filter:' + filter, onClick: (e) => { e.preventDefault(); push(to); }}, [text]);
    a.__to = to;
    return a;
  });
  const clear = h('button', {class: 'clear-completed', 'data-truth': 'clear-completed',
    onClick: () => { state.todos = state.todos.filter((todo) => !todo.completed); queueRender(); }}, ['Clear completed']);
  const clearAnchor = vIf();
  const footer = h('footer', {class: 'footer'}, [
    h('span', {class: 'todo-count'}, [strong, word]),
    h('ul', {class: 'filters'}, links.map((a) => h('li', null, [a]))),
    clearAnchor]);
  const app = h('section', {class: 'todoapp'}, [h('header', {class: 'header'}, [h('h1', null, ['todos']), newTodo]), main, footer]);

  // <TransitionGroup name="list" tag="ul">: enter and leave classes; a leaving row stays until its transition ends.
  const rows = new Map();
  const classes = (r) => {
    const value = ['todo', r.todo.completed ? 'completed' : null, ...r.transition].filter(Boolean).join(' ');
    if (r.li.className !== value) r.li.className = value;
  };
  const transition = (r, phase, done) => {
    r.transition = [`list-${phase}-from`, `list-${phase}-active`];
    classes(r);
    requestAnimationFrame(() => requestAnimationFrame(() => {
      r.transition = [`list-${phase}-active`, `list-${phase}-to`];
      classes(r);
      setTimeout(() => { r.transition = []; classes(r); if (done) done(); }, 300);
    }));
  };
  const row = (todo, appear) => {
    let r = rows.get(todo.id);
    if (!r) {
      const toggle = h('input', {type: 'checkbox', class: 'toggle', onChange: (e) => { todo.completed = e.target.checked; queueRender(); }});
      const title = h('span', {class: 'title'});
      const destroy = h('button', {class: 'destroy', onClick: () => { state.todos.splice(state.todos.indexOf(todo), 1); queueRender(); }});
      const li = h('li', {class: 'todo'}, [h('div', {class: 'view'}, [h('label', {class: 'todo-label'}, [toggle, title]), destroy]), vIf()]);
      r = {todo, li, toggle, title, destroy, transition: []};
      rows.set(todo.id, r);
      if (appear) transition(r, 'enter');
    }
    classes(r);
    r.toggle.checked = todo.completed;
    r.toggle.setAttribute('data-truth', 'toggle:' + todo.title);
    r.destroy.setAttribute('data-truth', 'destroy:' + todo.title);
    if (r.title.textContent !== todo.title) r.title.textContent = todo.title;
    return r.li;
  };
  const patchChildren = (parent, nodes) => {
    let cursor = parent.firstElementChild;
    nodes.forEach((node) => {
      while (cursor && cursor !== node && cursor.__leaving) cursor = cursor.nextElementSibling;
      if (node === cursor) cursor = cursor.nextElementSibling;
      else parent.insertBefore(node, cursor);
    });
  };

  let mounted = false;
  const render = () => {
    const remaining = state.todos.filter((todo) => !todo.completed).length;
    const visible = state.todos.filter((todo) => (route === '/active' ? !todo.completed : route === '/completed' ? todo.completed : true));
    if (newTodo.value !== state.newTodo) newTodo.value = state.newTodo;
    main.style.display = state.todos.length ? '' : 'none';  // v-show
    footer.style.display = state.todos.length ? '' : 'none';
    toggleAll.checked = remaining === 0;
    const nodes = visible.map((todo) => row(todo, mounted));
    const shown = new Set(visible.map((todo) => todo.id));
    for (const [id, r] of [...rows]) {
      if (shown.has(id)) continue;
      rows.delete(id);
      r.li.__leaving = true;
      transition(r, 'leave', () => r.li.remove());
    }
    patchChildren(list, nodes);
    strong.textContent = String(remaining);
    word.textContent = ` ${remaining === 1 ? 'item' : 'items'} left`;
    links.forEach((a) => {
      const active = a.__to === route;
      a.className = active ? 'router-link-active router-link-exact-active' : '';
      if (active) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
    });
    const completed = state.todos.length - remaining;
    if (completed && clearAnchor.isConnected) clearAnchor.replaceWith(clear);
    if (!completed && clear.isConnected) clear.replaceWith(clearAnchor);
    mounted = true;
  };

  // createApp(App).use(router).mount('#app')
  const container = document.querySelector('#app');
  container.textContent = '';
  container.append(app);
  render();
  container.removeAttribute('v-cloak');
  container.setAttribute('data-v-app', '');
})();
"""


def vue() -> dict[str, str]:
    """The Vue app's files."""
    return {
        "index.html": VUE_HTML,
        "assets/index-9d3e0a1b.css": vue_css(),
        "assets/index-4f1c2b9e.js": VUE_JS.replace("__SCOPE__", VUE_SCOPE),
        "drift-log.js": DRIFT_LOG_JS,
        "info.html": INFO_PAGE,
    }


# --- 4. angular: an Angular 17 app (standalone components, router withHashLocation, dev build) ---------
#
# Custom-element hosts (<app-root>, <app-header>, <app-todo-list>, <app-todo-item> inside the
# <ul>, <app-footer>), each host with _nghost-ng-cN and every element of a component's template with
# its _ngcontent-ng-cN (emulated encapsulation; component styles in <style> tags with those
# attribute selectors); ng-version on the root; dev-mode ng-reflect-* attributes and
# <!--bindings={...}--> comments for *ngIf / *ngFor; form classes that change as the field is
# used (ng-untouched ng-pristine ng-valid -> ng-touched ng-dirty); routerlink / routerlinkactive
# attributes kept on the links; each row's checkbox is named only by aria-label="Toggle todo"
# (the same for every row), its title is a sibling <label> not tied to it; the × button has
# aria-label="Delete todo" (its name is no longer "×"); Enter is (keyup.enter); a link click is
# turned into router.navigateByUrl (pushState after an asynchronous navigation); change detection
# runs after each event. Decoy: an Angular Material "Delete all" button in the footer.

NG = {"app": "ng-c1183425146", "header": "ng-c2960467553", "list": "ng-c3617399871", "item": "ng-c2284712345",
      "footer": "ng-c1597854213"}

ANGULAR_HTML = """<!doctype html>
<html lang="en" data-critters-container>
<head>
  <meta charset="utf-8">
  <title>Angular • TodoMVC</title>
  <base href="/">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="icon" type="image/x-icon" href="data:,">
  <script src="/drift-log.js"></script>
<link rel="stylesheet" href="styles-5INURTSO.css"></head>
<body>
  <app-root></app-root>
<script src="polyfills-FFHMD2TL.js" type="module"></script><script src="main-KLW4BQ5W.js" type="module"></script></body>
</html>
"""

ANGULAR_POLYFILLS = "/* polyfills-FFHMD2TL.js: zone.js (change detection after every event) */\nwindow.__Zone_disable_timers = false;\n"

ANGULAR_COMPONENT_CSS = {
    "header": ".header { position: relative; }",
    "list": ".toggle-all-container { display: block; }\n.todo-list { margin: 0; }",
    "item": ":host { display: block; }\n.view { position: relative; }",
    "footer": (":host { display: block; }\n"
               ".delete-all { float: right; margin-left: 12px; line-height: 19px; cursor: pointer; }\n"
               ".mdc-button__label { position: relative; }"),
}


def angular_styles() -> str:
    """The component styles Angular adds to <head> at runtime (emulated encapsulation)."""
    out = []
    for name, css in ANGULAR_COMPONENT_CSS.items():
        cid = NG[name]
        host = re.sub(r":host\b", f"[_nghost-{cid}]", css)
        lines = [line for line in host.splitlines() if line.startswith("[_nghost")]
        rest = "\n".join(line for line in host.splitlines() if not line.startswith("[_nghost"))
        out.append("\n".join(lines) + "\n" + (scope_css(rest, f"_ngcontent-{cid}", every_compound=True) if rest else ""))
    return "\n".join(out)


ANGULAR_JS = r"""
/* main-KLW4BQ5W.js (Angular 17.3, dev build) — hand-written stand-in for the compiled app */
(() => {
  'use strict';
  const NG = __NG__;
  document.head.insertAdjacentHTML('beforeend', '<style ng-app-id="ng">' + __STYLES__ + '</style>');

  // Renderer: _ngcontent first, then the template's static attributes, then bindings; listeners per element.
  const el = (component, tag, attrs, children) => {
    const node = document.createElement(tag);
    node.setAttribute('_ngcontent-' + NG[component], '');
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key.startsWith('(')) {
        const [type, filter] = key.slice(1, -1).split('.');
        node.addEventListener(type, (e) => {
          if (filter && e.key.toLowerCase() !== filter) return;
          value(e);
          tick();
        });
      } else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value === true ? '' : value);
    }
    (children || []).forEach((child) => { if (child !== null && child !== undefined) node.append(child); });
    return node;
  };
  const host = (parent, component, tag) => {
    const node = document.createElement(tag);
    node.setAttribute('_ngcontent-' + NG[parent], '');
    node.setAttribute('_nghost-' + NG[component], '');
    return node;
  };
  const bindings = (name, value) => document.createComment(`bindings={\n  "${name}": ${JSON.stringify(value)}\n}`);
  const setClass = (node, value) => { if (node.className !== value) node.className = value; };

  // TodosService
  const todos = [];
  let url = '/';
  let nextId = 1;

  // Router with HashLocationStrategy: navigation is asynchronous, the URL is written when it ends.
  let navigationId = 0;
  const navigateByUrl = (to, replace) => Promise.resolve().then(() => Promise.resolve()).then(() => {
    navigationId += 1;
    const state = {navigationId};
    if (replace) history.replaceState(state, '', '#' + to); else if (to !== url) history.pushState(state, '', '#' + to);
    url = to;
    tick();
  });
  window.addEventListener('popstate', () => { url = location.hash.slice(1) || '/'; tick(); });

  // app-root
  const root = document.querySelector('app-root');
  const section = el('app', 'section', {class: 'todoapp'});

  // app-header
  const headerHost = host('app', 'header', 'app-header');
  let title = '';
  const input = el('header', 'input', {placeholder: 'What needs to be done?', autofocus: true, class: 'new-todo', 'data-truth': 'new-todo',
    '(input)': (e) => { title = e.target.value; input.classList.replace('ng-pristine', 'ng-dirty'); },
    '(blur)': () => { input.classList.replace('ng-untouched', 'ng-touched'); },
    '(keyup.enter)': () => {
      const value = title.trim();
      if (value) todos.push({id: nextId++, title: value, completed: false});
      title = '';
    }});
  input.classList.add('ng-untouched', 'ng-pristine', 'ng-valid');
  headerHost.append(el('header', 'header', {class: 'header'}, [el('header', 'h1', null, ['todos']), input]));

  // app-todo-list
  const listHost = host('app', 'list', 'app-todo-list');
  const toggleAll = el('list', 'input', {id: 'toggle-all', type: 'checkbox', class: 'toggle-all', 'data-truth': 'toggle-all',
    '(change)': (e) => todos.forEach((todo) => { todo.completed = e.target.checked; })});
  const ul = el('list', 'ul', {class: 'todo-list'});
  const forComment = bindings('ng-reflect-ng-for-of', '');
  ul.append(forComment);
  const main = el('list', 'main', {class: 'main'}, [
    el('list', 'div', {class: 'toggle-all-container'}, [toggleAll, el('list', 'label', {for: 'toggle-all', class: 'toggle-all-label'}, ['Toggle All Input'])]),
    ul]);
  const mainIf = bindings('ng-reflect-ng-if', 'false');
  listHost.append(mainIf);

  // app-todo-item, one per todo (ngFor tracks the objects)
  const items = new Map();
  const item = (todo) => {
    let it = items.get(todo);
    if (!it) {
      const node = host('list', 'item', 'app-todo-item');
      const toggle = el('item', 'input', {type: 'checkbox', 'aria-label': 'Toggle todo', class: 'toggle',
        '(change)': (e) => { todo.completed = e.target.checked; toggle.classList.replace('ng-pristine', 'ng-dirty'); }});
      toggle.classList.add('ng-untouched', 'ng-pristine', 'ng-valid');
      const label = el('item', 'label', null, [todo.title]);
      const destroy = el('item', 'button', {class: 'destroy', 'aria-label': 'Delete todo',
        '(click)': () => { todos.splice(todos.indexOf(todo), 1); }});
      const li = el('item', 'li', null, [el('item', 'div', {class: 'view'}, [toggle, label, destroy]), bindings('ng-reflect-ng-if', 'false')]);
      node.append(li);
      it = {node, li, toggle, label, destroy};
      items.set(todo, it);
    }
    it.node.setAttribute('ng-reflect-todo', '[object Object]');
    setClass(it.li, todo.completed ? 'completed' : '');
    it.li.setAttribute('ng-reflect-ng-class', '[object Object]');
    it.toggle.checked = todo.completed;
    it.toggle.setAttribute('ng-reflect-model', String(todo.completed));
    it.toggle.setAttribute('data-truth', 'toggle:' + todo.title);
    it.label.setAttribute('data-truth', 'label:' + todo.title);
    it.destroy.setAttribute('data-truth', 'destroy:' + todo.title);
    return it.node;
  };

  // app-footer
  const footerHost = host('app', 'footer', 'app-footer');
  const count = el('footer', 'strong');
  const word = document.createTextNode('');
  const link = (to, text, filter) => el('footer', 'a', {routerlink: to, routerlinkactive: 'selected', 'ng-reflect-router-link': to,
    'ng-reflect-router-link-active': 'selected', href: '#' + to, 'data-truth': 'filter:' + filter,
    '(click)': (e) => { e.preventDefault(); navigateByUrl(to); }}, [text]);
  const links = [link('/', 'All', 'all'), link('/active', 'Active', 'active'), link('/completed', 'Completed', 'completed')];
  const clear = el('footer', 'button', {class: 'clear-completed', 'data-truth': 'clear-completed',
    '(click)': () => { for (let i = todos.length - 1; i >= 0; i--) if (todos[i].completed) todos.splice(i, 1); }}, ['Clear completed']);
  const clearIf = bindings('ng-reflect-ng-if', 'false');
  const deleteAll = el('footer', 'button', {'mat-button': true, class: 'delete-all mdc-button mat-mdc-button mat-unthemed mat-mdc-button-base',
    'mat-ripple-loader-class-name': 'mat-mdc-button-ripple', 'data-truth': 'delete-all', '(click)': () => { todos.length = 0; }});
  deleteAll.innerHTML = '<span class="mat-mdc-button-persistent-ripple mdc-button__ripple"></span><span class="mdc-button__label"> Delete all </span>'
    + '<span class="mat-focus-indicator"></span><span class="mat-mdc-button-touch-target"></span>';
  const footer = el('footer', 'footer', {class: 'footer'}, [
    el('footer', 'span', {class: 'todo-count'}, [count, word]),
    el('footer', 'ul', {class: 'filters'}, links.map((a) => el('footer', 'li', null, [a]))),
    clearIf, deleteAll]);
  const footerIf = bindings('ng-reflect-ng-if', 'false');
  footerHost.append(footerIf);

  // ApplicationRef.tick(): check every binding, patch the DOM
  const swap = (shown, node, anchor) => {
    if (shown && anchor.isConnected) anchor.replaceWith(node);
    if (!shown && node.isConnected) node.replaceWith(anchor);
  };
  const tick = () => {
    const active = todos.filter((todo) => !todo.completed);
    const visible = todos.filter((todo) => (url === '/active' ? !todo.completed : url === '/completed' ? todo.completed : true));
    if (input.value !== title) input.value = title;
    input.setAttribute('ng-reflect-model', title);
    swap(todos.length > 0, main, mainIf);
    mainIf.data = `bindings={\n  "ng-reflect-ng-if": "${todos.length > 0}"\n}`;
    toggleAll.checked = active.length === 0;
    const nodes = visible.map(item);
    for (const [todo, it] of [...items]) if (!visible.includes(todo)) { it.node.remove(); items.delete(todo); }
    let cursor = ul.firstChild;
    nodes.forEach((node) => {
      if (node === cursor) cursor = cursor.nextSibling;
      else ul.insertBefore(node, cursor);
    });
    forComment.data = `bindings={\n  "ng-reflect-ng-for-of": "${visible.map(() => '[object Object]').join(',').slice(0, 30)}"\n}`;
    swap(todos.length > 0, footer, footerIf);
    count.textContent = String(active.length);
    word.data = ` ${active.length === 1 ? 'item' : 'items'} left `;
    links.forEach((a) => setClass(a, a.getAttribute('routerlink') === url ? 'selected' : ''));
    swap(todos.length > active.length, clear, clearIf);
  };

  // bootstrapApplication(AppComponent, {providers: [provideRouter(routes, withHashLocation())]})
  Promise.resolve().then(() => {
    root.setAttribute('_nghost-' + NG.app, '');
    root.setAttribute('ng-version', '17.3.12');
    section.append(headerHost, listHost, footerHost);
    root.append(section);
    tick();
    return navigateByUrl(location.hash.slice(1) || '/', true);  // initial navigation: "/" becomes "#/"
  });
})();
"""


def angular() -> dict[str, str]:
    """The Angular app's files."""
    return {
        "index.html": ANGULAR_HTML,
        "styles-5INURTSO.css": TODOMVC_CSS,
        "polyfills-FFHMD2TL.js": ANGULAR_POLYFILLS,
        "main-KLW4BQ5W.js": ANGULAR_JS.replace("__NG__", json.dumps(NG)).replace("__STYLES__", json.dumps(angular_styles())),
        "drift-log.js": DRIFT_LOG_JS,
        "info.html": INFO_PAGE,
    }


# --- 5. lit: Lit 3 web components with open shadow roots ----------------------------------------------
#
# <todo-app> in the light DOM; its shadow root holds section.todoapp with <todo-form> (whose shadow
# root holds the field), <todo-list> (toggle-all and ul.todo-list of <todo-item> hosts, each with
# its own shadow root holding li > div.view > input.toggle + label + button.destroy, input.edit) and
# <todo-footer> (count, filters, Clear completed). Styles are adopted constructable stylesheets per
# shadow root (TodoMVC's, plus the row rules rewritten for a row alone in its shadow root); Lit's
# <!--?lit$...$--> part markers around dynamic content; the checkbox state is a property (.checked),
# never an attribute; an update is batched on a microtask; Enter is @keydown; the filter links are
# plain anchors (the URL changes, a hashchange listener re-renders). Decoys: toggle-all, Clear
# completed, every row's hidden edit field, and the info footer's links in the light DOM.

LIT_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="icon" href="data:,">
  <title>Lit • TodoMVC</title>
  <style>BODY_CSS</style>
  <script src="/drift-log.js"></script>
  <script type="module" src="/todo-app.js"></script>
</head>
<body>
  <todo-app></todo-app>
  <footer class="info">
    <p>Double-click to edit a todo</p>
    <p>Written by <a href="/info.html#author" data-truth="info-author">the Lit team</a></p>
    <p>Part of <a href="/info.html" data-truth="info-todomvc">TodoMVC</a></p>
  </footer>
</body>
</html>
"""

# A row alone in its <todo-item> shadow root: TodoMVC's ".todo-list li ..." rules without ".todo-list".
LIT_ITEM_CSS = "\n".join(f"{s.replace('.todo-list li', 'li')} {{{b}}}" for s, b in _rules(TODOMVC_CSS)
                         if s.startswith(".todo-list li")) + "\n"

LIT_JS = r"""
/* todo-app.js (Lit 3.1) — hand-written stand-in for the bundled components */
const sheet = (text) => { const s = new CSSStyleSheet(); s.replaceSync(text); return s; };
const todoStyles = sheet(__TODOMVC__);
const itemStyles = sheet(__ITEM__);
const hostBlock = sheet(':host { display: block; }');
const marker = () => document.createComment('?lit$' + '483093712' + '$');
const stamp = (root, html) => {  // a template is parsed once, then cloned into the shadow root
  const template = document.createElement('template');
  template.innerHTML = html;
  root.append(document.importNode(template.content, true));
};

// The store (a Todos class dispatching 'change' in the Lit TodoMVC).
class Todos extends EventTarget {
  #todos = [];
  #nextId = 1;
  get all() { return this.#todos; }
  get active() { return this.#todos.filter((t) => !t.completed); }
  get completed() { return this.#todos.filter((t) => t.completed); }
  filtered(filter) { return filter === 'active' ? this.active : filter === 'completed' ? this.completed : this.all; }
  add(text) { this.#todos = [...this.#todos, {id: 'todo-' + this.#nextId++, text, completed: false}]; this.#changed(); }
  remove(id) { this.#todos = this.#todos.filter((t) => t.id !== id); this.#changed(); }
  toggle(id) { this.#todos = this.#todos.map((t) => (t.id === id ? {...t, completed: !t.completed} : t)); this.#changed(); }
  toggleAll(completed) { this.#todos = this.#todos.map((t) => ({...t, completed})); this.#changed(); }
  clearCompleted() { this.#todos = this.active; this.#changed(); }
  #changed() { this.dispatchEvent(new Event('change')); }
}
const todos = new Todos();
const filterFromHash = () => (location.hash.match(/^#\/(active|completed)$/) || [])[1] || 'all';
if (!location.hash) history.replaceState(null, '', '#/');

class LitElementLike extends HTMLElement {
  static styles = [todoStyles];
  #pending = false;
  constructor() {
    super();
    this.attachShadow({mode: 'open'}).adoptedStyleSheets = this.constructor.styles;
    this.shadowRoot.append(marker());
  }
  connectedCallback() { this.requestUpdate(); }
  requestUpdate() {
    if (this.#pending) return;
    this.#pending = true;
    queueMicrotask(() => { this.#pending = false; if (!this.firstUpdated) { this.firstUpdated = true; this.firstRender(); } this.update(); });
  }
  firstRender() {}
  update() {}
}

class TodoApp extends LitElementLike {
  connectedCallback() {
    super.connectedCallback();
    todos.addEventListener('change', () => this.requestUpdate());
    window.addEventListener('hashchange', () => this.requestUpdate());
  }
  firstRender() {
    stamp(this.shadowRoot, '<section class="todoapp"><header class="header"><h1>todos</h1><todo-form></todo-form></header>'
      + '<!--?lit$483093712$--><!--?lit$483093712$--></section>');
    const [mainMarker, footerMarker] = [...this.shadowRoot.querySelector('.todoapp').childNodes].filter((n) => n.nodeType === 8);
    this.main = document.createElement('section');
    this.main.className = 'main';
    this.main.append(document.createElement('todo-list'));
    this.footer = document.createElement('todo-footer');
    this.mainMarker = mainMarker;
    this.footerMarker = footerMarker;
  }
  update() {
    const any = todos.all.length > 0;
    if (any && !this.main.isConnected) { this.mainMarker.after(this.main); this.footerMarker.after(this.footer); }
    if (!any && this.main.isConnected) { this.main.remove(); this.footer.remove(); }
    this.main.querySelector('todo-list').requestUpdate();
    this.footer.requestUpdate();
  }
}

class TodoForm extends LitElementLike {
  firstRender() {
    stamp(this.shadowRoot,
      '<input class="new-todo" autofocus autocomplete="off" placeholder="What needs to be done?" data-truth="new-todo">');
    const input = this.shadowRoot.querySelector('input');
    input.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      const text = input.value.trim();
      if (!text) return;
      todos.add(text);
      input.value = '';
    });
    input.focus();
  }
}

class TodoList extends LitElementLike {
  firstRender() {
    stamp(this.shadowRoot, '<input id="toggle-all" type="checkbox" class="toggle-all" data-truth="toggle-all">'
      + '<label for="toggle-all">Mark all as complete</label><ul class="todo-list"><!--?lit$483093712$--></ul>');
    this.toggleAll = this.shadowRoot.querySelector('#toggle-all');
    this.toggleAll.addEventListener('change', (e) => todos.toggleAll(e.target.checked));
    this.list = this.shadowRoot.querySelector('ul');
    this.items = new Map();
  }
  update() {
    if (!this.list) return;
    const visible = todos.filtered(filterFromHash());
    this.toggleAll.checked = todos.active.length === 0;
    const ids = new Set(visible.map((t) => t.id));
    for (const [id, node] of [...this.items]) if (!ids.has(id)) { node.remove(); this.items.delete(id); }
    let cursor = this.list.firstElementChild;
    for (const todo of visible) {  // repeat(todos, (t) => t.id, ...)
      let node = this.items.get(todo.id);
      if (!node) { node = document.createElement('todo-item'); this.items.set(todo.id, node); }
      node.todo = todo;
      if (node === cursor) cursor = cursor.nextElementSibling;
      else this.list.insertBefore(node, cursor);
    }
  }
}

class TodoItem extends LitElementLike {
  static styles = [todoStyles, itemStyles, hostBlock];
  set todo(value) { this._todo = value; this.requestUpdate(); }
  get todo() { return this._todo; }
  firstRender() {
    stamp(this.shadowRoot, '<li class=""><div class="view"><input class="toggle" type="checkbox">'
      + '<label><!--?lit$483093712$--></label><button class="destroy"></button></div><input class="edit" type="text"></li>');
    const root = this.shadowRoot;
    this.li = root.querySelector('li');
    this.toggle = root.querySelector('.toggle');
    this.label = root.querySelector('label');
    this.text = document.createTextNode('');
    this.label.append(this.text);
    this.destroy = root.querySelector('.destroy');
    this.edit = root.querySelector('.edit');
    this.toggle.addEventListener('change', () => todos.toggle(this.todo.id));
    this.destroy.addEventListener('click', () => todos.remove(this.todo.id));
  }
  update() {
    const {text, completed} = this.todo;
    this.li.className = completed ? 'completed' : '';
    this.toggle.checked = completed;
    this.toggle.setAttribute('data-truth', 'toggle:' + text);
    this.label.setAttribute('data-truth', 'label:' + text);
    this.destroy.setAttribute('data-truth', 'destroy:' + text);
    this.edit.setAttribute('data-truth', 'edit:' + text);
    if (this.text.data !== text) this.text.data = text;
    this.edit.value = text;
  }
}

class TodoFooter extends LitElementLike {
  firstRender() {
    const link = (filter, href, text) => `<li><a href="${href}" class="" data-truth="filter:${filter}">${text}</a></li>`;
    stamp(this.shadowRoot, '<footer class="footer"><span class="todo-count"><strong><!--?lit$483093712$--></strong>'
      + '<!--?lit$483093712$--></span><ul class="filters">' + link('all', '#/', 'All') + link('active', '#/active', 'Active')
      + link('completed', '#/completed', 'Completed') + '</ul><!--?lit$483093712$--></footer>');
    const root = this.shadowRoot;
    this.count = document.createTextNode('');
    root.querySelector('strong').append(this.count);
    this.word = document.createTextNode('');
    root.querySelector('.todo-count').append(this.word);
    this.links = [...root.querySelectorAll('.filters a')];
    this.clear = document.createElement('button');
    this.clear.className = 'clear-completed';
    this.clear.setAttribute('data-truth', 'clear-completed');
    this.clear.textContent = 'Clear completed';
    this.clear.addEventListener('click', () => todos.clearCompleted());
    this.clearMarker = root.querySelector('footer').lastChild;
  }
  update() {
    if (!this.links) return;
    const active = todos.active.length;
    this.count.data = String(active);
    this.word.data = ` ${active === 1 ? 'item' : 'items'} left`;
    const filter = filterFromHash();
    this.links.forEach((a) => { a.className = a.dataset.truth === 'filter:' + filter ? 'selected' : ''; });
    const completed = todos.completed.length > 0;
    if (completed && !this.clear.isConnected) this.clearMarker.after(this.clear);
    if (!completed && this.clear.isConnected) this.clear.remove();
  }
}

customElements.define('todo-item', TodoItem);
customElements.define('todo-list', TodoList);
customElements.define('todo-form', TodoForm);
customElements.define('todo-footer', TodoFooter);
customElements.define('todo-app', TodoApp);
"""


def lit() -> dict[str, str]:
    """The Lit app's files."""
    body = TODOMVC_GLOBAL_CSS + "\n".join(f"{s} {{{b}}}" for s, b in _rules(TODOMVC_CSS) if s.startswith(".info")) + "\n"
    return {
        "index.html": LIT_HTML.replace("BODY_CSS", body),
        "todo-app.js": LIT_JS.replace("__TODOMVC__", json.dumps(TODOMVC_CSS)).replace("__ITEM__", json.dumps(LIT_ITEM_CSS)),
        "drift-log.js": DRIFT_LOG_JS,
        "info.html": INFO_PAGE,
    }


FRAMEWORKS: tuple[Variant, ...] = (
    Variant("vanilla", "framework", "classic jQuery-era TodoMVC markup (the recorded app)"),
    Variant("react", "framework", "React 18: div#root, generated classes, hidden checkbox in a label, handlers on the root", base=react),
    Variant("vue", "framework", "Vue 3: data-v scoped attributes, v-cloak, label-wrapped checkbox, TransitionGroup, router-link-active", base=vue),
    Variant("angular", "framework", "Angular 17: custom-element hosts, _ngcontent/_nghost, ng-reflect-*, aria-label 'Toggle todo', 'Delete todo'", base=angular),
    Variant("lit", "framework", "Lit 3: <todo-app>, <todo-list>, <todo-item> web components with open shadow roots", base=lit),
)

VARIANTS: dict[str, Variant] = {v.name: v for v in (*FRAMEWORKS, *COSMETIC, *REGRESSIONS)}
