"""Print services, card sizes and papers as data: what ships, a game's own, located errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import REPO
from publish.core.problems import Location, ProblemsFound
from publish.model.game import CARD_SIZES
from publish.model.load import load_game
from publish.model.services import load_services
from publish.render.geometry import PAPERS


def test_sizes_and_papers_are_the_tables_they_replace():
    assert CARD_SIZES == {"poker": (63.0, 88.0), "bridge": (57.0, 89.0),
                          "tarot": (70.0, 120.0), "mini": (44.0, 63.0), "square": (70.0, 70.0)}
    assert PAPERS == {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def test_the_four_services_ship_with_their_numbers():
    services = load_services()
    assert set(services) >= {"tgc", "mpc", "dtc", "eu-fogra39"}
    mpc = services["mpc"].spec.products
    assert mpc["poker"].pixels == (822, 1122) and mpc["tarot"].pixels == (897, 1497)
    assert services["tgc"].spec.products["poker"].pixels == (825, 1125)
    dtc = services["dtc"].spec
    assert (dtc.pdf, dtc.colour.space, dtc.colour.ink_limit) == ("pdf/x-1a", "cmyk", 240)
    assert (dtc.files.form, dtc.files.sides, dtc.files.copies) == ("pdf", "back-front", "each")
    assert dtc.products["poker"].bleed_mm == pytest.approx(3.175)
    eu = services["eu-fogra39"].spec
    assert (eu.pdf, eu.colour.condition, eu.colour.ink_limit) == ("pdf/x-4", "FOGRA39", 300)
    assert (eu.files.sides, eu.products["tarot"].bleed_mm) == ("separate", 3)
    for service in services.values():  # each names where its numbers come from
        assert "Source:" in service.path.read_text(encoding="utf-8")


def own_service(game_root: Path, name: str, text: str) -> Path:
    folder = game_root / "services"
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """name: Local shop
source: https://example.org/specs
products:
  tarot: {unit: mm, trim: [70, 120], bleed: 2, safe: 3}
files: {form: pdf, sides: front-back, copies: each, name: "{deck}"}
"""


def test_a_game_adds_its_own_service(demo):
    game_root = demo / "cards" / "demo"
    own_service(game_root, "local", GOOD)
    services = load_services(game_root)
    assert services["local"].name == "Local shop" and "tgc" in services
    assert services["local"].spec.products["tarot"].trim_mm == (70, 120)


def test_a_wrong_service_file_is_refused_at_its_line_and_column(demo):
    game_root = demo / "cards" / "demo"
    path = own_service(game_root, "local", GOOD.replace("bleed: 2", "bleed: lots")
                       .replace("copies: each", "copies: some"))
    with pytest.raises(ProblemsFound) as found:
        load_services(game_root)
    where = {(p.location.path, p.location.line) for p in found.value.problems}
    assert where == {(path, 4), (path, 5)}
    text = str(found.value)
    assert "bleed" in text and "copies" in text


def test_a_service_without_the_games_size_is_refused_by_name_with_the_sizes_it_offers():
    service = load_services()["mpc"]
    spot = Location(Path("game.yaml"), 3, 4)
    assert service.product("tarot", spot).pixels == (897, 1497)
    own = load_services()["tgc"]
    narrowed = type(own)(own.id, own.spec.model_copy(
        update={"products": {"poker": own.spec.products["poker"]}}), own.path)
    with pytest.raises(ProblemsFound) as refused:
        narrowed.product("tarot", spot)
    problem = refused.value.problems[0]
    assert problem.location == spot
    assert "The Game Crafter (tgc) has no product for tarot cards; it offers poker" in \
        problem.message


def test_the_games_size_must_be_among_the_sizes_it_lists(demo):
    game_yaml = demo / "cards" / "demo" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "print: {default_size: tarot, sizes: [poker]}\n")
    game, problems = load_game(demo, "demo")
    assert game is None
    assert any("default_size tarot is not among the sizes the game lists (poker)"
               in p.message and p.location.path == game_yaml for p in problems)
    game_yaml.write_text(game_yaml.read_text().replace("sizes: [poker]", "sizes: [tarot]"))
    assert load_game(demo, "demo")[0] is not None


def test_a_game_without_sizes_prints_at_its_own(demo):
    game_yaml = demo / "cards" / "demo" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "print: {default_size: tarot}\n")
    game, _ = load_game(demo, "demo")
    assert game is not None and game.config.print.sizes is None


def test_the_repositorys_games_list_their_own_size():
    for game_id in ("agencia", "harbourlight"):
        game, problems = load_game(REPO, game_id)
        assert game is not None, problems


def test_publish_check_finds_a_wrong_service_file_of_the_games_own(demo):
    """Found by the check, at its line, not first by a build of another service."""
    from conftest import run

    path = own_service(demo / "cards" / "demo", "local", GOOD.replace("copies: each",
                                                                       "copies: some"))
    result = run("check", "--project", str(demo), "--game", "demo")
    assert result.exit_code == 1
    assert f"{path}:5:" in result.output and "copies" in result.output


@pytest.mark.parametrize("path", sorted((REPO / "publish" / "data").rglob("*.yaml")),
                         ids=lambda path: path.name)
def test_the_data_files_cite_their_sources_not_our_own_tools(path):
    """A user reads these files to see where a figure comes from: the service's own page,
    not the tools or issue numbers of the people who wrote them."""
    comments = [line for line in path.read_text("utf-8").splitlines()
                if line.lstrip().startswith("#")]
    said = "\n".join(comments).lower()
    assert "`search`" not in said and "search tool" not in said
    assert "issue " not in said
