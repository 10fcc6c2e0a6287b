"""Only our own errors are said as a failed build; any other exception, a ValueError of a
bug among them, is a crash, with its traceback in the crash log."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from conftest import run
from publish.build.failures import build_failure
from publish.build.run import TARGETS
from publish.core.atomic import WriteFailed
from publish.core.parallel import TasksFailed
from publish.core.problems import OptionError


@pytest.mark.parametrize("error", [ValueError("not enough values to unpack"),
                                   OSError(errno.ENOENT, "No such file or directory", "x"),
                                   KeyError("002"), RuntimeError("boom")])
def test_an_exception_that_is_not_ours_is_no_failure_we_know(error):
    assert build_failure(error) is None
    assert build_failure(TasksFailed([OptionError("--deck x: no such deck"), error])) is None


def test_our_own_errors_are_said_as_they_are():
    assert build_failure(OptionError("--deck x: no such deck")).lines == [
        "build failed: --deck x: no such deck"]
    full = WriteFailed(errno.ENOSPC, "No space left on device", "build/demo/deck-alpha.pdf")
    assert build_failure(full).lines == [
        "build failed: cannot write build/demo/deck-alpha.pdf: No space left on device"]


def test_a_value_error_from_a_bug_in_a_renderer_is_a_crash_not_a_failed_build(
        demo_docs, monkeypatch, tmp_path):
    def buggy(work, job):
        raise ValueError("a renderer's bug")

    monkeypatch.setattr(TARGETS["decks"], "render", buggy)  # the workers fork from here
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", None)
    result = run("build", "decks", "--deck", "alpha", "--project", str(demo_docs),
                 "--game", "demo")
    assert result.exit_code == 2, result.output
    assert "build failed" not in result.output
    assert "publish: internal error (ValueError: a renderer's bug); this is a bug" \
        in result.output
    log = Path(result.output.split("the traceback is in ")[1].split(";")[0])
    assert log.parent == tmp_path and "buggy" in log.read_text(encoding="utf-8")
