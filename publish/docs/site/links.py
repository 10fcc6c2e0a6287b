"""The rules' HTML as the website shows it, and what in it names what.

The rules are rendered by the same Markdown pipeline as the manual
(publish.docs.markdown), whose HTML links a card's name to its row of the
card list (``href="#card-049"``) and marks each bold mention of a glossary
term with an id.  On the website a card has a page of its own and the
glossary is a page: these functions rewrite those links, give each heading
a link to itself, and list the places (headings, ids, card names) in the
order a page holds them, so that a card's page can link back to every rule
that names it.  They work on the HTML our own templates wrote
(templates/_common/directives.html.j2), never on anything typed by a user:
every text in it is escaped.
"""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from markupsafe import Markup, escape

_CARDREF = re.compile(r'class="cardref" href="#card-([^"]+)"')
_MENTION = re.compile(r'<strong id="(mention-[^"]+)">(.*?)</strong>', re.DOTALL)
_EXAMPLE = re.compile(r'<section class="example" id="([^"]+)">.*?</section>', re.DOTALL)
_LOG = re.compile(r'<pre class="log log-([^"]*)">(.*?)</pre>', re.DOTALL)
_HEADING = re.compile(r'<(h[1-6])([^>]*)\sid="([^"]+)"([^>]*)>(.*?)</\1>', re.DOTALL)
_PLACE = re.compile(r'<(h[1-6])[^>]*\sid="([^"]+)"[^>]*>(.*?)</\1>'
                    r'|<a class="cardref" href="[^"]*cards/([^"/]+)\.html"'
                    r'|\sid="([^"]+)"', re.DOTALL)
_BLOCK = re.compile(r"</?(?:p|li|ul|ol|h[1-6]|dt|dd|dl|td|th|tr|br|div|section|aside|pre|"
                    r"figure|table)\b[^>]*>")
_TAG = re.compile(r"<[^>]+>")


def plain(html: str) -> str:
    """The text of an HTML fragment: tags out (a block's a space), entities read, spaces
    folded."""
    return " ".join(html_lib.unescape(_TAG.sub("", _BLOCK.sub(" ", html))).split())


def card_pages(html: str, up: str) -> str:
    """Each card name linked to the card's page (``up``: from the page to the edition's
    folder) instead of its row of the manual's card list."""
    return _CARDREF.sub(lambda m: f'class="cardref" href="{up}cards/{m.group(1)}.html"', html)


def term_links(html: str, terms: Mapping[str, str], up: str) -> str:
    """Each bold mention of a glossary term (``terms``: mention id -> the term's id) linked
    to the term on the glossary page."""

    def linked(match: re.Match[str]) -> str:
        term = terms.get(match.group(1))
        if term is None:
            return match.group(0)
        return f'<a class="term" href="{up}glossary.html#{term}">{match.group(0)}</a>'

    return _MENTION.sub(linked, html)


def example_summaries(html: str, summary: Callable[[str], Markup | None]) -> str:
    """Each example embedded in a chapter replaced by ``summary`` of its id (a title and a
    link to its own page), or kept where ``summary`` gives None."""

    def replaced(match: re.Match[str]) -> str:
        short = summary(match.group(1))
        return match.group(0) if short is None else str(short)

    return _EXAMPLE.sub(replaced, html)


def moves(html: str, label: str) -> str:
    """Each log of an example as a numbered list of its lines, a move each, each with an id
    (``move-3``) to link to; ``label`` names the list for a screen reader."""
    count = 0

    def listed(match: re.Match[str]) -> str:
        nonlocal count
        items = []
        for line in match.group(2).split("\n"):
            if line.strip():
                count += 1
                items.append(f'<li id="move-{count}"><code>{line}</code></li>')
        start = count - len(items) + 1
        return (f'<ol class="moves log-{match.group(1)}" start="{start}" '
                f'aria-label="{escape(label)}">{"".join(items)}</ol>')

    return _LOG.sub(listed, html)


def self_links(html: str, label: str) -> str:
    """Each heading with an id given a link to itself, to copy and share (``label``: what a
    screen reader says of it)."""

    def anchored(match: re.Match[str]) -> str:
        tag, before, ident, after, text = match.groups()
        return (f'<{tag}{before} id="{ident}"{after}>{text} <a class="anchor" href="#{ident}" '
                f'aria-label="{escape(label)}">#</a></{tag}>')

    return _HEADING.sub(anchored, html)


@dataclass(frozen=True)
class Place:
    """Something a page holds, under the heading it falls under."""

    kind: str
    """'heading', 'card' (a card's name, linked) or 'id' (any other element with an id)."""
    value: str
    """The heading's or element's id, or the card's number."""
    heading: str
    """The id of the heading it falls under ('' before the first)."""
    title: str
    """That heading's text."""


def places(html: str) -> Iterator[Place]:
    """Headings, ids and card names of ``html``, in order, each with its heading."""
    heading, title = "", ""
    for match in _PLACE.finditer(html):
        if match.group(1):
            heading, title = match.group(2), plain(match.group(3))
            yield Place("heading", heading, heading, title)
        elif match.group(4):
            yield Place("card", match.group(4), heading, title)
        else:
            yield Place("id", match.group(5), heading, title)


def sections(html: str, deepest: int = 3) -> Iterator[tuple[str, str, str]]:
    """The page cut at its headings down to level ``deepest``: (id, title, plain text) of
    each part that starts with a heading."""
    cuts = [m for m in _HEADING.finditer(html) if int(m.group(1)[1]) <= deepest]
    for match, after in zip(cuts, [*cuts[1:], None], strict=True):
        end = after.start() if after is not None else len(html)
        yield match.group(3), plain(match.group(5)), plain(html[match.end():end])


_FACE = re.compile(r'<article class="face" role="img" aria-label="[^"]*">')


def notes_in_text(html: str) -> str:
    """Each callout (an ``aside`` in the printed rules) as a note within the text: on a web
    page an ``aside`` is a landmark of the page, beside the text rather than in it.  A
    `{face}` is an image linked to its card's page here, named by its own alt: the printed
    face's picture role (a tagged PDF's Figure) would hide the link inside it."""
    html = _FACE.sub('<article class="face">', html)
    return html.replace('<aside class="callout', '<div role="note" class="callout').replace(
        "</aside>", "</div>")


_ICON = re.compile(r'<span class="icon icon-([^"]+)" role="img" aria-label="[^"]*">')


def icon_names(html: str, names: Mapping[str, str]) -> str:
    """Each icon named as the edition names it (game.yaml's ``icons``: "Coin", "Moeda"), not
    by its token, for a screen reader."""
    return _ICON.sub(lambda m: f'<span class="icon icon-{m.group(1)}" role="img" aria-label="'
                     f'{escape(names.get(m.group(1), m.group(1)))}">', html)
