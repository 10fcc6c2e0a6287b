"""A shared game folder cannot write outside build/ nor read or attach what it has no use
for (issue 46, findings 1 and 2; docs/hostile-input.md).

Each case is a game made by `publish new` (not one of ours), as an untrusted folder:
  - every id that names a file has a pattern, checked by `publish check` at its key;
  - the one writer of a build refuses a file outside the edition's folder;
  - a game reads, for WeasyPrint, only its own folder, its templates, the shared ones and
    the fonts, never a hidden name (.git/, .env) nor build/;
  - no template attaches a file to a PDF: `check` names the line, the build refuses it.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import run
from publish.core.atomic import OutsideOutputs, kept_inside, write_atomic

CANARY = "CANARY-5f1d0c"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def game_yaml(project: Path) -> Path:
    return project / "cards" / "moon" / "game.yaml"


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text("utf-8").splitlines(), 1)
                if text in line)


# 1. ids that are paths ----------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["../../../../tmp/x", "a/b", ".hidden", "Main", "-x", "é"])
def test_a_deck_id_that_is_no_file_name_fails_the_check_at_its_key(moon, bad):
    edit(game_yaml(moon), "\n  main:\n", f'\n  "{bad}":\n')
    result = run("check", "--project", str(moon), "--game", "moon")
    assert result.exit_code == 1
    line = line_of(game_yaml(moon), f'"{bad}":')
    assert f"game.yaml:{line}:3: decks.{bad}: {bad!r} is not an id of lower-case letters, " \
           "digits, '-' and '_', starting with a letter or digit" in result.output


def test_an_id_over_64_characters_fails_the_check_at_its_key(moon):
    edit(game_yaml(moon), "\n  main:\n", f"\n  {'x' * 65}:\n")
    result = run("check", "--project", str(moon), "--game", "moon")
    line = line_of(game_yaml(moon), f"{'x' * 65}:")
    assert result.exit_code == 1
    assert f"game.yaml:{line}:3: decks.{'x' * 65}: String should have at most 64 characters" \
        in result.output


@pytest.mark.parametrize("section, old", [("card_kinds", "  character:"),
                                          ("decks", "  starter:")])
def test_every_id_that_names_a_file_has_the_pattern(moon, section, old):
    edit(game_yaml(moon), f"\n{old}\n", "\n  ../up:\n")
    result = run("check", "--project", str(moon), "--game", "moon")
    assert result.exit_code == 1 and f"{section}.../up: '../up' is not an id" in result.output


def test_no_build_writes_outside_build_after_a_deck_id_refused(moon, tmp_path):
    target = tmp_path / "escaped"
    edit(game_yaml(moon), "\n  main:\n", f'\n  "../../../../{target.name}":\n')
    result = run("build", "decks", "--project", str(moon), "--game", "moon")
    assert result.exit_code == 1
    assert not target.exists() and not list(tmp_path.glob("escaped*"))


def test_a_game_named_as_a_path_is_no_game(moon, tmp_path):
    (tmp_path / "elsewhere" / "cards" / "x").mkdir(parents=True)
    (tmp_path / "elsewhere" / "cards" / "x" / "game.yaml").write_text("name: X\n")
    for name in ("../../elsewhere/cards/x", "moon/../moon", ".moon"):
        result = run("check", "--project", str(moon), "--game", name)
        assert result.exit_code == 1 and f"no game '{name}' (games here: moon)" in result.output


@pytest.mark.parametrize("name", ["../deck.pdf", "../../x.pdf", "sub/../../x.pdf", "..", "."])
def test_the_writer_refuses_a_file_outside_its_folder_before_making_any(tmp_path, name):
    out = tmp_path / "build" / "g" / "en"
    out.mkdir(parents=True)
    with pytest.raises(OutsideOutputs, match=r"outside .*the only folder a build writes in"):
        write_atomic(out / name, b"%PDF", within=out)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == [
        "build", "build/g", "build/g/en"]


def test_the_writer_follows_a_symlinked_folder_and_refuses_where_it_leads(tmp_path):
    out = tmp_path / "build"
    out.mkdir()
    (tmp_path / "away").mkdir()
    (out / "images").symlink_to(tmp_path / "away")
    with pytest.raises(OutsideOutputs):
        kept_inside(out / "images" / "card.png", out)
    assert kept_inside(out / "deep" / "card.png", out) == out.resolve() / "deep" / "card.png"


# 2. reads a game has no use for, and attachments --------------------------------------------


def attach(project: Path, link: str) -> Path:
    template = project / "templates" / "moon" / "cards.html.j2"
    edit(template, '<div class="face-panel">', f'{link}<div class="face-panel">')
    return template


@pytest.mark.parametrize("link", ['<a rel="attachment" href=".env">x</a>',
                                  "<link rel=attachment href='.git/config'>",
                                  '<a href="cards/moon/game.yaml" REL="nofollow attachment">y</a>'])
def test_an_attachment_in_a_template_fails_check_at_its_line_and_the_build(moon, link):
    (moon / ".env").write_text(CANARY)
    template = attach(moon, link)
    result = run("check", "--project", str(moon), "--game", "moon")
    line = line_of(template, link)
    assert result.exit_code == 1
    assert f"cards.html.j2:{line}: rel=\"attachment\" would embed a file in the PDF" \
        in result.output
    built = run("build", "decks", "--project", str(moon), "--game", "moon")
    assert built.exit_code == 1 and "would embed a file in the PDF" in built.output
    assert CANARY not in built.output
    assert not list((moon / "build").rglob("*.pdf"))


def test_an_attachment_the_check_cannot_see_is_refused_by_the_build(moon):
    """A rel made by the template's own code: only the laid-out document shows it."""
    (moon / ".env").write_text(CANARY)
    attach(moon, '<a rel="{{ \'attach\' ~ \'ment\' }}" href="cards/moon/game.yaml">x</a>')
    assert run("check", "--project", str(moon), "--game", "moon").exit_code == 0
    built = run("build", "decks", "--project", str(moon), "--game", "moon")
    assert built.exit_code == 1
    assert f"refused to attach file://{moon.resolve()}/cards/moon/game.yaml to the PDF" \
        in built.output
    assert not list((moon / "build").rglob("*.pdf"))


