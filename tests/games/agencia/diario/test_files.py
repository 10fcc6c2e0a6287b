"""The shipped example partidas: they hold, `publish check` guards them, and they are
not blind to a change in the card data."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from conftest import REPO, run
from publish.games.agencia.cards import card_infos
from publish.games.agencia.diario import syntax as sx
from publish.games.agencia.diario.files import example_paths, read_log, replay
from publish.games.agencia.diario.parse import parse
from publish.games.agencia.plugin import AgenciaEngine
from publish.games.agencia.simulate import Plan, play, write_log
from publish.games.agencia.simulate import _infos as infos_of
from publish.model.load import load_game

EXAMPLES = REPO / "cards" / "agencia" / "examples"


def _game(root: Path = REPO):
    game, problems = load_game(root, "agencia")
    assert game is not None, problems
    return game


def _events(path: Path) -> list:
    log, errors = parse(read_log(path).text, str(path))
    assert errors == []
    return list(log.events)


def _walk(items):
    for item in items:
        yield item
        for inner in getattr(item, "consequences", ()):
            yield from _walk((inner,))
        if isinstance(item, sx.Crisis | sx.Revolt) and item.change is not None:
            yield item.change


def test_there_are_at_least_six_examples_and_each_replays_clean():
    game = _game()
    infos = card_infos(game)
    paths = example_paths(game)
    assert len(paths) >= 6
    for path in paths:
        log_file = read_log(path)
        assert log_file.meta.get("edition") == "2.180423", path
        assert log_file.commentary, f"{path}: no commentary"
        assert replay(log_file, game, infos) == [], path


def test_together_the_examples_show_what_the_manual_needs():
    everything = [item for path in example_paths(_game()) for item in _walk(_events(path))]
    kinds = {type(item) for item in everything}
    assert {sx.Crisis, sx.Revolt, sx.Natural, sx.Hegemony, sx.Campo, sx.Victory} <= kinds
    revolts = [i for i in everything if isinstance(i, sx.Revolt)]
    assert any(isinstance(r.outcome, sx.Approval) for r in revolts), "a successful revolt"
    assert any(isinstance(r.outcome, sx.Vetoed) for r in revolts), "a failed revolt"
    naturals = {i.card for i in everything if isinstance(i, sx.Natural)}
    main_naturals = {c.number for c in _game().cards
                     if c.kind == "natural" and "principal" in c.copies}
    assert main_naturals <= naturals, "each natural card of the main deck"
    assert any(isinstance(i, sx.Crisis) and i.passed for i in everything) or any(
        "crise-com-empate" in (read_log(p).meta.get("shows") or [])
        for p in example_paths(_game())), "a crisis with a tie in priority"


def _with_discard(paths: list[Path]) -> tuple[Path, str, int]:
    """An example, a card number, and the line of a discard that card's effect makes."""
    for path in paths:
        for item in _events(path):
            if isinstance(item, sx.Structure):
                for c in item.consequences:
                    if isinstance(c, sx.Discard):
                        return path, item.card, c.at[0]
    raise AssertionError("no example shows a structure's discard")


def test_changing_a_cards_effect_fails_the_example_that_uses_it(tmp_path):
    path, card, line = _with_discard(example_paths(_game()))
    copy = tmp_path / "project"
    shutil.copytree(REPO / "cards", copy / "cards")
    shutil.copy(REPO / "pyproject.toml", copy / "pyproject.toml")
    deck_file = next(f for f in (copy / "cards" / "agencia" / "decks").glob("*.yaml")
                     if f'number: "{card}"' in f.read_text(encoding="utf-8"))
    text = deck_file.read_text(encoding="utf-8")
    start = text.index(f'number: "{card}"')
    end = text.find("- number:", start)
    block = text[start:end if end > 0 else len(text)]
    changed, count = re.subn(r"do: discard(.*?)n: (\d+)",
                             lambda m: f"do: discard{m.group(1)}n: {int(m.group(2)) - 1 or 2}",
                             block, count=1)
    assert count == 1
    deck_file.write_text(text.replace(block, changed), encoding="utf-8")
    game = _game(copy)
    example = copy / "cards" / "agencia" / "examples" / path.name
    findings = replay(read_log(example), game, card_infos(game))
    assert findings
    first = findings[0]
    assert first.path == str(example)
    assert first.line == line
    assert f"card {card}" in first.why

    result = run("check", "--project", str(copy), "--game", "agencia")
    assert result.exit_code == 1
    assert f"{example}:{line}:" in result.output
    assert f"card {card}" in result.output


