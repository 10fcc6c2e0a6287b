"""Every way a command can fail, as the lines it prints and the exit status it returns.

Commands raise; this turns what they raise into a message that names the cause and
says what to do, never a traceback: our own errors (publish.core.problems.PublishError
and its kinds), and the template language's, which the designer's templates cause.
Anything else is a bug, whatever its type (a ValueError included), and goes to the crash
log (publish.cli.crashlog).
"""

from __future__ import annotations

from jinja2 import TemplateError, TemplateNotFound, TemplateSyntaxError

from publish.core.atomic import WriteFailed
from publish.core.ceilings import MAX_JOB_MEMORY
from publish.core.parallel import TasksFailed, WorkerLost
from publish.core.problems import ProblemsFound, PublishError
from publish.engines.protocol import EngineFault
from publish.render.misuse import template_misuse


class Failure(Exception):
    """A command could not do what it was asked: ``lines`` say why; exit with ``status``."""

    def __init__(self, lines: list[str], status: int = 1) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines
        self.status = status


def build_failure(exc: Exception) -> Failure | None:
    """What a command says when it raised ``exc`` (None: not a failure we know, so a bug)."""
    if isinstance(exc, TasksFailed):
        each = [build_failure(error) if isinstance(error, Exception) else None
                for error in exc.errors]
        if None in each:  # a bug among them: the crash report, with that one's traceback
            exc.__cause__ = exc.errors[each.index(None)]
            return None
        return Failure([line for failure in each if failure for line in failure.lines])
    if isinstance(exc, ProblemsFound):
        return Failure([str(p) for p in exc.problems])
    misuse = template_misuse(exc)  # before the template errors: said at the template's line
    if misuse is not None:
        return Failure([str(misuse.problem)])
    if isinstance(exc, TemplateSyntaxError):
        return Failure([f"build failed: {exc.filename or exc.name}:{exc.lineno}: {exc.message}"])
    if isinstance(exc, TemplateNotFound):
        return Failure([f"build failed: no template '{exc.name}' in templates/<game>/ or "
                        "templates/_common/ of the project: add it"])
    if isinstance(exc, TemplateError):
        return Failure([f"build failed: template error: {exc}"])
    if isinstance(exc, EngineFault):
        return Failure([str(exc)], 2)
    if isinstance(exc, WorkerLost):
        return Failure([f"build failed: {exc.label}: its worker process ended before the job "
                        "was done (killed, or out of memory: a build job may add "
                        f"{MAX_JOB_MEMORY // 2**20:,} MiB, publish.core.ceilings.MAX_JOB_MEMORY); "
                        "outputs already written are whole: build again, with --jobs 1 to "
                        "hold fewer jobs at once"])
    if isinstance(exc, WriteFailed):
        return Failure([f"build failed: cannot write {exc.filename or 'an output'}: "
                        f"{exc.strerror or exc}"])
    if isinstance(exc, PublishError):
        return Failure([f"build failed: {exc}"])
    return None
