"""Variables become placeholders where the test put them; secrets are kept out everywhere; nothing else is mangled."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pytest_lumen.cache import CacheFile, CacheStore, Step, loads
from pytest_lumen.cache.keys import step_key
from pytest_lumen.cache.model import Fill, LocatorSpec, Target
from pytest_lumen.errors import SecretLeakError
from pytest_lumen.events import ErrorEvent, EventLog, LifecycleEnd
from pytest_lumen.secrets import REDACTED, Secrets, password_fills, secret_env_values

CANARY = "canary-Zq8!pw"
ENV_CANARY = "envcanary-7Hk2x"


def _secrets() -> Secrets:
    """``pw`` is a secret (it was filled into a password field), ``user`` is not."""
    secrets = Secrets({"SHOP_PASSWORD": ENV_CANARY})
    secrets.add_variables({"pw": CANARY, "user": "alice"})
    secrets.mark_secret(["pw"])
    return secrets


def test_values_become_placeholders_and_env_values_stars() -> None:
    text = f"user alice typed {CANARY} and saw {ENV_CANARY}"
    assert _secrets().with_placeholders(text, ["user", "pw"]) == "user %user% typed %pw% and saw ***"
    assert _secrets().hide_secrets(text) == "user alice typed %pw% and saw ***"  # secrets only: alice is no secret


@pytest.mark.parametrize(("value", "form"), [
    (CANARY, "canary-Zq8%21pw"),  # quote(): a path or a fetch() call
    ("two words&more", "two+words%26more"),  # quote_plus(): a GET form's query
])
def test_url_encoded_forms_are_replaced(value: str, form: str) -> None:
    secrets = Secrets()
    secrets.add_variables({"pw": value, "user": "alice"})
    assert secrets.with_placeholders(f"/welcome.html?pw={form}&user=alice", ["pw", "user"]) == "/welcome.html?pw=%pw%&user=%user%"
    secrets.mark_secret(["pw"])
    assert secrets.hide_secrets(f"/welcome.html?pw={form}&user=alice") == "/welcome.html?pw=%pw%&user=alice"


def test_json_escaped_forms_are_replaced_and_the_json_stays_valid() -> None:
    secrets = Secrets()
    secrets.add_variables({"pw": 'quo"te\\back\u00e9'})
    secrets.mark_secret(["pw"])
    for ensure_ascii in (True, False):
        line = json.dumps({"error": 'typed quo"te\\back\u00e9 here'}, ensure_ascii=ensure_ascii)
        assert json.loads(secrets.redact(line)) == {"error": "typed %pw% here"}


def test_one_pass_never_rewrites_a_placeholder() -> None:
    """A value that is also a placeholder's name ("user") must not turn %user% into %%role%%."""
    secrets = Secrets()
    secrets.add_variables({"user": "alice", "role": "user"})
    once = secrets.with_placeholders("alice is a user", ["user", "role"])
    assert once == "%user% is a %role%"
    assert secrets.with_placeholders(once, ["user", "role"]) == once


def test_a_value_that_is_both_a_variable_and_an_env_secret_gets_its_placeholder() -> None:
    secrets = Secrets({"SHOP_PASSWORD": CANARY})
    secrets.add_variables({"pw": CANARY})
    assert secrets.redact(f"typed {CANARY}") == "typed %pw%"  # a secret by its value
    assert secrets.known_placeholder(CANARY) == "%pw%"
    assert Secrets({"SHOP_PASSWORD": ENV_CANARY}).known_placeholder(ENV_CANARY) == REDACTED
    assert secrets.known_placeholder("something else") is None


def test_leaked_names_the_secret_without_its_value_and_ignores_placeholders() -> None:
    secrets = Secrets()
    secrets.add_variables({"user": "user"})
    assert secrets.leaked("log in as user") is None  # not a secret: never refused
    secrets.mark_secret(["user"])
    assert secrets.leaked("log in as %user%") is None
    assert secrets.leaked("log in as user") == "variable 'user'"
    assert _secrets().leaked(f"x {ENV_CANARY} y") == "environment variable SHOP_PASSWORD"


