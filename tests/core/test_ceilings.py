"""Work that grows without end stops at a ceiling naming itself: a build's job in its worker,
or the drawing of an edition's rules by `publish check`."""

from __future__ import annotations

import resource
import time
from pathlib import Path

import pytest

from conftest import run
from publish.core import ceilings as ceilings_module
from publish.core.ceilings import MAX_JOB_MEMORY, OverCeiling, ceilings


def test_work_past_its_time_stops_naming_itself_and_the_ceiling():
    start = time.monotonic()
    said = (r"^deck x \(en\): stopped after 0.3 s, the time it may take "
            r"\(publish.core.ceilings.MAX_JOB_SECONDS\)")
    with pytest.raises(OverCeiling, match=said), ceilings("deck x (en)", seconds=0.3):
        while True:
            time.sleep(0.01)
    assert time.monotonic() - start < 2


def test_work_past_its_memory_stops_and_the_limit_is_put_back():
    before = resource.getrlimit(resource.RLIMIT_AS)
    said = r"^manual \(en\): stopped when it needed more than the 1,024 MiB of memory it may"
    with pytest.raises(OverCeiling, match=said), ceilings("manual (en)"):
        bytearray(2 * MAX_JOB_MEMORY)
    assert resource.getrlimit(resource.RLIMIT_AS) == before


def face_template(project: Path, body: str) -> None:
    path = project / "templates" / "demo" / "cards.html.j2"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('<div class="panel">', f'<div class="panel">{body}', 1),
                    encoding="utf-8")


NEVER_ENDS = "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"
GROWS = ("{% set ns = namespace(kept=[]) %}{% for i in range(100000) %}"
         "{% set _ = ns.kept.append('y' * 999000 ~ i) %}{% endfor %}")
"""Keeps a new string of a million characters each time: every step within the sandbox's."""


def test_a_template_that_never_ends_fails_its_job_at_the_time_ceiling(demo_docs, monkeypatch):
    monkeypatch.setattr(ceilings_module, "MAX_JOB_SECONDS", 2)  # the workers fork from here
    face_template(demo_docs, NEVER_ENDS)
    start = time.monotonic()
    result = run("build", "decks", "--deck", "alpha", "--project", str(demo_docs),
                 "--game", "demo")
    assert result.exit_code == 1, result.output
    assert "build failed: deck alpha (pt-BR): stopped after 2 s, the time it may take " \
           "(publish.core.ceilings.MAX_JOB_SECONDS)" in result.output
    assert time.monotonic() - start < 30


def test_a_template_that_grows_without_end_fails_its_job_at_the_memory_ceiling(demo_docs,
                                                                              monkeypatch):
    monkeypatch.setattr(ceilings_module, "MAX_JOB_MEMORY", 512 * 1024 * 1024)
    face_template(demo_docs, GROWS)
    result = run("build", "decks", "--deck", "alpha", "--project", str(demo_docs),
                 "--game", "demo")
    assert result.exit_code == 1, result.output
    assert "build failed: deck alpha (pt-BR): stopped when it needed more than the 512 MiB " \
           "of memory it may add (publish.core.ceilings.MAX_JOB_MEMORY)" in result.output


def test_check_draws_an_editions_faces_within_the_same_ceilings(demo_docs, monkeypatch):
    monkeypatch.setattr(ceilings_module, "MAX_JOB_SECONDS", 2)
    face_template(demo_docs, NEVER_ENDS)
    rules = demo_docs / "cards" / "demo" / "rules" / "pt-BR" / "01-regras.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n{face 001}\n", encoding="utf-8")
    result = run("check", "--project", str(demo_docs), "--game", "demo")
    assert result.exit_code == 1, result.output
    assert "the rules of demo (pt-BR), drawn as the manual would: stopped after 2 s" \
        in result.output
