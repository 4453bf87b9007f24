"""Replaying cached steps with zero model calls: the identity gate, effects, the zero-token heal cascade."""
