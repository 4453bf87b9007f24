"""Secret values: placeholders in, refusals out, and nothing mangled on the way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_lumen.cache import CacheFile, CacheStore, Step, loads
from pytest_lumen.cache.keys import step_key
from pytest_lumen.cache.model import Fill, LocatorSpec, Target
from pytest_lumen.errors import SecretLeakError
from pytest_lumen.events import ErrorEvent, EventLog, LifecycleEnd
from pytest_lumen.secrets import REDACTED, Secrets, secret_env_values

CANARY = "canary-Zq8!pw"
ENV_CANARY = "envcanary-7Hk2x"


def _secrets() -> Secrets:
    secrets = Secrets({"SHOP_PASSWORD": ENV_CANARY})
    secrets.add_variables({"pw": CANARY, "user": "alice"})
    return secrets


def test_values_become_placeholders_and_env_values_stars() -> None:
    text = f"user alice typed {CANARY} and saw {ENV_CANARY}"
    assert _secrets().templatize(text) == "user %user% typed %pw% and saw ***"


@pytest.mark.parametrize(("value", "form"), [
    (CANARY, "canary-Zq8%21pw"),  # quote(): a path or a fetch() call
    ("two words&more", "two+words%26more"),  # quote_plus(): a GET form's query
])
def test_url_encoded_forms_are_replaced(value: str, form: str) -> None:
    secrets = Secrets()
    secrets.add_variables({"pw": value, "user": "alice"})
    assert secrets.templatize(f"/welcome.html?pw={form}&user=alice") == "/welcome.html?pw=%pw%&user=%user%"


def test_json_escaped_forms_are_replaced_and_the_json_stays_valid() -> None:
    secrets = Secrets()
    secrets.add_variables({"pw": 'quo"te\\back\u00e9'})
    for ensure_ascii in (True, False):
        line = json.dumps({"error": 'typed quo"te\\back\u00e9 here'}, ensure_ascii=ensure_ascii)
        assert json.loads(secrets.redact(line)) == {"error": "typed %pw% here"}


def test_one_pass_never_rewrites_a_placeholder() -> None:
    """A value that is also a placeholder's name ("user") must not turn %user% into %%role%%."""
    secrets = Secrets()
    secrets.add_variables({"user": "alice", "role": "user"})
    once = secrets.templatize("alice is a user")
    assert once == "%user% is a %role%"
    assert secrets.templatize(once) == once


def test_a_value_that_is_both_a_variable_and_an_env_secret_gets_its_placeholder() -> None:
    secrets = Secrets({"SHOP_PASSWORD": CANARY})
    secrets.add_variables({"pw": CANARY})
    assert secrets.templatize(f"typed {CANARY}") == "typed %pw%"
    assert secrets.known_placeholder(CANARY) == "%pw%"
    assert Secrets({"SHOP_PASSWORD": ENV_CANARY}).known_placeholder(ENV_CANARY) == REDACTED
    assert secrets.known_placeholder("something else") is None


def test_leaked_names_the_secret_without_its_value_and_ignores_placeholders() -> None:
    secrets = Secrets()
    secrets.add_variables({"user": "user"})
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
    store = CacheStore(tmp_path / ".lumen-cache")
    path = store.path_for("t.py", "test_a")
    store.save(path, _cache("alice", CANARY), secrets=_secrets())
    text = path.read_text()
    assert CANARY not in text and "alice" not in text
    saved = loads(text, path)
    assert [s.actions[0].value for s in saved.steps] == ["%user%", "%pw%"]


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
