"""Fuzzing as a standing test: mutated sources never give a traceback, a crash or an unlocated
message (the corpus and its judge: tests/fuzzing.py).

`make test` runs a bounded corpus, derandomized (each case's generator is seeded by its
name), in this process, on the demo project: a few hundred cases in seconds.  The long run
is behind the ``fuzz`` marker (``.venv/bin/pytest -m fuzz tests/test_fuzz_sources.py``:
2,000 mutated deck, game, front-matter and PO files of Agência and Harbourlight, then rules
chapters and spreadsheets, their bytes and the XML of their tables; FUZZ_SCALE=0.1 for a
tenth): each case is forked, its peak
memory and time measured, and the counts are printed.
"""

from __future__ import annotations

import os
import random
import shutil
import tempfile
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from fuzzing import (
    CSV_TOKENS,
    MARKDOWN_TOKENS,
    PO_TOKENS,
    YAML_TOKENS,
    Case,
    Outcome,
    mutate,
    mutate_bytes,
    mutate_front_matter,
    mutate_part,
    run_case,
    run_isolated,
)

from conftest import REPO, copy_game, run


@dataclass(frozen=True)
class Kind:
    """A kind of source: the file (relative to the project), how it is mutated, and the
    command that reads it."""

    name: str
    file: str
    mutation: str  # "yaml", "front matter", "po", "markdown", "csv", "bytes", "ods", "xlsx"
    command: str  # "check", "status", "import"

    def case(self, root: Path, game: str, index: int) -> Case:
        name = f"{self.name}-{index}"
        rng = random.Random(name)
        target = root / self.file
        text = target.read_text(encoding="utf-8") if self.mutation not in _BINARY else ""
        mutations, data = _MUTATE[self.mutation](rng, target, text)
        project = ["--project", str(root), "--game", game]
        args = {"check": ["check", *project],
                "status": ["i18n", "status", *project],
                "import": ["import", *project, "--dry-run", str(target)]}[self.command]
        return Case(name, target, data, mutations, args)


_MUTATE: dict[str, Callable[[random.Random, Path, str], tuple[list[str], str | bytes]]] = {
    "yaml": lambda rng, _p, text: mutate(rng, text, YAML_TOKENS),
    "front matter": lambda rng, _p, text: mutate_front_matter(rng, text),
    "po": lambda rng, _p, text: mutate(rng, text, PO_TOKENS),
    "markdown": lambda rng, _p, text: mutate(rng, text, MARKDOWN_TOKENS + YAML_TOKENS[:20]),
    "csv": lambda rng, _p, text: mutate(rng, text, CSV_TOKENS),
    "bytes": lambda rng, path, _t: (lambda m: ([m.name], m.data))(
        mutate_bytes(rng, path.read_bytes())),
    "ods": lambda rng, path, _t: mutate_part(rng, path.read_bytes(), "content.xml"),
    "xlsx": lambda rng, path, _t: mutate_part(rng, path.read_bytes(), "xl/worksheets/sheet1.xml"),
}
_BINARY = ("bytes", "ods", "xlsx")


# ----------------------------------------------------------------- the bounded corpus

DEMO_KINDS = [
    (Kind("demo-deck", "cards/demo/decks/alpha.yaml", "yaml", "check"), 70),
    (Kind("demo-game", "cards/demo/game.yaml", "yaml", "check"), 50),
    (Kind("demo-example", "cards/demo/examples/01-curto.md", "front matter", "check"), 40),
    (Kind("demo-summary", "cards/demo/rules/pt-BR/summaries/resumo.md", "front matter",
          "status"), 20),
    (Kind("demo-rules", "cards/demo/rules/pt-BR/01-regras.md", "markdown", "status"), 20),
    (Kind("demo-po", "cards/demo/locale/en/LC_MESSAGES/cards.po", "po", "status"), 30),
    (Kind("demo-csv", "cards.csv", "csv", "import"), 30),
    (Kind("demo-ods", "cards.ods", "ods", "import"), 20),
    (Kind("demo-xlsx", "cards.xlsx", "xlsx", "import"), 20),
]


@pytest.fixture
def demo_project(demo_en: Path) -> Path:
    for fmt in ("csv", "ods", "xlsx"):
        result = run("cards", "--project", str(demo_en), "--game", "demo", "--format", fmt,
                     "-o", str(demo_en / f"cards.{fmt}"))
        assert result.exit_code == 0, result.output
    return demo_en


def summary(outcomes: list[Outcome]) -> str:
    failed = [o for o in outcomes if o.failed]
    lines = [f"{len(outcomes)} cases, {sum(o.located for o in outcomes)} located messages, "
             f"{len(failed)} failed"]
    for o in failed[:10]:
        lines.append(f"  {o.case} ({'; '.join(o.mutations)[:120]}): signal {o.signal}, "
                     f"{(o.tracebacks or o.unlocated)[:2]}")
    return "\n".join(lines)


def test_a_bounded_corpus_of_mutated_sources_gives_only_located_messages(demo_project):
    outcomes = [run_case(kind.case(demo_project, "demo", i), demo_project)
                for kind, count in DEMO_KINDS for i in range(count)]
    assert len(outcomes) == 300
    assert not [o for o in outcomes if o.failed], summary(outcomes)
    # the corpus does reach the readers: most cases are refused, with located messages
    assert sum(1 for o in outcomes if o.status == 1) > 170
    assert sum(o.located for o in outcomes) > 230


