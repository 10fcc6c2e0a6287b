"""Issue 44's reproductions, each on a game fresh from `publish new` given a French edition
by the documented workflow: names by identity."""

from __future__ import annotations

from pathlib import Path

from moon_editions import add_editions, line_of, translate

from conftest import run

STORM = "Tempête soudaine"


def chapter(project: Path) -> Path:
    return project / "cards" / "moon" / "rules" / "en" / "01-how-to-play.md"


def write_in_chapter(project: Path, line: str) -> None:
    path = chapter(project)
    path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")


def check(project: Path):
    return run("check", "--project", str(project), "--game", "moon")


def french_storm(message) -> str | None:
    return STORM if message.context == "card 080 name" else None



# ------------------------------------------------------------------ 1. names by identity


def test_a_name_right_in_the_source_stays_right_once_translated(moon):
    write_in_chapter(moon, "Beware {card Sudden Storm} in the market.")
    assert check(moon).exit_code == 0
    add_editions(moon, "fr")
    translate(moon, "fr", "cards", french_storm)
    result = check(moon)
    assert result.exit_code == 0, result.output


def test_a_translation_names_a_card_by_its_translated_name(moon):
    write_in_chapter(moon, "Beware {card Sudden Storm} in the market.")
    add_editions(moon, "fr")
    translate(moon, "fr", "cards", french_storm)
    po = translate(moon, "fr", "rules", lambda m: (
        "Gare à {card Tempête soudaine} au marché." if "Beware" in str(m.id) else None))
    assert check(moon).exit_code == 0
    translate(moon, "fr", "rules", lambda m: (
        "Gare à {card Tempete soudaine} au marché." if "Beware" in str(m.id) else None))
    result = check(moon)
    assert result.exit_code == 1
    line = line_of(po, "Beware")
    assert (f"{po}:{line}:1: {{card Tempete soudaine}}: no card has this name in this "
            f"translation (did you mean '{STORM}'?)") in result.output


def test_a_wrong_name_is_one_problem_with_its_suggestion(moon):
    write_in_chapter(moon, "Beware {card Sudden Strom} in the market.")
    add_editions(moon, "fr")
    translate(moon, "fr", "cards", french_storm)
    result = check(moon)
    assert result.exit_code == 1
    said = [line for line in result.output.splitlines() if "Sudden Strom" in line]
    assert len(said) == 1, result.output
    assert "(did you mean 'Sudden Storm'?)" in said[0]
