"""`publish build NAME`: a subcommand for every registered target, made from its options."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import run
from publish.cli.targets import declared_option
from publish.model.game import Game
from publish.model.inputs import Inputs
from publish.targets import TARGETS
from publish.targets.base import Job, Rendered, Work
from publish.targets.options import offered, option

SHARED = ["project", "game", "locale", "strict"]
"""The options every target's subcommand takes, besides those its own declare (and --jobs)."""


def said(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())  # the help as words: wherever click wraps it


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_every_target_has_a_subcommand_with_the_options_it_declares(name):
    from publish.cli.main import build

    target = TARGETS[name]
    command = build.get_command(None, name)  # type: ignore[arg-type]
    assert command is not None and command.help == target.description
    own = [f.name for f in offered(target.options)]
    assert [p.name for p in command.params] == [*SHARED[:2], *own, *SHARED[2:],
                                                *(["jobs"] if target.parallel else [])]


@pytest.mark.parametrize(("name", "words"), [
    ("decks", ["--paper [a4|letter] [default: a4]",
               "--size [poker|bridge|tarot|mini|square] Card size. [default: the game's "
               "print.default_size]",
               "--bw Black-and-white printer-friendly variant.",
               "--backs [none|long-edge|short-edge|fold] Backs: none, for a duplex flip on the "
               "long or short edge, or to fold. [default: the game's print.backs, else none]",
               "--back-offset X,Y Offset read on the calibration page (mm); backs are moved "
               "to cancel it. [default: 0,0]",
               "--deck ID Only this deck (repeat for more); no decks-all PDF. [default: every "
               "deck]", "--jobs INTEGER"]),
    ("printshop", ["--service ID The print service: dtc, eu-fogra39, mpc, tgc, or one of the "
                   "game's own (services/<id>.yaml in its folder); docs/print-services.md. "
                   "[default: tgc]", "--images / --no-images For a service that takes images: "
                   "write them (else only the proof PDF). [default: images]"]),
    ("manual", ["--paper [a4|letter] [default: a4] --untagged The print edition: a PDF "
                "without the tags a screen reader follows", "--locale TEXT"]),
    ("tts", ["--base-url URL Address the images will be hosted under. [default: their "
             "file:/// paths]", "--card-width PX A card's width on the sheets. [default: the "
             "widest a 4096 px sheet allows]"]),
])
def test_a_targets_help_names_its_options_choices_and_defaults(name, words):
    help_text = said("build", name, "--help")
    for phrase in words:
        assert phrase in help_text


def test_the_manual_and_summaries_offer_no_jobs_their_single_job_could_use():
    assert "--jobs" not in said("build", "manual", "--help")
    assert "--jobs" not in said("build", "summaries", "--help")


def test_an_offset_not_written_x_comma_y_is_refused_before_anything_is_built(demo_docs):
    result = run("build", "decks", "--project", str(demo_docs), "--game", "demo",
                 "--back-offset", "1")
    assert result.exit_code == 2
    assert "Invalid value for --back-offset: write it as X,Y in millimetres, e.g. 0.5,-1" \
        in result.output
    assert not (demo_docs / "build").exists()


@dataclass(frozen=True)
class PosterOptions:
    """What `publish build poster` is asked for (a target only this test registers)."""

    colour: str = option("red", choices=("red", "blue"), help="Ink colour.")
    copies: int | None = option(None, metavar="N", help="Copies per sheet.",
                                default_text="as many as fit")
    words: tuple[str, ...] = option((), flag="--word", metavar="WORD",
                                    help="A word to print (repeat for more).")
    glossy: bool = option(False, help="Glossy paper.")
    margin: int = 3
    """A setting of the target: no command offers it."""


class Poster:
    name = "poster"
    description = "A poster of the game's name."
    in_default_build = False
    parallel = False
    options = PosterOptions

    def applies(self, game: Game) -> bool:
        return True

    def jobs(self, work: Work, inputs: Inputs, locale: str, options: PosterOptions) -> list[Job]:
        return [Job(self.name, locale, ("poster.txt",), inputs.common(locale), options)]

    def render(self, work: Work, job: Job) -> Rendered:
        text = f"{work.game.config.name}: {job.options!r}\n".encode()
        return Rendered({"poster.txt": text}, {"poster.txt": 1})


@pytest.fixture
def poster(monkeypatch):
    monkeypatch.setitem(TARGETS, "poster", Poster())  # the workers fork from here


def test_a_new_target_brings_its_subcommand_and_its_options(poster):
    assert "poster A poster of the game's name." in said("build", "--help")
    help_text = said("build", "poster", "--help")
    for phrase in ("--colour [red|blue] Ink colour. [default: red]",
                   "--copies N Copies per sheet. [default: as many as fit]",
                   "--word WORD A word to print (repeat for more).",
                   "--glossy Glossy paper. --locale TEXT"):
        assert phrase in help_text
    assert "--margin" not in help_text and "--jobs" not in help_text


def test_a_new_target_is_built_with_the_options_chosen(poster, demo_docs: Path):
    said("build", "poster", "--project", str(demo_docs), "--game", "demo", "--colour", "blue",
         "--word", "tide", "--word", "salt", "--glossy")
    made = next((demo_docs / "build" / "demo").rglob("poster.txt")).read_text()
    assert made.endswith(": " + repr(PosterOptions(colour="blue", words=("tide", "salt"),
                                                   glossy=True)) + "\n")


def test_a_new_targets_choices_are_checked_by_the_command_line(poster, demo_docs: Path):
    result = run("build", "poster", "--project", str(demo_docs), "--colour", "green")
    assert result.exit_code == 2
    assert "Invalid value for '--colour': 'green' is not one of 'red', 'blue'." in result.output


def test_a_field_the_command_line_cannot_read_must_say_how():
    @dataclass(frozen=True)
    class Sealed:
        seal: bytes = option(b"", help="Bytes to stamp.")

    with pytest.raises(TypeError, match="option --seal: the command line cannot read"):
        declared_option(offered(Sealed)[0])
