"""The run-wide machinery: the run's session, its selection, heals report, summary, shards and report redaction.

``plugin.py`` hands each hook to ``session.LumenSession``; what the run did ends as one ``run_record.RunRecord``,
which ``summary.py`` renders and ``shards.py`` joins across the shards of a sharded run.
"""
