"""Safety and failure behaviour of builds: atomic outputs, failures that say why, untrusted
card text and templates kept in their place, and missing resources named.

Other tests hold the rest of it: tests/core/test_atomic.py (write_atomic itself),
tests/core/test_yamlsource.py and tests/checks/test_checks_run.py (``!!python/...`` tags, aliases),
tests/model/test_text.py and tests/docs/test_markdown.py (escaping of card text and rules),
tests/render/test_decks.py (refused resources, unknown icon tokens on Agência's cards),
tests/docs/test_booklet.py (a declared icon without its file) and tests/cli/test_main.py
(a missing template).
"""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from conftest import REPO, break_with, run
from pdftext import page_texts, squash
from publish.build.failures import build_failure
from publish.cli.main import main
from publish.core.parallel import TasksFailed
from publish.render.pdf import RenderError, render, write_pdf


@pytest.fixture
def project(demo_docs: Path) -> Path:
    """The demo project with card faces (Agência's templates), so its decks can be built."""
    shutil.copytree(REPO / "templates" / "agencia", demo_docs / "templates" / "demo",
                    dirs_exist_ok=True)
    return demo_docs


def build(project: Path):
    """`publish build decks` of the demo; exceptions become a non-zero exit, not a raise."""
    return CliRunner().invoke(main, ["build", "decks", "--project", str(project),
                                     "--game", "demo", "--jobs", "1"])


def outputs(project: Path) -> dict[str, bytes]:
    """Every file in the demo's output folder, hidden ones (temporaries) included."""
    folder = project / "build" / "demo" / "pt-BR"
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def built_once(project: Path) -> dict[str, bytes]:
    result = build(project)
    assert result.exit_code == 0, result.output
    before = outputs(project)
    assert sorted(before) == ["deck-alpha.pdf", "deck-beta.pdf", "decks-all.pdf"]
    return before


def cards_template(project: Path) -> Path:
    return project / "templates" / "demo" / "cards.html.j2"


def alpha(project: Path) -> Path:
    return project / "cards" / "demo" / "decks" / "alpha.yaml"


# 1. Outputs are written atomically -------------------------------------------------------------


def make_overflow(project: Path) -> None:
    edit(project / "cards" / "demo" / "decks" / "beta.yaml", "Compre 2 cartas.",
         "Compre 2 cartas. " * 60)


def make_template_error(project: Path) -> None:
    """A name the check cannot see (a key of a card's group), so the build meets it."""
    edit(cards_template(project), "{{ card.name }}", "{{ card.name }}{{ card.frame.nosuch }}")


@pytest.mark.parametrize("failure", [make_template_error, make_overflow])
def test_a_build_that_fails_leaves_the_previous_pdfs_byte_identical(project, failure):
    before = built_once(project)
    edit(alpha(project), "name: Primeira", "name: Primeira edição")  # the new build would differ
    failure(project)
    assert build(project).exit_code != 0
    assert outputs(project) == before


@pytest.mark.parametrize("interruption", [OSError(errno.ENOSPC, "No space left on device"),
                                          KeyboardInterrupt()])
def test_a_write_that_fails_half_way_leaves_the_previous_pdf_whole_and_no_temporary(
        project, monkeypatch, interruption):
    before = built_once(project)
    out = (project / "build" / "demo" / "pt-BR").resolve()
    edit(alpha(project), "name: Primeira", "name: Primeira edição")
    edit(project / "cards" / "demo" / "decks" / "beta.yaml", "name: Quarta", "name: Quarta nova")
    real_fsync = os.fsync

    def fsync(fd: int) -> None:  # deck-beta.pdf's temporary gets half written, then it fails
        if os.readlink(f"/proc/self/fd/{fd}").startswith(str(out / ".deck-beta.pdf.")):
            os.ftruncate(fd, 100)
            raise interruption
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    assert build(project).exit_code != 0
    after = outputs(project)
    assert sorted(after) == sorted(before)  # no .deck-beta.pdf.*.tmp left behind
    assert after["deck-beta.pdf"] == before["deck-beta.pdf"]
    assert after["decks-all.pdf"] == before["decks-all.pdf"]
    assert after["deck-alpha.pdf"] != before["deck-alpha.pdf"]  # written before the failure
    assert len(PdfReader(out / "deck-alpha.pdf").pages) == 1


# 2. A failed build exits non-zero and names the cause ------------------------------------------


def python_tag(project: Path) -> None:
    break_with(project, "python_tag")


def https_font(project: Path) -> None:
    append(project / "templates" / "demo" / "cards.css.j2",
           '@font-face { font-family: "Far"; src: url("https://fonts.example.com/far.ttf"); }\n')


def failed_decks_build(project: Path, failure) -> str:
    """Break the demo with ``failure``, build its decks, expect exit 1; the output."""
    failure(project)
    result = run("build", "decks", "--project", str(project), "--game", "demo")
    assert result.exit_code == 1, result.output
    return result.output


