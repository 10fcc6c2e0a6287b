"""The macros rules Markdown draws its HTML with: templates/_common/directives.html.j2.

Autoescaped like every template, so rules and card texts are data.  A
project's own templates folder comes first (a game may restyle its
directives); the tool's copy is the fallback, so a game without templates
still renders its rules.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import StrictUndefined

from publish.model.game import Game
from publish.render.loader import CompiledTemplates, ProjectLoader
from publish.render.sandbox import BoundedSandbox

TEMPLATE = "directives.html.j2"
COMPILED = CompiledTemplates()
TOOL_TEMPLATES = Path(__file__).resolve().parent.parent.parent / "templates" / "_common"


def directive_macros(game: Game) -> Any:
    """The template's macros as attributes (``macros.card_link(...)``), each returning Markup."""
    project = game.project
    folders = [(project / "templates" / game.id, project),
               (project / "templates" / "_common", project), (TOOL_TEMPLATES, TOOL_TEMPLATES)]
    found = [(folder, root) for folder, root in folders if (folder / TEMPLATE).is_file()]
    env = BoundedSandbox(loader=ProjectLoader(found), autoescape=True,
                         undefined=StrictUndefined, bytecode_cache=COMPILED,
                         trim_blocks=True, lstrip_blocks=True)
    return env.get_template(TEMPLATE).module
