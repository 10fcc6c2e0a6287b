"""The bookkeeping replay: a correct log reports nothing, each slip is found where it is.

The small logs below are written for their counts, turns and structures: the
bookkeeping level never reads what a card does, so a structure's consequences
are not always its card's effect.  Only the cards' standing rules matter, and
only where ``infos`` is passed.
"""

from __future__ import annotations

from functools import cache

import pytest

from conftest import FIXTURES, REPO
from publish.games.agencia.cards import CardInfo, card_infos
from publish.games.agencia.diario.bookkeeping import check_bookkeeping
from publish.games.agencia.diario.findings import Finding
from publish.games.agencia.diario.parse import parse
from publish.model.load import load_game

COMPENDIO = FIXTURES / "diario" / "compendio-4.190617.txt"


@cache
def infos() -> dict[str, CardInfo]:
    game, problems = load_game(REPO, "agencia")
    assert not problems
    return card_infos(game)


def check(text: str, edition: str, with_infos: bool = False) -> list[Finding]:
    log, errors = parse(text, "log.txt")
    assert not errors
    return check_bookkeeping(log, edition, infos() if with_infos else None)


def mutate(text: str, *changes: tuple[str, str], upto: int | None = None) -> str:
    """The log with each (old, new) replaced once, cut after line ``upto``."""
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    lines = text.splitlines(keepends=True)
    return "".join(lines[:upto] if upto else lines)


def spots(findings: list[Finding]) -> list[tuple[int, int, str]]:
    return [(f.line, f.col, f.why) for f in findings]


def assert_found(findings: list[Finding], *expected: tuple[int, int, str]) -> None:
    """Exactly these findings, each at (line, col) with this fragment in its reason."""
    assert len(findings) == len(expected), spots(findings)
    for finding, (line, col, why) in zip(findings, expected, strict=True):
        assert (finding.line, finding.col) == (line, col), spots(findings)
        assert why in finding.why, spots(findings)


# ---------------------------------------------------------------- the compendium's game
def test_compendium_example_replays_to_the_end():
    log, errors = parse(COMPENDIO.read_text(encoding="utf-8"), "compendio.txt")
    assert not errors
    # The one finding: J9 of the second partida, Aline's crisis, solved by João (5 cards)
    # while Maria held 7 and the log does not say she was passed over.  The compendium
    # never says what card 029 is (Maria's structure, put in by João solving J1's crisis;
    # its jogadas show no effect).  If it is what 029 is in 2.180423, Tecnocracia ("the
    # last crisis solver has priority"), João had priority and the log is consistent: a
    # standing card of 4.190617 that the bookkeeping level cannot know.
    assert check_bookkeeping(log, "4.190617") == [
        Finding("compendio.txt", 25, 22, "J9 (Aline)", "X(João+038-006)",
                "X(Q(Maria), João+038-006)",
                "the priority to solve it is Maria, João "
                "(most cards, then nearest to play after Aline)"),
    ]


def test_an_unknown_edition_is_refused():
    log, _ = parse("", "log.txt")
    with pytest.raises(ValueError, match="unknown edition"):
        check_bookkeeping(log, "3.0")


# ---------------------------------------------------------------- 2.180423
V2 = """\
PART1(Ana=S=064, Bia=NO=049, Caio=NE=048).
J1(Ana, 5, 0). 064(Ana+1).
J2(Bia, 5, 0). 049(Bia-3).
J3(Caio, 5, 0). 048(Caio-1).
J4(Ana, 6, 0). 064(Ana+1).
J5(Bia, 2, 0). 049(X(Ana+030-049)).
J6(Caio, 4, 0). 048(Caio-1).
J7(Ana, 7, 0). 064(R(Ana+049-048, +Bia)).
J8(Bia, 2, 0). 030(F, Bia-1).
J9(Ana, 7, 0). 064(Ana+1). CN(998, +048-064).
J10(Caio, 3, 0). 049(Caio-3). V(Caio).
"""


