"""Files replaced together: all or none, whether a rename fails or the process is killed
between two (publish/core/journal.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO
from publish.core.journal import (
    JournalError,
    NotReplaced,
    journal_path,
    locked,
    recover,
    replace_together,
)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A game's folder with two deck files, "old a" and "old b"."""
    (tmp_path / "game" / "decks").mkdir(parents=True)
    for name in ("a", "b"):
        (tmp_path / "game" / "decks" / f"{name}.yaml").write_text(f"old {name}\n")
    return tmp_path / "game"


def texts(folder: Path) -> dict[str, str]:
    """Every file of the folder, hidden ones too (a journal, a kept copy), and its text."""
    return {p.relative_to(folder).as_posix(): p.read_text() for p in sorted(folder.rglob("*"))
            if p.is_file()}


OLD = {"decks/a.yaml": "old a\n", "decks/b.yaml": "old b\n"}
NEW = {"decks/a.yaml": "new a\n", "decks/b.yaml": "new b\n"}


def new_texts(folder: Path) -> dict[Path, bytes]:
    return {folder / name: text.encode() for name, text in NEW.items()}


def failing_rename(count: int, also: str | None = None):
    """os.replace failing (a full disk) on the ``count``-th rename of a new text over its file,
    and on every rename of a name ending with ``also``."""
    real, seen = os.replace, []

    def rename(source, target):
        if str(source).endswith(".publish-new"):
            seen.append(source)
            if len(seen) == count:
                raise OSError(28, "No space left on device", str(target))
        if also and str(source).endswith(also):
            raise OSError(5, "Input/output error", str(target))
        return real(source, target)
    return rename


def test_the_files_are_replaced_together_and_nothing_is_left_beside_them(folder):
    replace_together(folder, new_texts(folder))
    assert texts(folder) == NEW


def test_a_failure_between_two_renames_puts_the_first_back(folder, monkeypatch):
    monkeypatch.setattr(os, "replace", failing_rename(2))
    with pytest.raises(NotReplaced) as failed:
        replace_together(folder, new_texts(folder))
    assert failed.value.changed == [folder / "decks" / "a.yaml"] and failed.value.restored
    assert failed.value.cause.filename == str(folder / "decks" / "b.yaml")
    assert texts(folder) == OLD  # nothing beside them either: no journal, no copy


def test_a_failure_while_writing_the_new_texts_changes_nothing(folder, monkeypatch):
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(
        OSError(28, "No space left on device")) if os.fstat(fd).st_size == 6 else real(fd))
    with pytest.raises(NotReplaced) as failed:
        replace_together(folder, new_texts(folder))
    assert failed.value.changed == [] and texts(folder) == OLD


def test_a_failure_while_putting_back_leaves_the_journal_for_the_next_command(folder,
                                                                             monkeypatch):
    monkeypatch.setattr(os, "replace", failing_rename(2, also=".publish-old"))
    with pytest.raises(NotReplaced) as failed:
        replace_together(folder, new_texts(folder))
    assert failed.value.changed == [folder / "decks" / "a.yaml"]
    assert not failed.value.restored
    assert texts(folder)["decks/a.yaml"] == "new a\n"  # half done, and the journal says so
    assert journal_path(folder, "undo").exists()
    monkeypatch.undo()
    done = recover(folder)
    assert done is not None and done.restored == [folder / "decks" / "a.yaml"]
    assert texts(folder) == OLD


KILLER = """
import os, signal, sys
from pathlib import Path
from publish.core import journal
real, (side, at) = os.replace, sys.argv[2].split(":")
def rename(source, target):
    real(source, target)
    if str(source if side == "from" else target).endswith(at):
        os.kill(os.getpid(), signal.SIGKILL)  # the process dies right after this rename
os.replace = rename
folder = Path(sys.argv[1])
journal.replace_together(folder, {folder / "decks" / name: f"new {name[0]}\\n".encode()
                                  for name in ("a.yaml", "b.yaml")})
"""


def killed_at(folder: Path, rename: str) -> None:
    """``replace_together`` run in a process killed (SIGKILL) just after a rename: "from:X"
    of a file whose name ends with X, "to:X" to such a file."""
    result = subprocess.run([sys.executable, "-c", KILLER, str(folder), rename], cwd=REPO,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == -9, result.stderr


def test_a_kill_between_two_renames_is_undone_by_the_next_recovery(folder):
    killed_at(folder, "from:a.yaml.publish-new")
    files = texts(folder)
    assert (files["decks/a.yaml"], files["decks/b.yaml"]) == ("new a\n", "old b\n")  # half
    done = recover(folder)
    assert done is not None and done.state == "replace"
    assert done.restored == [folder / "decks" / "a.yaml"] and not done.stood
    assert texts(folder) == OLD
    assert recover(folder) is None


def test_a_kill_after_the_last_rename_stands(folder):
    killed_at(folder, "from:b.yaml.publish-new")
    done = recover(folder)
    assert done is not None and done.stood == [folder / "decks" / "a.yaml",
                                               folder / "decks" / "b.yaml"]
    assert texts(folder) == NEW


def test_a_kill_while_preparing_leaves_nothing(folder):
    killed_at(folder, "to:.a.yaml.publish-new")  # a's new text written, nothing else yet
    assert journal_path(folder, "prepare").exists()
    assert (folder / "decks" / ".a.yaml.publish-new").exists()
    done = recover(folder)
    assert done is not None and done.state == "prepare" and not done.restored
    assert texts(folder) == OLD


@pytest.mark.parametrize("name", ["../outside.txt", "/etc/passwd", "decks/../../outside.txt",
                                  ".git/config", "decks"])
def test_a_journal_naming_what_is_not_a_file_of_its_folder_is_not_followed(folder, name):
    """A game folder is shared: a journal in it may have been written to do harm."""
    (folder.parent / "outside.txt").write_text("mine\n")
    (folder.parent / ".outside.txt.publish-old").write_text("theirs\n")
    journal_path(folder, "replace").write_text(json.dumps({"files": [name]}))
    with pytest.raises(JournalError, match="not a file of"):
        recover(folder)
    assert (folder.parent / "outside.txt").read_text() == "mine\n"
    assert journal_path(folder, "replace").exists()


def test_a_damaged_journal_is_said_and_not_followed(folder):
    journal_path(folder, "replace").write_text('{"files": ["decks/a.yaml"')
    with pytest.raises(JournalError, match="cannot be read"):
        recover(folder)
    assert texts(folder)["decks/a.yaml"] == "old a\n"


def test_a_change_another_process_is_making_is_left_to_it(folder):
    journal_path(folder, "replace").write_text(json.dumps({"files": ["decks/a.yaml"]}))
    with locked(folder):  # another open file: flock keeps them apart, even in one process
        assert recover(folder) is None
    assert journal_path(folder, "replace").exists()
