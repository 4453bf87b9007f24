"""The plugin's errors (pytest_lumen.errors)."""

from __future__ import annotations


def test_model_errors_survive_pickling_with_their_remedy() -> None:
    """xdist and multiprocessing move errors between processes; keyword-only fields must survive."""
    import pickle

    from pytest_lumen.errors import StepAbortedError

    error = StepAbortedError("the model gave 3 unusable replies", reason="model_error", path="f.json", step="log in",
                             remedy="run again")
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is StepAbortedError and copy.reason == "model_error"
    assert str(copy) == str(error) and "remedy: run again" in str(copy)
    copy.step = "another step"  # the rendered message follows later changes
    assert "step: another step" in str(copy)


def test_an_error_completed_at_the_step_is_a_new_one_of_its_kind_and_the_raised_one_is_left_as_it_was() -> None:
    from pytest_lumen.errors import LumenAssertionError, StepAbortedError

    raised = StepAbortedError("the token hunter2 was refused", reason="model_error", path="f.json", remedy="run again")
    shown = raised.completed(step="log in as %user%", redact=lambda text: text.replace("hunter2", "%password%"))
    assert type(shown) is StepAbortedError and shown is not raised and shown.reason == "model_error"
    assert str(shown) == ("[model_error] the token %password% was refused\n  file: f.json\n  step: log in as %user%\n"
                          "  remedy: run again")
    assert shown.args == (str(shown),)  # what pytest and logging read
    assert raised.step is None and "hunter2" in str(raised)  # not edited
    named = LumenAssertionError("the cart holds 2 items, not 1", step="the cart holds one mug")
    assert named.completed(step="another step").step == "the cart holds one mug"  # its raise site's step is kept
    assert isinstance(named.completed(), AssertionError)


def test_a_run_without_a_key_is_told_the_three_ways_on_none_of_which_leads_back() -> None:
    from pytest_lumen.errors import without_key

    text = without_key("--lumen-record needs the model to record t.py::test_a", "pytest --lumen-mode=replay")
    assert text.splitlines() == [
        "pytest-lumen: --lumen-record needs the model to record t.py::test_a, and ANTHROPIC_API_KEY is not set. "
        "Three ways on:",
        "  - set ANTHROPIC_API_KEY to an Anthropic API key, and run again",
        "  - replay what is recorded, with zero model calls: pytest --lumen-mode=replay",
        "  - try it without a key, following a script instead of the model: --lumen-script=FILE, the actions to take "
        "written in a JSON file (see 'Try it without a key' in the pytest-lumen docs' Quickstart)",
    ]
    assert "docs/" not in text  # a docs page by its title: a pip user has no docs folder
