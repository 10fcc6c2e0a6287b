"""`publish new NAME`: a complete, working game to start from.

The game's files are data, not code: ``publish/app/scaffolds/<layout>/`` holds
them as files (with ``publish/app/scaffolds/common/`` under every layout), laid
out as they land in the project: ``cards/...`` goes to ``cards/<game>/`` and
``templates/...`` to ``templates/<game>/``.  Their words are filled in by
plain substitution of ``@@key@@`` markers (in paths too), nothing else, so
the card templates keep their own Jinja untouched.  In YAML files a value is
escaped for a double-quoted string, where every marker of a YAML file stands.

After the files, a placeholder picture is drawn for every picture the
example cards name (the image fields of game.yaml), and the deck files'
JSON Schema is written for editors.  Nothing existing is ever overwritten.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from publish.build.failures import Failure
from publish.checks.schema import deck_schema
from publish.core.atomic import write_atomic
from publish.core.problems import ProblemsFound
from publish.core.sourcedate import today
from publish.core.yamlsource import load_yaml
from publish.engines.registry import engine_in
from publish.i18n.catalog import SHARED, po_path
from publish.model.cardschema import SCHEMA_FILE
from publish.model.load import find_root, load_config
from publish.render.placeholder import placeholder_png

SCAFFOLDS = Path(__file__).parent / "scaffolds"
COMMON = "common"
LAYOUTS = ("art", "text")
"""The layouts `publish new` offers: a folder of publish/app/scaffolds/ each."""

GAME_ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
LOCALE = re.compile(r"^[a-z]{2,3}(-[A-Z]{2})?$")
MARKER = re.compile(r"@@([a-z_]+)@@")
DEFAULT_AUTHOR = "the designer"


@dataclass(frozen=True)
class NewGame:
    """What `publish new` was asked for."""

    id: str
    layout: str = "art"
    locale: str = "en"
    author: str | None = None
    title: str | None = None


@dataclass
class Created:
    """The game written: where, its words, its files and what the designer should know."""

    root: Path
    request: NewGame
    values: dict[str, str]
    files: list[Path] = field(default_factory=list)
    pictures: list[Path] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    """Shared parts of a project the build needs and this project lacks."""


def check_request(request: NewGame) -> None:
    """Refuse a name that is no folder-safe id, an unknown layout or a malformed locale."""
    if not GAME_ID.fullmatch(request.id) or len(request.id) > 40:
        folded = unicodedata.normalize("NFKD", request.id.lower()).encode("ascii", "ignore")
        suggestion = re.sub(r"[^a-z0-9]+", "-", folded.decode()).strip("-")
        suggestion = re.sub(r"^[0-9-]+", "", suggestion)[:40].strip("-") or "my-game"
        raise Failure([f"'{request.id}' cannot name a game: a game id is lower-case letters, "
                       "digits and single hyphens, starting with a letter, at most 40 "
                       f"characters (it names folders and files); try: publish new {suggestion}"])
    if request.layout not in LAYOUTS:
        raise Failure([f"unknown layout '{request.layout}': choose one of {', '.join(LAYOUTS)}"])
    if not LOCALE.fullmatch(request.locale):
        raise Failure([f"'{request.locale}' is not a locale tag: write a language code, with a "
                       "country code if you need one: en, fr, pt-BR"])


def project_root(project: str | None) -> Path:
    """The project to add the game to: given, or the nearest folder upwards with cards/."""
    try:
        return find_root(Path(project) if project else None)
    except ProblemsFound as found:
        raise Failure([str(p) for p in found.problems]
                      + ["a project is a folder with a cards/ folder: create one "
                         "(mkdir cards) or pass --project"]) from None


def refuse_existing(root: Path, game_id: str) -> None:
    """A game, or templates, of that name already there: stop before writing anything."""
    taken = [f"{part}/{game_id}/" for part in ("cards", "templates")
             if (root / part / game_id).exists()]
    if taken:
        there = " and ".join(taken)
        verb = "exists" if len(taken) == 1 else "exist"
        raise Failure([f"{there} already {verb} in {root}: publish new never overwrites a "
                       "game. Choose another name, or, to start this game again, delete "
                       f"{there} first."])


def default_author() -> str:
    """The name git knows you by (git config user.name), or a neutral default."""
    try:
        done = subprocess.run(["git", "config", "user.name"], capture_output=True, text=True,
                              timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return DEFAULT_AUTHOR
    return done.stdout.strip() or DEFAULT_AUTHOR


def substitutions(request: NewGame) -> dict[str, str]:
    """The words the scaffold's ``@@key@@`` markers stand for."""
    title = request.title or " ".join(w.capitalize() for w in request.id.split("-"))
    return {"id": request.id, "name": title, "author": request.author or default_author(),
            "year": str(today().year), "locale": request.locale,
            "layout": request.layout}


def fill(text: str, values: dict[str, str], source: Path, yaml_file: bool = False) -> str:
    """``text`` with its markers replaced; in YAML, escaped for a double-quoted string."""

    def value(match: re.Match[str]) -> str:
        key = match[1]
        if key not in values:
            raise ValueError(f"{source}: unknown marker @@{key}@@ (known: {', '.join(values)})")
        return json.dumps(values[key], ensure_ascii=False)[1:-1] if yaml_file else values[key]

    return MARKER.sub(value, text)


def scaffold_files(layout: str) -> dict[str, Path]:
    """Each file of the layout by its path in the project (markers unfilled); the layout's own
    files win over the common ones of the same path."""
    found: dict[str, Path] = {}
    for folder in (SCAFFOLDS / COMMON, SCAFFOLDS / layout):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and not path.name.startswith("."):
                found[path.relative_to(folder).as_posix()] = path
    return found


