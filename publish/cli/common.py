"""What every command of `publish` shares: printing terminal-safe, turning failures into
their messages and exit status, and the options most commands take."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any

import click

from publish.app import commands
from publish.app.sheets import commands as sheetcommands
from publish.build.failures import Failure, build_failure
from publish.cli.crashlog import STATUS as CRASH_STATUS
from publish.cli.crashlog import crash_line
from publish.core.problems import terminal_safe


def echo(line: str = "", err: bool = False) -> None:
    """Print one line of what a command says, terminal-safe (publish.core.problems.terminal_safe):
    a name or a text quoted from a file given to the command shows its control characters,
    never acts on them.  Every message goes through here; data a command writes out
    (`publish cards`, `publish schema`, `--json`) does not."""
    click.echo(terminal_safe(line), err=err)


def reports(command: Callable[..., Any]) -> Callable[..., Any]:
    """A Failure raised by the command is printed on stderr and ends it with its status, as
    is an exception ``build_failure`` knows (problems found, a template's error) when the
    command did not turn it into one; any other exception is a bug: one line naming the log
    file that holds its traceback, exit 2.  Before the command, an import a kill left half
    done is finished, and that said."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            for line in sheetcommands.recover_imports(kwargs.get("project")):
                click.echo(line, err=True)
            return command(*args, **kwargs)
        except Failure as failure:
            for line in failure.lines:
                echo(line, err=True)
            sys.exit(failure.status)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except Exception as exc:
            unforeseen = build_failure(exc)  # problems found where no command foresaw them
            if unforeseen is not None:
                for line in unforeseen.lines:
                    echo(line, err=True)
                sys.exit(unforeseen.status)
            echo(crash_line(exc), err=True)  # a bug: said in one line, logged in full
            sys.exit(CRASH_STATUS)

    return wrapper


def echo_all(lines: list[str], status: int = 0) -> None:
    for line in lines:
        echo(line)
    sys.exit(status)


project_option = click.option(
    "--project", type=click.Path(file_okay=False), help="Project folder (default: found upwards).")
game_option = click.option("--game", help="Game id under cards/ (default: the project's default).")
locale_option = click.option("--locale", default=None,
                             help="Edition to build (default: the source locale).")
strict_option = click.option("--strict", is_flag=True,
                             help="Fail if the edition has any missing or fuzzy translation.")
jobs_option = click.option("--jobs", type=int, default=None,
                           help="Processes (default: one per core).")
editions_option = click.option("--locale", "chosen", multiple=True,
                               help="Edition(s) (default: every one).")


class EngineCommand(click.Command):
    """A command whose choices come from the game's engine: its help lists them."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        offered = commands.engine_help(ctx.params.get("project"), ctx.params.get("game"))
        if offered:
            with formatter.section("Offered by the engine"):
                formatter.write_text(offered)
