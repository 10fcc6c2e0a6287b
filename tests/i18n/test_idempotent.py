"""`publish i18n extract` and `update` on unchanged sources change no byte, the repository's
committed catalogs included, and so does `publish i18n shared` for every language the shared
catalog ships in; and they keep a fuzzy message's previous source (``#|``) as it is."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import REPO, run
from publish.i18n.catalog import po_path

GAMES = ("agencia", "harbourlight")


def catalogs(project: Path) -> dict[str, bytes]:
    """Every PO and POT file of the project, by path."""
    return {path.relative_to(project).as_posix(): path.read_bytes()
            for path in sorted(project.rglob("*.po*")) if path.suffix in (".po", ".pot")}


def extract_and_update(project: Path) -> None:
    for game in GAMES:
        for command in ("extract", "update"):
            result = run("i18n", command, "--project", str(project), "--game", game)
            assert result.exit_code == 0, result.output
    result = run("i18n", "shared", "--project", str(project))
    assert result.exit_code == 0, result.output


def test_the_repository_catalogs_are_what_extract_and_update_write(tmp_path):
    project = tmp_path / "project"
    for folder in ("cards", "templates"):
        shutil.copytree(REPO / folder, project / folder)
    committed = catalogs(project)
    extract_and_update(project)
    after = catalogs(project)
    assert {k: v for k, v in after.items() if k in committed} == committed, \
        "run publish i18n extract and update for every game, and publish i18n shared, and " \
        "commit the catalogs"
    extract_and_update(project)
    assert catalogs(project) == after


LONG_BEFORE = ("Cada jogador recebe cinco cartas. A carta {card 001} abre a partida, e a "
               "{card Nova geração} pode entrar a qualquer momento :estrela:.")


def test_update_run_twice_keeps_the_previous_source_of_a_fuzzy_message(demo_en):
    chapter = demo_en / "cards" / "demo" / "rules" / "pt-BR" / "01-regras.md"
    text = chapter.read_text(encoding="utf-8")
    assert LONG_BEFORE.split(" A carta")[0] in " ".join(text.split())
    chapter.write_text(text.replace("cinco cartas", "seis cartas"), encoding="utf-8")
    po = po_path(demo_en / "cards" / "demo", "en", "rules")
    for _ in range(2):
        assert run("i18n", "update", "--project", str(demo_en), "--game", "demo").exit_code == 0
    once = po.read_bytes()
    assert run("i18n", "update", "--project", str(demo_en), "--game", "demo").exit_code == 0
    assert po.read_bytes() == once
    written = once.decode("utf-8")
    assert "# |" not in written
    assert '#| msgid ""\n#| "Cada jogador recebe cinco cartas. ' in written
