"""A build's check, made in a helper while this process warms the renderer up, reports
what the check made here reports."""

from __future__ import annotations

import sys

from publish.build.startup import checked_while_warming
from publish.checks.run import check_loaded
from publish.model.load import load_game


def test_the_check_made_beside_the_renderer_is_the_check_made_here(demo_docs, monkeypatch):
    (demo_docs / "cards" / "demo" / "decks" / "alpha.yaml").write_text(
        "deck: alpha\ncards:\n  - number: '001'\n    name: ''\n", encoding="utf-8")
    loaded, problems = load_game(demo_docs, "demo")
    assert loaded is not None
    monkeypatch.setattr("publish.core.parallel.helper.os.cpu_count", lambda: 2)
    beside = checked_while_warming(loaded, problems)
    here = check_loaded(loaded, problems, building=True)
    assert beside.game is loaded and "weasyprint" in sys.modules
    assert [str(p) for p in beside.problems] == [str(p) for p in here.problems]
    assert beside.problems and beside.examples == here.examples
    assert beside.warnings == here.warnings and beside.skipped == here.skipped
