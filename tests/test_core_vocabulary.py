"""The core speaks no game's language and knows no game's words.

``publish/`` (outside ``publish/games/``) and the shared templates
(``templates/_common/`` outside its catalogs) are scanned, code, strings and
comments alike, for Agência's words (its card, deck, ideology and glossary
names) and for Portuguese words.  A game's words belong to the game; the
shared words are written in English and translated through the catalogs.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path

import yaml
from babel.messages.pofile import read_po

from conftest import REPO

GAME = REPO / "cards" / "agencia"
CORE = (REPO / "publish", REPO / "templates" / "_common")
OUTSIDE = (REPO / "publish" / "games", REPO / "templates" / "_common" / "locale")

PORTUGUESE = """
    da das dos um uma uns umas para pelo pela pelos pelas não nao são sao também então
    mas ou mais cada quando onde como isso isto este esta esse essa sobre entre ainda
    já nem seu sua seus suas muito depois antes porque qual quais ao aos você
    carta cartas jogador jogadores jogo jogos modo baralho baralhos sumário página páginas
    edição efeito efeitos observações índice remissivo colofão licença fonte fontes tipo
    tipos galeria revisão qualquer folhas contato dica atenção nota notas calibração frente
    borda longa curta gerado gerada dados lista completa completo régua leitura imprima
    diário diários família famílias regras regra capítulo capítulos resumo resumos pb
    exemplo exemplos partida partidas
"""
"""Common Portuguese function words, and the Portuguese words the core used to print."""

LANGUAGE_TAG = re.compile(r"([\"'])[a-z]{2,3}\1")
"""A quoted language code ("da", "ja"): a name for a language, not a word of one."""

ALSO_ENGLISH = {"crises"}
"""Forms of Agência's glossary terms that are English words too: not refused."""

def fold(text: str) -> str:
    """Lower case without accents: 'Índice' and 'indice' are the same word here."""
    return unicodedata.normalize("NFKD", text.casefold()).encode("ascii", "ignore").decode()


def _yaml(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def glossary_pattern(entry: str) -> str:
    """A glossary entry ('troc*|troqu*') as a regular expression of whole words."""
    forms = []
    for form in (f for f in entry.split("|") if f not in ALSO_ENGLISH):
        stem = re.escape(fold(form.rstrip("*")))
        ending = "(?:a|ar|as|am|e|em|es|o|ou|ando|ada|adas|ado|ados)?" if form.endswith("*") \
            else ""
        forms.append(stem + ending)
    return "|".join(forms)


def agencia_words() -> dict[str, str]:
    """Agência's names, by what they are: the game, cards, decks, ideologies, glossary terms."""
    config = _yaml(GAME / "game.yaml")
    words = {"agencia": "the game's id", fold(config["name"]): "the game's name"}
    for deck_id, deck in config["decks"].items():
        words[fold(deck_id)] = "a deck id"
        for key in ("name", "indicator"):
            if deck.get(key):
                words[fold(deck[key])] = f"a deck {key}"
    for group_id, group in config["groups"]["values"].items():
        words[fold(group_id)] = "an ideology id"
        words[fold(group["name"])] = "an ideology name"
    words[fold(config["groups"]["label"])] = "the group label"
    for path in sorted((GAME / "decks").glob("*.yaml")):
        for card in _yaml(path)["cards"]:
            words[fold(card["name"])] = f"a card name ({card['number']})"
    with (GAME / "locale" / "glossary.pot").open("rb") as fh:
        for message in read_po(fh):
            if message.id:
                words[str(message.id)] = "a glossary term"
    return words


def vocabulary() -> list[tuple[re.Pattern[str], str, str]]:
    """(pattern, the word as written in the list, why it is refused)."""
    refused = [(glossary_pattern(word) if why == "a glossary term" else re.escape(word), word, why)
               for word, why in agencia_words().items()]
    refused += [(re.escape(fold(word)), word, "Portuguese") for word in PORTUGUESE.split()]
    return [(re.compile(rf"(?<![\w]){pattern}(?![\w])"), word, why)
            for pattern, word, why in refused]


def core_files() -> Iterable[Path]:
    for root in CORE:
        for path in sorted(root.rglob("*")):
            if (path.is_file() and "__pycache__" not in path.parts
                    and not any(path.is_relative_to(o) for o in OUTSIDE)):
                yield path


def hits(paths: Iterable[Path]) -> dict[str, dict[str, list[str]]]:
    """Per file, each refused word found and where: {path: {word: ['line 12 (why)']}}."""
    refused = vocabulary()
    found: dict[str, dict[str, list[str]]] = {}
    for path in paths:
        name = str(path.relative_to(REPO)) if path.is_relative_to(REPO) else str(path)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            folded = LANGUAGE_TAG.sub("", fold(line))
            for pattern, word, why in refused:
                if pattern.search(folded):
                    found.setdefault(name, {}).setdefault(word, []).append(
                        f"line {number} ({why})")
    return found


def test_the_core_has_no_game_words_and_no_portuguese():
    files = list(core_files())
    assert len(files) > 40
    found = hits(files)
    assert {p: w for p, w in found.items() if w} == {}


def test_the_scan_sees_game_words_and_portuguese(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('TITLE = "Índice remissivo"  # A serpente do fascismo\n'
                      'x = "trocar"; y = "Agência"; z = "Deck histórico"\n'
                      'fine = "compress the index of a deck, with a field"\n', encoding="utf-8")
    words = set(hits([sample])[str(sample)])
    assert {"índice", "remissivo", "a serpente do fascismo", "troc*|troqu*", "agencia",
            "deck historico"} <= words
    lines = {w: where for w, where in hits([sample])[str(sample)].items()}
    assert all("line 3" not in w for where in lines.values() for w in where)