@pytest.mark.parametrize("with_infos", [False, True])
def test_v2_a_correct_log_reports_nothing(with_infos):
    assert check(V2, "2.180423", with_infos) == []


def test_v2_turns_follow_the_flow_after_f():
    log = mutate(V2, ("J10(Caio, 3, 0). 049(Caio-3). V(Caio).",
                      "J10(Bia, 1, 0). 030(Bia-1). V(Bia)."))
    assert_found(check(log, "2.180423"), (11, 1, "next player after Ana"))


def test_v2_the_first_jogada_is_south_and_numbers_count_up():
    log = mutate(V2, ("J1(Ana", "J2(Ana"), upto=2)
    assert_found(check(log, "2.180423"), (2, 1, "count 1, 2, 3"))
    log = mutate(V2, ("J1(Ana, 5, 0). 064(Ana+1).", "J1(Bia, 5, 0). 049(Bia-3)."), upto=2)
    assert_found(check(log, "2.180423"), (2, 1, "South"))


def test_v2_wrong_structure():
    log = mutate(V2, ("048(Caio-1).\nJ7", "049(Caio-1).\nJ7"))
    assert_found(check(log, "2.180423"), (7, 17, "its player's structure"))


def test_v2_wrong_declared_count_is_reported_at_that_jogada():
    log = mutate(V2, ("J8(Bia, 2, 0)", "J8(Bia, 3, 0)"))
    findings = check(log, "2.180423")
    assert_found(findings, (9, 1, "hand count"))
    assert (findings[0].declared, findings[0].expected) == (
        "Bia holds 3 (3 + 0)", "Bia holds 2 by the log's own events")
    assert findings[0].since == "count declared at J5, line 6"


def test_v2_a_missing_consequence_shows_at_the_next_declaration_only():
    log = mutate(V2, ("J4(Ana, 6, 0). 064(Ana+1).", "J4(Ana, 6, 0). 064()."))
    assert_found(check(log, "2.180423"), (8, 1, "hand count"))


def test_v2_discarding_more_than_held():
    log = mutate(V2, ("049(Caio-3)", "049(Caio-4)"))
    assert_found(check(log, "2.180423"), (11, 22, "more cards than they hold"))


def test_v2_has_no_commitments():
    log = mutate(V2, ("J3(Caio, 5, 0). 048(Caio-1).", "J3(Caio, 4, 1). 048(Caio-1). +c."))
    assert_found(check(log, "2.180423"), (4, 1, "no committed cards"),
                 (4, 30, "no committed cards"))


def test_v2_revolt_without_a_crisis():
    log = mutate(V2, ("J4(Ana, 6, 0). 064(Ana+1).", "J4(Ana, 6, 0). 064(R(Ana+030-048, +Bia))."),
                 upto=5)
    assert_found(check(log, "2.180423"), (5, 20, "needs a crisis"))


def test_v2_revolt_with_too_small_a_gap():
    # Ana 7, Bia 4, Caio 4: 3 apart
    log = mutate(V2, ("J6(Caio, 4, 0). 048(Caio-1).", "J6(Caio, 4, 0). 048(Bia+2)."), upto=8)
    assert_found(check(log, "2.180423"), (8, 20, "4 cards apart"))


def test_v2_revolt_by_the_wrong_proposer():
    log = mutate(V2, ("R(Ana+049-048", "R(Caio+049-048"))
    findings = check(log, "2.180423")
    assert_found(findings, (8, 20, "most cards"))
    assert findings[0].expected == "Ana proposes"


def test_v2_revolt_outside_the_structure_event_or_by_nobody():
    log = mutate(V2, ("064(R(Ana+049-048, +Bia)).", "064(Ana+1, R(Ana+049-048, +Bia))."),
                 upto=8)
    assert_found(check(log, "2.180423"), (8, 27, "replaces the structure's execution"))
    log = mutate(V2, ("064(R(Ana+049-048, +Bia)).", "064(). R(Ana+049-048, +Bia)."), upto=8)
    assert_found(check(log, "2.180423"), (8, 23, "replaces the structure's execution"))
    log = mutate(V2, ("R(Ana+049-048, +Bia)", "R(Ana+049-048, +Ana)"), upto=8)
    assert_found(check(log, "2.180423"), (8, 35, "supported by an opponent"))


