"""`{icons}`: the legend of the game's icons, each with its token and what it stands for."""

from __future__ import annotations

from markupsafe import Markup

from publish.docs.directives.base import Call, Directive


def icon_legend(call: Call) -> Markup:
    """`{icons}` or `{icons kind=resource}`: every icon, or those of one kind of game.yaml's."""
    arg, ctx = call.arg, call.ctx
    declared = ctx.game.config.icons
    kind = None
    if arg:
        name, sep, kind = arg.partition("=")
        kinds = sorted({spec.kind for spec in declared.values()})
        if name != "kind" or not sep or kind not in kinds:
            return call.fail(f"{{icons {arg}}}: write {{icons}} or "
                             f"{{icons kind=...}} with a kind of game.yaml's icons "
                             f"({', '.join(kinds) or 'none declared'})")
    rows = []
    for token, svg in ctx.icons.items():
        spec = declared.get(token)
        if kind and (spec is None or spec.kind != kind):
            continue
        rows.append({"token": token, "svg": Markup(svg), "name": spec.name if spec else token,
                     "kind": spec.kind if spec else ""})
    return call.rules.html.icon_legend(rows)


ICONS = Directive(block=icon_legend)
