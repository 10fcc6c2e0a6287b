"""Atomic writes keep the previous file on failure and give ordinary permissions."""

from __future__ import annotations

import os
import stat

import pytest

from publish.core.atomic import write_atomic


def test_written_file_has_the_permissions_of_a_plain_write(tmp_path):
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "out.pdf", b"%PDF")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "out.pdf").stat().st_mode) == 0o644


def test_failed_write_leaves_the_previous_file_and_no_temporary(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("previous")
    with pytest.raises(TypeError):
        write_atomic(target, 12345)  # type: ignore[arg-type]
    assert target.read_text() == "previous"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]
