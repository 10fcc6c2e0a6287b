"""What `publish build` makes, where it goes, and how the work is spread over cores.

Decks render in separate processes (WeasyPrint is single-threaded); the
all-decks PDF is joined from the per-deck PDFs instead of being laid out a
second time.  Every file is written atomically.
"""

from __future__ import annotations

import io
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from publish.atomic import write_atomic
from publish.load import load_game
from publish.model import Game
from publish.problems import Location, Problem, ProblemsFound
from publish.render.splice import join_pdfs


@dataclass
class Built:
    """One output file and how many pages it has."""

    path: Path
    pages: int


def output_dir(project: Path, game_id: str, locale: str) -> Path:
    return project / "build" / game_id / locale


def _load(project: Path, game_id: str, locale: str | None = None) -> Game:
    """The game as checked, in ``locale``'s words (untranslated words in the source's)."""
    game, problems = load_game(project, game_id)
    if problems or game is None:
        raise ProblemsFound(problems)
    return in_locale(game, locale)[0] if locale else game


def in_locale(game: Game, locale: str):
    """(``game`` in ``locale``, the translator that did it)."""
    from publish.i18n.translate import localize, translator

    words = translator(game, locale)
    return localize(game, words), words


def _deck_job(project: Path, game_id: str, deck: str, options, cards: list[str] | None = None,
              previous: Path | None = None) -> tuple[str, bytes, int]:
    """One deck's sheets; with ``cards`` and ``previous`` (the deck's PDF as last made), only
    the sheets showing those cards are laid out and put back into that PDF."""
    from publish.render.decks import load_icons, render_sheets, sheets_showing
    from publish.render.pdf import write_pdf
    from publish.render.splice import SpliceError, replace_pages

    game = _load(project, game_id, options.locale)
    title = f"{game.config.name} · {game.config.decks[deck].name}"
    icons = load_icons(game)
    if cards and previous is not None and previous.is_file():
        at = sheets_showing(game, title, [deck], options, icons, set(cards))
        document = render_sheets(game, project, title, [deck], options, icons, set(cards))
        try:
            pdf = replace_pages(previous.read_bytes(), write_pdf(document, title), at)
            return deck, pdf, _page_count(pdf)
        except SpliceError:
            pass  # the previous PDF is not what the record says: lay out every sheet
    document = render_sheets(game, project, title, [deck], options, icons)
    return deck, write_pdf(document, title), len(document.pages)


