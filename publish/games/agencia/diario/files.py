"""Log files and example partidas: reading them and replaying them at both levels.

A log is a plain text file, or a Markdown example: YAML front matter
(title, edition, mode, decks), commentary, and the log in fenced
``diario`` blocks.  Lines outside the blocks are blanked rather than cut,
so every finding keeps the line and column of the Markdown file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from publish.games.agencia.base import asymmetric_power
from publish.games.agencia.diario.bookkeeping import check_bookkeeping
from publish.games.agencia.diario.findings import Finding
from publish.games.agencia.diario.parse import parse
from publish.games.agencia.diario.replay_effects import check_effects
from publish.sourcetext import read_source
from publish.yamlsource import load_front_matter

EDITIONS = ("2.180423", "4.190617")
EFFECTS_EDITION = "2.180423"  # the edition whose card data we publish
_FENCE = re.compile(r"^```\s*diario\s*$")


@dataclass
class LogFile:
    """A log as read from disk: the text to parse (lines kept) and its front matter."""

    path: Path
    text: str
    meta: dict[str, Any] = field(default_factory=dict)
    commentary: list[str] = field(default_factory=list)


def front_matter(lines: list[str], path: Path = Path("front matter")
                 ) -> tuple[dict[str, Any], int]:
    """The YAML front matter of a log (edition, mode, decks) and the line after it, read as
    every source is (ProblemsFound, located, if it cannot be)."""
    if not lines or lines[0].strip() != "---":
        return {}, 0
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
    if end is None:
        return {}, 0
    return load_front_matter(path, "\n".join(lines[1:end]), 2)[0], end + 1


def read_log(path: Path) -> LogFile:
    """A plain log, or the diário blocks of a Markdown example; either may have front matter.

    The simulator heads its logs with one, so a replay knows their decks (the
    social deck deals other hands).
    """
    raw = read_source(path)
    lines = raw.split("\n")
    meta, start = front_matter(lines, path)
    if path.suffix != ".md":
        return LogFile(path, "\n" * start + "\n".join(lines[start:]), meta)
    kept = [""] * len(lines)
    prose: list[str] = []
    inside = False
    for i in range(start, len(lines)):
        line = lines[i]
        if not inside and _FENCE.match(line.strip()):
            inside = True
        elif inside and line.strip() == "```":
            inside = False
        elif inside:
            kept[i] = line
        else:
            prose.append(line)
    paragraphs = [p.strip() for p in "\n".join(prose).split("\n\n") if p.strip()]
    return LogFile(path, "\n".join(kept), meta, paragraphs)


def deck_size(game: Any, decks: list[str]) -> int:
    """All copies of every card of these decks: the cards a partida is dealt from."""
    return sum(copies for card in game.cards for deck, copies in card.copies.items()
               if deck in decks)


def replay(log_file: LogFile, game: Any, infos: dict, edition: str | None = None,
           effects: bool = True) -> list[Finding]:
    """Every finding of the log: syntax, then bookkeeping, then (2.180423) effects."""
    edition = edition or str(log_file.meta.get("edition") or EFFECTS_EDITION)
    if edition not in EDITIONS:
        raise ValueError(f"{log_file.path}: unknown edition {edition!r}; "
                         f"known: {', '.join(EDITIONS)}")
    path = str(log_file.path)
    log, errors = parse(log_file.text, path)
    findings = [Finding(path, e.line, e.col, "the log", "a syntax error", "the diário syntax",
                        e.message) for e in errors]
    if errors:
        return findings
    known = infos if edition == EFFECTS_EDITION else None
    decks = list(log_file.meta.get("decks") or [next(iter(game.config.decks))])
    social = asymmetric_power(decks)
    findings.extend(check_bookkeeping(log, edition, known, social))
    if effects and edition == EFFECTS_EDITION:
        findings.extend(check_effects(log, infos, deck_size(game, decks), social))
    return sorted(set(findings))


def example_paths(game: Any) -> list[Path]:
    """The example partidas of a game: ``<game>/examples/*.md``."""
    folder = Path(game.root) / "examples"
    return sorted(folder.glob("*.md")) if folder.is_dir() else []

