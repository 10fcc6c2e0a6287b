"""What `publish check` finds in a game's templates without rendering anything.

A card template must exist and define the ``face(card, style)`` and
``back(deck, style)`` macros the sheets call; every template must parse; and
every ``card.<name>``, ``style.<name>`` and ``deck.<name>`` a template reads
must be something the build gives it (a built-in key or one of the game's
declared fields), so a typo fails the check, with a suggestion, instead of
the build.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from jinja2 import TemplateSyntaxError, nodes

from publish.core.problems import Location, Problem, ProblemsFound, did_you_mean
from publish.core.projectfiles import read_text
from publish.model.game import Game
from publish.render.env import COMMON, environment
from publish.render.faces import DECK_KEYS, FACE_KEYS, FaceStyle

CARD_TEMPLATE = "cards.html.j2"
MACROS = {"face": ["card", "style"], "back": ["deck", "style"]}
"""The macros the sheets and print-shop pages call, with their arguments."""


def template_problems(project: Path, game: Game) -> list[Problem]:
    """Every problem of the game's own templates that would stop its build."""
    folder = project / "templates" / game.id
    cards = folder / CARD_TEMPLATE
    if not cards.is_file() and not (project / "templates" / COMMON / CARD_TEMPLATE).is_file():
        return [Problem(Location(folder), f"no {CARD_TEMPLATE} for the cards' faces and backs: "
                        f"create templates/{game.id}/{CARD_TEMPLATE} (`publish new` writes one; "
                        "docs/templates.md says what it receives)")]
    readable = {
        "card": set(FACE_KEYS) | set(game.config.fields),
        "style": {f.name for f in dataclasses.fields(FaceStyle)},
        "deck": set(DECK_KEYS),
    }
    env = environment(project, game.id)
    problems = []
    for path in sorted(folder.glob("*.j2")) if folder.is_dir() else []:
        try:
            tree = env.parse(read_text(path, project), path.name, str(path))
        except ProblemsFound as found:
            problems += found.problems
            continue
        except TemplateSyntaxError as exc:
            problems.append(Problem(Location(path, exc.lineno or 0), exc.message or str(exc)))
            continue
        problems += _attachments(tree, path)
        if path.name == CARD_TEMPLATE:
            problems += _names(tree, path, readable) + _macros(tree, path)
    return problems


ATTACHMENT = re.compile(r"""\brel\s*=\s*["']?[^"'>]*\battachment\b""", re.IGNORECASE)
"""A link that would embed a file in the PDF: the build refuses it (publish.render.pdf)."""


def _attachments(tree: nodes.Template, path: Path) -> list[Problem]:
    return [Problem(Location(path, node.lineno + node.data.count("\n", 0, match.start())),
                    "rel=\"attachment\" would embed a file in the PDF, which a build refuses: "
                    "remove it (a template may show files, never attach them)")
            for node in tree.find_all(nodes.TemplateData)
            for match in ATTACHMENT.finditer(node.data)]


def _names(tree: nodes.Template, path: Path, readable: dict[str, set[str]]) -> list[Problem]:
    problems = []
    for node in tree.find_all(nodes.Getattr):
        owner = node.node
        if not isinstance(owner, nodes.Name) or owner.name not in readable:
            continue
        known = readable[owner.name]
        if node.attr not in known:
            problems.append(Problem(Location(path, node.lineno), f"{owner.name}.{node.attr}: "
                                    f"a template's {owner.name} has no '{node.attr}'"
                                    f"{did_you_mean(node.attr, known)}; it has: "
                                    f"{', '.join(sorted(known))}"))
    return problems


def _macros(tree: nodes.Template, path: Path) -> list[Problem]:
    defined = {m.name: [a.name for a in m.args] for m in tree.find_all(nodes.Macro)}
    problems = []
    for name, args in MACROS.items():
        if name not in defined:
            problems.append(Problem(Location(path), f"no macro {name}({', '.join(args)}): the "
                                    "sheets call it; define it (docs/templates.md)"))
        elif len(defined[name]) < len(args):
            problems.append(Problem(Location(path), f"macro {name} takes "
                                    f"({', '.join(defined[name])}); the sheets call it with "
                                    f"({', '.join(args)})"))
    return problems
