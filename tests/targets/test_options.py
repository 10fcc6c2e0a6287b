"""A target's options: a frozen dataclass whose ``option()`` fields the command line offers."""

from __future__ import annotations

import dataclasses

import pytest

from conftest import REPO
from publish.model.load import load_game
from publish.render.decks import DeckOptions
from publish.targets import TARGETS
from publish.targets.decks import DecksOptions, parse_offset
from publish.targets.gallery import GalleryOptions
from publish.targets.options import PaperOptions, offered
from publish.targets.printshop import PrintshopOptions, service_of


def test_every_target_declares_its_options_as_a_frozen_dataclass_made_with_no_arguments():
    for name, target in TARGETS.items():
        defaults = target.options()
        assert dataclasses.is_dataclass(defaults), name
        field = next(iter(dataclasses.fields(defaults)), None)
        if field is not None:
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(defaults, field.name, None)


def test_only_the_fields_declared_with_option_are_offered_in_their_order():
    assert [f.name for f in offered(DecksOptions)] == ["paper", "size", "bw", "proof", "backs",
                                                       "back_offset", "players", "only", "layout"]
    assert [f.name for f in offered(GalleryOptions)] == ["proof"]  # its resolution: a setting
    only = next(f for f in offered(DecksOptions) if f.name == "only")
    assert (only.how.flag, only.how.metavar, only.default) == ("--deck", "ID", ())
    assert offered(DecksOptions)[1].kind == str | None


@pytest.mark.parametrize(("make", "message"), [
    (lambda: DecksOptions(paper="a5"), "unknown paper 'a5': a4, letter"),
    (lambda: DecksOptions(backs="sideways"), "unknown backs 'sideways': none, long-edge, "
                                             "short-edge, fold"),
    (lambda: PaperOptions(paper="legal"), "unknown paper 'legal': a4, letter"),
    (lambda: service_of(load_game(REPO, "agencia")[0], PrintshopOptions(service="xyz")),
     "unknown service 'xyz': dtc, eu-fogra39, mpc, tgc"),
])
def test_a_value_outside_a_fields_choices_is_refused_naming_them(make, message):
    with pytest.raises(ValueError, match=message):
        make()


def test_none_stands_for_the_games_own_choice():
    assert DecksOptions(size=None, backs=None).size is None


def test_the_decks_options_resolve_for_an_edition_as_the_renderer_wants_them():
    game, problems = load_game(REPO, "harbourlight")
    assert not problems
    chosen = DecksOptions(paper="letter", bw=True, backs="fold", back_offset=(0.5, -1.0),
                          only=("tide",))
    assert chosen.for_edition(game, "en") == DeckOptions(
        paper="letter", bw=True, backs="fold", back_offset=(0.5, -1.0), only=("tide",),
        locale="en").for_game(game)
    assert DecksOptions().for_edition(game, "en") == DeckOptions(locale="en").for_game(game)


def test_an_offset_is_read_as_x_comma_y():
    assert parse_offset("0.5,-1") == (0.5, -1.0)
    for wrong in ("1", "a,b", "1,2,3"):
        with pytest.raises(ValueError, match="write it as X,Y in millimetres"):
            parse_offset(wrong)
