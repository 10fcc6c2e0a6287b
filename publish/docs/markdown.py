"""Rules Markdown: markdown-it-py with our directives for cards, lists, examples and icons.

Directives are written in braces (`{card 049}`, `{cards tag=campo}`,
`{ideology id}`, `{example stem}`, `{hegemonies}`) and resolved against the
card data when rendering, so a renamed card is renamed everywhere.  Raw HTML
in the sources is escaped: rules text is data.  Every problem is collected
with its file, line and column; the caller raises them together.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markupsafe import Markup, escape
from mdit_py_plugins.container import container_plugin
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

from publish.docs.query import QueryError, parse_query
from publish.i18n.extract import FRONT_MATTER_MESSAGES, has_words, normalise, rel
from publish.i18n.translate import Translator
from publish.model import Card, Game, Typography
from publish.problems import Location, Problem, did_you_mean
from publish.text import ICON, untranslated

DIRECTIVE = re.compile(
    r"\{(card|cards|face|ideology|example|hegemonies|for|icons|record-sheet)"
    r"(?:\s+([^{}]*?))?\s*\}")
BLOCK_ONLY = {"example", "hegemonies", "face", "icons", "record-sheet"}
CALLOUTS = ("dica", "atencao", "nota")


@dataclass
class Labels:
    """Words the renderer itself prints, in the edition's language."""

    callouts: dict[str, str]
    list_joiner: Callable[[list[str]], str]
    card_number: str = "№ {number}"
    example_meta: str = "{players} jogadores · modo {mode} · {decks}"
    quotes: str = "\u201c\u201d\u2018\u2019"


@dataclass
class RulesContext:
    """What directives resolve against: the game, the edition and what the build knows."""

    game: Game
    locale: str
    icons: dict[str, str]
    labels: Labels
    link_cards: bool = True
    examples_dir: Path | None = None
    check_example: Callable[[Path], list[Problem]] | None = None
    face_html: Callable[[Card], Markup] | None = None
    words: Translator | None = None
    hegemonies: dict[str, Markup] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    examples_shown: list[str] = field(default_factory=list)
    cards_shown: set[str] = field(default_factory=set)
    """Numbers of the cards rendered so far (what an output shows, for incremental builds)."""

    def fail(self, where: Location, message: str) -> Markup:
        """Record a problem; mark the spot in the output (a failed build shows no PDF anyway)."""
        self.problems.append(Problem(where, message))
        return Markup('<span class="error">{}</span>').format(message)


@dataclass
class Heading:
    level: int
    id: str
    html: Markup


@dataclass
class Source:
    """One parsed Markdown file."""

    path: Path
    tokens: list[Token]
    meta: dict[str, Any]
    headings: list[Heading]


def _slug(text: str) -> str:
    import unicodedata

    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "s"


# ---------------------------------------------------------------- parsing


def _directive_rule(state: StateInline, silent: bool) -> bool:
    if state.src[state.pos] != "{":
        return False
    match = DIRECTIVE.match(state.src, state.pos)
    if match is None:
        return False
    if not silent:
        token = state.push("directive", "", 0)
        token.meta = {"name": match[1], "arg": " ".join((match[2] or "").split()),
                      "offset": state.pos}
    state.pos = match.end()
    return True


def _icon_rule(state: StateInline, silent: bool) -> bool:
    if state.src[state.pos] != ":":
        return False
    match = ICON.match(state.src, state.pos)
    if match is None:
        return False
    if not silent:
        token = state.push("icon", "", 0)
        token.meta = {"name": match[1], "offset": state.pos}
    state.pos = match.end()
    return True


def _callout_valid(params: str, markup: str) -> bool:
    return bool(params.strip())


def new_parser(quotes: str = "\u201c\u201d\u2018\u2019") -> MarkdownIt:
    """CommonMark with tables, definition lists, front matter, callouts and our directives.

    Straight quotes become the edition's quotation marks (``quotes``: opening,
    closing, inner opening, inner closing).
    """
    md = MarkdownIt("commonmark", {"html": False, "typographer": True, "quotes": quotes})
    md.enable(["table", "smartquotes"])
    front_matter_plugin(md)
    deflist_plugin(md)
    container_plugin(md, "callout", validate=_callout_valid)
    md.inline.ruler.before("text", "directive", _directive_rule)
    md.inline.ruler.before("text", "icon", _icon_rule)
    return md


