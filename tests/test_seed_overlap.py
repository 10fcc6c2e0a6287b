"""Our prose against the seed documents: no run of eight words copied.

Card names and effect texts are game data carried exactly; every other
sentence (card notes, chapters, summaries, example commentary, and their
English translations) must be our own words. A run of eight or more
consecutive words shared with seeds 000, 001 or 002, after case and
punctuation are set aside, is a copied sentence, unless the run lies wholly
inside one card's name or effect text (a quotation of the data).

The seeds travel beside the repository (../shared/seeds); where they are
absent (outside CI) the comparison is skipped, in CI it must run.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

import pytest
import yaml
from babel.messages.pofile import read_po

from conftest import REPO
from seedlist import seed_path

WIDTH = 8
SEEDS = ("000_5d18923741e3b77c.txt", "001_996640edd28aac15.txt", "002_5069851a328ff8b8.txt")
GAME = REPO / "cards" / "agencia"
SEED = seed_path()
needs_seed = pytest.mark.skipif(
    SEED is None and not os.environ.get("CI"), reason="seeds not found beside the project"
)

_WORD = re.compile(r"\w+")
_TAG = re.compile(r"<[^>]+>")
_CARD_REF = re.compile(r"\{card\s+([^}]+)\}")
_DIRECTIVE = re.compile(r"\{[a-z]+(?:\s[^}]*)?\}")
_FENCE = re.compile(r"^```.*?^```", re.S | re.M)
_FRONT = re.compile(r"\A---\n.*?\n---\n", re.S)


def words(text: str) -> list[str]:
    """Lower-case words of a text, tags dropped, punctuation and markup as separators."""
    return _WORD.findall(_TAG.sub(" ", text).lower())


def shingles(text: str) -> set[tuple[str, ...]]:
    """Every run of WIDTH consecutive words of the text."""
    found = words(text)
    return {tuple(found[i:i + WIDTH]) for i in range(len(found) - WIDTH + 1)}


def runs(text: str) -> Iterator[tuple[int, tuple[str, ...]]]:
    """Each WIDTH-word run of the text with its position, in order."""
    found = words(text)
    for i in range(len(found) - WIDTH + 1):
        yield i, tuple(found[i:i + WIDTH])


def cards() -> list[dict]:
    """Every card of the decks, as the YAML states it."""
    found = []
    for deck in sorted((GAME / "decks").glob("*.yaml")):
        found.extend(yaml.safe_load(deck.read_text(encoding="utf-8"))["cards"])
    return found


def card_text(card: dict) -> str:
    """A card's effect text, its blocks joined as the card prints them."""
    blocks = card["text"] if isinstance(card["text"], list) else [card["text"]]
    return " ".join(b.get("direct") or b.get("general") if isinstance(b, dict) else str(b)
                    for b in blocks)


def catalog(name: str) -> list:
    """The messages of an English catalog of the game."""
    with (GAME / "locale" / "en" / "LC_MESSAGES" / f"{name}.po").open("rb") as handle:
        return [m for m in read_po(handle) if m.id and isinstance(m.id, str)]


def quoted_data() -> set[tuple[str, ...]]:
    """Runs lying wholly inside one card's number, name and effect text, in either language.

    The seed's card list prints them in that order on one row, so a quotation
    of a card by name and effect is quoted data too.
    """
    allowed: set[tuple[str, ...]] = set()
    for card in cards():
        allowed |= shingles(f"{card['number']} {card['name']} {card_text(card)}")
    texts: dict[str, list[str]] = {}
    for message in catalog("cards"):
        found = re.fullmatch(r"card (\d{3}) (name|text) ?\d*", message.context or "")
        if found and message.string:
            if found.group(2) == "name":
                allowed |= shingles(message.string)
            else:
                texts.setdefault(found.group(1), []).append(message.string)
    for blocks in texts.values():
        allowed |= shingles(" ".join(blocks))
    return allowed


