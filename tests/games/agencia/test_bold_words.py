"""Which words of each card are set in bold, in both editions: the whole list, by card.

Seed 000's guidelines for the card list set in bold one instance a card of the verbs
trocar (cards or hands), comprar, descartar and entregar, with the "não" beside them, and
of crise, revolta, campo, Nova geração and Liderança.  game.yaml's typography picks, for
each verb, the instance that marks the act the card orders (the block's effect tells an
act from a condition, a ban or a swap of structures); ``bold_words.txt`` lists what that
gives for every card, in both editions, and was reviewed by reading each line.  After a
change to the texts or the rules, write it again with
``python tests/games/agencia/test_bold_words.py`` and read what moved.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from conftest import REPO
from publish.i18n.translate import in_locale
from publish.model.game import Typography
from publish.model.load import load_game
from publish.model.text import style_blocks

LISTING = Path(__file__).with_name("bold_words.txt")
LOCALES = ("pt-BR", "en")
PIECE = re.compile(r"(<strong>|</strong>|<[^>]+>)|([^<]+)")


def bold_in(html: str) -> tuple[str, list[tuple[int, str]]]:
    """The text of a card's styled blocks and each bold stretch: (where it starts, words)."""
    text, found, start = "", [], None
    for tag, words in PIECE.findall(html):
        if tag == "<strong>":
            start = len(text)
        elif tag == "</strong>" and start is not None:
            found.append((start, text[start:]))
            start = None
        else:
            text += words
    return text, found


def named(text: str, where: int, words: str) -> str:
    """``words``, with which of their instances on the card it is when there are several
    (``draw@2``: the second "draw")."""
    starts = [m.start() for m in re.finditer(rf"(?<!\w){re.escape(words)}(?!\w)", text)]
    return words if len(starts) < 2 else f"{words}@{starts.index(where) + 1}"


@cache
def bold_words() -> dict[tuple[str, str], list[str]]:
    """(card number, locale) -> the words set in bold on its face, in printed order."""
    game, problems = load_game(REPO, "agencia")
    assert not problems
    words = {}
    for locale in LOCALES:
        edition, _ = in_locale(game, locale)
        typography = edition.config.typography.get(locale) or Typography()
        for card in edition.cards:
            html = style_blocks([b.text for b in card.blocks], typography,
                                effects=[b.effect for b in card.blocks],
                                kinds=[b.kind for b in card.blocks])
            text, found = bold_in(" ".join(str(h) for h in html))
            words[card.number, locale] = [named(text, where, w) for where, w in found]
    return words


def listing() -> str:
    """The list as ``bold_words.txt`` holds it: a line per card and edition."""
    return "".join(f"{number} {locale}: {' | '.join(found)}".rstrip() + "\n"
                   for (number, locale), found in sorted(bold_words().items()))


def test_the_bold_words_of_every_card_are_those_reviewed():
    assert len(bold_words()) == 2 * 214
    assert listing() == LISTING.read_text(encoding="utf-8")


if __name__ == "__main__":
    LISTING.write_text(listing(), encoding="utf-8")
