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