def target(relative: str, game_id: str, values: dict[str, str], source: Path) -> Path:
    """Where a scaffold file lands: cards/... in cards/<game>/, templates/... in
    templates/<game>/."""
    part, _, rest = fill(relative, values, source).partition("/")
    if part not in ("cards", "templates") or not rest:
        raise ValueError(f"{source}: a scaffold file lives under cards/ or templates/")
    return Path(part) / game_id / rest


def write_files(root: Path, request: NewGame, values: dict[str, str]) -> list[Path]:
    """Every file of the layout, filled in and written; the paths written, from the root."""
    planned: dict[Path, bytes | str] = {}
    for relative, source in scaffold_files(request.layout).items():
        where = target(relative, request.id, values, source)
        if source.suffix in (".png", ".jpg", ".jpeg"):
            planned[where] = source.read_bytes()
        else:
            text = source.read_text(encoding="utf-8")
            planned[where] = fill(text, values, source, yaml_file=source.suffix == ".yaml")
    for where, content in planned.items():
        path = root / where
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return sorted(planned)


def pictures_named(game_dir: Path) -> list[tuple[dict, str, str]]:
    """(card, field, path) for every picture the deck files name under an image field."""
    config = load_yaml(game_dir / "game.yaml")[0]
    images = [f for f, spec in (config.get("fields") or {}).items()
              if spec.get("type") == "image"]
    named = []
    for deck_file in sorted((game_dir / "decks").glob("*.yaml")):
        for card in load_yaml(deck_file)[0]["cards"]:
            for name in images:
                value = card.get(name)
                paths = value.values() if isinstance(value, dict) else [value] if value else []
                named += [(card, name, path) for path in paths]
    return named


def draw_placeholders(root: Path, game_dir: Path) -> list[Path]:
    """A placeholder picture for each picture named and not there yet."""
    config = load_yaml(game_dir / "game.yaml")[0]
    drawn = []
    for card, _, relative in pictures_named(game_dir):
        path = game_dir / relative
        if path.exists() or path.suffix.lower() != ".png":
            continue
        colour = config["card_kinds"][card["kind"]].get("colour") or "#666666"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(placeholder_png(root, card["name"], card["number"], colour,
                                         f"placeholder: replace {relative}"))
        drawn.append(path.relative_to(root))
    return drawn


def write_schema(game_dir: Path) -> Path:
    """deck.schema.json, which the deck files' first line points editors at."""
    config, source = load_config(game_dir)
    path = game_dir / SCHEMA_FILE
    write_atomic(path, deck_schema(config, engine_in(config, source)))
    return path


def shared_parts_missing(root: Path) -> list[str]:
    """The shared templates and fonts every build needs, if this project lacks them."""
    needed = ("templates/_common/sheet.html.j2", "fonts/vollkorn", "fonts/league-spartan")
    return [part for part in needed if not (root / part).exists()]


def create(project: str | None, request: NewGame) -> Created:
    """`publish new`: write the game, or change nothing and say why not."""
    check_request(request)
    root = project_root(project)
    refuse_existing(root, request.id)
    values = substitutions(request)
    created = Created(root, request, values)
    try:
        created.files = write_files(root, request, values)
        game_dir = root / "cards" / request.id
        created.pictures = draw_placeholders(root, game_dir)
        created.files.append(write_schema(game_dir).relative_to(root))
    except (ProblemsFound, OSError, ValueError) as exc:
        for part in ("cards", "templates"):
            shutil.rmtree(root / part / request.id, ignore_errors=True)
        lines = ([str(p) for p in exc.problems] if isinstance(exc, ProblemsFound)
                 else [str(exc)])
        raise Failure([f"publish new {request.id}: nothing created:", *lines]) from exc
    created.missing = shared_parts_missing(root)
    return created


def report(created: Created) -> list[str]:
    """What `publish new` prints: what it made, what to edit first, what to run next."""
    request, values = created.request, created.values
    game, locale = request.id, request.locale
    decks = sorted(p.stem for p in created.files if p.parts[2:3] == ("decks",))
    made = [(f"cards/{game}/game.yaml", "name, licence, card kinds, decks, fields"),
            (f"cards/{game}/decks/", f"{len(decks)} decks: {', '.join(decks)}")]
    if created.pictures:
        made.append((f"cards/{game}/art/",
                     f"{len(created.pictures)} placeholder pictures: replace them with yours"))
    made += [(f"cards/{game}/rules/{locale}/", "one chapter and a quick reference"),
             (f"templates/{game}/", "the card face and back (cards.html.j2, cards.css.j2)")]
    width = max(len(path) for path, _ in made) + 2
    lines = [f"created the game '{game}' ({request.layout} layout, written in {locale}) in "
             f"{created.root}:", *(f"  {path:<{width}}{what}" for path, what in made),
             f"edit first, in cards/{game}/game.yaml: the licence, now \"All rights reserved\" "
             f"with \"© {values['year']} {values['author']}\" (--author sets the name), and "
             f"the name, \"{values['name']}\" (--title)"]
    if locale != "en":
        lines.append(f"the example cards and rules are in English, filed as {locale}: write "
                     "yours over them in your language")
        if not po_path(created.root / "cards" / game, locale, SHARED).is_file():
            lines.append(f"the shared templates' words (Contents, Index...) have no {locale} "
                         f"catalog yet: publish i18n shared --locale {locale} makes it, for "
                         "the toolchain's maintainers to translate; builds are drafts until "
                         "it is (docs/i18n.md)")
    if created.missing:
        lines.append(f"this project lacks {', '.join(created.missing)}: every build needs them; "
                     "copy them from the publish repository")
    return [*lines, "next:", f"  publish check --game {game}",
            f"  publish build --game {game}    # PDFs into build/{game}/{locale}/",
            "what the card templates receive: docs/templates.md"]