def test_v2_wrong_crisis_solver():
    log = mutate(V2, ("X(Ana+030-049)", "X(Caio+030-049)"))
    findings = check(log, "2.180423")
    assert_found(findings, (6, 20, "priority to solve it is Ana, Caio"))
    assert findings[0].expected == "X(Q(Ana), Caio+030-049)"
    passed_over = mutate(V2, ("X(Ana+030-049)", "X(Q(Ana), Caio+030-049)"))
    assert check(passed_over, "2.180423") == []


def test_v2_the_causer_never_solves():
    log = mutate(V2, ("X(Ana+030-049)", "X(Bia+030-049)"))
    assert_found(check(log, "2.180423"), (6, 20, "they caused"))


def test_v2_structure_changes_need_a_structure_out_and_a_new_card_in():
    log = mutate(V2, ("X(Ana+030-049)", "X(Ana+030-022)"), upto=6)
    assert_found(check(log, "2.180423"), (6, 22, "only a structure of the society"))
    log = mutate(V2, ("X(Ana+030-049)", "X(Ana+048-049)"), upto=6)
    assert_found(check(log, "2.180423"), (6, 22, "cannot be put in the society again"))


def test_v2_win_with_cards_in_hand():
    log = mutate(V2, ("049(Caio-3). V(Caio)", "049(Caio-2). V(Caio)"))
    assert_found(check(log, "2.180423"), (11, 31, "empty hand"))


def test_v2_an_empty_hand_without_v():
    log = mutate(V2, (" V(Caio).", ""))
    assert_found(check(log, "2.180423"), (11, 1, "wins the partida"))


def test_v2_no_jogada_after_the_partida_ended():
    log = V2 + "J11(Bia, 1, 0). 030(Bia-1).\n"
    assert_found(check(log, "2.180423"), (12, 1, "already ended"))


def test_v2_one_natural_card_per_jogada():
    log = mutate(V2, ("CN(998, +048-064).", "CN(998, +048-064). CN(999, +064-048)."))
    assert_found(check(log, "2.180423"), (10, 47, "one natural card per jogada"))


def test_v2_several_winners_need_a_shared_victory_card():
    log = """\
PART1(Ana=S=177, Bia=NO=048, Caio=NE=064).
J1(Ana, 5, 0). 177(Ana-5, Bia-5). V(Ana, Bia).
"""
    assert_found(check(log, "2.180423"), (2, 35, "shared-victory card"))
    assert check(log, "2.180423", with_infos=True) == []
    alliance = log.replace("177(Ana-5", "177(Ana=Bia, Ana-5")
    assert check(alliance, "2.180423") == []
    unshared = log.replace("Ana=S=177", "Ana=S=049").replace("177(", "049(")
    assert_found(check(unshared, "2.180423", with_infos=True), (2, 35, "shared-victory"))


def test_v2_allies_win_with_their_allies_and_theirs():
    log = """\
PART1(Ana=S=064, Bia=NO=049, Caio=NE=048).
J1(Ana, 5, 0). 064(Ana+1). CN(995, Ana=Bia).
J2(Bia, 5, 0). 049(Bia-3). CN(995, Bia=Caio).
J3(Caio, 5, 0). 048(Caio-1).
J4(Ana, 5, 0). 064(Ana-5). V(Ana, Bia, Caio).
"""
    assert check(log, "2.180423") == []
    alone = log.replace("CN(995, Bia=Caio)", "CN(995)")
    assert_found(check(alone, "2.180423"), (5, 28, "empty hand"))


