"""The website in a real browser: pages load cleanly, links hold, axe finds nothing, search
finds cards in every language, card pages link back to the rules, the switcher keeps the rule.

`make test` runs it on a game made by `publish new` with a second edition (its words
untranslated, the shared templates' translated): a small site, built once.  Agência (both
editions) and Harbourlight, whole, are `pytest -m long`.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from sitecheck import (
    axe_violations,
    broken_links,
    browser,
    console_errors,
    mentions_listed,
    missing_tools,
    page_kinds,
    rare_word,
    rules_naming,
    search_index,
)

from conftest import REPO, copy_game, empty_project, run
from publish.build.run import Request, plan
from publish.build.run import run as run_build
from publish.model.load import load_game
from publish.targets.base import Work
from publish.targets.site import SiteOptions

EXAMPLE = """---
title: A first turn
players: 2
mode: basic
decks: [main]
---
Ana opens with {card 001}, then buys {card 002}.

```log
T1(Ana). play 001. buy 002.
T2(Bea). play 001.
```

Bea has nothing better to do.
"""


def new_game(project: Path) -> Path:
    """`publish new demo`, with an example and a second edition nobody has translated yet."""
    result = run("new", "demo", "--project", str(project), "--author", "Jane Doe")
    assert result.exit_code == 0, result.output
    game = project / "cards" / "demo"
    config = game / "game.yaml"
    config.write_text(config.read_text(encoding="utf-8").replace(
        'editions: ["en"]', 'editions: ["en", "fr"]'), encoding="utf-8")
    (game / "examples").mkdir()
    (game / "examples" / "first-turn.md").write_text(EXAMPLE, encoding="utf-8")
    chapter = next((game / "rules" / "en").glob("01-*.md"))
    chapter.write_text(chapter.read_text(encoding="utf-8")
                       + "\n## An example\n\n{example first-turn}\n", encoding="utf-8")
    return project


def changed_game(project: Path) -> Path:
    """`new_game`, committed as v1, then a card reworded and a rule clarified, game.yaml
    naming v1 (changes_since): a changes page and a changed rule marked where it stands."""
    new_game(project)
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "v1"], ["tag", "v1"]):
        subprocess.run(["git", "-C", str(project), "-c", "user.name=T", "-c",
                        "user.email=t@example.org", *args], check=True, capture_output=True)
    game = project / "cards" / "demo"
    deck = game / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        "the Scout, Draw 1 card.", "the Scout, Draw 2 cards.", 1), encoding="utf-8")
    chapter = next((game / "rules" / "en").glob("01-*.md"))
    chapter.write_text(chapter.read_text(encoding="utf-8").replace(
        "your own rules.", "your own rules. Take your time.", 1), encoding="utf-8")
    with (game / "game.yaml").open("a", encoding="utf-8") as config:
        config.write("changes_since: v1\n")
    return project


def built_site(project: Path, game_id: str) -> Path:
    loaded, problems = load_game(project, game_id)
    assert loaded is not None and not [p for p in problems if p.severity == "error"], problems
    work = Work(project, loaded)
    request = Request(list(loaded.config.locales.editions), {"site": SiteOptions()},
                      force=True, together=True)
    run_build(work, plan(work, request), say=lambda _: None)
    return project / "build" / game_id / "site"


@pytest.fixture(scope="module", params=[
    "new game", "changed game",
    pytest.param("agencia", marks=pytest.mark.long),
    pytest.param("harbourlight", marks=pytest.mark.long)])
def site(request, tmp_path_factory) -> Path:
    """A game's whole site, built once into a copy of the project."""
    folder = tmp_path_factory.mktemp("site")
    if request.param in ("new game", "changed game"):  # as its author would: `publish build site`
        made = new_game if request.param == "new game" else changed_game
        project = made(empty_project(folder / "project"))
        result = run("build", "site", "--project", str(project), "--game", "demo")
        assert result.exit_code == 0, result.output
        assert "site (en)" in result.output and "site (fr)" in result.output  # every edition
        return project / "build" / "demo" / "site"
    project = copy_game(folder / "project", request.param)
    shutil.copytree(REPO / "fonts", project / "fonts")
    return built_site(project, request.param)


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    if missing_tools():
        pytest.skip(missing_tools())
    chromium = browser(tmp_path_factory.mktemp("profile"))
    yield chromium
    chromium.quit()