def _locate(path: Path, inline: Token, offset: int, fallback_line: int) -> Location:
    translated = (inline.meta or {}).get("translation")
    if translated is not None:  # the text came from a catalog: point at its entry
        return translated
    start = inline.map[0] if inline.map else fallback_line
    before = inline.content[:offset]
    line = start + 1 + before.count("\n")
    col = offset - (before.rfind("\n") + 1) + 1
    return Location(path, line, col)


class RulesMarkdown:
    """Parses and renders the rules sources of one edition against its game."""

    def __init__(self, ctx: RulesContext) -> None:
        self.ctx = ctx
        self.md = new_parser(ctx.labels.quotes)
        self._ids: set[str] = set()
        self._cards_by_name = {c.name: c for c in ctx.game.cards}
        for name, rule in (("directive", self._render_directive), ("icon", self._render_icon),
                           ("untranslated_open", lambda *_: '<span class="untranslated">'),
                           ("untranslated_close", lambda *_: "</span>"),
                           ("directive_block", self._render_block),
                           ("container_callout_open", self._render_callout),
                           ("container_callout_close", self._render_callout),
                           ("fence", self._render_fence), ("front_matter", lambda *_: "")):
            self.md.renderer.rules[name] = rule

    # -------------------------------------------------------- reading

    def parse_file(self, path: Path, prefix: str | None = None) -> Source:
        return self.parse_text(path.read_text(encoding="utf-8"), path, prefix)

    def parse_text(self, text: str, path: Path, prefix: str | None = None) -> Source:
        """Tokens of one file, with locations, heading ids and block directives resolved."""
        tokens = self.md.parse(text, {"path": path})
        words = self.ctx.words
        if words is not None and not words.is_source:
            self._translate(tokens, rel(self.ctx.game, path), words)
        meta: dict[str, Any] = {}
        last_line = 0
        for token in tokens:
            if token.map:
                last_line = token.map[0]
            if token.type == "front_matter":
                meta = self._front_matter(token, path)
                if words is not None and not words.is_source:
                    meta = self._translate_meta(meta, rel(self.ctx.game, path), words)
            if token.type == "inline":
                for child in token.children or []:
                    if child.type in ("directive", "icon"):
                        child.meta["where"] = _locate(path, token, child.meta["offset"],
                                                      last_line)
        tokens = _lift_block_directives(tokens)
        self._check_blocks(tokens, path)
        self._variant_steps(tokens)
        headings = self._headings(tokens, prefix or _slug(path.stem))
        self._hegemony_sections(tokens)
        self._typed_card_names(tokens, path)
        return Source(path, tokens, meta, headings)

    def _translate(self, tokens: list[Token], context: str, words: Translator) -> None:
        """Each text of the source in the edition's language; untranslated ones marked."""
        for token in tokens:
            if token.type == "container_callout_open":
                kind, _, title = token.info.strip().partition(" ")
                if has_words(title):
                    text, _done = words.text("rules", context, normalise(title))
                    token.info = f"{kind} {text}"
            if token.type != "inline" or not has_words(token.content):
                continue
            found = words.get("rules", context, normalise(token.content))
            if found is None:
                kids = token.children or []
                token.children = [Token("untranslated_open", "span", 1), *kids,
                                  Token("untranslated_close", "span", -1)]
                continue
            parsed = self.md.parseInline(found.text, {})
            token.content = found.text
            token.children = parsed[0].children if parsed else []
            token.meta = {**(token.meta or {}), "translation": found.where}

    @staticmethod
    def _translate_meta(meta: dict[str, Any], context: str, words: Translator) -> dict[str, Any]:
        out = dict(meta)
        for name in FRONT_MATTER_MESSAGES:
            value = meta.get(name)
            if isinstance(value, str) and has_words(value):
                out[name] = words.text("rules", context, normalise(value))[0]
        return out

    def _variant_steps(self, tokens: list[Token]) -> None:
        """`1. {for a b} text`: a step written once that applies to some groups (factions).

        The list item is marked with its groups; `{for}` anywhere else is an error.
        """
        for i, token in enumerate(tokens):
            for j, child in enumerate(token.children or []):
                if child.type != "directive" or child.meta["name"] != "for":
                    continue
                opens = (i >= 2 and j == 0 and tokens[i - 2].type == "list_item_open"
                         and tokens[i - 1].type == "paragraph_open")
                if not opens:
                    self.ctx.fail(child.meta["where"], "{for ...} must begin a list item: "
                                  "'3. {for faction} the step'")
                    continue
                groups = self._group_ids(child.meta["arg"], child.meta["where"])
                tokens[i - 2].attrSet("class", "variant " + " ".join(
                    f"for-{g}" for g in groups))
                child.meta["groups"] = groups

    def _group_ids(self, arg: str, where: Location) -> list[str]:
        groups = self.ctx.game.config.groups
        values = groups.values if groups else {}
        ids = arg.replace(",", " ").split()
        if not ids:
            self.ctx.fail(where, "{for} needs the groups it applies to: {for smugglers}")
        for gid in ids:
            if gid not in values:
                self.ctx.fail(where, f"{{for {arg}}}: unknown group '{gid}'"
                              f"{did_you_mean(gid, values)}; known: {', '.join(values)}")
        return [g for g in ids if g in values]

    def _typed_card_names(self, tokens: list[Token], path: Path) -> None:
        """A card name typed in bold or italics would not follow a rename: ask for a reference."""
        names = {" ".join(c.name.split()).casefold(): c for c in self.ctx.game.cards}
        last_line = 0
        for token in tokens:
            if token.map:
                last_line = token.map[0]
            kids = token.children or []
            for j in range(len(kids) - 2):
                if (kids[j].type in ("strong_open", "em_open") and kids[j + 1].type == "text"
                        and kids[j + 2].type in ("strong_close", "em_close")):
                    card = names.get(" ".join(kids[j + 1].content.split()).casefold())
                    if card is not None:
                        self.ctx.fail(Location(path, last_line + 1, 1),
                                      f"'{kids[j + 1].content}' is the name of card {card.number}: "
                                      f"write {{card {card.number}}} so a rename reaches this text")

    def _front_matter(self, token: Token, path: Path) -> dict[str, Any]:
        try:
            data = yaml.safe_load(token.content) or {}
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = (token.map[0] + 2 + mark.line) if mark and token.map else 1
            self.ctx.problems.append(Problem(Location(path, line, 1), f"front matter: {exc}"))
            return {}
        if not isinstance(data, dict):
            self.ctx.problems.append(Problem(Location(path, 1, 1),
                                             "front matter must be a mapping (key: value)"))
            return {}
        return data

    def _check_blocks(self, tokens: list[Token], path: Path) -> None:
        for token in tokens:
            for child in token.children or []:
                if child.type == "directive" and child.meta["name"] in BLOCK_ONLY:
                    self.ctx.fail(child.meta["where"],
                                  f"{{{child.meta['name']}}} must be a paragraph of its own")

    def unique_id(self, wanted: str) -> str:
        candidate, n = wanted, 2
        while candidate in self._ids:
            candidate, n = f"{wanted}-{n}", n + 1
        self._ids.add(candidate)
        return candidate

    def _headings(self, tokens: list[Token], prefix: str) -> list[Heading]:
        headings = []
        for i, token in enumerate(tokens):
            if token.type != "heading_open":
                continue
            level = int(token.tag[1])
            html = self.render_inline(tokens[i + 1])
            text = re.sub(r"<[^>]+>", "", str(html))
            ident = self.unique_id(prefix if level == 1 else f"{prefix}--{_slug(text)}")
            token.attrSet("id", ident)
            headings.append(Heading(level, ident, html))
        return headings

    def _hegemony_sections(self, tokens: list[Token]) -> None:
        """`### {ideology id}`: the paragraph that follows is that group's condition."""
        for i, token in enumerate(tokens):
            if token.type != "heading_open":
                continue
            kids = [c for c in tokens[i + 1].children or []
                    if c.type != "text" or c.content.strip()]
            if len(kids) != 1 or kids[0].type != "directive" or kids[0].meta["name"] != "ideology":
                continue
            group = kids[0].meta["arg"]
            following = next((j for j in range(i + 3, len(tokens))
                              if tokens[j].type in ("paragraph_open", "heading_open")), None)
            if following is None or tokens[following].type != "paragraph_open":
                self.ctx.fail(kids[0].meta["where"], f"hegemony section of '{group}' has no "
                              "paragraph: write its condition right under the heading")
                continue
            self.ctx.hegemonies[group] = self.render_inline(tokens[following + 1])

    # -------------------------------------------------------- writing

    def render(self, source: Source) -> Markup:
        return Markup(self.md.renderer.render(source.tokens, self.md.options,
                                              {"path": source.path}))

    def render_inline(self, inline: Token) -> Markup:
        return Markup(self.md.renderer.renderInline(inline.children or [], self.md.options, {}))

    def render_markdown_inline(self, text: str, path: Path) -> Markup:
        """A short Markdown text (a card's notes) as inline HTML."""
        tokens = self.md.parseInline(text, {"path": path})
        for token in tokens:
            for child in token.children or []:
                if child.type in ("directive", "icon"):
                    child.meta["where"] = _locate(path, token, child.meta["offset"], 0)
        return Markup(self.md.renderer.render(tokens, self.md.options, {"path": path}))

    def card_link(self, card: Card) -> Markup:
        self.ctx.cards_shown.add(card.number)
        name = untranslated(card.name, "name" in card.untranslated)
        if self.ctx.link_cards:
            return Markup('<a class="cardref" href="#card-{}">{}</a>').format(card.number, name)
        return Markup('<span class="cardref">{}</span>').format(name)

    def find_card(self, arg: str, where: Location) -> Card | None:
        game = self.ctx.game
        if arg.isdigit():
            number = arg.zfill(game.config.number_digits)
            try:
                return game.card(number)
            except KeyError:
                numbers = [c.number for c in game.cards]
                self.ctx.fail(where, f"{{card {arg}}}: no card numbered {number}"
                              f"{did_you_mean(number, numbers)}")
                return None
        card = self._cards_by_name.get(arg)
        if card is None:
            self.ctx.fail(where, f"{{card {arg}}}: no card has this name"
                          f"{did_you_mean(arg, self._cards_by_name)}; write its number or "
                          "its name exactly as in the deck file")
        return card

    def _render_directive(self, tokens: Sequence[Token], idx: int, _o: Any,
                          _env: Any) -> str:
        meta = tokens[idx].meta
        name, arg, where = meta["name"], meta["arg"], meta["where"]
        if name == "card":
            if not arg:
                return self.ctx.fail(where, "{card} needs a number or a name: {card 049}")
            card = self.find_card(arg, where)
            return self.card_link(card) if card else ""
        if name == "ideology":
            return self.group_name(arg, where)
        if name == "cards":
            return self.card_list(arg, where, block=False)
        if name == "for":
            return self.variant_badges(meta.get("groups", []))
        return ""  # block-only directives were reported when parsing

    def variant_badges(self, groups: list[str]) -> Markup:
        """The groups a variant step applies to, as coloured labels (with their icon if any)."""
        values = self.ctx.game.config.groups.values if self.ctx.game.config.groups else {}
        pills = Markup("").join(Markup(
            '<span class="pill group-{0}" style="background: {1}">{2}{3}</span>').format(
            gid, values[gid].colour,
            Markup(self.ctx.icons[gid]) if gid in self.ctx.icons else "", values[gid].name)
            for gid in groups)
        return Markup('<span class="for">{}</span>').format(pills)

    def group_name(self, arg: str, where: Location) -> Markup:
        groups = self.ctx.game.config.groups
        values = groups.values if groups else {}
        if arg not in values:
            return self.ctx.fail(where, f"{{ideology {arg}}}: unknown group"
                                 f"{did_you_mean(arg, values)}; known: {', '.join(values)}")
        return Markup('<span class="group group-{}">{}</span>').format(arg, values[arg].name)

    def card_list(self, arg: str, where: Location, block: bool) -> Markup:
        try:
            query = parse_query(arg, self.ctx.game)
            cards = query.select(self.ctx.game)
        except QueryError as exc:
            return self.ctx.fail(where, str(exc))
        show = query.show or ("list" if block else "inline")
        label = Markup(' data-query="{}"').format(arg)
        if show == "inline":
            joined = self.ctx.labels.list_joiner([str(self.card_link(c)) for c in cards])
            return Markup('<span class="card-query"{}>{}</span>').format(label, Markup(joined))
        if show == "list":
            items = Markup("").join(
                Markup('<li><span class="num">{}</span> {}</li>').format(c.number,
                                                                          self.card_link(c))
                for c in cards)
            return Markup('<ul class="card-query card-columns"{}>{}</ul>').format(label, items)
        rows = Markup("").join(
            Markup('<tr><td class="num">{}</td><td class="name">{}</td><td>{}</td></tr>').format(
                c.number, self.card_link(c), self.effect_html(c, query.blocks)) for c in cards)
        return Markup('<table class="card-query card-table"{}><tbody>{}</tbody></table>').format(
            label, rows)

    def effect_html(self, card: Card, only: frozenset[str] = frozenset()) -> Markup:
        """A card's effect text, styled by the edition's typography, as in the card list.

        ``only``: the kinds of block to show (all if empty).
        """
        from publish.text import UnknownIcon, style_blocks

        self.ctx.cards_shown.add(card.number)
        typography = self.ctx.game.config.typography.get(self.ctx.locale) or Typography()
        texts = [b.text for b in card.blocks]
        try:
            html = style_blocks(texts, typography, self.ctx.icons)
        except UnknownIcon as exc:
            return self.ctx.fail(card.where("text"), f"card {card.number}: {exc}")
        return Markup(" ").join(
            Markup('<span class="fx fx-{}{}">{}</span>').format(
                b.kind or "text", " untranslated" if f"text {i}" in card.untranslated else "", h)
            for i, (b, h) in enumerate(zip(card.blocks, html, strict=True), start=1)
            if not only or b.kind in only)

    def _render_icon(self, tokens: Sequence[Token], idx: int, _o: Any,
                     _env: Any) -> str:
        meta = tokens[idx].meta
        name = meta["name"]
        if name not in self.ctx.icons:
            known = ", ".join(sorted(self.ctx.icons)) or "none"
            return self.ctx.fail(meta["where"], f"unknown icon :{name}: (known icons: {known})")
        return Markup('<span class="icon icon-{0}" role="img" aria-label="{0}">{1}</span>').format(
            name, Markup(self.ctx.icons[name]))

    def _render_block(self, tokens: Sequence[Token], idx: int, _o: Any,
                      _env: Any) -> str:
        meta = tokens[idx].meta
        name, arg, where = meta["name"], meta["arg"], meta["where"]
        if name == "cards":
            return self.card_list(arg, where, block=True)
        if name == "hegemonies":
            return self.hegemony_table(where)
        if name == "example":
            return self.example(arg, where)
        if name == "face":
            return self.faces(arg, where)
        if name == "icons":
            return self.icon_legend(arg, where)
        if name == "record-sheet":
            return self.record_sheet(arg, where)
        return Markup("<p>{}</p>").format(self._render_directive(tokens, idx, _o, _env))

    def faces(self, arg: str, where: Location) -> Markup:
        """`{face 049 "Nova geração"}`: cards as printed, side by side, at their real size."""
        if not arg:
            return self.ctx.fail(where, "{face} needs card numbers or names: {face 049 998}")
        if self.ctx.face_html is None:
            return self.ctx.fail(where, f"{{face {arg}}}: this game has no card faces "
                                 f"(templates/{self.ctx.game.id}/cards.html.j2)")
        try:
            words = shlex.split(arg)
        except ValueError as exc:
            return self.ctx.fail(where, f"{{face {arg}}}: {exc}")
        cards = [self.find_card(word, where) for word in words]
        self.ctx.cards_shown.update(card.number for card in cards if card is not None)
        figures = Markup("").join(Markup('<div class="face">{}</div>').format(
            self.ctx.face_html(card)) for card in cards if card is not None)
        return Markup('<figure class="faces">{}</figure>').format(figures)

    def icon_legend(self, arg: str, where: Location) -> Markup:
        """`{icons}` or `{icons kind=resource}`: each icon, its token and what it stands for."""
        declared = self.ctx.game.config.icons
        kind = None
        if arg:
            name, sep, kind = arg.partition("=")
            kinds = sorted({spec.kind for spec in declared.values()})
            if name != "kind" or not sep or kind not in kinds:
                return self.ctx.fail(where, f"{{icons {arg}}}: write {{icons}} or "
                                     f"{{icons kind=...}} with a kind of game.yaml's icons "
                                     f"({', '.join(kinds) or 'none declared'})")
        rows = []
        for token in self.ctx.icons:
            spec = declared.get(token)
            if kind and (spec is None or spec.kind != kind):
                continue
            rows.append(Markup(
                '<tr><td class="glyph"><span class="icon icon-{0}" role="img" aria-label="{0}">'
                '{1}</span></td><td class="token"><code>:{0}:</code></td><td>{2}</td>'
                '<td class="kind">{3}</td></tr>').format(
                token, Markup(self.ctx.icons[token]), spec.name if spec else token,
                spec.kind if spec else ""))
        return Markup('<table class="icon-legend"><tbody>{}</tbody></table>').format(
            Markup("").join(rows))

    def record_sheet(self, arg: str, where: Location) -> Markup:
        """`{record-sheet rows=8 columns="A|B|C" title="..."}`: a blank form, a page of its own."""
        try:
            options = dict(word.partition("=")[::2] for word in shlex.split(arg))
        except ValueError as exc:
            return self.ctx.fail(where, f"{{record-sheet {arg}}}: {exc}")
        unknown = set(options) - {"rows", "columns", "title"}
        rows = options.get("rows", "")
        columns = [c.strip() for c in options.get("columns", "").split("|") if c.strip()]
        if unknown or not rows.isdigit() or not 1 <= int(rows) <= 60 or not columns:
            return self.ctx.fail(where, f"{{record-sheet {arg}}}: write {{record-sheet rows=8 "
                                 'columns="Game|Score|Notes"}} (rows 1 to 60, an optional '
                                 'title="...")')
        head = Markup("").join(Markup("<th>{}</th>").format(self._inline(c, where))
                               for c in columns)
        empty = Markup("<tr>{}</tr>").format(Markup("<td></td>") * len(columns))
        title = options.get("title", "")
        # what the rows leave for the headings: two lines of them, and the title if any
        chrome = 23 if title else 12
        return Markup('<section class="record-sheet" style="--rows: {}; --chrome: {}mm">{}<table>'
                      '<thead><tr>{}</tr></thead><tbody>{}</tbody></table></section>').format(
            int(rows), chrome,
            Markup('<h2 class="sheet-title">{}</h2>').format(title) if title else "",
            head, empty * int(rows))

    def _inline(self, text: str, where: Location) -> Markup:
        """A short text with icons (a column heading), as inline HTML."""
        html = self.render_markdown_inline(text, where.path)
        return Markup(str(html).removeprefix("<p>").removesuffix("</p>\n"))

    def hegemony_table(self, where: Location) -> Markup:
        groups = self.ctx.game.config.groups
        if groups is None:
            return self.ctx.fail(where, "{hegemonies}: this game declares no groups")
        rows = []
        for gid, value in groups.values.items():
            condition = self.ctx.hegemonies.get(gid)
            if condition is None:
                condition = self.ctx.fail(where, f"{{hegemonies}}: no hegemony section for "
                                          f"'{gid}'; add a heading '### {{ideology {gid}}}' "
                                          "followed by its condition")
            cards = [c for c in self.ctx.game.cards if c.group == gid]
            names = Markup(self.ctx.labels.list_joiner(
                [str(self.card_link(c)) for c in sorted(cards, key=lambda c: c.number)]))
            rows.append(Markup(
                '<tr class="group-{0}"><th><span class="swatch" style="background: {1}"></span>'
                '{2}</th><td class="condition">{3}</td><td class="cards">{4}</td></tr>'
            ).format(gid, value.colour, value.name, condition, names))
        return Markup('<table class="hegemonies"><tbody>{}</tbody></table>').format(
            Markup("").join(rows))

    def example(self, stem: str, where: Location) -> Markup:
        folder = self.ctx.examples_dir
        path = folder / f"{stem}.md" if folder else None
        if path is None or not path.is_file():
            known = (sorted(p.stem for p in folder.glob("*.md"))
                     if folder and folder.is_dir() else [])
            return self.ctx.fail(where, f"{{example {stem}}}: no such example"
                                 f"{did_you_mean(stem, known)}; examples: {', '.join(known)}")
        if self.ctx.check_example is not None:
            findings = self.ctx.check_example(path)
            if findings:
                self.ctx.problems.extend(findings)
                return self.ctx.fail(where, f"{{example {stem}}}: the log no longer replays "
                                     "with the current cards (findings above)")
        self.ctx.examples_shown.append(stem)
        source = self.parse_file(path, prefix=f"example-{stem}")
        meta = source.meta
        title = meta.get("title") or stem
        decks = self.ctx.game.config.decks
        deck_names = self.ctx.labels.list_joiner(
            [decks[d].name if d in decks else str(d) for d in meta.get("decks") or []])
        line = self.ctx.labels.example_meta.format(
            players=meta.get("players", "?"), mode=meta.get("mode", "?"), decks=deck_names)
        ident = self.unique_id(f"example-{stem}")
        return Markup(
            '<section class="example" id="{0}"><h3 class="example-title">{1}</h3>'
            '<p class="example-meta">{2}</p>{3}</section>'
        ).format(ident, title, line, self.render(source))

    def _render_callout(self, tokens: Sequence[Token], idx: int, _o: Any,
                        env: Any) -> str:
        token = tokens[idx]
        if token.nesting == -1:
            return "</aside>\n"
        kind, _, title = token.info.strip().partition(" ")
        if kind not in CALLOUTS:
            where = Location(env.get("path", Path("?")), (token.map[0] + 1) if token.map else 0, 1)
            self.ctx.fail(where, f"unknown callout '::: {kind}'{did_you_mean(kind, CALLOUTS)}; "
                          f"kinds: {', '.join(CALLOUTS)}")
        label = title.strip() or self.ctx.labels.callouts.get(kind, kind)
        return str(Markup('<aside class="callout callout-{}"><p class="callout-title">{}</p>\n')
                   .format(kind, label))

    def _render_fence(self, tokens: Sequence[Token], idx: int, _o: Any,
                      _env: Any) -> str:
        token = tokens[idx]
        lang = token.info.strip().split(" ")[0] if token.info else ""
        lines = [line for line in token.content.strip("\n").split("\n")]
        body = Markup("\n").join(escape(line) for line in lines)
        return str(Markup('<pre class="log log-{}">{}</pre>\n').format(lang or "text", body))


def _lift_block_directives(tokens: list[Token]) -> list[Token]:
    """A paragraph holding only a directive becomes one block token (a list, a table...)."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if (token.type == "paragraph_open" and i + 2 < len(tokens)
                and tokens[i + 2].type == "paragraph_close"):
            kids = [c for c in tokens[i + 1].children or []
                    if not (c.type in ("text", "softbreak") and not c.content.strip())]
            if len(kids) == 1 and kids[0].type == "directive":
                block = Token("directive_block", "", 0, map=token.map, block=True)
                block.meta = kids[0].meta
                out.append(block)
                i += 3
                continue
        out.append(token)
        i += 1
    return out