def seed_runs() -> set[tuple[str, ...]]:
    """The WIDTH-word runs of the seeds, less those that only quote card data."""
    assert SEED is not None
    found: set[tuple[str, ...]] = set()
    for name in SEEDS:
        found |= shingles((SEED.parent / name).read_text(encoding="utf-8"))
    return found - quoted_data()


def markdown_prose(text: str, names: dict[str, str]) -> str:
    """The words a Markdown source prints: card references by name, logs and directives out."""
    text = _FRONT.sub(lambda m: m.group(0).replace("---", " "), text)
    text = _FENCE.sub(" ", text)
    text = _CARD_REF.sub(lambda m: names.get(m.group(1).strip(), m.group(1)), text)
    return _DIRECTIVE.sub(" ", text)


def sources() -> list[tuple[str, str]]:
    """(where, prose) for every text that must be ours, Portuguese and English."""
    everything = cards()
    names = {c["number"]: c["name"] for c in everything}
    names |= {c["name"]: c["name"] for c in everything}
    found = [(f"decks: card {c['number']} notes", c["notes"]) for c in everything if c.get("notes")]
    for path in sorted((GAME / "rules").rglob("*.md")) + sorted((GAME / "examples").glob("*.md")):
        prose = markdown_prose(path.read_text(encoding="utf-8"), names)
        found.append((str(path.relative_to(GAME)), prose))
    for name in ("cards", "rules"):
        for message in catalog(name):
            context = message.context or ""
            if name == "cards" and not context.endswith(" notes"):
                continue
            where = f"locale/en/{name}.po: {context or message.id[:40]}"
            found.append((where, markdown_prose(message.string or "", names)))
    return found


def copied(text: str, seen: set[tuple[str, ...]]) -> list[str]:
    """The maximal runs of the text that the seeds share, as strings."""
    hits = [i for i, run in runs(text) if run in seen]
    found, tokens = [], words(text)
    start = end = None
    for i in hits:
        if end is not None and i <= end:
            end = i + WIDTH
            continue
        if start is not None:
            found.append(" ".join(tokens[start:end]))
        start, end = i, i + WIDTH
    if start is not None:
        found.append(" ".join(tokens[start:end]))
    return found


@pytest.fixture(scope="module")
def seen() -> set[tuple[str, ...]]:
    return seed_runs()


def test_words_ignore_case_punctuation_and_markup():
    assert words("**Causa** crise, caso <i>nenhum</i> jogador!") == [
        "causa", "crise", "caso", "nenhum", "jogador"]
    assert len(shingles("um dois três quatro cinco seis sete oito nove")) == 2


def test_a_copied_sentence_is_found_and_quoted_data_is_not():
    seen = {tuple(words("o jogador mais alto no campo não pode"))}
    assert copied("Aqui: O jogador mais alto no campo NÃO pode, diz.", seen) == [
        "o jogador mais alto no campo não pode"]
    assert copied("O jogador mais alto do campo não pode", seen) == []


@needs_seed
def test_quoted_card_texts_are_not_counted(seen):
    effect = tuple(words("O jogador com menos cartas troca de mão com o segundo"))[:WIDTH]
    assert effect not in seen


@needs_seed
def test_no_text_of_ours_shares_eight_words_with_the_seeds(seen):
    problems = []
    for where, prose in sources():
        problems += [f"{where}: «{run}»" for run in copied(prose, seen)]
    assert not problems, "copied from the seeds:\n" + "\n".join(problems)


def test_every_kind_of_source_is_read():
    where = [w for w, _ in sources()]
    assert sum(w.startswith("decks:") for w in where) == 58
    assert any(w.startswith("rules/pt-BR/summaries/") for w in where)
    assert any(w.startswith("examples/") for w in where)
    assert sum(w.startswith("locale/en/cards.po") for w in where) == 58
    assert any("rules.po" in w for w in where)
