"""SOURCE_DATE_EPOCH is the date every written date comes from: the manual's, a new
catalog's creation date, a new game's year."""

from __future__ import annotations

import datetime as dt

from publish.app.scaffold import NewGame, substitutions
from publish.core.sourcedate import now
from publish.docs.manual import build_date
from publish.i18n.catalog import new_catalog

EPOCH = 1_000_000_000  # 2001-09-09 01:46:40 UTC


def test_every_date_written_comes_from_source_date_epoch(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(EPOCH))
    assert now() == dt.datetime(2001, 9, 9, 1, 46, 40, tzinfo=dt.UTC)
    assert build_date() == dt.date(2001, 9, 9)
    assert new_catalog("Demo", "cards").creation_date == now()
    assert substitutions(NewGame("x", author="A"))["year"] == "2001"


def test_without_it_or_with_nonsense_the_clock_is_now(monkeypatch):
    for value in (None, "soon", "-5"):
        if value is None:
            monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
        else:
            monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
        assert abs((now() - dt.datetime.now(dt.UTC)).total_seconds()) < 60
