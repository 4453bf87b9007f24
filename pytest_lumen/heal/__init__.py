"""The zero-token heal: when a cached action no longer fits the page, propose, judge, then act.

* **Propose.** Each strategy is one module behind one interface (``strategy.Strategy``): it reads the page as it
  is (``proposal.Scene``: the recorded target, the action's identity policy, the page surveyed once), never
  clicking, and answers with an ``Offer`` of ``Proposal``\\ s, each an element and its evidence. Their order is
  ``strategy.STRATEGIES``: ``fallbacks``, ``row_key``, ``unchanged_text``, ``similar``, ``successor``, ``relabel``.
* **Judge.** One judge (``judge.py``) weighs every proposal by one contract (a changed name is a changed purpose,
  ``meaning.py``; the item the step names; what it declares, ``destinations.py``; likeness and its margin,
  ``likeness.py``, ``margin.py``) and accepts at most one element.
* **Act.** Only then does the replayer act (``replay/``), the action done as the element's widget declares
  (``translations.py``: ``widgets``, ``dates``, ``native``, ``chooser``, ``disclosures``; ``option``), overlays in the way
  dismissed only harmlessly (``overlays.py``), dialogs answered only as recorded (``dialogs.py``); the heal's
  record (events, pictures, the written target) is built in ``record.py``.

docs/heal-contract.md is the contract for users, docs/heal-strategies.md the strategies one by one.
"""
