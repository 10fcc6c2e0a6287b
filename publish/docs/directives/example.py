"""`{example stem}`: an example game from examples/, checked by the engine and embedded.

The stem is a file name in examples/, never a path: `{example ../x}` is no example."""

from __future__ import annotations

from markupsafe import Markup

from publish.core.problems import did_you_mean
from publish.core.projectfiles import OutsideProject, inside
from publish.docs.context import RulesContext, Source
from publish.docs.directives.base import Call, Directive
from publish.i18n.fields import fill


def example(call: Call) -> Markup:
    """The example's title, its players, mode and decks, then its commentary and log.

    Read, replayed and given its ids once per use: kept on the token's notes, so an
    edition rendered twice (a preview, a script) gives the same ids both times."""
    shown = call.meta.get("example")
    if shown is None:
        shown = call.meta["example"] = _read(call)
    if isinstance(shown, Markup):
        return shown  # the problem was recorded the first time
    ident, source = shown
    return call.rules.html.example(ident, source.meta.get("title") or call.arg,
                                   meta_line(call.ctx, source), call.rules.render(source))


def meta_line(ctx: RulesContext, source: Source) -> str:
    """The example's players, mode and decks, as its title's second line says them."""
    meta = source.meta
    decks = ctx.game.config.decks
    deck_names = ctx.labels.list_joiner(
        [decks[d].name if d in decks else str(d) for d in meta.get("decks") or []])
    return fill(ctx.labels.example_meta, {"players": meta.get("players", "?"),
                                          "mode": meta.get("mode", "?"), "decks": deck_names})


def _read(call: Call) -> tuple[str, Source] | Markup:
    """The example's parsed source and its id, or the problem's mark (recorded)."""
    stem, ctx = call.arg, call.ctx
    folder = ctx.examples_dir
    plain = stem and not stem.startswith(".") and not set(stem) & set("/\\")
    path = folder / f"{stem}.md" if folder and plain else None
    if path is None or not path.is_file():
        known = (sorted(p.stem for p in folder.glob("*.md"))
                 if folder and folder.is_dir() else [])
        return call.fail(f"{{example {stem}}}: no such example"
                         f"{did_you_mean(stem, known)}; examples: {', '.join(known)}")
    try:  # before the engine reads it: a symlink may lead out of the project
        inside(path, ctx.game.project)
    except OutsideProject as outside:
        return call.fail(f"{{example {stem}}}: examples/{path.name} "
                         f"{outside.problems[0].message}")
    if ctx.check_example is not None:
        findings = ctx.check_example(path)
        if findings:
            ctx.problems.extend(findings)
            return call.fail(f"{{example {stem}}}: the log no longer replays "
                             "with the current cards (findings above)")
    ctx.examples_shown.append(stem)
    source = call.rules.parse_file(path, prefix=f"example-{stem}")
    return call.rules.unique_id(f"example-{stem}"), source


EXAMPLE = Directive(block=example)
