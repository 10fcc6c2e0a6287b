"""The spreadsheet commands: `publish cards` (the cards as JSON, CSV, XLSX or ODS) and
`publish import` (a spreadsheet back into the deck files, all of them or none, after the
whole of `publish check` on the game as it would be), and the finishing of an import a
kill left half done, which every command runs first (docs/spreadsheets.md).
"""

from __future__ import annotations

from pathlib import Path

from publish.app.commands import checked, failing, locate
from publish.app.export import to_json
from publish.app.sheets.grid import read_file
from publish.app.sheets.importer import Proposal, propose
from publish.app.sheets.table import export
from publish.build.failures import Failure
from publish.checks.run import check_loaded
from publish.core.atomic import write_atomic
from publish.core.journal import JOURNAL, JournalError, NotReplaced, Recovered, recover
from publish.core.problems import Problem, ProblemsFound
from publish.model.load import find_root, load_config, load_game


def export_cards(project: str | None, game: str | None, fmt: str, output: str | None) -> str:
    """`publish cards`: every card as JSON, CSV, XLSX or ODS, returned as text or written
    to ``output`` (a workbook must be: it is not text)."""
    work = checked(project, game)
    if output is None and fmt in ("xlsx", "ods"):
        raise Failure([f"publish cards --format {fmt}: a workbook is not text to print: "
                       f"give --output FILE (say, cards.{fmt})"], 2)
    with failing():
        data = (to_json(work.game).encode("utf-8") if fmt == "json"
                else export(work.game.root, work.game.config, fmt))
    if output is None:
        return data.decode("utf-8")
    with failing():
        write_atomic(Path(output), data)
    sheets = "" if fmt in ("json", "csv") else f", a sheet per deck ({len(work.game.config.decks)})"
    return f"{output}: {len(work.game.cards)} cards of {work.game.id}{sheets}\n"


def import_cards(project: str | None, game: str | None, file: str, dry_run: bool) -> list[str]:
    """`publish import`: the deck files as a spreadsheet asks, shown as a diff and written
    (unless ``dry_run``) only if the would-be game passes the whole check."""
    root, game_id = locate(project, game)
    source = Path(file)
    with failing():
        config, _ = load_config(root / "cards" / game_id)
        sheets = read_file(source)
    try:
        with failing():
            proposal = propose(root / "cards" / game_id, config, sheets, source)
    except (ValueError, RuntimeError) as exc:
        raise Failure([f"{source}: nothing written: {exc}"]) from exc
    problems = list(proposal.problems)
    notes: list[str] = []
    if proposal.texts or problems:
        found, notes = _would_be_problems(root, game_id, proposal)
        problems += proposal.locate(found)
    if problems:
        said = [str(p) for p in proposal.ordered(problems)]
        raise Failure([f"{source}: nothing written; {len(said)} problem(s):", *said,
                       *(f"note: {note}" for note in notes)])
    if not proposal.texts:
        return [f"{source}: no changes: every card is as the deck files have it"]
    lines = [*proposal.diff(root), proposal.summary()]
    if dry_run:
        return [*lines, "dry run: nothing written"]
    try:
        proposal.write()
    except NotReplaced as failed:
        raise Failure(not_replaced(source, failed, root)) from failed
    return [*lines, "written: " + ", ".join(p.relative_to(root).as_posix()
                                            for p in proposal.texts)]


def not_replaced(source: Path, failed: NotReplaced, root: Path) -> list[str]:
    """What an import says when writing its deck files failed: which were already written,
    and that they were put back (or will be, by the next command)."""
    cause = failed.cause
    said = (f"cannot write {cause.filename}: {cause.strerror or cause}"
            if isinstance(cause, OSError) and cause.filename else str(cause) or
            type(cause).__name__)
    changed = ", ".join(p.relative_to(root).as_posix() for p in failed.changed)
    if not failed.changed:
        return [f"{source}: nothing written: {said}"]
    if failed.restored:
        return [f"{source}: nothing written: {said}; {changed} had been written already, and "
                "is put back as it was"]
    return [f"{source}: the import stopped: {said}; {changed} had been written already, and "
            "putting it back failed too: the next publish command puts it back"]


def _would_be_problems(root: Path, game_id: str, proposal: Proposal
                       ) -> tuple[list[Problem], list[str]]:
    """The whole of `publish check` on the game as the import would leave it, its rules
    chapters and summaries too: its problems, and the checks it could not run."""
    with failing():
        game, problems = load_game(root, game_id, proposal.would_be())
    if game is None:
        return problems, []
    with failing():
        report = check_loaded(game, problems)
    return report.problems, report.skipped


def recover_imports(project: str | None) -> list[str]:
    """Every import the project's games have left half done (a kill between two deck files)
    finished, as `journal.recover` does, and said; a journal that cannot be followed is a
    Failure.  Nothing at all if no project is found: the command says so itself."""
    try:
        root = find_root(Path(project) if project else None)
    except ProblemsFound:
        return []
    lines = []
    for folder in sorted(p.parent for p in (root / "cards").glob(f"*/{JOURNAL}.*.json")):
        try:
            done = recover(folder)
        except (JournalError, OSError) as exc:
            raise Failure([f"{exc}: an import into {folder.name} was interrupted and cannot be "
                           "finished: compare its deck files with your last good copy, then "
                           "remove the journal"]) from exc
        if done is not None:
            lines.append(recovered_line(done, root))
    return lines


def recovered_line(done: Recovered, root: Path) -> str:
    """What ``recover_imports`` says of one interrupted import."""
    names = ", ".join(p.relative_to(root).as_posix() for p in done.stood or done.restored)
    where = done.journal.relative_to(root).as_posix()
    if done.stood:
        return f"note: an interrupted import ({where}) had written every file; it stands: {names}"
    if done.restored:
        return (f"note: an interrupted import ({where}) is undone: {names} put back as it was; "
                "run the import again")
    return f"note: an import interrupted before writing ({where}) left nothing: run it again"