def test_check_refuses_naming_the_file_and_step_but_not_the_value() -> None:
    with pytest.raises(SecretLeakError) as info:
        _secrets().check(f"value {CANARY}", ".lumen-cache/t.py/test_a.json", step="log in")
    message = str(info.value)
    assert "variable 'pw'" in message and "file: .lumen-cache/t.py/test_a.json" in message
    assert "step: log in" in message and CANARY not in message


def test_numbers_are_not_text() -> None:
    """A variable "100" must not flag (or mangle) a box coordinate of 100.0."""
    secrets = Secrets()
    secrets.add_variables({"qty": "100"})
    secrets.mark_secret(["qty"])
    data = {"box": {"x": 100.0, "width": 100}, "text": "100 mugs"}
    assert secrets.redact_data(data) == {"box": {"x": 100.0, "width": 100}, "text": "%qty% mugs"}
    secrets.check_data(secrets.redact_data(data), "f.json")
    with pytest.raises(SecretLeakError):
        secrets.check_data(data, "f.json")


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"SHOP_PASSWORD": ENV_CANARY}, {"SHOP_PASSWORD"}),
        ({"github_token": ENV_CANARY, "MY_API_KEY": ENV_CANARY, "CLIENT_SECRET_X": ENV_CANARY},
         {"github_token", "MY_API_KEY", "CLIENT_SECRET_X"}),
        ({"HOME": ENV_CANARY, "PATH": ENV_CANARY}, set()),
        ({"USE_KEYRING": "true", "KEYBOARD_TOKEN": "250", "SOME_SECRET": "enabled"}, set()),
    ],
)
def test_secret_env_values_match_names_and_skip_settings(environ: dict[str, str], expected: set[str]) -> None:
    patterns = ("*KEY*", "*TOKEN*", "*SECRET*", "*PASSWORD*")
    assert set(secret_env_values(patterns, environ)) == expected


def test_custom_patterns_from_the_ini() -> None:
    assert set(secret_env_values(("SHOP_*",), {"SHOP_PIN": "948372", "OTHER_PIN": "948372"})) == {"SHOP_PIN"}


def _target(name: str) -> Target:
    return Target(locator=LocatorSpec(kind="role", value="textbox", name=name))


def _cache(first_value: str, second_value: str) -> CacheFile:
    steps = [
        Step(key=step_key("type the user", ["user"]), instruction="type the user", url="/", variables=["user"],
             actions=[Fill(target=_target("Username"), value=first_value)]),
        Step(key=step_key("type the password", ["pw"]), instruction="type the password", url="/", variables=["pw"],
             actions=[Fill(target=_target("Password"), value=second_value)]),
    ]
    return CacheFile(test="t.py::test_a", steps=steps)


def test_a_raw_secret_the_model_typed_is_stored_as_its_placeholder(tmp_path: Path) -> None:
    """The store's last line: secrets are replaced; a value that is no secret is the recording's business."""
    store = CacheStore(tmp_path / ".lumen-cache")
    path = store.path_for("t.py", "test_a")
    store.save(path, _cache("alice", CANARY), secrets=_secrets())
    text = path.read_text()
    assert CANARY not in text
    saved = loads(text, path)
    assert [s.actions[0].value for s in saved.steps] == ["alice", "%pw%"]


def test_the_store_never_rewrites_the_tests_own_words_and_refuses_a_secret_in_them(tmp_path: Path) -> None:
    """A user named ``admin``: the instruction, its key and the test id are written as the test gave them."""
    store = CacheStore(tmp_path / ".lumen-cache")
    path = store.path_for("test_admin.py", "test_admin")
    secrets = Secrets()
    secrets.add_variables({"user": "admin"})
    secrets.mark_secret(["user"])  # even a secret: the test's words are checked, never rewritten
    words = "open the Site administration dashboard"
    step = Step(key=step_key(words, []), instruction=words, url="/", actions=[Fill(target=_target("Notes"), value="x")])
    with pytest.raises(SecretLeakError):
        store.save(path, CacheFile(test="test_admin.py::test_admin", steps=[step]), secrets=secrets)
    plain = Secrets()
    plain.add_variables({"user": "admin"})
    store.save(path, CacheFile(test="test_admin.py::test_admin", steps=[step]), secrets=plain)
    saved = loads(path.read_text(), path)  # the key still matches its instruction
    assert saved.test == "test_admin.py::test_admin" and saved.steps[0].instruction == words


