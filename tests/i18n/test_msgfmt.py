"""Every committed catalog is valid for GNU gettext's own compiler, which did not write it:
syntax, header, plural forms against the file's Plural-Forms, and format strings."""

from __future__ import annotations

import subprocess

import pytest

from conftest import REPO

CATALOGS = sorted(p for p in REPO.glob("[ct]*/**/*.po") if ".venv" not in p.parts)


def test_the_repository_has_catalogs_to_check():
    assert len(CATALOGS) >= 5


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: p.relative_to(REPO).as_posix())
def test_msgfmt_compiles_the_catalog_without_errors(po, tmp_path):
    result = subprocess.run(["msgfmt", "--check", "--statistics", "-o", str(tmp_path / "x.mo"),
                             str(po)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "error" not in result.stderr.lower(), result.stderr
