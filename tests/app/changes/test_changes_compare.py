"""`publish changes`: two versions of a game made by `publish new`, one change of each kind."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from moonedits import GAME, change_everything, committed, new_project

from conftest import run
from publish.app.changes.compare import Comparison, compare
from publish.app.changes.versions import Version, versions
from publish.build.failures import Failure


@pytest.fixture(scope="module")
def moon_git(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A git repository whose tag v1 is `publish new moon` and whose working tree changes
    it in every way (moonedits.change_everything)."""
    project = new_project(tmp_path_factory.mktemp("git") / "project")
    committed(project, "v1")
    change_everything(project)
    return project


@pytest.fixture(scope="module")
def compared(moon_git: Path) -> Comparison:
    with versions(moon_git, "v1", None) as (before, after):
        return compare(before, after, GAME)


def by_number(comparison: Comparison) -> dict[str, tuple[str, ...]]:
    return {change.number: change.kinds for change in comparison.source.cards}


def test_every_kind_of_card_change_is_found(compared):
    assert by_number(compared) == {
        "001": ("fields",), "002": ("copies", "fields"), "003": ("fields",),
        "052": ("renumbered",), "053": ("added",), "080": ("moved",), "051": ("removed",)}


def test_a_game_without_an_engine_has_no_examples_to_replay(compared):
    assert compared.examples == ()


def test_a_renumbered_card_keeps_its_identity(compared):
    renumbered = next(c for c in compared.source.cards if "renumbered" in c.kinds)
    assert (renumbered.old_number, renumbered.new_number, renumbered.name) == (
        "050", "052", "Lantern")
    assert renumbered.fields == ()


def test_fields_are_compared_word_by_word_and_pictures_by_contents(compared):
    cards = {c.number: c for c in compared.source.cards}
    scout = {f.field: f for f in cards["001"].fields}
    assert set(scout) == {"text 1", "cost"}
    assert (scout["cost"].old, scout["cost"].new) == ("2", "3")
    assert [(p.kind, p.text) for p in scout["text 1"].words if p.kind != "same"] == [
        ("removed", "1 card."), ("added", "2 cards.")]
    assert [f.field for f in cards["002"].fields] == ["name"]
    assert (dict(cards["002"].old_copies), dict(cards["002"].new_copies)) == (
        {"main": 2}, {"main": 3})
    picture = cards["003"].fields[0]
    assert picture.field == "picture art" and picture.old != picture.new
    moved = cards["080"]
    assert (dict(moved.old_copies), dict(moved.new_copies)) == ({"main": 1}, {"starter": 1})


def test_a_rules_paragraph_is_compared_word_by_word(compared):
    (paragraph,) = compared.source.rules
    assert paragraph.file == "rules/en/01-how-to-play.md" and paragraph.kind == "changed"
    assert [p.text for p in paragraph.words if p.kind == "added"] == [
        "rules. Take your time."]


def test_the_errata_holds_every_changed_card_but_the_removed_one(compared):
    assert [c.number for c in compared.source.errata] == ["001", "002", "003", "052", "053",
                                                          "080"]
    assert [c.number for c in compared.source.removed] == ["051"]


def test_two_folders_without_git_compare_the_same(moon_git, tmp_path, compared):
    old = new_project(tmp_path / "old")
    new = tmp_path / "new"
    shutil.copytree(old, new)
    change_everything(new)
    with versions(tmp_path, str(old), str(new)) as (before, after):
        assert (before.root, after.root) == (old, new)
        folders = compare(before, after, GAME)
    assert by_number(folders) == by_number(compared)
    assert folders.source.rules == compared.source.rules


def test_the_working_tree_is_never_touched(moon_git):
    status = (moon_git / "cards" / GAME / "decks" / "main.yaml").read_text(encoding="utf-8")
    with versions(moon_git, "v1", "HEAD") as (before, after):
        assert compare(before, after, GAME).unchanged
        assert before.root != moon_git and after.root != moon_git
    assert (moon_git / "cards" / GAME / "decks" / "main.yaml").read_text(
        encoding="utf-8") == status


def test_an_unknown_revision_is_refused_by_name(moon_git):
    with pytest.raises(Failure) as failed, versions(moon_git, "v9", None):
        pass
    assert "v9 is neither a project folder nor a revision" in failed.value.lines[0]


def test_a_revision_is_never_read_as_an_option(moon_git):
    with pytest.raises(Failure) as failed, versions(moon_git, "--output=x", None):
        pass
    assert "not an option" in failed.value.lines[0]


def test_a_version_that_does_not_load_says_where(tmp_path):
    old = new_project(tmp_path / "old")
    new = tmp_path / "new"
    shutil.copytree(old, new)
    deck = new / "cards" / GAME / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("cost: 5", "cost: many"),
                    encoding="utf-8")
    with pytest.raises(Failure) as failed:
        compare(Version("old", old), Version("new", new), GAME)
    lines = failed.value.lines
    assert lines[0].startswith(f"changes: {GAME} does not load in new")
    assert any("main.yaml:" in line and "cost" in line for line in lines[1:])


def test_the_command_prints_each_change(moon_git):
    result = run("changes", "v1", "--project", str(moon_git), "--no-documents")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"{GAME}: changes from v1 to working tree"
    assert "  052 Lantern: renumbered (was 050)" in lines
    assert "    decks: main ×1 -> starter ×1" in lines
    assert "    text 1: When you play the Scout, Draw [-1 card.-]{+2 cards.+}" in lines
    assert "  051 Travelling Pack: removed" in lines


def test_a_revision_that_does_not_load_names_its_files_by_revision(tmp_path):
    project = new_project(tmp_path / "project")
    deck = project / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("cost: 5", "cost: many"), encoding="utf-8")
    committed(project, "broken")
    deck.write_text(text, encoding="utf-8")
    result = run("changes", "broken", "--project", str(project))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == f"changes: {GAME} does not load in broken:"
    assert lines[1].startswith(f"  broken:cards/{GAME}/decks/main.yaml:")
