"""The full manual of an edition: manual.pdf (manual-letter.pdf on Letter), tagged
for screen readers (PDF/UA-1); manual-untagged.pdf is the print edition without tags.

Its parts are kept under the digest of their HTML (build/<game>/<locale>/
.manual-parts/<paper>/), so a card edit lays out that card's deck list only;
a forced build forgets them and lays the manual out whole.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from publish.docs.edition import chapter_paths
from publish.docs.manual import ManualOptions, make_manual
from publish.docs.rules import rules_of
from publish.model.game import Game
from publish.model.inputs import Inputs
from publish.targets.base import Job, Rendered, Target, Work, output_dir
from publish.targets.options import PaperOptions


def manual_file(options: ManualOptions) -> str:
    return f"manual{options.suffix}.pdf"


def parts_dir(out: Path, options: ManualOptions) -> Path:
    """Where the manual's parts, as last laid out, are kept (per paper size, tagged apart:
    a part's HTML is the same either way)."""
    return out / ".manual-parts" / (options.paper + ("-tagged" if options.tagged else ""))


class Manual:
    """manual.pdf: the parts game.yaml's `manual` asks for (by default: cover, contents,
    chapters, card lists, cards by effect, index, colophon), or a booklet."""

    name = "manual"
    description = "The full manual: rules, card lists, cards by effect, examples, index."
    in_default_build = True
    parallel = False
    options = PaperOptions

    def applies(self, game: Game) -> bool:
        return bool(chapter_paths(game))

    def jobs(self, work: Work, inputs: Inputs, locale: str, chosen: PaperOptions) -> list[Job]:
        game, options = work.game, ManualOptions(paper=chosen.paper, locale=locale,
                                                   tagged=not chosen.untagged)
        cards = inputs.cards((c.number for c in game.cards), locale)
        since = {"changes since": work.since} if work.since else {}
        return [Job(self.name, locale, (manual_file(options),),
                    {**inputs.common(locale), **cards, **inputs.rules(), **since},
                    options, cost=len(game.cards) * 4)]

    def render(self, work: Work, job: Job) -> Rendered:
        cache = parts_dir(output_dir(work.project, work.game.id, job.locale), job.options)
        if job.forced:
            shutil.rmtree(cache, ignore_errors=True)
        # a card's name links to its row of the card list, when the manual has one
        edition = rules_of(work.edition(job.locale), examples=work.examples,
                           link_cards="card-list" in work.game.config.manual.shape,
                           tagged=job.options.tagged)
        changes = work.changes.edition(job.locale) if work.changes else None
        manual = make_manual(edition, work.project, job.options, cache=cache, changes=changes)
        name = job.outputs[0]
        return Rendered({name: manual.pdf}, {name: manual.pages})


TARGET: Target[PaperOptions] = Manual()
