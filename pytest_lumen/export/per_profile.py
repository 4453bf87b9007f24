"""A test recorded on several device profiles (``cache/profile.py``), exported as one test per profile.

A cache file that holds one profile, or whose steps are the same on all of them, is one test, as before. Otherwise
each profile gets its own copy of the test, with that profile's actions: the first profile the file holds keeps the
test's name, each other one is named after it (``test_orders__narrow_touch_mobile``). Each copy is marked
``@pytest.mark.device_profile("<key>")``, and the exported root ``conftest.py`` skips a marked test unless the run's
browser context (``--device``, ``browser_context_args``) is of that profile: a CI matrix over ``--device`` runs each
profile's tests, as it ran the suite with pytest-lumen.
"""

from __future__ import annotations

from ..cache.model import CacheFile
from ..cache.profile import BREAKPOINTS

MARKER = "device_profile"
MARKER_LINE = f"{MARKER}(key): run only on this device profile (its width class, touch and mobile: pytest-lumen's export)"
# The profile of the run's browser context, as ``cache/profile.py`` reads it (its breakpoints filled in), for a run
# without the plugin.
PROFILE_FIXTURE = f"""

# Added by pytest-lumen's export: a test marked {MARKER}("<key>") runs only on that device profile: the viewport's
# width class ({", ".join(f"{name} below {limit} pixels" for limit, name in BREAKPOINTS)}, else wide), then -touch
# and -mobile when the browser context has them (--device "Pixel 7" is narrow-touch-mobile).
@pytest.fixture(autouse=True)
def _lumen_device_profile(request):
    marker = request.node.get_closest_marker("{MARKER}")
    if marker is None:
        return
    args = request.getfixturevalue("browser_context_args")
    width = (args.get("viewport") or {{}}).get("width", 1280)
    width_class = next((name for limit, name in {BREAKPOINTS!r} if width < limit), "wide")
    key = "-".join([width_class, *(["touch"] if args.get("has_touch") else []),
                    *(["mobile"] if args.get("is_mobile") else [])])
    if key != marker.args[0]:
        pytest.skip(f"recorded for the device profile {{marker.args[0]}}; this run's is {{key}}")
"""


def profile_views(cache: CacheFile) -> dict[str, CacheFile] | None:
    """Each profile's view of the file (its own actions in every step), or None when one test serves them all. A
    profile without a recording of every step has no view: its test cannot be written."""
    held = cache.held_profiles()
    if held is None or len(held) < 2 or all(s.on is None and not s.per_profile for s in cache.steps):
        return None
    views = {}
    for key in held:
        steps = [s.model_copy(update={"actions": actions, "on": None, "per_profile": None})
                 for s in cache.steps if (actions := s.actions_for(key, held)) is not None or s.branches is not None]
        if len(steps) == len(cache.steps):
            views[key] = cache.model_copy(update={"steps": steps, "profiles": [key]})
    return views


def test_name(name: str, key: str, first: str) -> str:
    """The exported copy's name: the test's own for the file's first profile, else with the profile's key."""
    return name if key == first else f"{name}__{key.replace('-', '_')}"


test_name.__test__ = False  # type: ignore[attr-defined]  # a function attribute pytest reads: not a test
