"""The `publish` command's entry point: a build with nothing to do is answered at once.

A stamp (publish.build.stamps) can show, from file stats alone, that `publish
build` would only say "up to date"; then that is printed without importing
the toolchain (click, pydantic, the renderers), which takes longer than the
answer.  Every other command, and every build the stamp cannot vouch for, runs
the command line as usual.
"""

from __future__ import annotations

import sys
from pathlib import Path

from publish.build.stamps import answer
from publish.cli.crashlog import STATUS, crash_line
from publish.cli.warm import ask, wanted


def main() -> None:
    try:
        if wanted(sys.argv[1:]):  # a preview: answered by the warm server if one can be reached
            status = ask(sys.argv[1:], Path.cwd())
            if status is not None:
                sys.exit(status)
        said = answer(sys.argv[1:], Path.cwd())
        if said is not None:
            print(said)
            return
        from publish.cli.main import main as command_line  # only now: loading it is the slow part

        command_line()
    except Exception as exc:  # what the commands did not catch is a bug
        print(crash_line(exc), file=sys.stderr)
        sys.exit(STATUS)
