"""Helpers the test suites share: inner pytest projects, page edits, large pages, served folders, protocol counts.

The suites (``tests/unit``, ``tests/browser``, ``tests/integration``, ``tests/drift``,
``tests/frameworks``, ``tests/interactions``) never import each other: what two of them need
lives here.
"""
