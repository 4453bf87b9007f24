"""Replaying cached steps with zero model calls: the identity gate, effects, the full path that asks the heal."""
