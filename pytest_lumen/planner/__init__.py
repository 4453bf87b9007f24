"""The model seam: a ``Planner`` turns a conversation into the next tool call.

``AnthropicPlanner`` (in ``anthropic_planner``, imported on demand: the SDK is slow to import) is the
real one; ``ScriptedPlanner`` follows a script in process, for tests.
"""

from .base import Planner, PlanReply, PlanRequest, ToolCall
from .scripted import ScriptedPlanner, ScriptExhausted

__all__ = ["PlanReply", "PlanRequest", "Planner", "ScriptExhausted", "ScriptedPlanner", "ToolCall"]
