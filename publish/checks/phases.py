"""Every check `publish check` runs, phase by phase: the one list a check is added to.

Each check is a function of the package that owns the data it reads (the model's
icons, pictures and typography, the renderer's templates, the catalogs' template
words, the rules sources of docs, the engine's own checks), called here on a
``Subject`` and its result put as ``Findings``.  A new check is written in its owner's
package, as a function of the game that returns its problems, and added below to the
phase whose data it reads, in the order its problems should come; it then runs in
`publish check` and before every build (docs/architecture.md, "Checks").

The phases, in order (``needs``: what must have found nothing first):

- cards: the deck rules, the examples' front matter, the typography of card text;
- assets: icons, files that lead out of the project, pictures, the kept deck schema, the
  game's own print services;
- engine (needs load, cards): the engine's checks of the whole game, which replay the
  examples; else only its checks of each card alone;
- templates: the card templates, the box pictures and component templates game.yaml
  names, and the translations of the templates' words;
- translations (`publish check` only): each translation keeps its source's icons,
  directives, fields and bold (publish.i18n.keeps), said at its line in the PO file;
- rules (needs all of the above but translations; `publish check` only, a build reads
  only the rules of what it makes): the rules chapters and summaries of every edition;
- faces (needs load, cards, assets, templates; `publish check --safe-zone` only: it lays
  every face out): text that leaves the safe zone (publish.render.safezone), as warnings.
"""

from __future__ import annotations

from publish.checks.deckrules import check_game
from publish.checks.examples import example_problems
from publish.checks.registry import LOAD, Findings, Phase, Subject
from publish.checks.schema import stale_schema
from publish.core.problems import ProblemsFound
from publish.core.projectfiles import leading_out
from publish.docs.rules import rules_problems
from publish.engines.registry import unnamed_engine
from publish.i18n.translate import field_problems, kept_problems
from publish.model.game import game_files
from publish.model.icons import icon_problems
from publish.model.images import check_pictures
from publish.model.layouts import GAME_LAYOUTS, load_layouts
from publish.model.services import load_services
from publish.model.text import inherited_typography, typography_problems
from publish.render.geometry import impose
from publish.render.piececheck import piece_problems
from publish.render.safezone import safe_zone_warnings
from publish.render.templatecheck import template_problems

CARDS, ASSETS, ENGINE, TEMPLATES, RULES = "cards", "assets", "engine", "templates", "rules"
TRANSLATIONS, FACES = "translations", "faces"
SAFE_ZONE = "safe-zone"
"""The option of `publish check` that asks for the faces' phase (--safe-zone)."""


def deck_rules(subject: Subject) -> Findings:
    return Findings(check_game(subject.game))


def examples_front_matter(subject: Subject) -> Findings:
    editions = subject.engine.info.editions if subject.engine is not None else ()
    return Findings(example_problems(subject.game, editions))


def typography(subject: Subject) -> Findings:
    return Findings(typography_problems(subject.game), inherited_typography(subject.game))


def icons(subject: Subject) -> Findings:
    return Findings(icon_problems(subject.game))


def files_inside(subject: Subject) -> Findings:
    return Findings(leading_out(game_files(subject.game), subject.game.project))


def pictures(subject: Subject) -> Findings:
    problems, warnings = check_pictures(subject.game)
    return Findings(problems, warnings)


def kept_deck_schema(subject: Subject) -> Findings:
    return Findings(warnings=stale_schema(subject.game, subject.engine))


def print_services(subject: Subject) -> Findings:
    """The game's own print services (services/*.yaml), each checked as the package's are:
    a wrong one is found here, at its line, not by the first build that reads it."""
    try:
        load_services(subject.game.root)
    except ProblemsFound as found:
        return Findings(found.problems)
    return Findings()


def sheet_layouts(subject: Subject) -> Findings:
    """The game's own sheet layouts (layouts/*.yaml): each valid, and its grid fitting its
    paper with the game's bleed, located in its file; not found by the first build."""
    try:
        layouts = load_layouts(subject.game.root)
    except ProblemsFound as found:
        return Findings(found.problems)
    problems = []
    for layout in layouts.values():
        if layout.where.path.parent == subject.game.root / GAME_LAYOUTS:
            try:
                impose(layout, subject.game.config.print.bleed_mm)
            except ProblemsFound as found:
                problems += found.problems
    return Findings(problems)


def engine_checks(subject: Subject) -> Findings:
    """The engine's checks of the whole game, with each example it replayed."""
    if subject.engine is None:
        return _no_engine(subject)
    result = subject.engine.check(subject.game)
    return Findings(result.problems, examples=result.examples)


def engine_card_checks(subject: Subject) -> Findings:
    """The engine's checks of each card alone."""
    if subject.engine is None:
        return _no_engine(subject)
    return Findings(subject.engine.check_cards(subject.game))


def _no_engine(subject: Subject) -> Findings:
    hint = unnamed_engine(subject.game)
    return Findings(notes=[hint] if hint else [])


def engine_skipped(subject: Subject) -> str | None:
    if subject.engine is None:
        return None
    info = subject.engine.info
    listed = f" ({', '.join(info.checks)})" if info.checks else ""
    return (f"the {info.name} rules engine's checks{listed} were not run beyond each card's "
            "own: they need every card and example loaded and valid; fix the problems above "
            "and check again")


def templates(subject: Subject) -> Findings:
    return Findings(template_problems(subject.game.project, subject.game))


def box_and_component_files(subject: Subject) -> Findings:
    return Findings(piece_problems(subject.game.project, subject.game))


def template_words(subject: Subject) -> Findings:
    return Findings(field_problems(subject.game))


def translations_kept(subject: Subject) -> Findings:
    return Findings(kept_problems(subject.game))


def rules_chapters(subject: Subject) -> Findings:
    return Findings(rules_problems(subject.game, subject.game.project, subject.examples))


def safe_zone(subject: Subject) -> Findings:
    warnings, notes = safe_zone_warnings(subject.game)
    return Findings(warnings=warnings, notes=notes)


def faces_skipped(_: Subject) -> str:
    return ("the faces were not laid out for the safe zone: the cards, their pictures and the "
            "templates must check first")


def rules_skipped(_: Subject) -> str:
    return ("the rules chapters and summaries were not read: they name cards, icons and "
            "examples, which must load first")


PHASES: tuple[Phase, ...] = (
    Phase(CARDS, (deck_rules, examples_front_matter, typography)),
    Phase(ASSETS, (icons, files_inside, pictures, kept_deck_schema, print_services,
                   sheet_layouts)),
    Phase(ENGINE, (engine_checks,), needs=(LOAD, CARDS), alone=(engine_card_checks,),
          skipped=engine_skipped),
    Phase(TEMPLATES, (templates, box_and_component_files, template_words)),
    Phase(TRANSLATIONS, (translations_kept,), needs=(LOAD,), in_build=False),
    Phase(RULES, (rules_chapters,), needs=(LOAD, CARDS, ASSETS, ENGINE, TEMPLATES),
          skipped=rules_skipped, in_build=False),
    Phase(FACES, (safe_zone,), needs=(LOAD, CARDS, ASSETS, TEMPLATES), skipped=faces_skipped,
          in_build=False, asked=SAFE_ZONE),
)
"""The phases `publish check` runs, in order; a build runs those ``in_build``."""
