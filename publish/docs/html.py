"""The macros rules Markdown draws its HTML with: templates/_common/directives.html.j2.

Autoescaped like every template, so rules and card texts are data.  A
project's own templates folder comes first (a game may restyle its
directives); the tool's copy is the fallback, so a game without templates
still renders its rules.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

from publish.model import Game

TEMPLATE = "directives.html.j2"
TOOL_TEMPLATES = Path(__file__).resolve().parent.parent.parent / "templates" / "_common"


def directive_macros(game: Game) -> Any:
    """The template's macros as attributes (``macros.card_link(...)``), each returning Markup."""
    project = game.root.parent.parent
    folders = [project / "templates" / game.id, project / "templates" / "_common", TOOL_TEMPLATES]
    found = list(dict.fromkeys(str(f) for f in folders if (f / TEMPLATE).is_file()))
    env = SandboxedEnvironment(loader=FileSystemLoader(found), autoescape=True,
                               undefined=StrictUndefined,
                               trim_blocks=True, lstrip_blocks=True)
    return env.get_template(TEMPLATE).module