def test_v2_two_empty_hands_without_a_shared_victory_win_nothing():
    log = "PART1(Ana=S=064, Bia=NO=049, Caio=NE=048).\nJ1(Ana, 5, 0). 064(Ana-5, Bia-5).\n"
    assert check(log, "2.180423") == []
    assert_found(check(log.replace("Bia-5", "Bia-4"), "2.180423"), (2, 1, "wins the partida"))


def test_v2_a_hegemony_or_a_winning_card_names_a_winner_who_holds_cards():
    log = """\
CAMPO(Ana@0:0, Bia@0:1, Caio@0:2).
PART1(Ana=S=064, Bia=NO=049, Caio=NE=048).
J1(Ana, 5, 0). 064(Ana+1). H(Ana=utopia-austriaca). V(Ana).
"""
    assert check(log, "2.180423") == []
    assert_found(check(log.replace(" H(Ana=utopia-austriaca).", ""), "2.180423"),
                 (3, 28, "empty hand"))
    card = "PART1(Ana=S=156, Bia=NO=049, Caio=NE=048).\nJ1(Ana, 5, 0). 156(). V(Bia).\n"
    assert_found(check(card, "2.180423"), (2, 23, "empty hand"))
    assert check(card, "2.180423", with_infos=True) == []


def test_v2_a_turns_end_reaction_comes_after_the_jogadas_end():
    log = """\
PART1(Ana=S=064, Bia=NO=182, Caio=NE=049).
J1(Ana, 5, 0). 064(Ana+1).
J2(Bia, 5, 0). 182().
J3(Caio, 5, 0). 049(Caio-4). 182(Ana+1, Caio-1).
J4(Ana, 7, 0). 064(Ana+1). V(Caio).
"""
    assert check(log, "2.180423", with_infos=True) == []
    assert_found(check(log, "2.180423"), (4, 1, "wins the partida"))


def test_v2_any_of_several_winners_starts_the_next_partida():
    log = """\
PART1(Ana=S=177, Bia=NO=048, Caio=NE=064).
J1(Ana, 5, 0). 177(Ana-5, Bia-5). V(Ana, Bia).
PART2(Bia=S=048, Caio=NO=064, Ana=NE=177).
"""
    assert check(log, "2.180423", with_infos=True) == []
    caio = log.replace("PART2(Bia=S=048, Caio=NO=064, Ana=NE=177)",
                       "PART2(Caio=S=064, Ana=NO=177, Bia=NE=048)")
    assert_found(check(caio, "2.180423", with_infos=True), (3, 1, "winner starts"))


def test_v2_an_extra_turn_card_allows_the_same_player_twice():
    log = """\
PART1(Ana=S=064, Bia=NO=111, Caio=NE=048).
J1(Ana, 5, 0). 064(Ana+1).
J2(Bia, 5, 0). 111(Bia+1).
J3(Bia, 6, 0). 111(Bia+1).
J4(Caio, 5, 0). 048(Caio-1).
"""
    assert_found(check(log, "2.180423"), (4, 1, "next player after Bia"))
    assert check(log, "2.180423", with_infos=True) == []
    thrice = log.replace("J4(Caio, 5, 0). 048(Caio-1).", "J4(Bia, 7, 0). 111(Bia+1).")
    assert_found(check(thrice, "2.180423", with_infos=True), (5, 1, "next player after Bia"))


def test_v2_a_crisis_priority_card_skips_the_queue_check():
    log = "PART1(Ana=S=064, Bia=NO=029, Caio=NE=048).\nJ1(Ana, 5, 0). 064(X(Caio+049-064)).\n"
    assert_found(check(log, "2.180423"), (2, 20, "priority to solve it is Bia, Caio"))
    assert check(log, "2.180423", with_infos=True) == []


