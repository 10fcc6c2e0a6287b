"""`{card}`, `{cards}` and `{face}`: cards named, listed by query, or drawn as printed."""

from __future__ import annotations

import shlex

from markupsafe import Markup

from publish.docs.directives.base import Call, Directive
from publish.docs.query import QueryError, parse_query
from publish.render.tagging import text_of


def card(call: Call) -> Markup:
    """`{card 049}` or `{card Some Name}`: the card's name, linked to the card list."""
    if not call.arg:
        return call.fail("{card} needs a number or a name: {card 049}")
    found = call.rules.find_card(call.arg, call.where, call.in_translation)
    return call.rules.card_link(found) if found else Markup("")


def card_list(call: Call, block: bool) -> Markup:
    """`{cards tag=field}`: the cards a query selects, joined in a sentence, listed or tabled."""
    rules, game = call.rules, call.ctx.game
    try:
        query = parse_query(call.arg, game)
        cards = query.select(game)
    except QueryError as exc:
        return call.fail(str(exc))
    show = query.show or ("list" if block else "inline")
    if show == "inline":
        joined = call.ctx.labels.list_joiner([str(rules.card_link(c)) for c in cards])
        return rules.html.cards_inline(call.arg, Markup(joined))
    if show == "list":
        return rules.html.cards_list(call.arg, [
            {"number": c.number, "link": rules.card_link(c)} for c in cards])
    return rules.html.cards_table(call.arg, [
        {"number": c.number, "link": rules.card_link(c),
         "effect": rules.effect_html(c, query.blocks)} for c in cards])


def faces(call: Call) -> Markup:
    """`{face 049 "Some Name"}`: cards as printed, side by side, at their real size."""
    arg, ctx = call.arg, call.ctx
    if not arg:
        return call.fail("{face} needs card numbers or names: {face 049 998}")
    if ctx.face_html is None:
        return call.fail(f"{{face {arg}}}: this game has no card faces "
                         f"(templates/{ctx.game.id}/cards.html.j2)")
    try:
        words = shlex.split(arg)
    except ValueError as exc:
        return call.fail(f"{{face {arg}}}: {exc}")
    cards = [call.rules.find_card(word, call.where, call.in_translation) for word in words]
    ctx.cards_shown.update(c.number for c in cards if c is not None)
    drawn = [ctx.face_html(c) for c in cards if c is not None]
    # each face labelled with its full text: what a screen reader says of the picture
    return call.rules.html.faces([{"html": face, "label": text_of(face)} for face in drawn])


CARD = Directive(inline=card)
CARDS = Directive(inline=lambda call: card_list(call, block=False),
                  block=lambda call: card_list(call, block=True))
FACE = Directive(block=faces)
