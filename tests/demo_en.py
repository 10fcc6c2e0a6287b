"""The demo project as a two-edition game: pt-BR sources and an English catalog.

The ``demo_en`` fixture (tests/conftest.py) uses these helpers.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from publish.app.catalogs.workflow import update
from publish.i18n.catalog import po_path, read_catalog, write_catalog
from publish.model.load import load_game

ENGLISH = {
    "Primeira": "First",
    "Segunda": "Second",
    "Nova geração": "New Generation",
    "Compre 1 carta.": "Draw 1 card.",
    "Descarte 1 carta.": "Discard 1 card.",
    "Vermelho": "Red",
    "Regras": "Rules",
    "Glossário": "Glossary",
    "Crise": "Crisis",
    "Estrutura": "Structure",
    "Uma **crise** acontece quando a estrutura não pode ser cumprida.":
        "A **crisis** happens when the structure cannot be carried out.",
    "Cada jogador recebe cinco cartas. A carta {card 001} abre a partida, e a {card Nova "
    "geração} pode entrar a qualquer momento :estrela:.":
        "Each player gets five cards. The {card 001} card opens the round, and "
        "{card New Generation} may come in at any time :estrela:.",
    "crise|crises": "crisis|crises",
    "Dica": "Tip",
}


def english(text: str) -> str:
    """The demo's English: a few real translations, the rest tagged (it only tests mechanics)."""
    return ENGLISH.get(text, f"EN {text}")


def with_english(project: Path) -> Path:
    """Publish an 'en' edition of the demo game and add the glossary term 'crise'."""
    config = project / "cards" / "demo" / "game.yaml"
    text = config.read_text(encoding="utf-8")
    text = text.replace("editions: [pt-BR]", "editions: [pt-BR, en]\n  glossary: [crise|crises]")
    config.write_text(text, encoding="utf-8")
    return project


def translate(project: Path, how: Callable[[str], str | None] = english,
              skip: Callable[[str | None, str], bool] = lambda ctxt, msgid: False) -> None:
    """Fill every English message with ``how`` (messages ``skip`` names stay missing)."""
    game, problems = load_game(project, "demo")
    assert game is not None and not problems, problems
    update(project, game, ["en"])
    for domain in ("cards", "rules", "glossary"):  # the shared words are English already
        path = po_path(game.root, "en", domain)
        catalog = read_catalog(path, "en", project=path.parent)
        for message in catalog:
            if isinstance(message.id, tuple):  # a plural message: every form
                if not skip(message.context, message.id[0]):
                    message.string = tuple(how(form) for form in message.id)
            elif message.id and not skip(message.context, str(message.id)):
                message.string = how(str(message.id))
        write_catalog(path, catalog)
