"""Checks across cards: unique numbers, number ranges, deck composition, group sizes.

These need the whole game at once, so they run after every file has been
loaded and report everything they find.
"""

from __future__ import annotations

from collections import Counter

from publish.core.problems import Location, Problem
from publish.model.game import Card, Game


def check_game(game: Game) -> list[Problem]:
    """Every cross-card problem of ``game``.

    Counts are only checked where every card loaded: a card missing because
    of a syntax error would otherwise show up again as a wrong total.
    """
    problems = _check_each_card(game)
    if "*" not in game.incomplete:
        problems += _check_decks(game)
        if not game.incomplete:
            problems += _check_groups(game)
    return problems


def _check_each_card(game: Game) -> list[Problem]:
    config = game.config
    problems = []
    first: dict[str, Card] = {}
    for card in game.cards:
        where = card.where("number")
        if card.number in first:
            other = first[card.number]
            problems.append(Problem(where, f"duplicate number {card.number}: '{card.name}' and "
                                           f"'{other.name}' ({other.where('number')})"))
        else:
            first[card.number] = card
        kind = config.card_kinds[card.kind]
        low, high = kind.numbers
        if not low <= int(card.number) <= high:
            digits = config.number_digits
            problems.append(Problem(where, f"number {card.number} is out of range for kind "
                                           f"'{card.kind}' ({low:0{digits}d}-{high:0{digits}d}); "
                                           "renumber the card or change its kind"))
        if card.group and config.groups and not kind.grouped:
            field = config.groups.field
            problems.append(Problem(card.where(field), f"cards of kind '{card.kind}' have no "
                                                       f"{field}; remove '{field}'"))
        repeated = sorted(tag for tag, n in Counter(card.tags).items() if n > 1)
        if repeated:
            problems.append(Problem(card.where("tags"), f"card {card.number}: tag "
                                    f"{', '.join(repeated)} given more than once; list it once"))
        if card.home_deck not in card.copies:
            problems.append(Problem(card.where("copies"),
                                    f"copies must include this file's deck '{card.home_deck}'"))
    return problems


def _deck_location(game: Game, deck: str) -> Location:
    return game.deck_sources.get(deck) or game.config_source.locate(("decks", deck))


def _check_decks(game: Game) -> list[Problem]:
    config = game.config
    problems = []
    for deck, spec in config.decks.items():
        if deck in game.incomplete:
            continue
        cards = game.deck_cards(deck)
        where = _deck_location(game, deck)
        if not cards:
            problems.append(Problem(where, f"deck '{deck}' has no cards: add a file in "
                                           f"decks/ with 'deck: {deck}'"))
            continue
        if spec.expect is None:
            continue
        rule = game.config_source.locate(("decks", deck, "expect"))
        copies: Counter[str] = Counter()
        for card in cards:
            n = card.copies[deck]
            copies["cards"] += n
            copies[f"kind:{card.kind}"] += n
            copies["grouped"] += n if card.group else 0
        wanted = [("cards", spec.expect.cards, "cards")]
        wanted += [(f"kind:{k}", n, f"cards of kind '{k}'") for k, n in spec.expect.kinds.items()]
        field = config.groups.field if config.groups else "group"
        wanted.append(("grouped", spec.expect.grouped, f"cards with an {field}"
                       if field[0] in "aeiou" else f"cards with a {field}"))
        for key, expected, what in wanted:
            if expected is not None and copies[key] != expected:
                problems.append(Problem(where, f"deck '{deck}' has {copies[key]} {what}, counting "
                                               f"copies; game.yaml expects {expected} "
                                               f"(line {rule.line})"))
    return problems


def _check_groups(game: Game) -> list[Problem]:
    groups = game.config.groups
    if not groups or groups.cards_each is None:
        return []
    members: dict[str, list[Card]] = {g: [] for g in groups.values}
    for card in game.cards:
        if card.group:
            members[card.group].append(card)
    problems = []
    for group, cards in members.items():
        count = sum(sum(c.copies.values()) for c in cards)
        if count != groups.cards_each:
            listed = ", ".join(c.number for c in cards) or "none"
            problems.append(Problem(game.config_source.locate(("groups", "values", group)),
                                    f"{groups.field} '{group}' has {count} cards "
                                    f"({listed}); game.yaml expects {groups.cards_each}"))
    return problems
