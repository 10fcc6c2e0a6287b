"""The manual's card list says which copies are per player: a per-player deck's count, and a
card whose own per_player differs from its deck's."""

from __future__ import annotations

import re
from pathlib import Path

from publish.docs.manual import ManualOptions, build_date, manual_context, manual_html
from publish.docs.rules import read_rules
from publish.model.load import load_game


def card_list_html(project: Path) -> str:
    game, problems = load_game(project, "moon")
    assert not problems
    edition = read_rules(game, "en", project=project)
    html = manual_html(edition, manual_context(edition, ManualOptions(), build_date()), None, {})
    return re.sub(r"\s+", " ", html)


def test_the_card_list_counts_a_per_player_deck_per_player(moon: Path):
    deck = moon / "cards" / "moon" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("    name: Lantern\n", "    name: Lantern\n    per_player: true\n",
                                 1), encoding="utf-8")
    starter = moon / "cards" / "moon" / "decks" / "starter.yaml"
    text = starter.read_text(encoding="utf-8")
    starter.write_text(text.replace("    copies: 2\n", "    copies: 2\n    per_player: false\n",
                                    1), encoding="utf-8")
    html = card_list_html(moon)
    assert "5 cards per player:" in html  # the starter deck: Apprentice 3, Travelling Pack 2
    assert "× 2 for the table" in html  # the Travelling Pack, shared though its deck is not
    assert "× 1 per player" in html  # the Lantern, one each though its deck is shared
    assert "5 cards:" in html  # the main deck counts as it did
