"""The model seam: a ``Planner`` turns a conversation into the next tool call."""

from .base import Planner, PlanReply, PlanRequest, ToolCall

__all__ = ["Planner", "PlanReply", "PlanRequest", "ToolCall"]