def _page_count(pdf: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def pool_for(jobs: int | None, tasks: int) -> ProcessPoolExecutor:
    """Processes for ``tasks`` independent jobs: ``jobs`` of them, or one per core."""
    return ProcessPoolExecutor(max_workers=max(1, min(jobs or os.cpu_count() or 1, tasks)))


def build_decks(project: Path, game: Game, options, jobs: int | None = None,
                say: Callable[[str], None] = print) -> list[Built]:
    """One print-and-cut PDF per deck and one with every deck."""
    options = options.for_game(game)
    out = output_dir(project, game.id, options.locale)
    # biggest decks first, so two workers finish together
    decks = sorted(game.config.decks, key=lambda d: -sum(c.copies[d] for c in game.deck_cards(d)))
    results: dict[str, tuple[bytes, int]] = {}
    with pool_for(jobs, len(decks)) as pool:
        futures = [pool.submit(_deck_job, project, game.id, deck, options) for deck in decks]
        for future in futures:
            deck, pdf, pages = future.result()
            results[deck] = (pdf, pages)
            say(f"  deck {deck}: {pages} pages")
    built = []
    for deck in game.config.decks:
        pdf, pages = results[deck]
        path = out / f"deck-{deck}{options.suffix}.pdf"
        write_atomic(path, pdf)
        built.append(Built(path, pages))
    path = out / f"decks-all{options.suffix}.pdf"
    write_atomic(path, join_pdfs((results[deck][0] for deck in game.config.decks),
                                 game.config.name))
    built.append(Built(path, sum(p for _, p in results.values())))
    if options.backs in ("long-edge", "short-edge"):
        built.append(_calibration(project, game, options, out))
    return built


def _calibration(project: Path, game: Game, options, out: Path) -> Built:
    from publish.render.decks import calibration_html
    from publish.render.pdf import render, write_pdf

    document = render(calibration_html(game, project, options), project, "calibration")
    path = out / f"calibration-{options.paper}-{options.backs}.pdf"
    write_atomic(path, write_pdf(document, "calibration"))
    return Built(path, len(document.pages))


def _printshop_job(project: Path, game_id: str, deck: str, service: str, interleave: bool,
                   images: bool, locale: str, cards: list[str] | None = None,
                   previous: Path | None = None
                   ) -> tuple[str, bytes, list[dict], dict[str, bytes]]:
    """(deck, its print-shop PDF, its pages, PNGs made by page anchor).

    With ``cards`` and ``previous`` (the PDF as last made), only those cards' pages are
    laid out and rasterised, and put back into that PDF; their PNGs alone are remade.
    """
    from publish.render.decks import load_icons
    from publish.render.printshop import SERVICES, pixels, rasterise, single_items, single_pdf
    from publish.render.splice import SpliceError, replace_pages

    game = _load(project, game_id, locale)
    spec = SERVICES[service]
    icons = load_icons(game)
    items = single_items(game, deck, interleave, locale, icons)
    partial = bool(cards) and previous is not None and previous.is_file()
    pdf, made = single_pdf(game, project, deck, spec, interleave, locale, icons,
                           set(cards or ()) if partial else None)
    pngs = rasterise(pdf, spec.dpi, pixels(spec)) if images else []
    if partial and previous is not None:
        anchors = [item["anchor"] for item in items]
        try:
            pdf = replace_pages(previous.read_bytes(), pdf,
                                [anchors.index(m["anchor"]) for m in made])
        except SpliceError:  # not the PDF the record describes: make it all again
            return _printshop_job(project, game_id, deck, service, interleave, images, locale)
    return deck, pdf, items, {m["anchor"]: png for m, png in zip(made, pngs, strict=bool(pngs))}


def printshop_name(deck: str, service: str, interleave: bool = False) -> str:
    return f"{deck}-{service}{'-interleaved' if interleave else ''}.pdf"


def write_printshop(out: Path, deck: str, name: str, pdf: bytes, items: list[dict],
                    pngs: dict[str, bytes]) -> Built:
    """A deck's print-shop PDF into ``out`` (…/printshop), and the PNGs made, beside it."""
    write_atomic(out / name, pdf)
    for anchor, png in pngs.items():
        write_atomic(out / "images" / deck / f"{anchor}.png", png)
    return Built(out / name, len(items))


def build_printshop(project: Path, game: Game, service: str = "tgc", interleave: bool = False,
                    images: bool = True, locale: str | None = None, jobs: int | None = None,
                    say: Callable[[str], None] = print) -> list[Built]:
    """Per deck: a one-card-per-page PDF, and a PNG per card face and per back (``locale``:
    the edition, the game's source locale if None)."""
    locale = locale or game.config.locales.source
    out = output_dir(project, game.id, locale) / "printshop"
    decks = sorted(game.config.decks, key=lambda d: -len(game.deck_cards(d)))
    built = []
    with pool_for(jobs, len(decks)) as pool:
        futures = [pool.submit(_printshop_job, project, game.id, deck, service, interleave, images,
                               locale) for deck in decks]
        for future in futures:
            deck, pdf, items, pngs = future.result()
            built.append(write_printshop(out, deck, printshop_name(deck, service, interleave),
                                        pdf, items, pngs))
            say(f"  print shop {deck}: {len(items)} pages, {len(pngs)} images")
    return built


def _example_checker(game: Game) -> Callable[[Path], list] | None:
    """The engine's replay of one example game, if the game has a rules engine."""
    from publish.engines import engine_for

    engine = engine_for(game.id)
    replay = getattr(engine, "replay", None)
    if replay is None:
        return None
    return lambda path: replay(game, [path], None)


def read_rules(game: Game, locale: str, link_cards: bool = True, project: Path | None = None):
    """The edition's rules sources, parsed against its cards (problems collected).

    ``game`` is the game as loaded (source language); examples replay against it.
    With ``project``, `{face}` shows cards drawn by the game's own card templates.
    """
    from publish.docs.edition import read_edition
    from publish.render.decks import load_icons

    icons = load_icons(game)
    checker = _example_checker(game)
    game, words = in_locale(game, locale)
    return read_edition(game, locale, icons, link_cards=link_cards, check_example=checker,
                        face_html=_face_drawer(project, game, locale, icons) if project else None,
                        words=words)


def _face_drawer(project: Path, game: Game, locale: str, icons: dict[str, str]):
    """The game's `face` macro as a function of a card, or None if the game has no faces."""
    from jinja2 import TemplateNotFound

    from publish.i18n.translate import template_words
    from publish.render.decks import DeckOptions, face_style
    from publish.render.env import environment
    from publish.render.faces import face_context

    env = environment(project, game.id, template_words(game, locale))
    try:
        macro = env.get_template("cards.html.j2").module.face  # type: ignore[attr-defined]
    except (TemplateNotFound, AttributeError):  # no card faces: {face} says so where used
        return None
    style = face_style(game, DeckOptions(locale=locale), icons)

    def draw(card):
        deck = next(iter(card.copies))
        return macro(face_context(game, card, deck, locale, icons), style)

    return draw


def manual_parts(out: Path, options) -> Path:
    """Where the manual's parts, as last laid out, are kept (per paper size)."""
    return out / ".manual-parts" / options.paper


def build_manual(project: Path, game: Game, options, say: Callable[[str], None] = print
                 ) -> list[Built]:
    """The full manual of one edition, on one paper size."""
    from publish.docs.manual import make_manual

    options = options.for_game(game)
    edition = read_rules(game, options.locale, project=project)
    out = output_dir(project, game.id, options.locale)
    manual = make_manual(edition, project, options, cache=manual_parts(out, options))
    path = out / f"manual{options.suffix}.pdf"
    write_atomic(path, manual.pdf)
    say(f"  manual: {manual.pages} pages")
    return [Built(path, manual.pages)]


def build_summaries(project: Path, game: Game, options, say: Callable[[str], None] = print
                    ) -> list[Built]:
    """Every rule summary of one edition: one PDF each, within its page limit."""
    from publish.docs.edition import rules_dir
    from publish.docs.summaries import render_summaries
    from publish.render.pdf import write_pdf

    options = options.for_game(game)
    edition = read_rules(game, options.locale, link_cards=False, project=project)
    if not edition.summaries:
        folder = rules_dir(game) / "summaries"
        raise ProblemsFound([Problem(Location(folder), "no summaries (*.md) here: write one "
                                     "with 'title' and 'pages' front matter "
                                     "(docs/rules-markdown.md)")])
    built = []
    for summary, document in render_summaries(edition, project, options):
        path = (output_dir(project, game.id, options.locale)
                / f"summary-{summary.id}{options.suffix}.pdf")
        write_atomic(path, write_pdf(document, summary.title))
        built.append(Built(path, len(document.pages)))
        say(f"  summary {summary.id}: {len(document.pages)} of at most {summary.max_pages} pages")
    return built


def timed(work: Callable[[], list[Built]], say: Callable[[str], None] = print) -> list[Built]:
    """Run ``work`` and print the one-line summary: outputs, pages, time."""
    start = time.perf_counter()
    built = work()
    pages = sum(b.pages for b in built)
    say(f"{len(built)} outputs, {pages} pages in {time.perf_counter() - start:.1f} s")
    return built
