"""Component sheets: component-<id>.pdf per component of game.yaml (tokens, reference cards).

Not part of `publish build` with no target: asked for by name
(`publish build components`), like the boxes the decks go in.
"""

from __future__ import annotations

from dataclasses import dataclass

from publish.core.problems import OptionError, did_you_mean
from publish.model.game import Game, game_files
from publish.model.inputs import Inputs
from publish.render.components import components_html
from publish.render.pdf import render, write_pdf
from publish.targets.base import Job, Rendered, Target, Work
from publish.targets.options import check_choices, option, paper_option


@dataclass(frozen=True)
class ComponentsOptions:
    """What `publish build components` is asked for."""

    paper: str = paper_option()
    bw: bool = option(False, help="Black-and-white printer-friendly variant.")
    only: tuple[str, ...] = option((), flag="--component", metavar="ID",
                                   help="Only this component (repeat for more).",
                                   default_text="every component")

    def __post_init__(self) -> None:
        check_choices(self)


@dataclass(frozen=True)
class SheetsOf:
    """One component's sheets: what a job renders."""

    component: str
    paper: str
    bw: bool


def components_file(component: str, options: ComponentsOptions) -> str:
    parts = [p for p in (options.paper if options.paper != "a4" else "",
                         "bw" if options.bw else "") if p]
    return f"component-{component}{''.join(f'-{p}' for p in parts)}.pdf"


def named_components(game: Game, only: tuple[str, ...]) -> list[str]:
    """The components named with --component, in game.yaml's order; all if none is named."""
    known = game.config.components
    for name in only:
        if name not in known:
            raise OptionError(f"--component {name}: {game.id} has no such component"
                              f"{did_you_mean(name, known)}; its components: "
                              f"{', '.join(known) or 'none'}")
    return [c for c in known if not only or c in only]


class Components:
    """component-<id>.pdf per component: its pieces imposed on print-and-cut sheets."""

    name = "components"
    description = ("Print-and-cut sheets of game.yaml's components (tokens, reference cards): "
                   "component-<id>.pdf each.")
    in_default_build = False
    parallel = True
    options = ComponentsOptions

    def applies(self, game: Game) -> bool:
        return bool(game.config.components)

    def jobs(self, work: Work, inputs: Inputs, locale: str,
             options: ComponentsOptions) -> list[Job]:
        common = inputs.common(locale)
        return [Job(self.name, locale, (components_file(c, options),), common,
                    SheetsOf(c, options.paper, options.bw), key=c,
                    cost=work.game.config.components[c].count, noun="component")
                for c in named_components(work.game, options.only)]

    def render(self, work: Work, job: Job) -> Rendered:
        context = work.edition(job.locale)
        sheets: SheetsOf = job.options
        spec = context.game.config.components[sheets.component]
        title = f"{context.game.config.name} · {spec.name}"
        document = render(components_html(context, sheets.component, sheets.paper, sheets.bw),
                          work.project, title, game_files(context.game))
        name = job.outputs[0]
        return Rendered({name: write_pdf(document, title)}, {name: len(document.pages)},
                        note=f"{spec.count} pieces")


TARGET: Target[ComponentsOptions] = Components()
