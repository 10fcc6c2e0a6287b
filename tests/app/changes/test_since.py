"""game.yaml's changes_since: the manual's changes part and the site's changes page, made
from the same comparison `publish changes` reports."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from moonedits import GAME, change_everything, committed, git, new_project

from conftest import run
from pdftext import page_texts, squash
from publish.app.changes.compare import compare
from publish.app.changes.since import identified, with_changes
from publish.app.changes.versions import versions
from publish.app.commands import checked, prepare_build
from publish.build.run import Request, plan
from publish.docs.changes.data import Comparison


def name_version(project: Path, version: str) -> Path:
    config = project / "cards" / GAME / "game.yaml"
    text = re.sub(r"\nchanges_since: .*\n", "\n", config.read_text(encoding="utf-8"))
    config.write_text(text + f"changes_since: {version}\n", encoding="utf-8")
    return config


@pytest.fixture(scope="module")
def since_v1(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game tagged v1, changed in every way since (moonedits), whose game.yaml names v1;
    its manual and site built."""
    project = new_project(tmp_path_factory.mktemp("since") / "project")
    committed(project, "v1")
    change_everything(project)
    name_version(project, "v1")
    for target in ("manual", "site"):
        result = run("build", target, "--project", str(project))
        assert result.exit_code == 0, result.output
    return project


@pytest.fixture(scope="module")
def reported(since_v1: Path) -> Comparison:
    """What `publish changes v1` compares."""
    with versions(since_v1, "v1", None) as (before, after):
        return compare(before, after, GAME)


def test_the_build_compares_the_version_game_yaml_names_as_publish_changes_does(
        since_v1, reported):
    work = identified(checked(str(since_v1), GAME))
    commit = git(since_v1, "rev-parse", "v1").strip()
    assert work.since == f"commit {commit}" and work.changes is None
    jobs = plan(work, Request(["en"], {"manual": None, "site": None}, force=True)).jobs
    assert all(job.inputs["changes since"] == work.since for job in jobs)
    changes = with_changes(work, jobs).changes
    assert changes is not None and changes.editions == reported.editions
    assert changes.examples == () and all(e.stale == () for e in changes.editions)
    assert with_changes(work, [j for j in jobs if j.target not in ("manual", "site")]) is work


def test_the_manual_has_a_changes_part_with_every_change_reported(since_v1, reported):
    pages = [squash(text) for text in page_texts(since_v1 / "build" / GAME / "en" /
                                                 "manual.pdf")]
    part = next(text for text in pages if text.startswith(squash("Changes since v1")))
    assert squash("Changes since v1") in pages[1]  # the contents list it
    assert squash("7 cards changed") in part and squash("1 rules paragraph changed") in part
    for change in reported.source.cards:
        assert squash(f"№ {change.number} {change.name}") in part
    assert squash("№ 052 Lantern · renumbered (was № 050)") in part
    assert squash("№ 051 Travelling Pack · removed") in part
    assert squash("Text 1: When you play the Scout, Draw 1 card.2 cards.") in part
    assert squash("Decks: Main deck × 1 Starter deck × 1") in part
    assert squash("own rules.rules. Take your time.") in part


def test_the_site_has_a_changes_page_and_marks_each_changed_rule_where_it_stands(
        since_v1, reported):
    site = since_v1 / "build" / GAME / "site" / "en"
    page = (site / "changes.html").read_text(encoding="utf-8")
    assert re.findall(r'id="change-card-(\d+)"', page) == [
        c.number for c in reported.source.cards]
    assert page.count('<del>1 card.</del><ins>2 cards.</ins>') == 1
    assert '<a href="cards/001.html">№ 001 Wandering Scout</a>' in page
    assert "<strong>№ 051 Travelling Pack</strong>" in page  # removed: no page to link to
    (link,) = re.findall(r'<li id="change-rule-1"><span class="change-what"><a href="([^"]+)"',
                         page)
    chapter, anchor = link.split("#")
    rules = (site / chapter).read_text(encoding="utf-8")
    assert re.search(rf'<p id="{anchor}" class="changed">[^<]*Take your time\. <a '
                     r'class="changed-mark" href="\.\./changes\.html#change-rule-1" '
                     r'title="Changes since v1">changed</a></p>', rules)
    assert rules.count('class="changed"') == 1
    assert 'href="../changes.html"' in rules  # the menu leads there from every page
    assert (since_v1 / "build" / GAME / "site" / "assets" / "changes.css").is_file()


