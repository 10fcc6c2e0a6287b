"""Rule summaries: summary-<id>.pdf each, within the pages its front matter allows.

A summary is out of date when its source, or a card it showed, changed: the
cards it shows are known only once its HTML is made, so they are recorded
after rendering.
"""

from __future__ import annotations

from publish.core.problems import Location, Problem, ProblemsFound
from publish.docs.edition import rules_dir, summary_paths
from publish.docs.manual import ManualOptions
from publish.docs.rules import rules_of
from publish.docs.summaries import render_summaries
from publish.model.game import Game
from publish.model.inputs import Inputs
from publish.render import splice
from publish.render.pdf import write_pdf
from publish.render.tagging import alternatives
from publish.targets.base import Job, Rendered, Target, Work
from publish.targets.options import PaperOptions

PREFIX = "summary-"


def summary_file(summary_id: str, options: ManualOptions) -> str:
    return f"{PREFIX}{summary_id}{options.suffix}.pdf"


class Summaries:
    """summary-<id>.pdf for each Markdown file in rules/<locale>/summaries/."""

    name = "summaries"
    description = ("Rule summaries, one PDF each, each within the pages its front matter "
                   "allows.")
    in_default_build = True
    parallel = False
    options = PaperOptions

    def applies(self, game: Game) -> bool:
        return bool(summary_paths(game))

    def jobs(self, work: Work, inputs: Inputs, locale: str, chosen: PaperOptions) -> list[Job]:
        options = ManualOptions(paper=chosen.paper, locale=locale, tagged=not chosen.untagged)
        job = Job(self.name, locale, tuple(summary_file(p.stem, options)
                                           for p in summary_paths(work.game)),
                  {**inputs.common(locale), **inputs.rules(), **inputs.selection()},
                  options, narrow=True, shows_cards=True, cost=20)
        return [job]

    def render(self, work: Work, job: Job) -> Rendered:
        edition = rules_of(work.edition(job.locale), link_cards=False, examples=work.examples,
                           tagged=job.options.tagged)
        if not edition.summaries:
            folder = rules_dir(edition.game) / "summaries"
            raise ProblemsFound([Problem(Location(folder), "no summaries (*.md) here: write one "
                                         "with 'title' and 'pages' front matter "
                                         "(docs/rules-markdown.md)")])
        ending = f"{job.options.suffix}.pdf"
        only = {name.removeprefix(PREFIX).removesuffix(ending) for name in job.outputs}
        made = Rendered({}, {})
        notes = []
        tagged = job.options.tagged
        for summary, document, html in render_summaries(edition, work.project, job.options,
                                                        only):
            name = summary_file(summary.id, job.options)
            written = write_pdf(document, summary.title, tagged)
            made.files[name] = (splice.tagged(written, alternatives(html), summary.title)
                                if tagged else written)
            made.pages[name] = len(document.pages)
            made.shows[name] = sorted(summary.cards)
            notes.append(f"summary {summary.id}: {made.pages[name]} of at most "
                         f"{summary.max_pages} pages")
        made.note = "; ".join(notes)
        return made


TARGET: Target[PaperOptions] = Summaries()
