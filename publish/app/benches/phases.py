"""Where a build's time goes: a sampled stack named by the phase of its innermost frame
that has one.

A frame is a module and a function.  The phases follow issue 43's account of
a build: ``layout`` (WeasyPrint parsing the HTML and CSS, laying out and
drawing the pages), ``writing`` (WeasyPrint's PDF writing and font subsets,
pydyf, pikepdf's save), ``placing`` (pikepdf's work on pages and objects
outside save: joining, sharing font subsets, tags, conformance),
``rasterising`` (pdfium drawing pages to bitmaps, Pillow scaling and
encoding them), ``checking`` (the layout check and the preflight) and
``other`` (loading, the game's check, templates, our own code).

The innermost frame with a phase names the stack, so drawing called from
WeasyPrint's PDF writing counts as layout, and the fonts it subsets as
writing.  Checking is the exception: it reads PDFs with the libraries the
other phases write them with (pdfium, pikepdf, Pillow), so a stack that
passes through a check is checking whatever it calls.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

Frame = tuple[str, str]
"""A frame's module (``__name__``) and function name."""
Stack = tuple[Frame, ...]
"""Frames from the innermost (the one running) outwards."""

PHASES = ("layout", "writing", "placing", "rasterising", "checking", "other")


@dataclass(frozen=True)
class Rule:
    """Frames of ``module`` (or a module inside it) belong to ``phase``; with
    ``functions``, only frames of those functions."""

    phase: str
    module: str
    functions: frozenset[str] = frozenset()

    def matches(self, frame: Frame) -> bool:
        module, function = frame
        inside = module == self.module or module.startswith(self.module + ".")
        return inside and (not self.functions or function in self.functions)


CHECKING = (Rule("checking", "publish.render.layout_check"),
            Rule("checking", "publish.render.pdfpage"),
            Rule("checking", "publish.checks.preflight"))
"""Frames that make everything they call checking."""

RULES = (
    Rule("layout", "weasyprint.pdf.stream"),  # the drawing operators the draw step emits
    Rule("writing", "weasyprint.pdf"),
    Rule("writing", "pydyf"),
    Rule("layout", "weasyprint"),
    Rule("writing", "pikepdf", frozenset({"save"})),
    Rule("placing", "pikepdf"),
    Rule("placing", "publish.render.splice"),
    Rule("placing", "publish.render.subsets"),
    Rule("placing", "publish.render.conformance"),
    Rule("placing", "publish.render.tagging"),
    Rule("rasterising", "pypdfium2"),
    Rule("rasterising", "publish.render.printshop", frozenset({"rasterise"})),
    Rule("rasterising", "publish.render.tts"),
    Rule("rasterising", "publish.render.gallery", frozenset({"contact_sheet"})),
)
"""Each frame's phase: the first rule that matches it, in this order.  pikepdf's calls into
its C++ core have no frame of their own: their time is the calling frame's, which is why
the modules of ours that drive pikepdf are named."""


def frame_phase(frame: Frame) -> str | None:
    """The phase of one frame, if any rule names it."""
    return next((rule.phase for rule in RULES if rule.matches(frame)), None)


def phase_of(stack: Stack) -> str:
    """The phase a sampled stack's time goes to."""
    if any(rule.matches(frame) for frame in stack for rule in CHECKING):
        return "checking"
    return next((phase for frame in stack if (phase := frame_phase(frame))), "other")


def tally(samples: Mapping[Stack, float]) -> dict[str, float]:
    """Seconds per phase, every phase named (in PHASES order)."""
    seconds = dict.fromkeys(PHASES, 0.0)
    for stack, weight in samples.items():
        seconds[phase_of(stack)] += weight
    return seconds


def table(seconds: Mapping[str, float]) -> list[str]:
    """Lines of a small table: each phase's seconds and share of the whole."""
    whole = sum(seconds.values()) or 1.0
    return ["  phase          seconds   share",
            *(f"  {phase:<12} {value:9.2f}  {value / whole:6.1%}"
              for phase, value in seconds.items()),
            f"  {'total':<12} {sum(seconds.values()):9.2f}"]


def folded(samples: Mapping[Stack, float]) -> Iterable[str]:
    """The samples as folded stacks (outermost first, ``;``-joined, then the microseconds):
    what flame-graph tools read, to see what each phase holds."""
    for stack, weight in sorted(samples.items(), key=lambda item: -item[1]):
        yield ";".join(f"{m}:{f}" for m, f in reversed(stack)) + f" {round(weight * 1e6)}"


def heaviest(samples: Mapping[Stack, float], phase: str, count: int = 5
             ) -> Sequence[tuple[Frame, float]]:
    """The innermost frames that carry the most of a phase's seconds."""
    frames: dict[Frame, float] = {}
    for stack, weight in samples.items():
        if stack and phase_of(stack) == phase:
            frames[stack[0]] = frames.get(stack[0], 0.0) + weight
    return sorted(frames.items(), key=lambda item: -item[1])[:count]