@pytest.mark.parametrize(("failure", "cause"), [
    (make_overflow, "build failed: card 004 (beta): effects overflows its box by "),
    (python_tag, "decks/beta.yaml:4:11: tag '!!python/object/apply:os.system' is not allowed"),
    (https_font, "build failed: Demo · Alpha: refused 'https://fonts.example.com/far.ttf': "
                 "builds never use the network"),
])
def test_a_failed_build_exits_1_and_names_the_cause(project, failure, cause):
    output = failed_decks_build(project, failure)
    assert cause in output, output
    assert "Traceback" not in output


def test_a_misspelt_card_key_fails_the_check_with_line_and_suggestion(project):
    edit(cards_template(project), "{{ card.name }}", "{{ card.nmae }}")
    result = run("check", "--project", str(project), "--game", "demo")
    assert result.exit_code == 1
    assert ("templates/demo/cards.html.j2:7: card.nmae: a template's card has no 'nmae' (did "
            "you mean 'name'?)") in result.output, result.output


@pytest.mark.parametrize(("failure", "cause"), [
    (make_template_error, "{project}/templates/demo/cards.html.j2:7: no 'nosuch' in this str"),
    ("disk full", "build failed: cannot write {out}/deck-"),
])
def test_a_template_error_or_a_failed_write_exits_1_naming_the_cause_without_a_traceback(
        project, monkeypatch, failure, cause):
    if failure == "disk full":
        def fsync(fd: int) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(os, "fsync", fsync)
    else:
        failure(project)
    result = run("build", "decks", "--project", str(project), "--game", "demo")
    assert result.exit_code == 1
    # a full disk names the file it could not write
    assert cause.format(out=project / "build" / "demo" / "pt-BR", project=project) \
        in result.output, result.output
    assert "Traceback" not in result.output


# 4. Card text is printed as text, never run as HTML or Jinja -----------------------------------


def test_html_and_jinja_in_card_name_and_text_print_literally(project):
    name = "<b>bold</b> {{ 7*7 }}"
    text = "<script>alert(1)</script> {% if true %}yes{% endif %} {{ 7*7 }} <i>x</i>"
    edit(alpha(project), "name: Primeira", f"name: '{name}'")
    edit(alpha(project), "direct: Compre 1 carta.", f"direct: '{text}'")
    result = run("build", "decks", "--project", str(project), "--game", "demo")
    assert result.exit_code == 0, result.output
    (printed,) = page_texts(project / "build" / "demo" / "pt-BR" / "deck-alpha.pdf")
    assert squash(name) in squash(printed)
    assert squash(text) in squash(printed)
    assert "49" not in printed and "yes {{" not in printed


# 5. Nothing outside the project: no URLs, absolute paths or escapes ----------------------------

NETWORK = "builds never use the network; copy the file into the project"
OUTSIDE = "outside the project ("


@pytest.mark.parametrize(("html", "refusal"), [
    ('<img src="https://example.com/x.png">', "refused 'https://example.com/x.png': " + NETWORK),
    ('<img src="http://example.com/x.png">', "refused 'http://example.com/x.png': " + NETWORK),
    ('<img src="ftp://example.com/x.png">', "refused 'ftp://example.com/x.png': " + NETWORK),
    ('<img src="//example.com/x.png">', "refused 'file://example.com/x.png': " + NETWORK),
    ('<img src="{outside}/outside.png">', "refused 'file://{outside}/outside.png': " + OUTSIDE),
    ('<img src="../outside.png">', "refused 'file://{outside}/outside.png': " + OUTSIDE),
    ('<img src="art/escape.png">', "refused 'file://{root}/art/escape.png': " + OUTSIDE),
    ('<base href="https://example.com/"><img src="x.png">',
     "refused 'https://example.com/x.png': " + NETWORK),
    ('<style>@import url("https://example.com/x.css");</style>',
     "refused 'https://example.com/x.css': " + NETWORK),
    ('<link rel="stylesheet" href="{outside}/outside.css">',
     "refused 'file://{outside}/outside.css': " + OUTSIDE),
    ('<div style="background: url(https://example.com/x.png); height: 1cm"></div>',
     "refused 'https://example.com/x.png': " + NETWORK),
    ('<style>@font-face { font-family: F; src: url("{outside}/outside.ttf") }'
     ' p { font-family: F }</style><p>x</p>',
     "refused 'file://{outside}/outside.ttf': " + OUTSIDE),
    ('<style>@font-face { font-family: F; src: url("https://example.com/f.ttf") }</style>',
     "refused 'https://example.com/f.ttf': " + NETWORK),
    # drawn, not laid out: WeasyPrint itself only logs "Failed to render SVG image"
    ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
     '<image href="https://example.com/x.png" width="10" height="10"/></svg>',
     "refused 'https://example.com/x.png': " + NETWORK),
    # attachments: refused before anything is fetched, inside the project or not
    ('<a rel="attachment" href="https://example.com/x.pdf">x</a>',
     "refused to attach https://example.com/x.pdf to the PDF"),
    ('<a rel="attachment" href="cards/demo/game.yaml">x</a>',
     "refused to attach file://{root}/cards/demo/game.yaml to the PDF"),
    ('<link rel="attachment" href="cards/demo/game.yaml" title="rules">',
     'refused to attach a <link rel="attachment"> file (rules) to the PDF'),
    # inside the project, but nothing a game reads: hidden names, the outputs, other games
    ('<img src=".env">', "refused 'file://{root}/.env': leads to {root}/.env, under a hidden "
                         "name (.env), which no game reads"),
    ('<img src="build/demo/x.png">', "refused 'file://{root}/build/demo/x.png': leads to "
                                     "{root}/build/demo/x.png, under the outputs' folder "
                                     "build/, which no game reads"),
    ('<img src="cards/other/art.png">', "refused 'file://{root}/cards/other/art.png': leads to "
                                        "{root}/cards/other/art.png, outside what this game "
                                        "may read (cards/demo/"),
])
def test_urls_absolute_paths_and_files_outside_the_project_are_refused_naming_them(
        demo_docs, html, refusal):
    outside = demo_docs.parent.resolve()  # the project's parent: outside it
    for name in ("outside.png", "outside.css", "outside.ttf"):
        shutil.copy(REPO / "fonts" / "vollkorn" / "Vollkorn-Regular.ttf", outside / name)
    (demo_docs / "art").mkdir()
    (demo_docs / "art" / "escape.png").symlink_to(outside / "outside.png")
    root = demo_docs.resolve()
    for name in (".env", "build/demo/x.png", "cards/other/art.png"):
        (demo_docs / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / "fonts" / "vollkorn" / "Vollkorn-Regular.ttf", demo_docs / name)
    reads = [demo_docs / "cards" / "demo", demo_docs / "art", demo_docs / "fonts"]
    with pytest.raises(RenderError) as info:
        write_pdf(render(html.replace("{outside}", str(outside)), demo_docs, "t", reads), "t")
    assert str(info.value).startswith("t: " + refusal.format(outside=outside, root=root))


