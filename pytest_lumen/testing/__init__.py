"""Test doubles of the model, shipped for the project's tests, benchmarks and demos: ``FakeAnthropic`` and its scripts."""