def test_v2_a_kept_natural_card_costs_nothing():
    log = """\
PART1(Ana=S=064, Bia=NO=058, Caio=NE=048).
J1(Ana, 5, 0). 064(Ana+1). CN(998, +049-048).
J2(Bia, 5, 0). 058(Bia=1=Caio).
J3(Caio, 5, 0). 049(Caio-3).
J4(Ana, 6, 0). 064(Ana+1).
"""
    assert_found(check(log, "2.180423"), (5, 1, "hand count"))
    assert check(log, "2.180423", with_infos=True) == []


BOURDIEU = """\
CAMPO(Ana@0:0, Bia@0:1, Caio@0:2).
PART1(Ana=S=049, Bia=NO=064, Caio=NE=042).
J1(Ana, 5, 0). 049(Ana-3).
J2(Bia, 5, 0). 064(X(Caio+048-049)).
J3(Caio, 5, 0). 042(Caio+1, Bia+1).
J4(Ana, 2, 0). 048(R(Caio+049-042, +Ana)).
"""


def test_v2_the_revolt_goes_to_the_last_of_the_tied_then_to_the_lowest_row():
    assert check(BOURDIEU, "2.180423") == []
    bia = mutate(BOURDIEU, ("R(Caio+049-042", "R(Bia+049-064"))
    assert_found(check(bia, "2.180423"), (6, 20, "the last of them to play"))
    caio_higher = mutate(BOURDIEU, ("Caio@0:2", "Caio@1:2"))
    assert_found(check(caio_higher, "2.180423"), (6, 20, "lowest row"))
    assert check(mutate(caio_higher, ("R(Caio+049-042", "R(Bia+049-064")), "2.180423") == []


def test_v2_the_crisis_goes_to_the_highest_row_among_the_tied():
    log = """\
CAMPO(Ana@0:0, Bia@0:1, Caio@1:2).
PART1(Ana=S=064, Bia=NO=048, Caio=NE=049).
J1(Ana, 5, 0). 064(X(Caio+022-064)).
"""
    assert check(log, "2.180423") == []
    bia = mutate(log, ("X(Caio", "X(Bia"))
    findings = check(bia, "2.180423")
    assert_found(findings, (3, 20, "highest row"))
    assert findings[0].expected == "X(Q(Caio), Bia+022-064)"
    assert_found(check(mutate(log, ("Caio@1:2", "Caio@0:2")), "2.180423"), (3, 20, "Bia, Caio"))


def test_v2_a_card_against_revolts_skips_the_proposer_check():
    log = """\
PART1(Ana=S=064, Bia=NO=049, Caio=NE=003).
J1(Ana, 5, 0). 064(Ana+1).
J2(Bia, 5, 0). 049(Bia-3).
J3(Caio, 5, 0). 003(X(Ana+048-049)).
J4(Ana, 6, 0). 064(R(Bia+030-064, +Caio)).
"""
    assert_found(check(log, "2.180423"), (5, 20, "most cards"))
    assert check(log, "2.180423", with_infos=True) == []


def test_v2_knows_nothing_of_ideologies_movements_and_conquests():
    log = "ID(Ana=Roxismo).\n" + V2.replace("CN(998, +048-064).", "MV(+048-064).")
    log += "CONQ(Caio=2).\n"
    assert_found(check(log, "2.180423"), (1, 1, "no ideologies"), (11, 28, "no movements"),
                 (13, 1, "no conquests"))


# ---------------------------------------------------------------- 4.190617
V4 = """\
ID(Ana=Amarelismo, Bia=Verdismo, Caio=Pretismo).
PART1(Ana=S=101, Bia=NO=102, Caio=NE=103).
J1(Ana, 5, 0). 101(X(Bia+104-103)).
J2(Bia, 5, 0). 102(Bia-1). +c.
J3(Caio, 5, 0). 104(Caio+1). +c.
J4(Ana, 4, 1). 101(Ana+1). +c.
J5(Bia, 3, 1). 102(Bia-1). -c.
J6(Caio, 5, 1). 104(Caio+1).
J7(Ana, 4, 2). 101(Ana+1). R(+105-102, +Caio).
J8(Bia, 3, 0). 105(Bia-3). V(Bia).
CONQ(Bia=2[106, 107], Ana=0, Caio=0).
PART2(Bia=S=105, Caio=NO=101, Ana=NE=104).
J1(Bia, 5, 0). 105(Bia-5). V(Bia).
CONQ(Bia=4[106, 107, 108, 109], Ana=0, Caio=0).
"""


