"""The website: build/<game>/site/, every edition in one site, readable from a folder.

Not part of `publish build` with no target: asked for by name (`publish build
site`), which builds every edition unless --locale names one.  Each
edition is one job (its pages and its card images, site/<locale>/); each job
also writes the files the editions share (site/index.html, site/assets/), the
same bytes whichever writes them.  See docs/site.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from publish.docs.edition import chapter_paths, read_edition
from publish.docs.rules import example_checker
from publish.docs.site.pages import card_images, face_image, root_page, site_pages
from publish.model.game import Game
from publish.model.inputs import Inputs
from publish.render.edition import EditionContext
from publish.render.gallery import DPI
from publish.render.place import single_pdf
from publish.render.printshop import PageSpec, pixels, rasterise, trimmed_service
from publish.targets.base import Job, Rendered, Target, Work, edition_store, job_dir
from publish.targets.gallery import first_decks

FOLDER = "site"
ASSETS = ("site.css", "site.js", "filter.js", "search.js", "LICENCE.txt")
"""The files every page shares, from templates/_common/site/ (a project may replace them
with its own, as any template), copied to site/assets/."""
CHANGES_CSS = "changes.css"
"""The changes page's and the changed rules' style: copied when game.yaml names an earlier
version (``changes_since``)."""


@dataclass(frozen=True)
class SiteOptions:
    """The website's settings: the resolution of its card images (1x; 2x is twice it),
    which no command offers."""

    dpi: int = DPI


class Site:
    """site/<locale>/ for each edition, site/index.html and site/assets/."""

    name = "site"
    description = ("A static website of the rules and cards, every edition in one site with a "
                   "language switcher, a page per chapter and per card, the glossary, the "
                   "examples and a search that needs no server (build/<game>/site/).")
    in_default_build = False
    every_edition = True
    """`publish build site` with no --locale builds every edition: they are one site."""
    parallel = True
    options = SiteOptions

    def applies(self, game: Game) -> bool:
        return bool(chapter_paths(game)) or bool(game.cards)

    def jobs(self, work: Work, inputs: Inputs, locale: str, options: SiteOptions) -> list[Job]:
        game = work.game
        every = {**inputs.common(locale), **inputs.cards((c.number for c in game.cards), locale),
                 **inputs.rules(), **({"changes since": work.since} if work.since else {})}
        return [Job(self.name, locale, (f"{FOLDER}/{locale}/index.html",), every, options,
                    cost=len(game.cards) * 2, whole_game=True, noun="site")]

    def render(self, work: Work, job: Job) -> Rendered:
        """Every page of the edition and its card images; the shared files beside them."""
        context = work.edition(job.locale)
        game = context.game
        editions = list(game.config.locales.editions) or [job.locale]
        service = trimmed_service(game, job.options.dpi)
        images = card_images(game, pixels(service))
        edition = read_edition(context, stable_ids=True,
                               check_example=example_checker(context, work.examples),
                               face_html=face_image(game, job.locale, images, "../"))
        changes = work.changes.edition(job.locale) if work.changes else None
        pages = site_pages(edition, editions, images, changes)
        edition.raise_problems()
        ours = f"{FOLDER}/{job.locale}/"
        files = {ours + path: data for path, data in pages.items()}
        files.update(_faces(work, job, context, ours))
        files[f"{FOLDER}/index.html"] = root_page(edition, editions)
        loader = context.rules_env.loader
        assert loader is not None
        for asset in ASSETS + ((CHANGES_CSS,) if changes else ()):
            text = loader.get_source(context.rules_env, f"site/{asset}")[0]
            files[f"{FOLDER}/assets/{asset}"] = text.encode("utf-8")
        out = job_dir(work.project, game.id, job) / FOLDER / job.locale
        stale = [ours + p.relative_to(out).as_posix() for p in sorted(out.rglob("*"))
                 if p.is_file() and ours + p.relative_to(out).as_posix() not in files]
        name = job.outputs[0]
        return Rendered(files, {name: len(pages)}, remove=stale,
                        note=f"{len(pages)} pages, {len(images)} cards")


def _faces(work: Work, job: Job, context: EditionContext, ours: str) -> dict[str, bytes]:
    """Every card's face at the job's resolution and at twice it, from the first deck that
    holds it (placed from the decks' face documents)."""
    game, dpi = context.game, job.options.dpi
    first = first_decks(game)
    files: dict[str, bytes] = {}
    for deck in game.config.decks:
        pdf, items = single_pdf(context, PageSpec(deck, trimmed_service(game, dpi)), None,
                                edition_store(work, job), job.inputs, job.forced, work.build)
        for scale, suffix in ((1, ""), (2, "@2x")):
            service = trimmed_service(game, dpi * scale)
            pngs = rasterise(pdf, dpi * scale, pixels(service))
            for item, png in zip(items, pngs, strict=True):
                if item.card is not None and not item.back and first.get(item.card.number) == deck:
                    files[f"{ours}images/{item.card.number}{suffix}.png"] = png
    return files


TARGET: Target[SiteOptions] = Site()
