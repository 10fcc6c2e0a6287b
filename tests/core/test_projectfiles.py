"""One guarded way to read a game's files (publish.core.projectfiles): every kind of file a game
gives, led out of the project by a symlink or by ``..``, is refused with its name, and
nothing of a file outside the project reaches an output.

Each kind has its test with a symlink and, where the sources can name a path, with
``..``; the last tests build a hostile game folder with a canary file outside the
project and look for the canary in everything the build wrote.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from jinja2 import TemplateNotFound

from conftest import declare, give, run
from pdftext import page_texts
from publish.core.problems import ProblemsFound
from publish.core.projectfiles import OutsideProject, inside, read_bytes, read_text
from publish.docs.rules import read_rules
from publish.i18n.catalog import po_path
from publish.i18n.translate import translator
from publish.model.icons import icon_problems
from publish.model.images import check_pictures
from publish.model.load import load_game
from publish.render.env import environment
from publish.render.pdf import RenderError, render

CANARY = "CANARY-7f3a9e"
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082")


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder beside the project, every file in it carrying the canary."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "secret.md").write_text(f"# {CANARY}\n\n{CANARY} paragraph.\n", encoding="utf-8")
    (folder / "secret.yaml").write_text(
        f'deck: alpha\ncards:\n  - number: "090"\n    name: {CANARY}\n    text: {CANARY}\n',
        encoding="utf-8")
    (folder / "secret.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"><text>'
                                       f"{CANARY}</text></svg>", encoding="utf-8")
    (folder / "secret.j2").write_text(f"{CANARY}\n", encoding="utf-8")
    (folder / "secret.po").write_text(f'msgid ""\nmsgstr ""\n\nmsgid "Primeira"\nmsgstr '
                                      f'"{CANARY}"\n', encoding="utf-8")
    (folder / "secret.png").write_bytes(PNG + CANARY.encode())
    (folder / "secret.ttf").write_bytes(CANARY.encode())
    return folder


def game_dir(project: Path) -> Path:
    return project / "cards" / "demo"


def link(name: Path, target: Path) -> Path:
    """Replace ``name`` (if any) by a symlink to ``target``."""
    if name.is_dir() and not name.is_symlink():
        shutil.rmtree(name)
    elif name.exists() or name.is_symlink():
        name.unlink()
    name.parent.mkdir(parents=True, exist_ok=True)
    name.symlink_to(target)
    return name


def messages(problems) -> str:
    return "\n".join(str(p) for p in problems)


# the one door -------------------------------------------------------------------------------


def test_a_name_inside_is_read_and_one_leading_out_is_refused_naming_both(tmp_path, outside):
    root = tmp_path / "project"
    (root / "a").mkdir(parents=True)
    (root / "a" / "ok.txt").write_text("fine", encoding="utf-8")
    assert read_text(root / "a" / "ok.txt", root) == "fine"
    assert read_text(root / "a" / ".." / "a" / "ok.txt", root) == "fine"
    for name in (link(root / "a" / "out.txt", outside / "secret.md"),
                 root / "a" / ".." / ".." / "outside" / "secret.md"):
        with pytest.raises(OutsideProject) as refused:
            read_bytes(name, root)
        message = str(refused.value)
        assert message.startswith(f"{name}: leads to {outside / 'secret.md'}, outside {root}")
        assert "refused" in message and CANARY not in message


def test_a_device_a_loop_and_bad_utf8_are_located_problems_not_reads(tmp_path):
    root = tmp_path / "project"
    root.mkdir()
    os.mkfifo(root / "pipe.yaml")  # reading it would wait for ever
    with pytest.raises(ProblemsFound, match=r"pipe\.yaml: not a regular file"):
        read_bytes(root / "pipe.yaml", root)
    link(root / "loop.md", root / "loop.md")
    with pytest.raises(ProblemsFound, match=r"loop\.md: "):
        read_bytes(root / "loop.md", root)
    (root / "latin1.md").write_bytes("linha um\nação".encode("latin-1"))
    with pytest.raises(ProblemsFound, match=r"latin1.md:2:2: not UTF-8 text \(byte 0xe7\)"):
        read_text(root / "latin1.md", root)
    assert inside(root / "latin1.md", root) == (root / "latin1.md").resolve()


# each kind of file --------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["file", "folder"])
def test_a_deck_file_led_out_is_refused(demo, outside, how):
    decks = game_dir(demo) / "decks"
    if how == "file":
        name = link(decks / "gamma.yaml", outside / "secret.yaml")
    else:
        shutil.copytree(decks, outside / "decks")
        (outside / "decks" / "gamma.yaml").write_text((outside / "secret.yaml").read_text())
        name = link(decks, outside / "decks")
    game, problems = load_game(demo, "demo")
    assert f"{name if how == 'file' else decks / 'alpha.yaml'}: leads to " in messages(problems)
    assert game is None or all(CANARY not in c.name for c in game.cards)


def test_game_yaml_led_out_is_refused(demo, outside):
    shutil.copy(game_dir(demo) / "game.yaml", outside / "game.yaml")
    name = link(game_dir(demo) / "game.yaml", outside / "game.yaml")
    game, problems = load_game(demo, "demo")
    assert game is None
    assert messages(problems).startswith(f"{name}: leads to {outside / 'game.yaml'}")


@pytest.mark.parametrize("how", ["symlink", "dotdot"])
def test_an_icon_led_out_is_refused(demo, outside, how):
    icons = game_dir(demo) / "icons"
    if how == "symlink":
        name = link(icons / "estrela.svg", outside / "secret.svg")
    else:
        (icons / "a").mkdir()  # the OS follows a/.. only through a folder that exists
        declare(demo, "icons:\n  estrela: {name: Estrela, file: a/../../../../../outside/"
                      "secret.svg}\n")
        name = icons / "a/../../../../../outside/secret.svg"
    game, problems = load_game(demo, "demo")
    assert not problems
    found = messages(icon_problems(game))
    assert f"{name}: icon :estrela: leads to {outside / 'secret.svg'}" in found
    assert CANARY not in found


@pytest.mark.parametrize("how", ["symlink", "dotdot"])
def test_a_picture_led_out_is_refused(demo, outside, how):
    declare(demo, "fields:\n  art: {type: image}\n")
    if how == "symlink":
        link(game_dir(demo) / "art" / "001.png", outside / "secret.png")
        give(demo, "Primeira", "art: art/001.png")
    else:
        give(demo, "Primeira", "art: ../../../outside/secret.png")
    game, _ = load_game(demo, "demo")
    problems, _ = check_pictures(game)
    assert len(problems) == 1 and "card 001 art: " in problems[0].message
    assert "outside" in problems[0].message


@pytest.mark.parametrize("how", ["chapter", "folder"])
def test_a_rules_chapter_led_out_is_refused(demo_docs, outside, how):
    rules = game_dir(demo_docs) / "rules" / "pt-BR"
    if how == "chapter":
        name = link(rules / "04-vazado.md", outside / "secret.md")
    else:
        shutil.copytree(rules, outside / "rules")
        name = link(rules, outside / "rules") / "01-regras.md"
    game, _ = load_game(demo_docs, "demo")
    with pytest.raises(ProblemsFound) as refused:
        read_rules(game, "pt-BR", project=demo_docs)
    assert str(refused.value).startswith(f"{name}: leads to ")


@pytest.mark.parametrize("how", ["symlink", "dotdot"])
def test_an_example_led_out_is_refused(demo_docs, outside, how):
    chapter = game_dir(demo_docs) / "rules" / "pt-BR" / "03-exemplos.md"
    if how == "symlink":
        link(game_dir(demo_docs) / "examples" / "01-curto.md", outside / "secret.md")
        wanted = "{example 01-curto}: examples/01-curto.md leads to "
    else:
        chapter.write_text("# Exemplos\n\n{example ../../../../outside/secret}\n")
        wanted = "{example ../../../../outside/secret}: no such example; examples: 01-curto"
    game, _ = load_game(demo_docs, "demo")
    edition = read_rules(game, "pt-BR", project=demo_docs)
    shown = "".join(edition.markdown.render(source) for source in edition.chapters)
    found = messages(edition.ctx.problems)
    assert CANARY not in shown
    assert f"{chapter}:" in found and wanted in found and CANARY not in found


def test_a_catalog_led_out_is_refused(demo_en, outside):
    game, _ = load_game(demo_en, "demo")
    name = link(po_path(game.root, "en", "cards"), outside / "secret.po")
    with pytest.raises(ProblemsFound) as refused:
        translator(game, "en")
    assert str(refused.value).startswith(f"{name}: leads to {outside / 'secret.po'}")


@pytest.mark.parametrize("how", ["symlink", "dotdot"])
def test_a_template_led_out_is_refused(demo_docs, outside, how):
    folder = demo_docs / "templates" / "demo"
    if how == "symlink":
        name = link(folder / "cards.html.j2", outside / "secret.j2")
        with pytest.raises(ProblemsFound, match=f"^{re.escape(str(name))}: leads to "):
            environment(demo_docs, "demo").get_template("cards.html.j2")
    else:
        (folder / "leak.html.j2").write_text('{% include "../../../outside/secret.j2" %}')
        with pytest.raises(TemplateNotFound):
            environment(demo_docs, "demo").get_template("leak.html.j2").render()


@pytest.mark.parametrize("how", ["symlink", "dotdot"])
def test_a_font_led_out_is_refused(demo_docs, outside, how):
    if how == "symlink":
        link(demo_docs / "fonts" / "leak.ttf", outside / "secret.ttf")
        url = "fonts/leak.ttf"
    else:
        url = "../outside/secret.ttf"
    html = (f'<style>@font-face {{ font-family: "Leak"; src: url("{url}"); }} '
            'p { font-family: "Leak"; }</style><p>x</p>')
    with pytest.raises(RenderError, match="outside the project"):
        render(html, demo_docs, "leak", [demo_docs])


def test_check_names_every_symlink_that_leads_out(demo_docs, outside):
    first = link(game_dir(demo_docs) / "rules" / "pt-BR" / "04-vazado.md", outside / "secret.md")
    second = link(demo_docs / "templates" / "demo" / "extra.css", outside / "secret.j2")
    result = run("check", "--project", str(demo_docs), "--game", "demo")
    assert result.exit_code == 1
    assert f"{first}: leads to {outside / 'secret.md'}" in result.output
    assert f"{second}: leads to {outside / 'secret.j2'}" in result.output
    assert "Traceback" not in result.output and CANARY not in result.output


# a hostile game folder and its canary -------------------------------------------------------


def everything_written(project: Path) -> list[tuple[Path, bytes, str]]:
    """Every file under build/, with its bytes and (for a PDF) its text."""
    found = []
    for path in sorted((project / "build").rglob("*")) if (project / "build").exists() else []:
        if path.is_file():
            text = "\n".join(page_texts(path)) if path.suffix == ".pdf" else ""
            found.append((path, path.read_bytes(), text))
    return found


def canary_free(project: Path) -> bool:
    return all(CANARY.encode() not in data and CANARY not in text
               for _, data, text in everything_written(project))


HOSTILE = {
    "deck": lambda p, o: link(game_dir(p) / "decks" / "gamma.yaml", o / "secret.yaml"),
    "chapter": lambda p, o: link(game_dir(p) / "rules" / "pt-BR" / "04-x.md", o / "secret.md"),
    "icon": lambda p, o: link(game_dir(p) / "icons" / "estrela.svg", o / "secret.svg"),
    "example": lambda p, o: link(game_dir(p) / "examples" / "01-curto.md", o / "secret.md"),
    "template": lambda p, o: link(p / "templates" / "demo" / "cards.css.j2", o / "secret.j2"),
}


@pytest.fixture
def hostile_project(demo_docs: Path) -> Path:
    shutil.copytree(Path(__file__).parents[2] / "templates" / "agencia",
                    demo_docs / "templates" / "demo", dirs_exist_ok=True)
    return demo_docs


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_build_of_a_hostile_game_fails_naming_the_file_and_writes_no_byte_of_it(
        hostile_project, outside, kind):
    name = HOSTILE[kind](hostile_project, outside)
    result = run("build", "--project", str(hostile_project), "--game", "demo", "--jobs", "1")
    assert result.exit_code == 1, result.output
    assert f"{name}: leads to " in result.output and "Traceback" not in result.output
    assert canary_free(hostile_project)


def test_text_that_names_outside_files_prints_as_text_and_nothing_of_them(
        hostile_project, outside):
    """Card text, names and notes that look like markup print as typed; the build reads
    nothing they point at."""
    secret = outside / "secret.png"
    give(hostile_project, "Primeira", f'notes: "<img src=\\"file://{secret}\\"> and '
                                      f'<object data=\\"{secret}\\"></object>"')
    deck = game_dir(hostile_project) / "decks" / "alpha.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        "name: Segunda", 'name: "<i>R&amp;H</i>"'), encoding="utf-8")
    result = run("build", "--project", str(hostile_project), "--game", "demo", "--jobs", "1")
    assert result.exit_code == 0, result.output
    texts = " ".join(" ".join(t for _, _, t in everything_written(hostile_project)).split())
    assert "<i>R&amp;H</i>" in texts  # the name as typed, on its card and in the manual
    # the notes as typed (Markdown allows no raw HTML), with typographic quotes, in the list
    assert "<img src=“file://" in texts and "<object data=“" in texts
    assert canary_free(hostile_project)


def test_editors_own_files_beside_the_sources_are_no_sources(demo_docs):
    """An Emacs lock (a dangling symlink), a Vim swap file and a backup in the decks folder
    are not decks: the game checks as without them."""
    from conftest import run

    decks = demo_docs / "cards" / "demo" / "decks"
    (decks / ".#alpha.yaml").symlink_to("user@host.1234:1700000000")
    (decks / ".alpha.yaml.swp").write_bytes(b"\x00binary")
    (decks / "alpha.yaml~").write_text("deck: alpha\ncards: []\n", encoding="utf-8")
    (demo_docs / "cards" / "demo" / "rules" / "pt-BR" / ".#01.md").write_text("x")
    result = run("check", "--project", str(demo_docs), "--game", "demo")
    assert result.exit_code == 0, result.output
