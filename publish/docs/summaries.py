"""Rule summaries: one PDF each, set large enough to play from at arm's length.

A summary declares in its front matter the most pages it may take; a summary
that runs longer fails the build, naming the file and the count, because a
player aid that spills over a page is no longer one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from publish.core.problems import Location, Problem, ProblemsFound
from publish.docs.context import Source
from publish.docs.edition import Edition
from publish.docs.manual import ManualOptions, cards_style
from publish.model.game import game_files
from publish.render.faces import licence_label
from publish.render.geometry import PAPERS
from publish.render.pdf import render


@dataclass
class Summary:
    id: str
    title: str
    max_pages: int
    source: Source
    cards: set[str] = field(default_factory=set)
    """The cards it shows (filled when its HTML is made)."""


def summaries_of(edition: Edition) -> list[Summary]:
    """The edition's summaries with their limits; front-matter problems are collected."""
    found = []
    for source in edition.summaries:
        meta = source.meta
        title, pages = meta.get("title"), meta.get("pages")
        where = Location(source.path, 1, 1)
        if not isinstance(title, str) or not title.strip():
            edition.ctx.problems.append(Problem(where, "summary front matter needs a 'title'"))
            continue
        if not isinstance(pages, int) or isinstance(pages, bool) or pages < 1:
            edition.ctx.problems.append(Problem(where, "summary front matter needs 'pages': the "
                                                "most pages it may take (a whole number)"))
            continue
        found.append(Summary(source.path.stem, title, pages, source))
    return found


def summary_html(edition: Edition, summary: Summary, options: ManualOptions) -> str:
    config = edition.game.config
    style = cards_style(edition)
    return edition.shared.rules_env.get_template("summary.html.j2").render(
        lang=options.locale or edition.locale, title=summary.title,
        body=edition.markdown.render(summary.source),
        paper={"w": PAPERS[options.paper][0], "h": PAPERS[options.paper][1]},
        footer=f"{config.name} {config.edition} · {licence_label(config.licence.id)}",
        attribution=config.licence.attribution, style=style, size=style.size, bw=False)


def render_summaries(edition: Edition, project: Path, options: ManualOptions,
                     only: set[str] | None = None) -> list[tuple[Summary, Any, str]]:
    """Every summary (or those named in ``only``) laid out, with its HTML; raise if a source
    is wrong or a summary is too long."""
    summaries = summaries_of(edition)
    htmls = []
    for summary in summaries:
        edition.ctx.cards_shown.clear()
        htmls.append((summary, summary_html(edition, summary, options)))
        summary.cards = set(edition.ctx.cards_shown)
    edition.raise_problems()
    laid_out = [(s, render(html, project, s.title, game_files(edition.game)), html)
                for s, html in htmls if only is None or s.id in only]
    too_long = [Problem(Location(s.source.path, 1, 1),
                        f"summary '{s.id}' takes {len(doc.pages)} pages on {options.paper}; its "
                        f"front matter allows {s.max_pages}: shorten it")
                for s, doc, _ in laid_out if len(doc.pages) > s.max_pages]
    if too_long:
        raise ProblemsFound(too_long)
    return laid_out