def test_data_urls_are_allowed(demo_docs):
    svg = ("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='10' "
           "height='10'%3E%3Crect width='10' height='10'/%3E%3C/svg%3E")
    laid = render(f'<img src="{svg}">', demo_docs, "t", [demo_docs])
    assert write_pdf(laid, "t").startswith(b"%PDF")


# 6. A missing font, image or icon fails the build (or its check) with its path ------------------


def missing_font(project: Path) -> None:
    append(project / "templates" / "demo" / "cards.css.j2",
           '@font-face { font-family: "Gone"; src: url("fonts/gone/Gone-Regular.ttf"); }\n'
           '.card .name { font-family: "Gone"; }\n')


def missing_image(project: Path) -> None:
    edit(cards_template(project), '<div class="panel">',
         '<div class="panel"><img src="cards/demo/art/gone.png" alt="">')


def missing_icon_file(project: Path) -> None:
    append(project / "cards" / "demo" / "game.yaml", "icons:\n  estrela: {name: Estrela}\n"
           "  lua: {name: Lua}\n")


def unknown_icon_token(project: Path) -> None:
    edit(alpha(project), "direct: Compre 1 carta.", "direct: Compre 1 carta :nosuch:.")


@pytest.mark.parametrize(("failure", "named"), [
    (missing_font, "build failed: Demo · Alpha: missing file fonts/gone/Gone-Regular.ttf (in "),
    (missing_image, "build failed: Demo · Alpha: missing file cards/demo/art/gone.png (in "),
    (missing_icon_file, "game.yaml:39:8: icon :lua: no file icons/lua.svg; draw it or correct "
                        "'file'"),
    (unknown_icon_token, "{root}/cards/demo/decks/alpha.yaml:8:9: card 001: unknown icon "
                         ":nosuch:; known icons: estrela (declare it in game.yaml 'icons' and "
                         "draw icons/nosuch.svg)"),
])
def test_a_missing_font_image_or_icon_fails_the_build_naming_its_path(project, failure, named):
    output = failed_decks_build(project, failure)
    assert named.format(root=project.resolve()) in output, output
    assert not (project / "build" / "demo" / "pt-BR").exists()


def test_every_failing_job_of_a_build_is_reported_in_that_build(project):
    """An overflow in each of two decks: one build names both, in the order of the jobs."""
    make_overflow(project)
    edit(alpha(project), "Compre 1 carta.", "Compre 1 carta. " * 60)
    output = failed_decks_build(project, lambda _: None)
    assert output.count("overflows its box by") == 2, output
    assert "(alpha)" in output and "(beta)" in output
    assert "Traceback" not in output


def test_a_bug_among_failing_jobs_is_a_crash_report_with_that_bugs_traceback():
    bug = KeyError("nosuch")
    both = TasksFailed([RenderError("deck alpha: refused"), bug])
    assert build_failure(both) is None
    assert both.__cause__ is bug
    known = TasksFailed([RenderError("deck alpha: refused"), RenderError("deck beta: refused")])
    assert build_failure(known).lines == ["build failed: deck alpha: refused",
                                          "build failed: deck beta: refused"]
