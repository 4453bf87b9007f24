"""How the cache models appear in a file (version 3): locators as expressions, an action's target in the action,
a step without what can be computed (its key) or goes without saying (defaults).

``model_dump(mode="json", context=FILE)`` gives the file's form; any other dump (events, reports, the
round trips that placeholders an action) keeps the structured form, so in-memory code never reads expressions.
Reading accepts both forms: files of versions 1 and 2 hold locator objects and a nested ``target``.
"""

from __future__ import annotations

from typing import Any

from pydantic import (
    BaseModel,
    GetJsonSchemaHandler,
    SerializationInfo,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)
from pydantic.json_schema import JsonSchemaValue

from .expressions import parse
from .keys import step_key

FILE: dict[str, Any] = {"lumen_cache_file": 3}  # the serialization context of a cache file
TARGET_FIELDS = ("locator", "fallbacks", "fingerprint")  # a Target's fields, written in the action itself
EVIDENCE_LAST = ("after", "dialogs", "fingerprint")  # what held when recorded: after what the action does
LOCATOR_HELP = ("a Playwright locator as the line a person writes: get_by_role('link', name='Sign in'), "
                "get_by_test_id('cart'), get_by_label|placeholder|text|alt_text|title('...', exact=True), "
                "locator('css'), locator('iframe').content_frame, each optionally .nth(n), chained with '.' "
                "(the grammar of pytest_lumen/cache/expressions.py; nothing else is read)")


def in_file(info: SerializationInfo) -> bool:
    """Whether this dump is a cache file's."""
    context = info.context
    return isinstance(context, dict) and context.get("lumen_cache_file") == FILE["lumen_cache_file"]


def lift_target(data: Any) -> Any:
    """An action as read: a file's ``locator``, ``fallbacks`` and ``fingerprint`` gathered into its ``target``."""
    if isinstance(data, dict) and "target" not in data and any(key in data for key in TARGET_FIELDS):
        data = dict(data)
        data["target"] = {key: data.pop(key) for key in TARGET_FIELDS if key in data}
    return data


def flatten_target(data: dict[str, Any]) -> dict[str, Any]:
    """An action as written: ``kind``, its target's locator and fallbacks, what it does, then its evidence."""
    target = data.pop("target", None)
    flat: dict[str, Any] = {"kind": data.pop("kind")} if "kind" in data else {}
    if isinstance(target, dict):
        flat.update({key: target.pop(key) for key in ("locator", "fallbacks") if target.get(key, []) != []})
        target.pop("fallbacks", None)
        data.update(target)
    flat.update({key: value for key, value in data.items() if key not in EVIDENCE_LAST})
    flat.update({key: data[key] for key in EVIDENCE_LAST if key in data})
    return flat


def keyed_step(data: Any) -> Any:
    """A step as read: its ``key`` computed from its instruction and variables when the file holds none."""
    if isinstance(data, dict) and "key" not in data and isinstance(data.get("instruction"), str):
        variables = data.get("variables", [])
        if isinstance(variables, list) and all(isinstance(v, str) for v in variables):
            data = {**data, "key": step_key(data["instruction"], variables)}
    return data


STEP_DEFAULTS = {"variables": [], "kind": "run", "ordinal": 0}  # not written when they hold these


def slim_step(data: dict[str, Any]) -> dict[str, Any]:
    """A step as written: no key (computed on reading), no field at its default, no empty ``actions`` beside branches."""
    data.pop("key", None)
    for key, default in STEP_DEFAULTS.items():
        if data.get(key) == default:
            del data[key]
    if data.get("branches") is not None and data.get("actions") == []:
        del data["actions"]
    return data


class LocatorForm(BaseModel):
    """A locator's file form (``LocatorSpec``'s base): its expression, read back by the parser."""

    def code(self) -> str:
        """The expression (``LocatorSpec.code``)."""
        raise NotImplementedError

    @model_validator(mode="before")
    @classmethod
    def _from_expression(cls, data: Any) -> Any:
        return parse(data) if isinstance(data, str) else data  # a file's expression; a dict from older files

    @model_serializer(mode="wrap")
    def _to_expression(self, handler: SerializerFunctionWrapHandler, info: SerializationInfo) -> Any:
        return self.code() if in_file(info) else handler(self)

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema: Any, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        return {"type": "string", "title": "Locator", "minLength": 1, "description": LOCATOR_HELP}


class ActionForm(BaseModel):
    """An action's file form (the actions' base): its target's fields in the action itself."""

    @model_validator(mode="before")
    @classmethod
    def _lift(cls, data: Any) -> Any:
        return lift_target(data)

    @model_serializer(mode="wrap")
    def _flatten(self, handler: SerializerFunctionWrapHandler, info: SerializationInfo) -> Any:
        data = handler(self)
        return flatten_target(data) if in_file(info) and isinstance(data, dict) else data


class StepForm(BaseModel):
    """A step's file form (``Step``'s base): no key, no defaults."""

    @model_validator(mode="before")
    @classmethod
    def _keyed(cls, data: Any) -> Any:
        return keyed_step(data)

    @model_serializer(mode="wrap")
    def _slim(self, handler: SerializerFunctionWrapHandler, info: SerializationInfo) -> Any:
        data = handler(self)
        return slim_step(data) if in_file(info) and isinstance(data, dict) else data


def flat_target_schema(schema: dict[str, Any]) -> None:
    """The JSON schema of an action (a ``$defs`` entry) as files hold it: its target's fields in place of ``target``."""
    props = schema.get("properties", {})
    target = props.pop("target", None)
    if target is None:
        return
    optional = "anyOf" in target  # Press, Type, Scroll, Expect: a target is optional
    locator: dict[str, Any] = {"$ref": "#/$defs/LocatorSpec"}
    props["locator"] = {"anyOf": [locator, {"type": "null"}], "default": None} if optional else locator
    props["fallbacks"] = {"type": "array", "items": {"$ref": "#/$defs/LocatorSpec"},
                          "description": "other ways to find the same element, tried in order"}
    props["fingerprint"] = {"anyOf": [{"$ref": "#/$defs/Fingerprint"}, {"type": "null"}], "default": None}
    if "target" in schema.get("required", []):
        schema["required"] = ["locator" if key == "target" else key for key in schema["required"]]