def test_a_write_holding_a_secret_is_refused_naming_file_and_step_and_nothing_changes(tmp_path: Path) -> None:
    store = CacheStore(tmp_path / ".lumen-cache")
    path = store.path_for("t.py", "test_a")
    store.save(path, _cache("%user%", "%pw%"))
    before = path.read_bytes()
    secrets = _secrets()

    with pytest.raises(SecretLeakError) as info:
        store.save(path, _cache("%user%", CANARY), check=lambda text, where: secrets.check(text, where))
    message = str(info.value)
    assert "file: .lumen-cache/t.py/test_a.json" in message
    assert "step: #2 'type the password'" in message
    assert CANARY not in message
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["test_a.json", "test_a.json.lock"]


def test_values_that_are_no_secret_are_replaced_only_as_whole_tokens_of_the_steps_text() -> None:
    secrets = Secrets()
    secrets.add_variables({"user": "admin"})
    step = secrets.placeholders_for(["user"])
    assert step("Signed in as admin. Site administration") == "Signed in as %user%. Site administration"
    assert step("/users?name=admin&x=1") == "/users?name=%user%&x=1"
    assert step("tests/test_admin.py admins sysadmin") == "tests/test_admin.py admins sysadmin"
    assert secrets.placeholders_for([])("Signed in as admin") == "Signed in as admin"  # a step not passed it
    assert secrets.hide_secrets("Signed in as admin") == "Signed in as admin"


def test_what_people_read_hides_every_value_as_a_whole_token_but_never_the_tests_own_words() -> None:
    secrets = Secrets()
    secrets.add_variables({"user": "admin"})
    secrets.keep(["tests/test_login.py::test_as[admin]"])
    line = 'the Site administration page of admin; re-record: pytest --lumen-record "tests/test_login.py::test_as[admin]"'
    assert secrets.redact(line) == line.replace("page of admin", "page of %user%")


def test_a_secret_is_replaced_inside_a_longer_token_too_and_refused_where_it_stays() -> None:
    secrets = Secrets({"SHOP_PASSWORD": ENV_CANARY})
    secrets.add_variables({"pw": "hunter22"})
    secrets.mark_secret(["pw"])
    assert secrets.hide_secrets("/login?p=hunter22x&t=" + ENV_CANARY + "z") == "/login?p=%pw%x&t=***z"
    with pytest.raises(SecretLeakError):
        secrets.check("open ?p=hunter22x", "f.json")


def test_password_fills_name_the_variables_filled_into_password_fields() -> None:
    from pytest_lumen.cache.model import Fingerprint
    pw = Target(locator=LocatorSpec(kind="label", value="Password"), fingerprint=Fingerprint(tag="input", type="password"))
    text = Target(locator=LocatorSpec(kind="label", value="Name"), fingerprint=Fingerprint(tag="input", type="text"))
    assert password_fills([Fill(target=pw, value="%pw%"), Fill(target=text, value="%user%")]) == {"pw"}


def test_a_variable_holding_a_secret_env_value_is_a_secret() -> None:
    secrets = Secrets({"SHOP_PASSWORD": ENV_CANARY})
    secrets.add_variables({"pw": ENV_CANARY, "user": "alice"})
    assert secrets.secret_variables() == {"pw": ENV_CANARY}


def test_event_lines_are_redacted_and_stay_json() -> None:
    log = EventLog(redact=_secrets().redact)
    log.emit(ErrorEvent(step=0, reason="replay_failed", message=f"typed {CANARY} into {ENV_CANARY!r}"))
    [line] = log.lines()
    assert json.loads(line)["message"] == "typed %pw% into '***'"


