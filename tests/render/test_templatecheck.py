"""`publish check` reads a game's card template without rendering: it must exist, parse,
define the macros the sheets call, and read only what the build gives it."""

from __future__ import annotations

from pathlib import Path

from conftest import declare
from publish.model.images import picture_url
from publish.model.load import load_game
from publish.render.faces import FACE_KEYS, face_context
from publish.render.templatecheck import template_problems


def problems(project: Path) -> list[str]:
    game, found = load_game(project, "demo")
    assert not found, found
    return [f"{p.location.path.name}:{p.location.line}: {p.message}"
            for p in template_problems(project, game)]


def template(project: Path) -> Path:
    return project / "templates" / "demo" / "cards.html.j2"


def test_the_demos_template_passes(demo):
    assert problems(demo) == []


def test_a_missing_card_template_says_what_to_create(demo):
    template(demo).unlink()
    assert problems(demo) == [
        "demo:0: no cards.html.j2 for the cards' faces and backs: create "
        "templates/demo/cards.html.j2 (`publish new` writes one; docs/templates.md says what "
        "it receives)"]


def test_a_syntax_error_names_its_line(demo):
    path = template(demo)
    path.write_text(path.read_text().replace("{% endmacro %}", "{% endmacr %}", 1))
    assert problems(demo)[0].startswith("cards.html.j2:28: Encountered unknown tag 'endmacr'")


def test_a_missing_macro_is_named_with_its_arguments(demo):
    path = template(demo)
    path.write_text(path.read_text().replace("macro back(deck, style)", "macro verso(deck, style)"))
    assert problems(demo) == [
        "cards.html.j2:0: no macro back(deck, style): the sheets call it; define it "
        "(docs/templates.md)"]


def test_unknown_card_style_and_deck_keys_are_found_with_a_suggestion(demo):
    path = template(demo)
    text = path.read_text()
    text = text.replace("{{ card.name }}", "{{ card.nmae }}{{ style.bww }}{{ deck.colr }}", 1)
    path.write_text(text)
    found = problems(demo)
    assert [line.split(" (")[0] for line in found] == [
        "cards.html.j2:7: card.nmae: a template's card has no 'nmae'",
        "cards.html.j2:7: style.bww: a template's style has no 'bww'",
        "cards.html.j2:7: deck.colr: a template's deck has no 'colr'"]
    assert "(did you mean 'name'?)" in found[0] and "(did you mean 'colour'?)" in found[2]


def test_declared_fields_are_known_to_the_check(demo):
    declare(demo, "fields:\n  cost: {type: integer}\n")
    path = template(demo)
    path.write_text(path.read_text().replace("{{ card.name }}", "{{ card.name }}{{ card.cost }}"))
    assert problems(demo) == []


def test_the_face_context_holds_exactly_the_keys_the_check_knows(demo):
    declare(demo, "fields:\n  cost: {type: integer, default: 2}\n  art: {type: image}\n")
    deck = demo / "cards" / "demo" / "decks" / "alpha.yaml"
    deck.write_text(deck.read_text().replace("    name: Primeira\n",
                                             "    name: Primeira\n    art: a.svg\n"))
    (demo / "cards" / "demo" / "a.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    game, _ = load_game(demo, "demo")
    context = face_context(game, game.card("001"), "alpha", "pt-BR", {"estrela": "<svg/>"})
    assert set(context) == set(FACE_KEYS) | {"cost", "art"}
    assert context["cost"] == 2
    assert context["art"] == picture_url(game.root / "a.svg", demo)
    assert face_context(game, game.card("002"), "alpha", "pt-BR", {})["art"] is None

