"""Small pages the integration tests serve on 127.0.0.1."""

LOGIN = """<!doctype html><html><head><title>Login</title></head><body>
<main>
<h1>Sign in</h1>
<form action="/welcome.html" method="get">
  <label for="user">Username</label><input id="user" name="user">
  <label for="pw">Password</label><input id="pw" type="password" name="pw">
  <button type="submit">Sign in</button>
</form>
</main></body></html>"""

WELCOME = """<!doctype html><html><head><title>Welcome</title></head><body>
<main><h1>Welcome</h1><p id="who">Signed in</p><a href="/index.html">Sign out</a></main>
</body></html>"""

SITE = {"index.html": LOGIN, "welcome.html": WELCOME}
# The same site, its sign-in button with a test id (Playwright's normalize() then prefers it).
HEALABLE = SITE | {"index.html": LOGIN.replace(
    '<button type="submit">Sign in</button>', '<button type="submit" data-testid="login-button">Sign in</button>')}
# The site after a release that renamed the test id: the zero-token heal finds the button by its role and name.
DRIFTED = SITE | {"index.html": HEALABLE["index.html"].replace('data-testid="login-button"', 'data-testid="sign-in-v2"')}

LOGIN_TEST = '''
def test_login(agent, page, app_url):
    page.goto(app_url + "/index.html")
    agent.run("log in as %user% with password %pw%", variables={"user": "alice", "pw": "s3cret-canary-77"})
    agent.expect("the welcome heading is shown")
'''

LOGIN_SCRIPT = [
    {"match": "log in as %user%", "actions": [
        {"tool": "fill", "target": {"role": "textbox", "name": "Username"}, "input": {"value": "%user%"}},
        {"tool": "fill", "target": {"role": "textbox", "name": "Password"}, "input": {"value": "%pw%"}},
        {"tool": "click", "target": {"role": "button", "name": "Sign in"}},
        {"tool": "done", "input": {"summary": "logged in"}},
    ]},
    {"match": "welcome heading", "actions": [
        {"tool": "expect_text", "target": {"role": "heading", "name": "Welcome"}, "input": {"text": "Welcome"}},
        {"tool": "done"},
    ]},
]

# The form's own handler comes in a script the server is slow to send; until it runs, submitting
# the form goes to /native.html, which is not what the test recorded.
LATE_SCRIPT_SITE = {
    "index.html": """<!doctype html><html><body><main><a href="/form.html">Open the form</a></main></body></html>""",
    "form.html": """<!doctype html><html><body><main>
<form action="/native.html"><label for="n">Name</label><input id="n" name="n"><button>Send</button></form>
</main><script src="/slow/form.js"></script></body></html>""",
    "slow/form.js": """document.querySelector("form").addEventListener("submit", (e) => {
  e.preventDefault(); location.href = "/done.html"; });""",
    "done.html": """<!doctype html><html><body><main><h1>Thanks</h1></main></body></html>""",
    "native.html": """<!doctype html><html><body><main><h1>Sent without the script</h1></main></body></html>""",
}

LATE_SCRIPT_TEST = '''
def test_send(agent, page, app_url):
    page.goto(app_url + "/index.html")
    agent.run("open the form and send the name Ada")
'''

LATE_SCRIPT_SCRIPT = [
    {"match": "open the form", "actions": [
        {"tool": "click", "target": {"role": "link", "name": "Open the form"}},
        {"tool": "fill", "target": {"role": "textbox", "name": "Name"}, "input": {"value": "Ada"}},
        {"tool": "click", "target": {"role": "button", "name": "Send"}},
        {"tool": "done"},
    ]},
]

# Sign-in asks its server first (held until the test releases it), then goes to the welcome page;
# the welcome page tells the server once it has loaded, so the test knows it is there.
LATE_NAVIGATION_SITE = {
    "index.html": """<!doctype html><html><body><main><h1>Shop</h1>
<button onclick="fetch('/slow/ok.txt').then(() => { location.href = '/welcome.html'; })">Sign in</button>
</main></body></html>""",
    "slow/ok.txt": "ok",
    "welcome.html": WELCOME.replace("</body>", "<script>addEventListener('load', () => fetch('/arrived.txt'));</script></body>"),
    "arrived.txt": "ok",
}

LATE_NAVIGATION_TEST = '''
def test_sign_in(agent, page, app_url):
    page.goto(app_url + "/index.html")
    agent.run("sign in")
    agent.expect("the welcome heading is shown")
'''

LATE_NAVIGATION_SCRIPT = [
    {"match": "sign in", "actions": [{"tool": "click", "target": {"role": "button", "name": "Sign in"}}, {"tool": "done"}]},
    LOGIN_SCRIPT[1],
]

# The next page comes from a slow server: a click on the link outlasts a short action timeout.
SLOW_NAVIGATION_SITE = {
    "index.html": """<!doctype html><html><body><main><a href="/slow/next.html">Next</a></main></body></html>""",
    "slow/next.html": """<!doctype html><html><body><main><h1>Next page</h1></main></body></html>""",
}

SLOW_NAVIGATION_TEST = '''
def test_next(agent, page, app_url):
    page.goto(app_url + "/index.html")
    agent.run("go to the next page")
    agent.expect("the next page heading is shown")
'''

SLOW_NAVIGATION_SCRIPT = [
    {"match": "go to the next page",
     "actions": [{"tool": "click", "target": {"role": "link", "name": "Next"}}, {"tool": "done"}]},
    {"match": "next page heading", "actions": [
        {"tool": "expect_text", "target": {"role": "heading", "name": "Next page"}, "input": {"text": "Next page"}},
        {"tool": "done"}]},
]