def test_v4_a_correct_log_reports_nothing():
    assert check(V4, "4.190617") == []


def test_v4_committed_three():
    log = mutate(V4, ("J7(Ana, 4, 2)", "J7(Ana, 3, 3)"))
    assert_found(check(log, "4.190617"), (9, 1, "more than 2"))


def test_v4_committed_counts_are_replayed():
    log = mutate(V4, ("J6(Caio, 5, 1)", "J6(Caio, 6, 0)"))
    findings = check(log, "4.190617")
    assert_found(findings, (8, 1, "committed cards replayed"))
    assert findings[0].expected == "1 committed"


def test_v4_cards_lost_may_take_committed_ones():
    # Bia had 1 committed and lost 1 card in J5: 0 or 1 are both possible
    log = mutate(V4, ("J5(Bia, 3, 1). 102(Bia-1). -c.", "J5(Bia, 3, 1). 102(Bia-1)."),
                 ("J8(Bia, 3, 0)", "J8(Bia, 2, 1)"))
    assert check(log, "4.190617") == []
    log = mutate(log, ("J8(Bia, 2, 1)", "J8(Bia, 1, 2)"))
    findings = check(log, "4.190617")
    assert_found(findings, (10, 1, "committed cards replayed"))
    assert findings[0].expected == "0 to 1 committed"


def test_v4_a_crisis_commits_the_card_of_its_causer():
    log = mutate(V4, ("J4(Ana, 4, 1)", "J4(Ana, 5, 0)"), upto=6)
    assert_found(check(log, "4.190617"), (6, 1, "committed cards replayed"))


def test_v4_revolt_needs_two_committed_cards_and_the_active_player():
    log = mutate(V4, ("J4(Ana, 4, 1). 101(Ana+1). +c.",
                      "J4(Ana, 4, 1). 101(Ana+1). R(+105-102, +Caio)."), upto=6)
    assert_found(check(log, "4.190617"), (6, 28, "needs 2 committed"))
    log = mutate(V4, ("R(+105-102", "R(Bia+105-102"))
    assert_found(check(log, "4.190617"), (9, 28, "whose jogada it is"))


def test_v4_one_action_per_jogada_and_none_after_a_crisis():
    log = mutate(V4, ("R(+105-102, +Caio).", "R(+105-102, +Caio). +c."), upto=9)
    assert_found(check(log, "4.190617"), (9, 48, "one action per jogada"))
    log = mutate(V4, ("101(X(Bia+104-103)).", "101(X(Bia+104-103)). +c."), upto=3)
    assert_found(check(log, "4.190617"), (3, 37, "suffers a crisis"))


def test_v4_ideology_changes():
    changed = mutate(V4, ("R(+105-102, +Caio).", "ID(Ana=Roxismo)."),
                     ("J8(Bia, 3, 0). 105(", "J8(Bia, 3, 0). 102("),
                     ("Bia=S=105", "Bia=S=102"), ("105(Bia-5)", "102(Bia-5)"))
    assert check(changed, "4.190617") == []
    taken = mutate(changed, ("ID(Ana=Roxismo)", "ID(Ana=Verdismo)"))
    assert_found(check(taken, "4.190617"), (9, 28, "Bia holds Verdismo"))
    early = mutate(V4, ("J6(Caio, 5, 1). 104(Caio+1).",
                        "J6(Caio, 5, 1). 104(Caio+1). ID(Caio=Roxismo)."), upto=8)
    assert_found(check(early, "4.190617"), (8, 30, "needs 2 committed"))
    by_card = mutate(early, ("ID(Caio=Roxismo).", "CN(998, ID(Caio=Roxismo))."))
    assert check(by_card, "4.190617") == []


