"""`publish watch` rebuilds the editions its options name: the source edition by default,
``--locale``'s, or every one with ``--all-editions`` (issue 44: it rebuilt every edition)."""

from __future__ import annotations

import pytest

import publish.cli.main as cli
from conftest import run
from demo_en import with_english


@pytest.fixture
def watched(demo, monkeypatch) -> list[str | None]:
    """The locale each rebuild of a watch asks for: one save, then the watch ends."""
    with_english(demo)
    asked: list[str | None] = []
    monkeypatch.setattr(cli, "build_changed", lambda _root, _game, locale, *_: asked.append(
        locale))
    monkeypatch.setattr(cli, "rebuild_on_save", lambda _root, _game, rebuild, _say: rebuild())
    return asked


@pytest.mark.parametrize(("options", "locale"), [
    ((), "pt-BR"), (("--locale", "en"), "en"), (("--all-editions",), None)])
def test_watch_rebuilds_the_editions_its_options_name(demo, watched, options, locale):
    result = run("watch", "--project", str(demo), "--game", "demo", *options)
    assert result.exit_code == 0, result.output
    assert watched == [locale]


def test_watch_refuses_a_locale_with_all_editions(demo, watched):
    result = run("watch", "--project", str(demo), "--game", "demo", "--locale", "en",
                 "--all-editions")
    assert result.exit_code == 2
    assert "give one or the other" in result.output
    assert watched == []