def test_no_pdf_of_a_build_carries_an_attachment(moon):
    assert run("build", "--project", str(moon), "--game", "moon").exit_code == 0
    pdfs = sorted((moon / "build").rglob("*.pdf"))
    assert len(pdfs) >= 4
    for pdf in pdfs:
        listed = subprocess.run(["pdfdetach", "-list", str(pdf)], capture_output=True,
                                text=True, check=True).stdout
        assert listed.startswith("0 embedded files"), (pdf, listed)
        assert "/EmbeddedFiles" not in PdfReader(pdf).trailer["/Root"].get("/Names", {})


@pytest.mark.parametrize("src, said", [
    (".env", "under a hidden name (.env), which no game reads"),
    (".git/config", "under a hidden name (.git), which no game reads"),
    ("build/moon/en/deck-main.pdf", "under the outputs' folder build/, which no game reads"),
    ("cards/other/art/secret.png", "outside what this game may read (cards/moon/, "
                                   "templates/moon/, templates/_common/, fonts/)"),
])
def test_a_template_reads_nothing_but_the_games_own_files(moon, src, said):
    for name in (".env", ".git/config", "build/moon/en/deck-main.pdf",
                 "cards/other/art/secret.png"):
        (moon / name).parent.mkdir(parents=True, exist_ok=True)
        (moon / name).write_text(CANARY)
    attach(moon, f'<img src="{src}" alt="">')
    result = run("build", "decks", "--project", str(moon), "--game", "moon")
    assert result.exit_code == 1
    assert f"refused 'file://{moon.resolve()}/{src}': leads to" in result.output
    assert said in result.output and CANARY not in result.output
