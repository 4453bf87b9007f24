"""The trap suite: heals that never act before they know (tests/traps/test_traps.py)."""
