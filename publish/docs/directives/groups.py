"""The game's groups (game.yaml `groups`) in rules text.

`{for a b}` begins a step that applies to some groups.  `GroupSections`
makes a pair of directives: one names a group (`{group red}`); written as a
heading (`### {group red}`), it opens that group's section, whose first
paragraph is the group's condition; the other (`{groups}`) tables each group
with its condition and its cards.  A game's plug-in may make the pair under
its own words (a game package's directives module).
"""

from __future__ import annotations

from dataclasses import dataclass

from markdown_it.token import Token
from markupsafe import Markup

from publish.core.problems import Location, did_you_mean
from publish.docs.directives.base import Call, Directive, Rules, directive_tokens
from publish.model.game import Game


def group_values(game: Game) -> dict:
    groups = game.config.groups
    return groups.values if groups else {}


def variant_steps(rules: Rules, tokens: list[Token], name: str) -> None:
    """`1. {for a b} text`: a step written once that applies to some groups (factions).

    The list item is marked with its groups; `{for}` anywhere else is an error.
    """
    for i, j, child in directive_tokens(tokens, name):
        opens = (i >= 2 and j == 0 and tokens[i - 2].type == "list_item_open"
                 and tokens[i - 1].type == "paragraph_open")
        if not opens:
            rules.ctx.fail(child.meta["where"], "{for ...} must begin a list item: "
                           "'3. {for faction} the step'")
            continue
        groups = _group_ids(rules, child.meta["arg"], child.meta["where"])
        tokens[i - 2].attrSet("class", "variant " + " ".join(f"for-{g}" for g in groups))
        child.meta["groups"] = groups


def _group_ids(rules: Rules, arg: str, where: Location) -> list[str]:
    values = group_values(rules.ctx.game)
    ids = arg.replace(",", " ").split()
    if not ids:
        rules.ctx.fail(where, "{for} needs the groups it applies to: {for smugglers}")
    for gid in ids:
        if gid not in values:
            rules.ctx.fail(where, f"{{for {arg}}}: unknown group '{gid}'"
                           f"{did_you_mean(gid, values)}; known: {', '.join(values)}")
    return [g for g in ids if g in values]


def variant_badges(call: Call) -> Markup:
    """The groups a variant step applies to, as coloured labels (with their icon if any)."""
    values, icons = group_values(call.ctx.game), call.ctx.icons
    return call.rules.html.variant_badges([
        {"id": gid, "colour": values[gid].colour, "name": values[gid].name,
         "icon": Markup(icons[gid]) if gid in icons else ""}
        for gid in call.meta.get("groups", [])])


FOR = Directive(inline=variant_badges, parsed=variant_steps)


@dataclass(frozen=True)
class GroupSections:
    """A directive naming a group, whose headings open sections, and the table of them.

    ``heading`` and ``table`` are the directives' names; ``section`` is what
    the messages call a section.
    """

    heading: str = "group"
    table: str = "groups"
    section: str = "group section"

    def directives(self) -> dict[str, Directive]:
        return {self.heading: Directive(inline=self.name, parsed=self.sections),
                self.table: Directive(block=self.table_html)}

    def name(self, call: Call) -> Markup:
        """A group's name, coloured like its cards."""
        values = group_values(call.ctx.game)
        if call.arg not in values:
            return call.fail(f"{{{call.name} {call.arg}}}: unknown group"
                             f"{did_you_mean(call.arg, values)}; known: {', '.join(values)}")
        return call.rules.html.group_name(call.arg, values[call.arg].name)

    def sections(self, rules: Rules, tokens: list[Token], name: str) -> None:
        """`### {group id}`: the paragraph that follows is that group's condition."""
        conditions = rules.ctx.collected.setdefault(self.table, {})
        for i, token in enumerate(tokens):
            if token.type != "heading_open":
                continue
            kids = [c for c in tokens[i + 1].children or []
                    if c.type != "text" or c.content.strip()]
            if len(kids) != 1 or kids[0].type != "directive" or kids[0].meta["name"] != name:
                continue
            group = kids[0].meta["arg"]
            following = next((j for j in range(i + 3, len(tokens))
                              if tokens[j].type in ("paragraph_open", "heading_open")), None)
            if following is None or tokens[following].type != "paragraph_open":
                rules.ctx.fail(kids[0].meta["where"], f"{self.section} of '{group}' has no "
                               "paragraph: write its condition right under the heading")
                continue
            conditions[group] = rules.render_inline(tokens[following + 1])

    def table_html(self, call: Call) -> Markup:
        """Each group: its colour and name, its condition, and its cards."""
        rules, ctx = call.rules, call.ctx
        if ctx.game.config.groups is None:
            return call.fail(f"{{{call.name}}}: this game declares no groups")
        rows = []
        for gid, value in ctx.game.config.groups.values.items():
            condition = ctx.collected.get(call.name, {}).get(gid)
            if condition is None:
                condition = call.fail(f"{{{call.name}}}: no {self.section} for '{gid}'; add a "
                                      f"heading '### {{{self.heading} {gid}}}' followed by its "
                                      "condition")
            cards = sorted((c for c in ctx.game.cards if c.group == gid), key=lambda c: c.number)
            names = Markup(ctx.labels.list_joiner([str(rules.card_link(c)) for c in cards]))
            rows.append({"id": gid, "colour": value.colour, "name": value.name,
                         "condition": condition, "cards": names})
        return rules.html.group_table(call.name, rows)