def test_v4_wrong_crisis_solver():
    log = mutate(V4, ("X(Bia+104-103)", "X(Caio+104-103)"))
    findings = check(log, "4.190617")
    assert_found(findings, (3, 20, "nearest to play after Ana"))
    assert findings[0].expected == "X(Q(Bia), Caio+104-103)"


def test_v4_win_with_cards_in_hand():
    log = mutate(V4, ("105(Bia-3). V(Bia)", "105(Bia-2). V(Bia)"))
    assert_found(check(log, "4.190617"), (10, 28, "empty hand"))


def test_v4_conquests():
    dropped = mutate(V4, ("CONQ(Bia=4[106, 107, 108, 109]", "CONQ(Bia=3[106, 107, 108]"))
    findings = check(dropped, "4.190617")
    assert_found(findings, (14, 1, "2 per partida won"))
    assert findings[0].expected == "Bia with at least 4"
    miscounted = mutate(V4, ("Bia=4[106, 107, 108, 109]", "Bia=4[106, 107, 108]"))
    assert_found(check(miscounted, "4.190617"), (14, 1, "listed conquests"))
    punished = mutate(dropped, ("V(Bia).\nCONQ(Bia=3", "V(Bia). PU(Bia-1).\nCONQ(Bia=3"))
    assert check(punished, "4.190617") == []
    # an opponent's hegemony may take 1 conquest: a fall of 1 passes, of 2 does not
    legit = mutate(V4, ("Ana=0, Caio=0).\nPART2", "Ana=0, Caio=2[110, 111]).\nPART2"))
    assert check(mutate(legit, ("Caio=0).\n", "Caio=1[110]).\n")), "4.190617") == []
    assert_found(check(legit, "4.190617"), (14, 1, "hegemony may take 1"))


def test_v4_conq_follows_each_victory_and_the_log_opens_with_id():
    no_conq = mutate(V4, ("CONQ(Bia=2[106, 107], Ana=0, Caio=0).\n", ""))
    assert_found(check(no_conq, "4.190617"), (11, 1, "3.15"))
    assert_found(check(V4.split("CONQ(Bia=4")[0], "4.190617"), (13, 28, "3.15"))
    no_id = mutate(V4, ("ID(Ana=Amarelismo, Bia=Verdismo, Caio=Pretismo).\n", ""))
    assert_found(check(no_id, "4.190617"), (1, 1, "3.14"))


def test_v4_the_winner_starts_the_next_partida_in_the_same_flow():
    log = mutate(V4, ("PART2(Bia=S=105, Caio=NO=101, Ana=NE=104).",
                      "PART2(Caio=S=101, Ana=NO=104, Bia=NE=105)."))
    first = check(log, "4.190617")[0]  # then Bia plays out of turn
    assert (first.line, first.col, first.expected) == (12, 1, "Bia starts")
    log = mutate(V4, ("PART2(Bia=S=105, Caio=NO=101, Ana=NE=104).",
                      "PART2(Bia=S=105, Ana=NO=104, Caio=NE=101)."))
    assert_found(check(log, "4.190617"), (12, 1, "flows as the last one ended"))


def test_v4_accepts_several_winners():
    log = mutate(V4, ("J1(Bia, 5, 0). 105(Bia-5). V(Bia).",
                      "J1(Bia, 5, 0). 105(Bia-5, Caio-5). V(Bia, Caio)."),
                 ("Bia=4[106, 107, 108, 109], Ana=0, Caio=0", "Bia=4, Ana=0, Caio=2"))
    assert check(log, "4.190617") == []


def test_findings_name_the_file_and_print_in_one_line():
    finding = check(mutate(V2, ("049(Caio-3)", "049(Caio-4)")), "2.180423")[0]
    assert str(finding) == ("log.txt:11:22: J10 (Caio): Caio-4, but Caio holds 3 (nobody loses "
                            "more cards than they hold; count declared at J10, line 11)")
