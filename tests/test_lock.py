"""requirements.lock: made from pyproject.toml's ranges, every package pinned with its hashes,
and what the tests run on (tools/lock.py; README, "Dependencies")."""

from __future__ import annotations

import importlib.metadata
import re
import sys
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.utils import canonicalize_name

from conftest import REPO

sys.path.insert(0, str(REPO / "tools"))
import lock

LOCK = REPO / "requirements.lock"


def applying() -> dict[str, str]:
    return {canonicalize_name(name): version for name, version, marker in lock.pins(LOCK)
            if not marker or Marker(marker).evaluate()}


def test_the_lock_is_made_from_pyproject_as_it_is():
    assert lock.problems(LOCK) == []


def test_every_pin_carries_its_hashes():
    text = LOCK.read_text(encoding="utf-8")
    entries = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 3)[3])
    assert len(entries) == len(lock.pins(LOCK)) > 50
    for entry in entries:
        assert "--hash=sha256:" in entry, entry.splitlines()[0]


def test_the_tests_run_on_exactly_what_the_lock_pins():
    """What passes here is what a fresh machine installs: each pinned package, at its pin."""
    wrong = {}
    for name, version in applying().items():
        try:
            installed = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            installed = "missing"
        if installed != version:
            wrong[name] = (version, installed)
    assert not wrong, f"run `make setup` (pinned, installed): {wrong}"


def changed(tmp_path: Path, old: str, new: str) -> Path:
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "pyproject.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


@pytest.mark.parametrize("old, new", [('"pydantic>=2.7,<3"', '"pydantic>=2.7,<4"'),
                                      ('"pytest>=8"', '"pytest>=8", "tomli-w"'),
                                      ('"setuptools>=77"', '"setuptools>=78"'),
                                      ('requires-python = ">=3.11"', 'requires-python = ">=3.12"')])
def test_a_requirement_changed_without_relocking_is_refused(tmp_path, old, new):
    """Any change of what decides the lock, even one its pins still satisfy."""
    assert lock.problems(LOCK, changed(tmp_path, old, new)) == [
        "pyproject.toml's requirements changed since requirements.lock was made: "
        "run `make lock` and commit both files"]


def test_a_pin_outside_its_range_is_named(tmp_path):
    pyproject = changed(tmp_path, '"pydantic>=2.7,<3"', '"pydantic>=2.7,<2.8"')
    stale = tmp_path / "requirements.lock"
    stale.write_text(LOCK.read_text(encoding="utf-8"), encoding="utf-8")
    lock.stamp(stale, pyproject)
    pinned = applying()["pydantic"]
    assert lock.problems(stale, pyproject) == [
        f"requirements.lock pins pydantic {pinned}, outside pyproject.toml's "
        "pydantic<2.8,>=2.7: run `make lock`"]