# ----------------------------------------------------------------- the long run

LONG_KINDS = [
    (Kind("agencia-principal", "cards/agencia/decks/principal.yaml", "yaml", "check"), 300),
    (Kind("agencia-social", "cards/agencia/decks/social.yaml", "yaml", "check"), 100),
    (Kind("agencia-deck-bytes", "cards/agencia/decks/teorico.yaml", "bytes", "check"), 50),
    (Kind("harbour-deck", "cards/harbourlight/decks/market.yaml", "yaml", "check"), 250),
    (Kind("agencia-game", "cards/agencia/game.yaml", "yaml", "check"), 250),
    (Kind("harbour-game", "cards/harbourlight/game.yaml", "yaml", "check"), 150),
    (Kind("agencia-example", "cards/agencia/examples/01-lideranca-e-revolta.md", "front matter",
          "check"), 200),
    (Kind("agencia-example-2", "cards/agencia/examples/04-revolta-fracassada.md",
          "front matter", "check"), 150),
    (Kind("agencia-summary", "cards/agencia/rules/pt-BR/summaries/simples.md", "front matter",
          "status"), 150),
    (Kind("agencia-po-cards", "cards/agencia/locale/en/LC_MESSAGES/cards.po", "po", "status"),
     200),
    (Kind("agencia-po-rules", "cards/agencia/locale/en/LC_MESSAGES/rules.po", "po", "status"),
     150),
    (Kind("agencia-po-glossary", "cards/agencia/locale/en/LC_MESSAGES/glossary.po", "po",
          "status"), 50),
    (Kind("agencia-rules", "cards/agencia/rules/pt-BR/07-crises.md", "markdown", "status"), 100),
    (Kind("agencia-csv", "cards.csv", "csv", "import"), 100),
    (Kind("agencia-xlsx", "cards.xlsx", "bytes", "import"), 50),
    (Kind("agencia-ods-xml", "cards.ods", "ods", "import"), 100),
    (Kind("agencia-xlsx-xml", "cards.xlsx", "xlsx", "import"), 100),
]
"""2,000 mutated deck, game, front-matter and PO files; then rules chapters and spreadsheets
(a workbook's bytes, or the XML of its table: a file with no lines, named alone, or a
sheet's cell)."""


def _long_project(base: Path) -> Path:
    root = copy_game(base / "project", "agencia")
    shutil.copytree(REPO / "cards" / "harbourlight", root / "cards" / "harbourlight")
    shutil.copytree(REPO / "templates" / "harbourlight", root / "templates" / "harbourlight")
    for fmt in ("csv", "xlsx", "ods"):
        result = run("cards", "--project", str(root), "--game", "agencia", "--format", fmt, "-o",
                     str(root / f"cards.{fmt}"))
        assert result.exit_code == 0, result.output
    return root


def _run_share(share: int, shares: int, scale: float) -> list[Outcome]:
    """Every ``shares``-th case from ``share``, each forked, in a project of its own."""
    with tempfile.TemporaryDirectory() as folder:
        root = _long_project(Path(folder))
        cases = [(kind, i) for kind, count in LONG_KINDS
                 for i in range(max(1, round(count * scale)))]
        outcomes = []
        for kind, i in cases[share::shares]:
            game = "harbourlight" if kind.file.startswith("cards/harbourlight") else "agencia"
            outcomes.append(run_isolated(kind.case(root, game, i), root))
        return outcomes


@pytest.mark.fuzz
def test_a_long_run_of_mutated_sources(capsys):
    scale = float(os.environ.get("FUZZ_SCALE", "1"))
    shares = 2
    with ProcessPoolExecutor(shares) as pool:
        outcomes = [o for part in pool.map(_run_share, range(shares), [shares] * shares,
                                           [scale] * shares) for o in part]
    report = long_report(outcomes)
    with capsys.disabled():
        print("\n" + report)
    assert not [o for o in outcomes if o.failed or o.seconds > 30 or o.peak_mb > 2048], report


def long_report(outcomes: list[Outcome]) -> str:
    by_kind: dict[str, list[Outcome]] = {}
    for o in outcomes:
        by_kind.setdefault(o.case.rsplit("-", 1)[0], []).append(o)
    lines = [f"{'kind':22} {'cases':>5} {'exit 0/1/2':>11} {'tracebacks':>10} {'crashes':>7} "
             f"{'unlocated':>9} {'located':>7} {'max s':>6} {'max MB':>7}"]
    for kind, group in [*by_kind.items(), ("all", outcomes)]:
        exits = Counter(o.status for o in group)
        lines.append(
            f"{kind:22} {len(group):5} {exits[0]:>3}/{exits[1]:>3}/{exits[2]:>3} "
            f"{sum(bool(o.tracebacks) for o in group):10} "
            f"{sum(o.signal is not None for o in group):7} "
            f"{sum(bool(o.unlocated) for o in group):9} {sum(o.located for o in group):7} "
            f"{max(o.seconds for o in group):6.1f} {max(o.peak_mb for o in group):7.0f}")
    lines.append(summary(outcomes))
    return "\n".join(lines)

