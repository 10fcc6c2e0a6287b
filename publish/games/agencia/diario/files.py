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

from publish.core.problems import ProblemsFound
from publish.core.projectfiles import read_text
from publish.core.sourcetext import read_source
from publish.core.yamlsource import SourceMap, load_front_matter
from publish.games.agencia.base import asymmetric_power
from publish.games.agencia.diario.bookkeeping import check_bookkeeping
from publish.games.agencia.diario.findings import Finding
from publish.games.agencia.diario.parse import parse
from publish.games.agencia.diario.replay_effects import check_effects

EDITIONS = ("2.180423", "4.190617")
EFFECTS_EDITION = "2.180423"  # the edition whose card data we publish
_FENCE = re.compile(r"^```\s*diario\s*$")




@dataclass
class LogFile:
    """A log as read from disk: the text to parse (lines kept) and its front matter.

    ``problems``: what kept the file or its front matter from being read, located.
    """

    path: Path
    text: str
    meta: dict[str, Any] = field(default_factory=dict)
    commentary: list[str] = field(default_factory=list)
    problems: list[Finding] = field(default_factory=list)
    where: SourceMap | None = None  # where each front-matter value was written


def _problem(path: Path, line: int, col: int, what: str, message: str) -> Finding:
    return Finding(str(path), line, col, what, message, "", "")


def _findings(path: Path, what: str, err: ProblemsFound) -> list[Finding]:
    return [_problem(path, p.location.line or 1, p.location.col or 1, what, p.message)
            for p in err.problems]


def front_matter(path: Path, lines: list[str]) -> tuple[dict[str, Any], int, list[Finding],
                                                       SourceMap | None]:
    """The YAML front matter of a log (edition, mode, decks), the line after it, what was
    wrong with it, and where each value was written."""
    if not lines or lines[0].strip() != "---":
        return {}, 0, [], None
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
    if end is None:
        return {}, 0, [], None
    try:  # read as every source is: no aliases, no tags, limits
        loaded, where = load_front_matter(path, "\n".join(lines[1:end]), 2)
    except ProblemsFound as err:
        return {}, end + 1, _findings(path, "front matter", err), None
    return loaded, end + 1, [], where


def _read_text(path: Path, root: Path | None) -> tuple[str, list[Finding]]:
    """The file's text, or why it cannot be read (too big, a bad byte located by line and
    column); with ``root``, a file the game holds, read only inside that root."""
    try:
        return (read_source(path) if root is None else read_text(path, root)), []
    except ProblemsFound as err:
        return "", _findings(path, "the file", err)


def read_log(path: Path, root: Path | None = None) -> LogFile:
    """A plain log, or the diário blocks of a Markdown example; either may have front matter.

    The simulator heads its logs with one, so a replay knows their decks (the
    social deck deals other hands).  ``root``: the project, for a log the game
    holds (an example), which must not lead outside it.
    """
    raw, problems = _read_text(path, root)
    if problems:
        return LogFile(path, "", problems=problems)
    lines = raw.split("\n")
    meta, start, problems, where = front_matter(path, lines)
    if path.suffix != ".md":
        return LogFile(path, "\n" * start + "\n".join(lines[start:]), meta, [], problems, where)
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
    return LogFile(path, "\n".join(kept), meta, paragraphs, problems, where)


def deck_size(game: Any, decks: list[str]) -> int:
    """All copies of every card of these decks: the cards a partida is dealt from."""
    return sum(copies for card in game.cards for deck, copies in card.copies.items()
               if deck in decks)


def _setting(log_file: LogFile, key: str, message: str) -> Finding:
    """A finding at a front-matter value."""
    where = log_file.where.locate((key,)) if log_file.where else None
    line, col = (where.line, where.col) if where else (1, 1)
    return _problem(log_file.path, line, col, "front matter", message)


def _edition(log_file: LogFile, chosen: str | None) -> tuple[str | None, list[Finding]]:
    """The edition to replay by: the one asked for, else the file's, else the default."""
    if chosen is not None:
        if chosen not in EDITIONS:
            raise ValueError(f"unknown edition {chosen!r}; known: {', '.join(EDITIONS)}")
        return chosen, []
    edition = log_file.meta.get("edition", EFFECTS_EDITION)
    if str(edition) in EDITIONS:
        return str(edition), []
    return None, [_setting(log_file, "edition", f"edition {edition!r} is not one the replay "
                           f"knows: {', '.join(EDITIONS)}")]


def _decks(log_file: LogFile, game: Any) -> tuple[list[str], list[Finding]]:
    """The decks the log's front matter names, each one of the game's."""
    first = [next(iter(game.config.decks))]
    decks = log_file.meta.get("decks")
    if decks is None:
        return first, []
    if not isinstance(decks, list) or not all(isinstance(d, str) for d in decks):
        return first, [_setting(log_file, "decks", "decks is a list of deck names "
                                f"(decks: [{first[0]}])")]
    unknown = [d for d in decks if d not in game.config.decks]
    if unknown:
        return first, [_setting(log_file, "decks", f"no deck {', '.join(map(repr, unknown))} "
                                f"in this game; its decks: {', '.join(game.config.decks)}")]
    return decks or first, []


def replay(log_file: LogFile, game: Any, infos: dict, edition: str | None = None,
           effects: bool = True) -> list[Finding]:
    """Every finding of the log in line order: syntax and warnings, bookkeeping, and
    (2.180423) effects.  Past a line it cannot read, the replay goes on with what is
    still known; a file or front matter that cannot be read is itself the finding."""
    chosen, found = _edition(log_file, edition)
    found = [*log_file.problems, *found]
    if chosen is None or (not log_file.text and log_file.problems):
        return sorted(found)
    path = str(log_file.path)
    log, errors = parse(log_file.text, path)
    found += [Finding.syntax(path, e) for e in (*errors, *log.warnings)]
    decks, wrong = _decks(log_file, game)
    found += wrong
    known = infos if chosen == EFFECTS_EDITION else None
    social = asymmetric_power(decks)
    found.extend(check_bookkeeping(log, chosen, known, social))
    if effects and chosen == EFFECTS_EDITION:
        found.extend(check_effects(log, infos, deck_size(game, decks), social))
    return sorted(set(found))


def example_paths(game: Any) -> list[Path]:
    """The example partidas of a game: ``<game>/examples/*.md``."""
    folder = Path(game.root) / "examples"
    return sorted(folder.glob("*.md")) if folder.is_dir() else []