def editions(site: Path) -> list[Path]:
    return sorted(p for p in site.iterdir() if p.is_dir() and p.name != "assets")


def test_the_site_has_every_edition_and_its_shared_files(site):
    assert [p.name for p in editions(site)] == sorted(
        re.findall(r'hreflang="([^"]+)"', (site / "index.html").read_text(encoding="utf-8")))
    assert (site / "assets" / "LICENCE.txt").is_file()
    for script in ("site.js", "filter.js", "search.js"):
        assert "SPDX-License-Identifier: MIT" in (site / "assets" / script).read_text("utf-8")


def test_no_link_or_anchor_is_broken(site):
    assert broken_links(site) == []


def test_every_page_loads_without_a_console_error(site, driver):
    pages = sorted(site.rglob("*.html"))
    errors = {}
    console_errors(driver)  # what earlier tests left (axe's own requests for style sheets)
    for page in pages:
        driver.get(page.as_uri())
        found = console_errors(driver)
        if found:
            errors[str(page.relative_to(site))] = found
    assert errors == {}
    assert len(pages) > 10


def test_axe_finds_nothing_on_any_kind_of_page(site, driver):
    found = {}
    for edition in editions(site):
        for kind, page in page_kinds(edition).items():
            driver.get(page.as_uri() + ("?q=a" if kind == "search" else ""))
            violations = axe_violations(driver)
            if violations:
                found[f"{edition.name} {kind} ({page.name})"] = violations
    assert found == {}
    first = editions(site)[0]
    wanted = {"chapter", "card", "card list", "glossary", "search"}
    assert set(page_kinds(first)) >= wanted | ({"example"} if (first / "examples").is_dir()
                                               else set())


def test_search_finds_a_card_by_a_word_of_its_text_in_each_language(site, driver):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    for edition in editions(site):
        index = search_index(edition)
        cards = [e for e in index if e["k"] == "card"]
        for entry in (cards[0], cards[len(cards) // 2], cards[-1]):
            word = rare_word(index, entry)
            driver.get((edition / "search.html").as_uri() + f"?q={word}")
            WebDriverWait(driver, 10).until(
                lambda d: d.find_element(By.ID, "summary").text.strip())
            found = [a.get_attribute("href") for a in
                     driver.find_elements(By.CSS_SELECTOR, "#results a")]
            assert (edition / entry["u"]).as_uri() in found, (edition.name, word, entry["t"])


def test_a_card_page_links_back_to_every_rule_and_example_naming_it(site):
    checked = 0
    for edition in editions(site):
        naming = rules_naming(edition)
        for page in sorted((edition / "cards").glob("*.html")):
            if page.name == "index.html":
                continue
            assert mentions_listed(page) == naming.get(page.stem, set()), page
            checked += bool(naming.get(page.stem))
    assert checked > 0


def test_headings_have_the_same_ids_in_every_edition(site):
    first, *others = editions(site)
    for chapter in sorted((first / "rules").glob("*.html")):
        ids = re.findall(r'<h[1-6][^>]* id="([^"]+)"', chapter.read_text(encoding="utf-8"))
        for other in others:
            same = other / "rules" / chapter.name
            assert re.findall(r'<h[1-6][^>]* id="([^"]+)"',
                              same.read_text(encoding="utf-8")) == ids


def test_the_language_switcher_keeps_the_reader_on_the_same_rule(site, driver):
    from selenium.webdriver.common.by import By

    first, *others = editions(site)
    if not others:
        pytest.skip("one edition")
    chapter = sorted((first / "rules").glob("*.html"))[-1]
    anchor = re.findall(r'<h2[^>]* id="([^"]+)"', chapter.read_text(encoding="utf-8"))[-1]
    for other in others:
        driver.get(chapter.as_uri() + f"#{anchor}")
        driver.find_element(By.CSS_SELECTOR, f'a.switch[hreflang="{other.name}"]').click()
        assert driver.current_url == (other / "rules" / chapter.name).as_uri() + f"#{anchor}"
        assert driver.find_element(By.ID, anchor).tag_name == "h2"
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == other.name