def test_publish_replay_reports_a_wrong_hand_count_at_its_line(tmp_path):
    source = example_paths(_game())[0]
    lines = source.read_text(encoding="utf-8").split("\n")
    target = next(i for i, text in enumerate(lines) if re.match(r"J2\(", text))
    lines[target] = re.sub(r"J2\((\w+), (\d+)", lambda m: f"J2({m.group(1)}, "
                           f"{int(m.group(2)) + 2}", lines[target])
    broken = tmp_path / source.name
    broken.write_text("\n".join(lines), encoding="utf-8")
    result = run("replay", "--project", str(REPO), str(broken))
    assert result.exit_code == 1
    assert f"{broken}:{target + 1}:1:" in result.output
    clean = run("replay", "--project", str(REPO), str(source))
    assert clean.exit_code == 0, clean.output
    assert "0 finding(s)" in clean.output


def test_publish_replay_reads_the_compendium_at_the_bookkeeping_level():
    fixture = REPO / "tests" / "fixtures" / "diario" / "compendio-4.190617.txt"
    result = run("replay", "--project", str(REPO), "--edition", "4.190617", str(fixture))
    assert result.exit_code == 1
    assert result.output.count("\n") == 2  # one finding and the summary
    assert ":25:22:" in result.output


@pytest.mark.parametrize("edition", ["1.0", "5"])
def test_an_unknown_edition_is_refused(edition):
    result = run("replay", "--project", str(REPO), "--edition", edition,
                 str(example_paths(_game())[0]))
    assert result.exit_code == 2


def test_a_simulated_log_carries_its_decks_so_the_social_deck_replays_clean(tmp_path):
    """The social deck deals 8 cards less the row: a replay must know the decks."""
    game = _game()
    plan = Plan(REPO, games=1, players=(4, 4), bourdieu=True, decks=("principal", "social"),
                seed=5)
    cards, deck = infos_of(plan)
    path = tmp_path / "game.txt"
    write_log(play(plan, 0, cards, deck), path, plan)
    log_file = read_log(path)
    assert log_file.meta["decks"] == ["principal", "social"]
    assert replay(log_file, game, card_infos(game)) == []
    bare = tmp_path / "bare.txt"
    bare.write_text(log_file.text.lstrip("\n"), encoding="utf-8")
    assert replay(read_log(bare), game, card_infos(game)), "5-card hands would not fit"


def test_an_example_leading_outside_the_project_is_refused_not_read(tmp_path):
    outside = tmp_path / "outside.md"
    outside.write_text("---\nedition: 2.180423\n---\n```diario\nsecret\n```\n",
                       encoding="utf-8")
    project = tmp_path / "project"
    shutil.copytree(REPO / "cards", project / "cards")
    shutil.copy(REPO / "pyproject.toml", project / "pyproject.toml")
    link = project / "cards" / "agencia" / "examples" / "zz-link.md"
    link.symlink_to(outside)
    game = _game(project)
    found = AgenciaEngine().replay(game, [link], None)
    assert [(p.location.line, p.location.col) for p in found] == [(1, 1)]
    assert "outside" in found[0].message and "secret" not in found[0].message


def test_a_file_or_front_matter_that_cannot_be_read_is_a_located_finding(tmp_path):
    game = _game()
    cases = {"bytes.txt": b"PART1(Ana=S=041,\n Bia\xff=NO=056).\n",
             "decks.txt": b"---\ndecks: 5\n---\n",
             "unknown-deck.txt": b"---\ndecks: [nope]\n---\n",
             "edition.txt": b"---\nedition: 9.9\n---\n",
             "alias.txt": b"---\nedition: &e 2.180423\nmode: *e\n---\n",
             "unclosed.txt": b"---\ndecks: [\n---\n"}
    where = {"bytes.txt": (2, 5), "decks.txt": (2, 8), "unknown-deck.txt": (2, 8),
             "edition.txt": (2, 10), "alias.txt": (2, 10), "unclosed.txt": (2, 9)}
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        found = replay(read_log(path), game, card_infos(game))
        assert [(f.line, f.col) for f in found] == [where[name]], (name, [str(f) for f in found])
