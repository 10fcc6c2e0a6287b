"""`make bench`: whole-command timings, reported as ratios measured in one run.

Machines here are noisy, so every figure that matters is a ratio of two
commands run alternately in the same session: our all-decks build against
bare WeasyPrint rendering the same 250 cards as one HTML document.
Results go to build/bench.json (other benchmarks add their own keys).
The default game's engine, if it simulates, adds its own figures;
`make bench-engine` (``python -m publish.app.bench engine``) runs those alone.  If it
studies, a what-if variant's cost against its baseline is measured too (`make
bench-variant` alone).
The cost of tags is the tagged manual's build against the untagged one's
(``python -m publish.app.bench tags`` runs it alone).
The decks are compared in wall and in CPU time; a cold build of every edition
against its yardstick, bare WeasyPrint laying out each unique face, manual
and summary once, in CPU (publish.app.benches.cold; ``bench cold`` alone).
`make bench-profile` (``bench profile``) sums a cold build's CPU by phase:
layout, writing, placing, rasterising, checking (publish.app.benches.profile).
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import yaml

from publish.app.benches.cold import bench_cold, cold_line
from publish.app.benches.profile import profile_cold_build, profile_lines
from publish.app.benches.project import project_copy
from publish.app.benches.timing import median_ratio
from publish.app.benches.timing import timed as _timed
from publish.core.atomic import write_atomic
from publish.docs.manual import ManualOptions, make_manual, whole_html
from publish.docs.rules import read_rules
from publish.engines.registry import engine_in
from publish.model.game import Card
from publish.model.load import default_game, find_root, load_config, load_game
from publish.model.services import load_services
from publish.render.decks import SheetSpec, deck_faces, sheet_html
from publish.render.edition import EditionContext
from publish.render.facedoc import card_faces, face_items
from publish.render.preview import card_html
from publish.render.printshop import ItemPages, items_html

RUNS = 3
DECKS_GOAL = 0.55
"""The most wall time `publish build decks` may take against bare WeasyPrint on the same
sheets, on two cores (issue 43: each face laid out once, then placed)."""
DECKS_CPU_GOAL = 0.9
"""The most CPU (every process's user and system time) the decks may take against bare
WeasyPrint on the same sheets (issue 43)."""
PROFILE_STACKS = "bench-profile.folded"
"""The profile's samples as folded stacks, in build/, for a flame graph."""
EDIT_GOAL = 0.10
"""The most wall time a build after a one-card edit may take against the cold build of
every edition (issue 43)."""
PRINTSHOP_GOAL = 1.5
"""DriveThruCards' CMYK PDF/X-1a build against the same pages in RGB: at most half again."""
TAGS_GOAL = 1.15
"""The most a tagged manual (PDF/UA-1) may cost over the untagged print edition."""


def _all_decks_html(root: Path, game_id: str, out: Path) -> tuple[Path, int]:
    """Every deck's sheets as one HTML file, and how many card faces it prints."""
    game, problems = load_game(root, game_id)
    if game is None or problems:
        raise SystemExit("publish check fails: fix the cards before benchmarking")
    context = EditionContext.make(root, game, game.config.locales.source)
    spec = SheetSpec("bench", tuple(game.config.decks))
    faces, backs = deck_faces(context, spec.decks)
    html = sheet_html(context, spec, faces, backs)
    path = out / "all-decks.html"
    write_atomic(path, html)
    return path, len(faces)


def _unique_faces_html(root: Path, game_id: str, out: Path) -> tuple[Path, int]:
    """Each distinct face and back of every deck once, one per page with its bleed, as one
    HTML file (what the decks' face documents lay out, less what two decks share), and how
    many pages it has."""
    game, _ = load_game(root, game_id)
    assert game is not None  # _all_decks_html loaded it first
    context = EditionContext.make(root, game, game.config.locales.source)
    items = {item.anchor: item for deck in game.config.decks
             for item in face_items(context, deck)}
    faces = card_faces(game, next(iter(game.config.decks)), game.config.print.default_size)
    pages = ItemPages(game.config.name, tuple(items.values()), faces.box, faces.deck)
    path = out / "unique-faces.html"
    write_atomic(path, items_html(context, pages))
    return path, len(items)


def bench_decks(root: Path, game_id: str, runs: int = RUNS) -> dict:
    """Our `publish build decks` against bare WeasyPrint on the same cards: ratios of wall
    time (ours on two cores) and of CPU time.  Beside them, the floor: bare WeasyPrint
    laying out only what the build must, each distinct face and back once, one per page,
    against the same yardstick; no build that lays its faces out with WeasyPrint can take
    less CPU than that."""
    out = root / "build" / "bench"
    html, faces = _all_decks_html(root, game_id, out)
    unique, distinct = _unique_faces_html(root, game_id, out)
    bindir = Path(sys.executable).parent
    ours = [str(bindir / "publish"), "build", "decks", "--game", game_id]
    bare = [str(bindir / "weasyprint"), "--base-url", f"{root}/", str(html),
            str(out / "bare.pdf")]
    floor = [str(bindir / "weasyprint"), "--base-url", f"{root}/", str(unique),
             str(out / "unique-faces.pdf")]
    result = _compare(ours, bare, root, runs)
    least = _compare(floor, bare, root, runs)
    ours_median = result["ours"]
    return {
        "cards": faces,
        **result,
        "cores_used_by_ours": round(ours_median["cpu_s"] / ours_median["wall_s"], 2),
        "goal_ratio": DECKS_GOAL,
        "goal_ratio_cpu": DECKS_CPU_GOAL,
        "floor": {"pages": distinct, "runs": runs, "unique_faces": least["ours"],
                  "bare_weasyprint": least["bare_weasyprint"],
                  "ratio_cpu_floor_over_bare": least["ratio_cpu_ours_over_bare"]},
    }


def bench_manual(root: Path, game_id: str, runs: int = RUNS) -> dict:
    """Our `publish build manual` (check, replay, every part laid out and joined; the kept
    parts are removed before each run) against bare WeasyPrint laying out the finished
    manual's HTML as one document."""
    game, problems = load_game(root, game_id)
    if game is None or problems:
        raise SystemExit("publish check fails: fix the cards before benchmarking")
    out = root / "build" / "bench"
    source = game.config.locales.source
    edition = read_rules(game, source, project=root)
    options = ManualOptions(locale=source)
    html = whole_html(edition, make_manual(edition, root, options))
    path = out / "manual.html"
    write_atomic(path, html)
    bindir = Path(sys.executable).parent
    ours = [str(bindir / "publish"), "build", "manual", "--game", game_id]
    bare = [str(bindir / "weasyprint"), "--base-url", f"{root}/", str(path),
            str(out / "manual-bare.pdf")]
    parts = root / "build" / game_id / source / ".manual-parts"
    return _compare(ours, bare, root, runs, lambda: shutil.rmtree(parts, ignore_errors=True))


def bench_tags(root: Path, game_id: str, runs: int = RUNS) -> dict:
    """The cost of tags: `publish build manual` (tagged, PDF/UA-1) against `publish build
    manual --untagged` (the print edition), run alternately, each laid out from scratch."""
    command = [str(Path(sys.executable).parent / "publish"), "build", "--force", "manual",
               "--game", game_id]
    medians, ratio = _alternate(command, [*command, "--untagged"], root, runs)
    return {"runs": runs, "tagged": medians[0], "untagged": medians[1],
            "ratio_wall_tagged_over_untagged": ratio, "goal_ratio": TAGS_GOAL}


def _tags_line(tags: dict) -> str:
    verdict = "met" if tags["ratio_wall_tagged_over_untagged"] <= TAGS_GOAL else "NOT met"
    return (f"tags: manual tagged {tags['tagged']['wall_s']:.2f} s wall, untagged "
            f"{tags['untagged']['wall_s']:.2f} s; tagged/untagged = "
            f"{tags['ratio_wall_tagged_over_untagged']} (goal <= {TAGS_GOAL}: {verdict})")


def bench_build(root: Path, game_id: str) -> dict:
    """`publish build` in a copy of the project: cold (every edition, every output), with
    nothing to do, and after editing one card; the edit's share of a cold build."""
    bindir = Path(sys.executable).parent
    with tempfile.TemporaryDirectory(prefix="publish-bench-") as tmp:
        copy = project_copy(root, Path(tmp), game_id)
        command = [str(bindir / "publish"), "build", "--game", game_id]
        cold = _timed(command, copy)
        noop = min(_timed(command, copy) for _ in range(3))
        game, _ = load_game(copy, game_id)
        if game is None:
            raise SystemExit("publish check fails: fix the cards before benchmarking")
        # a card in the middle whose first text appears once in its file
        middle = game.cards[len(game.cards) // 2:] + game.cards
        card = next(c for c in middle
                    if c.source.path.read_text(encoding="utf-8").count(c.blocks[0].text) == 1)
        _edit(card)
        edit = _timed(command, copy)
        watched = bench_watch(root, game_id, copy, card)
    return {"cold": {"wall_s": round(cold[0], 2), "cpu_s": round(cold[1], 2),
                     "cores_used": round(cold[1] / cold[0], 2)},
            "no_op": {"wall_s": round(noop[0], 3)},
            "one_card_edit": {"card": card.number, "wall_s": round(edit[0], 2)},
            "edit_over_cold": round(edit[0] / cold[0], 3),
            "goal_edit_over_cold": EDIT_GOAL,
            "one_card_edit_watching": watched,
            "watching_over_command": round(watched["wall_s"] / edit[0], 3)}


def bench_printshop(root: Path, game_id: str, runs: int = RUNS) -> dict:
    """`publish build printshop --service dtc` (CMYK, PDF/X-1a) against the same decks, pages
    and order from an RGB twin of the service (dtc-rgb: DriveThruCards' file with colour rgb
    and no PDF/X), in a copy of the project: what the conversion costs."""
    bindir = Path(sys.executable).parent
    with tempfile.TemporaryDirectory(prefix="publish-bench-") as tmp:
        copy = project_copy(root, Path(tmp), game_id)
        spec = load_services()["dtc"].spec.model_dump()
        spec.update(colour={"space": "rgb"}, pdf="none")
        own = copy / "cards" / game_id / "services"
        own.mkdir(exist_ok=True)
        (own / "dtc-rgb.yaml").write_text(yaml.safe_dump(spec), encoding="utf-8")
        command = [str(bindir / "publish"), "build", "printshop", "--game", game_id,
                   "--service"]
        result = _compare([*command, "dtc"], [*command, "dtc-rgb"], copy, runs)
    result["rgb_twin"] = result.pop("bare_weasyprint")
    result["ratio_wall_cmyk_over_rgb"] = result.pop("ratio_wall_ours_over_bare")
    result["ratio_cpu_cmyk_over_rgb"] = result.pop("ratio_cpu_ours_over_bare")
    result["goal_ratio"] = PRINTSHOP_GOAL
    return result


def bench_preview(root: Path, game_id: str, runs: int = RUNS) -> dict:
    """`publish preview` of one card (answered by the warm server, as on every save after the
    first; and alone, --in-process) against bare WeasyPrint laying out that card's HTML."""
    game, problems = load_game(root, game_id)
    if game is None or problems:
        raise SystemExit("publish check fails: fix the cards before benchmarking")
    card, locale = game.cards[len(game.cards) // 2], game.config.locales.source
    html = root / "build" / "bench" / "card.html"
    write_atomic(html, card_html(EditionContext.make(root, game, locale), card))
    bindir = Path(sys.executable).parent
    ours = [str(bindir / "publish"), "preview", card.number, "--game", game_id,
            "--locale", locale]
    bare = [str(bindir / "weasyprint"), "--base-url", f"{root}/", str(html),
            str(html.with_suffix(".pdf"))]
    return {"card": card.number, "warm": _compare(ours, bare, root, runs),
            "in_process": _compare([*ours, "--in-process"], bare, root, runs)}


def bench_watch(root: Path, game_id: str, copy: Path, card: Card) -> dict:
    """Seconds from saving ``card``'s file in ``copy`` (built) to the end of the build
    `publish watch` runs for it."""
    command = [str(Path(sys.executable).parent / "publish"), "watch", "--game", game_id]
    watcher = subprocess.Popen(command, cwd=copy, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        lines = iter(watcher.stdout.readline, "")  # type: ignore[union-attr]
        next(line for line in lines if line.startswith("watching"))
        time.sleep(1.0)  # the watcher listens just after it says so
        _edit(card)
        start = time.perf_counter()
        said = next(line for line in lines if "outputs," in line or "failed" in line)
        seconds = time.perf_counter() - start
    finally:
        watcher.terminate()
        watcher.wait(10)
    return {"card": card.number, "wall_s": round(seconds, 2), "said": said.strip()}


def bench_changes(root: Path, game_id: str, runs: int = RUNS) -> dict:
    """`publish changes` after one card reworded (its report and errata sheet in the source
    edition), against a one-card preview and the cold deck build, in a git copy of the
    project (the last commit the version before the edit)."""
    bindir = Path(sys.executable).parent
    publish = str(bindir / "publish")
    with tempfile.TemporaryDirectory(prefix="publish-bench-") as tmp:
        copy = project_copy(root, Path(tmp))
        for git in (["init", "-q"], ["add", "-A"], ["-c", "user.name=bench", "-c",
                    "user.email=bench@localhost", "commit", "-qm", "before"]):
            subprocess.run(["git", *git], cwd=copy, check=True, stdout=subprocess.DEVNULL)
        game, _ = load_game(copy, game_id)
        if game is None:
            raise SystemExit("publish check fails: fix the cards before benchmarking")
        locale = game.config.locales.source
        card = next(c for c in game.cards[len(game.cards) // 2:] + game.cards
                    if c.source.path.read_text(encoding="utf-8").count(c.blocks[0].text) == 1)
        cold = _timed([publish, "build", "decks", "--game", game_id, "--locale", locale], copy)
        _edit(card)
        changes = [publish, "changes", "--game", game_id, "--locale", locale]
        preview = [publish, "preview", card.number, "--game", game_id, "--locale", locale,
                   "--in-process"]
        measured = _compare(changes, preview, copy, runs)
    return {"card": card.number, "changes_s": round(measured["ours"]["wall_s"], 2),
            "preview_s": round(measured["bare_weasyprint"]["wall_s"], 2),
            "changes_over_preview": measured["ratio_wall_ours_over_bare"],
            "cold_decks_s": round(cold[0], 2),
            "changes_over_cold_decks": round(measured["ours"]["wall_s"] / cold[0], 3)}


def _changes_line(found: dict) -> str:
    return (f"changes of card {found['card']} reworded: {found['changes_s']} s wall (report "
            f"and errata), one-card preview {found['preview_s']} s: changes/preview = "
            f"{found['changes_over_preview']}; cold deck build {found['cold_decks_s']} s: "
            f"changes/cold decks = {found['changes_over_cold_decks']}")


def _edit(card: Card) -> None:
    """Change ``card``'s first text block in its file, a word added."""
    text = card.source.path.read_text(encoding="utf-8")
    block = card.blocks[0].text
    card.source.path.write_text(text.replace(block, f"{block} (bench)", 1), encoding="utf-8")


def _compare(ours: list[str], bare: list[str], root: Path, runs: int,
             cold: Callable[[], object] = lambda: None) -> dict:
    """Medians and the median ratios of wall and of CPU time; ``cold`` runs before each of
    our runs (forgets caches)."""
    rows = _paired(ours, bare, root, runs, cold)
    mine, theirs = _medians(rows)
    return {"runs": runs, "ours": mine, "bare_weasyprint": theirs,
            "ratio_wall_ours_over_bare": median_ratio(
                [(a[0], b[0]) for a, b in zip(*rows, strict=True)]),
            "ratio_cpu_ours_over_bare": median_ratio(
                [(a[1], b[1]) for a, b in zip(*rows, strict=True)])}


def _alternate(first: list[str], second: list[str], root: Path, runs: int,
               cold: Callable[[], object] = lambda: None) -> tuple[tuple[dict, dict], float]:
    """The medians of two commands run alternately (``cold`` before each run of the first),
    and the median of the ratios first/second of wall time, run by run."""
    rows = _paired(first, second, root, runs, cold)
    return _medians(rows), median_ratio([(a[0], b[0]) for a, b in zip(*rows, strict=True)])


Runs = tuple[list[tuple[float, float]], list[tuple[float, float]]]
"""Wall and CPU seconds of each run of two commands."""


def _paired(first: list[str], second: list[str], root: Path, runs: int,
            cold: Callable[[], object]) -> Runs:
    """Two commands run alternately after a warm-up of the first (bytecode)."""
    rows: Runs = ([], [])
    _timed(first, root)
    for _ in range(runs):
        cold()
        rows[0].append(_timed(first, root))
        rows[1].append(_timed(second, root))
    return rows


def _medians(rows: Runs) -> tuple[dict, dict]:
    first, second = ({"wall_s": statistics.median(w for w, _ in r),
                      "cpu_s": statistics.median(c for _, c in r)} for r in rows)
    return first, second


def bench_engine(root: Path, game_id: str, results: dict) -> str | None:
    """The game engine's own figures into ``results``; its lines for the terminal (None
    when no engine simulates the game)."""
    engine = engine_in(*load_config(root / "cards" / game_id))
    if engine is None or not engine.info.simulates:
        return None
    results["engine"] = engine.bench(root, game_id)
    return engine.describe_bench(results["engine"])


def bench_variant(root: Path, game_id: str, results: dict) -> str | None:
    """A what-if variant's cost against its baseline into ``results``; its line (None when
    the game's engine does not study)."""
    from publish.balance.run import bench_variant as measure  # Dask and matplotlib
    from publish.balance.run import describe_variant_bench

    found = measure(root, game_id)
    if found is None:
        return None
    results["variant"] = found
    return describe_variant_bench(found)


def interpreter() -> dict[str, str]:
    """Which Python ran the figures: the same code runs about a tenth faster on a build
    made with PGO and LTO (a distribution's) than on one made without (pyenv's default),
    so figures are compared on one interpreter only (README, "Performance")."""
    return {"implementation": platform.python_implementation(),
            "version": platform.python_version(),
            "executable": os.path.realpath(sys.executable),
            "compiler": platform.python_compiler()}


def _manual_lines(root: Path, game_id: str, results: dict) -> list[str]:
    """The manual against bare WeasyPrint, and the cost of its tags, for a game with rules."""
    game, _ = load_game(root, game_id)
    if game is None or not (game.root / "rules" / game.config.locales.source).is_dir():
        return []
    results["manual"] = manual = bench_manual(root, game_id)
    results["tags"] = tags = bench_tags(root, game_id)
    return [f"manual: ours {manual['ours']['wall_s']:.2f} s wall, bare WeasyPrint on the "
            f"finished HTML {manual['bare_weasyprint']['wall_s']:.2f} s; ours/bare = "
            f"{manual['ratio_wall_ours_over_bare']}", _tags_line(tags)]


def _printshop_line(shop: dict) -> str:
    return (f"printshop: DriveThruCards (CMYK, PDF/X-1a) {shop['ours']['wall_s']:.2f} s wall, "
            f"the same pages in RGB {shop['rgb_twin']['wall_s']:.2f} s; cmyk/rgb = "
            f"{shop['ratio_wall_cmyk_over_rgb']} (goal <= {PRINTSHOP_GOAL})")


def _preview_lines(shown: dict) -> list[str]:
    return [f"preview of card {shown['card']} ({way.replace('_', '-')}): ours "
            f"{shown[way]['ours']['wall_s']:.2f} s wall, bare WeasyPrint on that card "
            f"{shown[way]['bare_weasyprint']['wall_s']:.2f} s; ours/bare = "
            f"{shown[way]['ratio_wall_ours_over_bare']}" for way in ("warm", "in_process")]


def _build_line(whole: dict) -> str:
    verdict = _verdict(whole["edit_over_cold"], EDIT_GOAL)
    return (f"build: cold {whole['cold']['wall_s']} s ({whole['cold']['cores_used']} cores "
            f"busy), no-op {whole['no_op']['wall_s']} s, one card edited "
            f"{whole['one_card_edit']['wall_s']} s = {whole['edit_over_cold']} of cold (goal "
            f"<= {EDIT_GOAL}: {verdict}); the "
            f"same edit under publish watch {whole['one_card_edit_watching']['wall_s']} s = "
            f"{whole['watching_over_command']} of the command's")


def _decks_line(decks: dict) -> str:
    wall, cpu = decks["ratio_wall_ours_over_bare"], decks["ratio_cpu_ours_over_bare"]
    return (f"decks: ours {decks['ours']['wall_s']:.2f} s wall, {decks['ours']['cpu_s']:.2f} s "
            f"CPU ({decks['cores_used_by_ours']} cores busy), bare WeasyPrint "
            f"{decks['bare_weasyprint']['wall_s']:.2f} s wall, "
            f"{decks['bare_weasyprint']['cpu_s']:.2f} s CPU; ours/bare = {wall} in wall (goal "
            f"<= {DECKS_GOAL}: {_verdict(wall, DECKS_GOAL)}), {cpu} in CPU (goal <= "
            f"{DECKS_CPU_GOAL}: {_verdict(cpu, DECKS_CPU_GOAL)}); the floor, bare WeasyPrint "
            f"laying out the {decks['floor']['pages']} distinct faces and backs once, "
            f"{decks['floor']['ratio_cpu_floor_over_bare']} in CPU")


def _verdict(ratio: float, goal: float) -> str:
    return "met" if ratio <= goal else "NOT met"


def _kept(results: dict, key: str, found: dict, line: Callable[[dict], str]) -> str:
    results[key] = found
    return line(found)


ALONE: dict[str, Callable[[Path, str, dict], str | None]] = {
    "changes": lambda root, game, results: _kept(results, "changes",
                                                 bench_changes(root, game), _changes_line),
    "tags": lambda root, game, results: _kept(results, "tags", bench_tags(root, game),
                                              _tags_line),
    "engine": lambda root, game, results: (bench_engine(root, game, results)
                                           or f"no engine simulates {game}"),
    "variant": lambda root, game, results: (bench_variant(root, game, results)
                                            or f"no engine studies {game}"),
    "decks": lambda root, game, results: _kept(results, "decks", bench_decks(root, game),
                                               _decks_line),
    "build": lambda root, game, results: _kept(results, "build", bench_build(root, game),
                                               _build_line),
    "cold": lambda root, game, results: _kept(results, "cold", bench_cold(root, game, RUNS),
                                              cold_line),
    "profile": lambda root, game, results: "\n".join(profile_lines(_kept_dict(
        results, "profile", profile_cold_build(root, game, root / "build" / PROFILE_STACKS)))),
}
"""The benchmarks `python -m publish.app.bench NAME` runs alone (`make bench-engine`,
`make bench-variant`, `make bench-profile`)."""


def main() -> None:
    root = find_root()
    game_id = default_game(root)
    path = root / "build" / "bench.json"
    results = json.loads(path.read_text()) if path.exists() else {}
    results["python"] = python = interpreter()
    print(f"python: {python['implementation']} {python['version']} at {python['executable']}")
    alone = sys.argv[1] if len(sys.argv) == 2 and sys.argv[1] in ALONE else None
    if alone in (None, "decks", "cold") and shutil.which(
            "weasyprint", path=str(Path(sys.executable).parent)) is None:
        raise SystemExit("weasyprint's command is missing from the virtualenv: run make")
    if alone is not None:
        line = ALONE[alone](root, game_id, results)
        write_atomic(path, json.dumps(results, indent=2) + "\n")
        print(line)
        return
    results["decks"] = decks = bench_decks(root, game_id)
    for line in _manual_lines(root, game_id, results):
        print(line)
    print(_kept(results, "printshop", bench_printshop(root, game_id), _printshop_line))
    for line in _preview_lines(_kept_dict(results, "preview", bench_preview(root, game_id))):
        print(line)
    print(_kept(results, "cold", bench_cold(root, game_id, RUNS), cold_line))
    print(_kept(results, "build", bench_build(root, game_id), _build_line))
    print(_kept(results, "changes", bench_changes(root, game_id), _changes_line))
    further = [bench_engine(root, game_id, results), bench_variant(root, game_id, results)]
    write_atomic(path, json.dumps(results, indent=2) + "\n")
    print(_decks_line(decks))
    for line in filter(None, further):
        print(line)
    print(f"written to {path}")


def _kept_dict(results: dict, key: str, found: dict) -> dict:
    results[key] = found
    return found

if __name__ == "__main__":
    main()