def test_event_lines_stay_json_when_an_env_secret_is_all_digits() -> None:
    """A numeric secret (a PIN) must not be replaced inside numbers: the JSONL file must still parse."""
    log = EventLog(redact=Secrets({"SHOP_PASSWORD": "123456"}).redact)
    log.emit(LifecycleEnd(step=0, outcome="replayed", duration_ms=9123456.5))
    [line] = log.lines()
    assert json.loads(line)["duration_ms"] == 9123456.5


# --- properties: a value is replaced where it stands as a token, the test's words never, secrets always --------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from pytest_lumen.templates import substitute  # noqa: E402

WORD = st.text(alphabet="abcdefgh1", min_size=1, max_size=4)  # short values: common words, "1", "a"
GLUE = st.sampled_from([" ", "/", "_", "-", ".", "?q=", "&", ", ", ""])


@st.composite
def texts_with(draw: st.DrawFn, value: str) -> str:
    """Text where ``value`` stands alone, inside longer words, and around them."""
    parts = draw(st.lists(st.one_of(st.just(value), WORD, st.builds(lambda a, b: a + value + b, WORD, WORD)), max_size=8))
    glue = draw(st.lists(GLUE, min_size=len(parts), max_size=len(parts)))
    return "".join(p + g for p, g in zip(parts, glue, strict=True))


@settings(max_examples=100, deadline=None)
@given(value=WORD, data=st.data())
def test_a_steps_text_round_trips_and_its_placeholders_stand_only_as_whole_tokens(value: str, data: st.DataObject) -> None:
    text = data.draw(texts_with(value))
    secrets = Secrets()
    secrets.add_variables({"user": value})
    templated = secrets.placeholders_for(["user"])(text)
    assert substitute(templated, {"user": value}) == text  # replay puts back exactly what was there
    if len(value) >= 3:
        assert re.search(r"\w%user%|%user%\w", templated) is None  # never inside a longer word
        assert re.search(rf"(?<!\w){re.escape(value)}(?!\w)", templated) is None  # every whole token replaced
    assert secrets.placeholders_for([])(text) == text and secrets.hide_secrets(text) == text  # no secret: nothing else
    secrets.check(text, "f.json")  # a value that is no secret never refuses a write


@settings(max_examples=100, deadline=None)
@given(value=st.text(alphabet="abcdefgh1", min_size=3, max_size=6), data=st.data())
def test_a_secret_never_stays_in_what_is_written_wherever_it_stands(value: str, data: st.DataObject) -> None:
    text = data.draw(texts_with(value))
    secrets = Secrets()
    secrets.add_variables({"pw": value})
    secrets.mark_secret(["pw"])
    for hidden in (secrets.hide_secrets(text), secrets.placeholders_for(["pw"])(text), secrets.redact(text)):
        assert value not in hidden.replace("%pw%", "\x00")
        secrets.check(hidden, "f.json")
    if value in text:
        with pytest.raises(SecretLeakError):
            secrets.check(text, "f.json")


@settings(max_examples=40, deadline=None)
@given(value=WORD, data=st.data())
def test_the_key_and_the_instruction_are_written_as_the_test_gave_them(value: str, data: st.DataObject) -> None:
    """Record (store with the test's secrets), read back: the same key, the same words, the file loads."""
    import tempfile
    instruction = data.draw(texts_with(value)) + " %user%"
    secrets = Secrets()
    secrets.add_variables({"user": value})
    placeholders = secrets.placeholders_for(["user"])
    step = Step(key=step_key(instruction, ["user"]), instruction=instruction, url=placeholders("/" + value + "/x"),
                variables=["user"], actions=[Fill(target=_target(placeholders(f"Name of {value}")), value=placeholders(value))])
    with tempfile.TemporaryDirectory() as tmp:
        store = CacheStore(Path(tmp) / ".lumen-cache")
        path = store.path_for(f"tests/test_{value}.py", f"test_{value}")
        store.save(path, CacheFile(test=f"tests/test_{value}.py::test_{value}", steps=[step]), secrets=secrets)
        saved = loads(path.read_text(encoding="utf-8"), path)
    assert saved.steps[0].key == step_key(instruction, ["user"]) and saved.steps[0].instruction == instruction
    assert saved.test == f"tests/test_{value}.py::test_{value}"
