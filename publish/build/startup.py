"""What a build does between planning and starting its workers: check the game, and load
the renderer the workers will share.

The two overlap: a helper forked for it checks the game while this process
warms WeasyPrint up (publish.render.pdf.warm_up), about a second, most of it
parsing WeasyPrint's bindings to Pango and HarfBuzz.  The workers forked from
this process afterwards start with it loaded, instead of each paying for it in
its first job.  A thread would not overlap them: both are Python, under one lock.
"""

from __future__ import annotations

from dataclasses import replace

from publish.checks.run import CheckReport, check_loaded
from publish.core.parallel import Tasks, run_all
from publish.core.parallel.helper import ForkedHelper
from publish.core.problems import Problem
from publish.model.game import Game
from publish.render.pdf import warm_up


def checked_while_warming(loaded: Game, problems: list[Problem]) -> CheckReport:
    """A build's check of ``loaded`` (``problems``: its loading's), as
    publish.checks.run.check_loaded reports it, made while this process loads the
    renderer."""

    def task(_: None, item: str) -> CheckReport | None:
        if item == "renderer":
            warm_up()
            return None
        return replace(check_loaded(loaded, problems, building=True), game=None)  # sent back

    tasks = Tasks(task, None, ["renderer", "check"], ["loading WeasyPrint", "the check"])
    report = run_all(ForkedHelper(first_here=True), tasks).results[1]
    assert report is not None
    return replace(report, game=loaded)
