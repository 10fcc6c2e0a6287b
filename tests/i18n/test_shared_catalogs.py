"""The shared templates' words ship translated: every catalog complete, its placeholders kept."""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

SHARED = Path(__file__).resolve().parents[2] / "templates" / "_common" / "locale"
CATALOGS = sorted(SHARED.glob("*/LC_MESSAGES/templates.po"))
PLACEHOLDER = re.compile(r"\{\w+\}")


def messages(path: Path) -> dict:
    with path.open("rb") as fh:
        return {m.id if isinstance(m.id, str) else tuple(m.id): m for m in read_po(fh) if m.id}


def test_the_languages_we_say_we_ship_are_there():
    assert {p.parts[-3] for p in CATALOGS} >= {"pt_BR", "fr", "es", "de"}


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.parts[-3])
def test_every_shared_word_is_translated_with_its_placeholders(path):
    source = messages(SHARED / "templates.pot")
    found = messages(path)
    assert set(found) == set(source), "publish i18n update brings a catalog up to the POT"
    for key, message in found.items():
        assert "fuzzy" not in message.flags, key
        originals = [key] if isinstance(key, str) else list(key)
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        assert all(forms), f"{key}: untranslated"
        wanted = {tuple(sorted(PLACEHOLDER.findall(text))) for text in originals}
        for form in forms:
            assert tuple(sorted(PLACEHOLDER.findall(form))) in wanted, (key, form)