def test_without_the_setting_there_is_no_part_no_page_and_no_input(moon):
    work = identified(checked(str(moon), GAME))
    assert work.since == "" and with_changes(work, []) is work
    jobs = plan(work, Request(["en"], {"manual": None, "site": None}, force=True)).jobs
    assert not any("changes since" in job.inputs for job in jobs)
    result = run("build", "site", "--project", str(moon))
    assert result.exit_code == 0, result.output
    site = moon / "build" / GAME / "site"
    assert not (site / "en" / "changes.html").exists()
    assert not (site / "assets" / "changes.css").exists()
    assert "changes.html" not in (site / "en" / "index.html").read_text(encoding="utf-8")


def test_a_version_that_does_not_load_fails_the_build_located(tmp_path):
    project = new_project(tmp_path / "project")
    deck = project / "cards" / GAME / "decks" / "main.yaml"
    good = deck.read_text(encoding="utf-8")
    deck.write_text(good.replace("name: Wandering Scout", "nom: Wandering Scout", 1),
                    encoding="utf-8")
    committed(project, "broken")
    deck.write_text(good, encoding="utf-8")
    config = name_version(project, "broken")
    line = config.read_text(encoding="utf-8").count("\n")
    result = run("build", "manual", "--project", str(project))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"game.yaml:{line}:16: changes_since: {GAME} does not load in broken" in \
        result.output
    assert f"broken:cards/{GAME}/decks/main.yaml:" in result.output
    name_version(project, "v9")
    result = run("build", "manual", "--project", str(project))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"game.yaml:{line}:16: changes_since: v9 is neither a project folder nor a " \
           "revision" in result.output
    work = checked(str(project), GAME)  # the decks show no changes: they build regardless
    assert identified(work, "decks") is work


def test_an_option_is_no_version(moon):
    config = name_version(moon, "--output=x")
    line = config.read_text(encoding="utf-8").count("\n")
    result = run("check", "--project", str(moon))
    assert result.exit_code == 1
    assert f"game.yaml:{line}:16: changes_since: Value error, '--output=x': a git revision " \
           "or a folder, not an option" in result.output


def test_a_folder_is_a_version_too(tmp_path):
    project = new_project(tmp_path / "project")
    shutil.copytree(project, tmp_path / "moon-1.0")
    change_everything(project)
    name_version(project, "../moon-1.0")
    work = identified(checked(str(project), GAME))
    assert work.since.startswith("folder ")
    jobs = plan(work, Request(["en"], {"manual": None}, force=True)).jobs
    changes = with_changes(work, jobs).changes
    with versions(project, str(tmp_path / "moon-1.0"), str(project)) as (before, after):
        assert changes is not None
        assert changes.editions == compare(before, after, GAME).editions


def test_an_unchanged_version_is_up_to_date_and_a_moved_tag_remakes_the_manual(since_v1):
    assert not prepare_build(str(since_v1), GAME, None, False, False, only="manual").plan.jobs
    (since_v1 / "NEWS").write_text("v1 again\n", encoding="utf-8")
    git(since_v1, "add", "NEWS")
    git(since_v1, "commit", "-qm", "news")
    git(since_v1, "tag", "-f", "v1")
    prepared = prepare_build(str(since_v1), GAME, None, False, False, only="manual")
    (job,) = prepared.plan.jobs
    assert "changes since" in prepared.plan.reasons[job]
    assert prepared.work is not None and prepared.work.changes is not None
