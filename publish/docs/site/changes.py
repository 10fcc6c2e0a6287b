"""The website's changes page, and each changed rule marked where it stands.

When game.yaml names an earlier version (``changes_since``), the build
compares it once (publish.app.changes.since) and each edition's site shows
the same comparison as the manual's "changes" part: ``changes.html`` lists
the changed cards and rules paragraphs, the words marked; on its chapter's
page each changed paragraph (heading, list item, table cell...) is
highlighted, with a mark linking to its entry on the changes page, which
links back to it.  A paragraph is found by the line its text starts on in
the source-language file, as the catalogs and the comparison name it.
"""

from __future__ import annotations

from dataclasses import dataclass

from markdown_it.token import Token
from markupsafe import Markup

from publish.docs.changes.data import EditionChanges, ParagraphChange
from publish.docs.changes.page import Changelog, changelog, rule_anchor
from publish.docs.context import Source
from publish.docs.edition import Edition, heading_text
from publish.docs.messages import rel

PAGE = "changes.html"
"""The changes page, under the edition's folder."""

@dataclass(frozen=True)
class Place:
    """Where a changed paragraph stands: its chapter's title, page and the id on it."""

    chapter: str
    page: str
    anchor: str


def _mark(inline: Token, holder: Token, line: int, entry: str, title: str, said: str) -> str:
    """``holder`` (the paragraph's block) highlighted with an id, a mark at the end of its
    text linking to ``entry`` on the changes page; the id returned."""
    anchor = str(holder.attrGet("id") or f"changed-{line}")
    holder.attrSet("id", anchor)
    holder.attrJoin("class", "changed")
    mark = Markup(' <a class="changed-mark" href="../{page}#{entry}" title="{title}">{said}</a>'
                  ).format(page=PAGE, entry=entry, title=title, said=said)
    inline.children = [*(inline.children or []), Token("html_inline", "", 0, content=str(mark))]
    return anchor


def _marked(source: Source, lines: dict[int, str], title: str, said: str) -> dict[int, str]:
    """Mark each paragraph of ``source`` starting on one of ``lines`` (line -> its entry on
    the changes page); line -> the id it got."""
    found: dict[int, str] = {}
    open_blocks: list[Token] = []
    for token in source.tokens:
        if token.nesting == 1:
            open_blocks.append(token)
        elif token.nesting == -1 and open_blocks:
            open_blocks.pop()
        elif token.type == "inline" and token.map and token.map[0] + 1 in lines:
            line = token.map[0] + 1
            holder = next((t for t in reversed(open_blocks) if not t.hidden), None)
            if holder is not None and line not in found:
                found[line] = _mark(token, holder, line, lines[line], title, said)
    return found


def mark_changed(edition: Edition, changes: EditionChanges, chapter_ids: dict[str, str]
                 ) -> dict[tuple[str, int], Place]:
    """Mark every changed paragraph where it stands in the chapters (before they are
    rendered); (file, line) -> where it stands.  ``chapter_ids``: each chapter's file -> the
    name of its page (``rules/<id>.html``)."""
    gettext = edition.gettext
    since = edition.game.config.changes_since or ""
    title, said = gettext("Changes since {version}").format(version=since), gettext("changed")
    places: dict[tuple[str, int], Place] = {}
    for source in edition.chapters:
        file = rel(edition.game, source.path)
        lines = {change.line: rule_anchor(index)
                 for index, change in enumerate(changes.rules, start=1)
                 if change.file == file and change.new}
        chapter = heading_text(source.headings[0].html) if source.headings else file
        for line, anchor in _marked(source, lines, title, said).items():
            places[(file, line)] = Place(chapter, f"rules/{chapter_ids[file]}.html", anchor)
    return places


def site_changelog(edition: Edition, changes: EditionChanges,
                   places: dict[tuple[str, int], Place]) -> Changelog:
    """The changes page's changelog: each changed paragraph linked to where it stands."""

    def placed(change: ParagraphChange) -> tuple[str, str]:
        place = places.get((change.file, change.line))
        if place is None:
            return change.file, ""
        return place.chapter, f"{place.page}#{place.anchor}"

    return changelog(changes, edition.game, edition.game.config.changes_since or "", placed)
