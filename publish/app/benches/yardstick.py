"""The cold build's yardstick: bare WeasyPrint laying out, for each edition, each unique
card face once and the manual and summaries once.

The HTML is made by our own code, as the build makes it: a deck's distinct
faces and its back one per page at the default print service's card box with
its bleed (publish.render.printshop.items_html, the print-shop proof's
pages), one document per deck so its font subsets are shared; the manual as
one document (publish.docs.manual.whole_html); each summary
(publish.docs.summaries.summary_html).  Copies are not laid out again: the
yardstick is what a build that lays each face out once would still pay.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from publish.core.atomic import write_atomic
from publish.docs.edition import chapter_paths, summary_paths
from publish.docs.manual import ManualOptions, make_manual, whole_html
from publish.docs.rules import read_rules
from publish.docs.summaries import summaries_of, summary_html
from publish.model.game import Game
from publish.model.load import load_game
from publish.render.edition import EditionContext
from publish.render.fit import sized, text_sizes
from publish.render.printshop import ItemPages, PageSpec, items_html, product_box, single_items
from publish.targets.printshop import PrintshopOptions, service_of


@dataclass(frozen=True)
class YardstickFile:
    """One document of the yardstick: its HTML file, its edition, what it holds (a deck's
    id, ``manual`` or ``summary-<id>``) and how many card faces it lays out."""

    path: Path
    locale: str
    what: str
    faces: int = 0


def yardstick_files(root: Path, game_id: str, out: Path) -> list[YardstickFile]:
    """Every document of the yardstick written under ``out``: per edition, each deck's
    unique faces, the manual and the summaries (those the game has)."""
    game, problems = load_game(root, game_id)
    if game is None or problems:
        raise SystemExit("publish check fails: fix the cards before benchmarking")
    files: list[YardstickFile] = []
    for locale in game.config.locales.editions:
        folder = out / locale
        files += deck_files(EditionContext.make(root, game, locale), folder)
        if chapter_paths(game) or summary_paths(game):
            files += rules_files(root, game, locale, folder)
    return files


def deck_files(context: EditionContext, folder: Path) -> list[YardstickFile]:
    """Each deck's distinct faces and its back, one per page, as the print shop lays them."""
    game = context.game
    service = service_of(game, PrintshopOptions())
    box = product_box(service.name, service.spec.products[game.config.print.default_size])
    style = context.style(game.config.print.default_size)
    made = []
    for deck in game.config.decks:
        items = single_items(context, PageSpec(deck, box))
        faces = [item.card for item in items if item.card]
        chosen, _ = text_sizes(game, faces, style)
        items = [replace(item, card=sized(item.card, chosen)) if item.card else item
                 for item in items]
        html = items_html(context, ItemPages(f"{game.config.name} · {deck}", tuple(items),
                                             box, deck))
        path = folder / f"deck-{deck}.html"
        write_atomic(path, html)
        made.append(YardstickFile(path, context.locale, deck, len(items)))
    return made


def rules_files(root: Path, game: Game, locale: str, folder: Path) -> list[YardstickFile]:
    """The edition's manual as one document and each of its summaries, those the game has
    (translated from the source language's rules, as the build translates them).  A summary
    names cards without linking them, as the build's do: it holds no card list to link to,
    and bare WeasyPrint would say so for every card named."""
    options = ManualOptions(locale=locale)
    made = []
    if chapter_paths(game):
        edition = read_rules(game, locale, project=root)
        path = folder / "manual.html"
        write_atomic(path, whole_html(edition, make_manual(edition, root, options)))
        made.append(YardstickFile(path, locale, "manual"))
    if not summary_paths(game):
        return made
    edition = read_rules(game, locale, link_cards=False, project=root)
    for summary in summaries_of(edition):
        path = folder / f"summary-{summary.id}.html"
        write_atomic(path, summary_html(edition, summary, options))
        made.append(YardstickFile(path, locale, f"summary-{summary.id}"))
    return made
