"""`publish balance` from start to end: the study read and checked, its games played,
the report written; what the command prints.  And `publish simulate`, for an engine that
records its games: the same play, a smaller report; and `make bench`'s cost of a variant
(``bench_variant``, from publish.balance.costs)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from publish.balance import simulate as simulating
from publish.balance.costs import bench_variant, describe_variant_bench
from publish.balance.distribute import Played, play_study
from publish.balance.faces import MAKES_FACES
from publish.balance.figures import by_lineup, card_figures, outliers
from publish.balance.importance import Importance, chosen_cards, rank
from publish.balance.patch import Variant, read_variant, removal
from publish.balance.report import titles, write_report
from publish.balance.study import Study
from publish.balance.studyfile import read_study
from publish.core.parallel.cluster import Tls
from publish.core.problems import ProblemsFound
from publish.engines.protocol import Engine, Recording, SimulateRequest
from publish.model.game import Game

Bar = Callable[[int], AbstractContextManager[Any]]
"""Makes a progress bar for so many games: something with ``update(n)``."""


def run_balance(project: Path, game: Game, engine: Engine, study_file: Path | None,
                games: int | None, seed: int | None, workers: int | None,
                scheduler: str | None, bar: Bar, tls: list[Path] | None = None,
                variants: Sequence[Path] = (), importance: str | None = None) -> list[str]:
    """Read the study, play it, write build/<game>/balance/; the lines to print. ``tls``:
    the CA file, certificate and key that reach ``scheduler``; ``variants``: what-if patch
    files, played on the study's seeds beside the game as it is; ``importance``: the cards
    to take out in turn ('flagged', 'all' or numbers), played on the same seeds after."""
    study = read_study(game, engine, study_file, games, seed, variants, importance)
    changed = read_variants(game, engine, study.variants, project)
    recording = engine.info.records
    assert recording is not None  # read_study's caller checked that the engine studies
    on = Tls(*tls) if tls else None
    with bar(study.games * (1 + len(changed))) as progress:
        played = play_study(game, study, workers, scheduler, progress.update, on,
                            variants=[variant.game for variant in changed])
    ranked: list[Importance] | None = None
    said: list[str] = []
    if study.importance:
        ranked, said = _importance(game, study, played, recording, bar, workers, scheduler, on)
    written = write_report(project, game, study, played, recording, engine.info.name,
                           changed, ranked)
    lines = [f"{study.games} games in {len(study.cells())} tables, played on {played.where} "
             f"in {played.wall:.1f} s" + (f", and again with each of {len(changed)} "
                                          "variant(s) on the same seeds" if changed else ""),
             f"{written.outliers} figure(s) of cards stand apart; report: "
             f"{written.folder / 'report.pdf'} and report.html",
             *(f"variant '{name}': {moved} figure(s) moved beyond chance"
               for name, moved in written.moved),
             *said,
             "raw figures: " + ", ".join(p.name for p in written.files if p.suffix == ".csv")]
    if written.undealt:
        lines.append(f"{len(written.undealt)} of the game's cards no table dealt: "
                     + ", ".join(written.undealt[:12]) + (" …" if len(written.undealt) > 12
                                                          else ""))
    if written.faces_missing:
        lines.append(f"{written.faces_missing} card(s) shown without a picture: "
                     f"`{MAKES_FACES}` makes them")
    return lines


def _importance(game: Game, study: Study, played: Played, recording: Recording, bar: Bar,
                workers: int | None, scheduler: str | None, tls: Tls | None
                ) -> tuple[list[Importance], list[str]]:
    """The study again without each card the study names, on the same seeds, ranked; and
    what the command says of it."""
    cards = chosen_cards(study.importance, dealt(played), flagged(study, played, recording))
    if not cards:
        return [], ["card importance: no card to take out (none stands apart)"]
    with bar(study.games * len(cards)) as progress:
        removed = play_study(game, study, workers, scheduler, progress.update, tls,
                             what="the importance study", baseline=False,
                             variants=[removal(game, card).game for card in cards])
    ranked = rank(study.cells(), played.tally, list(zip(cards, removed.variants, strict=True)),
                  recording, titles(recording))
    return ranked, [f"card importance: {len(cards)} card(s) taken out in turn, "
                    f"{study.games * len(cards)} games in {removed.wall:.1f} s; first: "
                    + ", ".join(i.card for i in ranked[:5])]


def dealt(played: Played) -> list[str]:
    """The cards some table of the study dealt."""
    return sorted({card for (_, card), counts in played.tally.cards.items() if counts.in_pool})


def flagged(study: Study, played: Played, recording: Recording) -> set[str]:
    """The cards that stand apart on some figure under some line-up, as the report lists."""
    outcomes = [key for key, _ in recording.outcomes]
    return {o.card for counts in by_lineup(study.cells(), played.tally.cards).values()
            for o in outliers(card_figures(counts, recording.held, outcomes))}


def read_variants(game: Game, engine: Engine, paths: Sequence[Path],
                  project: Path) -> list[Variant]:
    """Each patch file read and checked; every file's problems together."""
    found: list[Variant] = []
    problems = []
    for path in paths:
        shown = path.relative_to(project) if path.is_relative_to(project) else path
        try:
            found.append(read_variant(game, engine, path, shown.as_posix()))
        except ProblemsFound as failed:
            problems.extend(failed.problems)
    if problems:
        raise ProblemsFound(problems)
    return found


def run_simulate(game: Game, engine: Engine, request: SimulateRequest,
                 progress: Callable[[int], Any] | None = None) -> tuple[dict[str, Any], str]:
    """`publish simulate`'s report as data and as text; ValueError for a table the engine
    cannot play (said before any game is)."""
    study = simulating.request_study(game, request)
    said = simulating.table_problems(game, engine, study)
    if said:
        raise ValueError("; ".join(said))
    recording = engine.info.records
    assert recording is not None  # the caller checked that the engine studies
    _, played = simulating.simulate(game, engine, request, progress)
    result = simulating.summary(study, played, recording,
                                {card.number: card.name for card in game.cards})
    return result, simulating.describe(result)


__all__ = ["bench_variant", "describe_variant_bench", "run_balance", "run_simulate"]
