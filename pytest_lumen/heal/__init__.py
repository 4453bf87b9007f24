"""The zero-token heal: when a cached action no longer fits the page, propose, judge, then act.

Each strategy (one module) reads the page as it is, never clicking, and proposes candidates with their
evidence; one judge (``judge.py``) accepts at most one, by one contract for every strategy; only then
does the replayer act, and the heal is recorded in one place (``record.py``).
"""
