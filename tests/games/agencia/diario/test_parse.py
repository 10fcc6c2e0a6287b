"""Reading and writing the diário de jogo (compendium, section 3; our 2.180423 extensions).

Each syntax form is read on its own, whole logs go through parse -> write -> parse
unchanged, and hand-written mistakes are reported at their line and column.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from publish.games.agencia.diario import syntax as sx
from publish.games.agencia.diario.parse import LogSyntaxError, parse
from publish.games.agencia.diario.write import consequence, event, write

FIXTURE = Path(__file__).parents[3] / "fixtures" / "diario" / "compendio-4.190617.txt"

# A 2.180423 game by hand, in the writer's canonical form, using every form the
# reader knows: the compendium's events and consequences and our extensions.
EDITION_2 = """\
ID(Ana=Amarelismo, Bia=Verdismo, Caio=Pretismo, Davi=Roxismo).
PART1(Ana=S=012, Bia=O=034, Caio=N=056, Davi=L=078).
CAMPO(Ana@0:0, Bia@0:1, Caio@0:2, Davi@0:3).
J1(Ana, 5, 0). 012(X(Q(Bia), Caio+019-012)).
J2(Bia, 5, 0). 034(Bia+2[042, 043], Caio-1[010], Ana>1>Davi, Bia>1[044]>Caio). +c.
J3(Caio, 4[001, 002, 003, 004], 1). 019(Caio=1=Davi, Ana=m=Bia, 019=034). -c.
J4(Davi, 5, 0). 078(Davi-2, F, -036). CN(999, +006-078).
J5(Ana, 6, 0). 012(R(Bia+034-012, +Caio)).
J6(Bia, 3, 1). 006(X(Q)). MV(Bia+044-006, +036). Q(036, Davi).
J7(Caio, 2, 0). 034(Ana=Bia, Caio@1:2, H(Caio=grupo-dos-intelectuais), Ana-Bia). R(+050-019, Q).
J8(Davi, 1, 1). 056(ID(Davi=Verdismo), 034(Davi+1)). Q. PU(Davi-1[021]).
J9(Ana, 0, 0). 044(X(Q(Bia), Q(Caio), Q)). CN(998). H(Ana=vanguarda-do-proletariado). V(Ana, Bia).
CONQ(Ana=3[001, 002, 003], Bia=3[004, 005, 006], Caio=1[007], Davi=0).
"""


def read(text: str) -> tuple:
    """The events of a text that must read without errors."""
    log, errors = parse(text)
    assert errors == [], [f"{e.line}:{e.col}: {e.message}" for e in errors]
    return log.events


def one(text: str):
    """The single event of a one-event text."""
    (only,) = read(text)
    return only


def inside(text: str):
    """The single consequence of a structure event ``012(...)``."""
    structure = one(f"012({text}).")
    assert isinstance(structure, sx.Structure)
    (only,) = structure.consequences
    return only


def located(text: str) -> list[tuple[int, int, str]]:
    _, errors = parse(text)
    assert all(isinstance(e, LogSyntaxError) for e in errors)
    return [(e.line, e.col, e.message) for e in errors]


# ---------------------------------------------------------------- events (table 3.7)

def test_ideologies():
    assert one("ID(João=Amarelismo, Aline=Verdismo).") == sx.Ideologies(
        (("João", "Amarelismo"), ("Aline", "Verdismo")))


def test_part_with_seats_in_order_of_play():
    assert one("PART1(Aline=S=068, Maria=NO=047, João=NE=004).") == sx.Part(1, (
        sx.Seat("Aline", "S", "068"), sx.Seat("Maria", "NO", "047"),
        sx.Seat("João", "NE", "004")))


@pytest.mark.parametrize("position", ["S", "SO", "O", "NO", "N", "NE", "L", "SE"])
def test_every_position_of_the_geography(position):
    assert one(f"PART2(Ana={position}=012).").seats[0].position == position


def test_jogada_with_counts_and_with_an_open_hand():
    jogada, structure = read("J4(Aline, 3, 1). 068().")
    assert jogada == sx.Jogada(4, "Aline", 3, 1)
    assert structure == sx.Structure("068", ())
    jogada, _ = read("J3(Aline, 4[011, 024, 043, 999], 0). 026().")
    assert jogada == sx.Jogada(3, "Aline", 4, 0, ("011", "024", "043", "999"))


def test_structure_event_with_consequences():
    assert one("068(Aline+1, Maria-2).") == sx.Structure(
        "068", (sx.Draw("Aline", 1), sx.Discard("Maria", 2)))


def test_commit_and_relax():
    assert read("+c. -c.") == (sx.Commit(1), sx.Commit(-1))


def test_crisis_solved():
    assert inside("X(Maria+019-004)") == sx.Crisis(sx.Change("Maria", "019", "004"))


def test_natural_card_with_and_without_consequences():
    assert one("CN(999, +043-026).") == sx.Natural("999", (sx.Change(None, "043", "026"),))
    assert one("CN(998, ID(Aline=Roxismo)).") == sx.Natural(
        "998", (sx.Ideologies((("Aline", "Roxismo"),)),))
    assert one("CN(998).") == sx.Natural("998", ())


def test_movement():
    assert one("MV(Bia+044-006, +036).") == sx.Move(
        (sx.Change("Bia", "044", "006"), sx.Approval("036")))


def test_revolt_supported_or_not():
    assert one("R(+006-039, +João).") == sx.Revolt(
        sx.Change(None, "006", "039"), sx.Approval("João"))
    assert one("R(+001-033, +036).") == sx.Revolt(
        sx.Change(None, "001", "033"), sx.Approval("036"))
    assert one("R(+001-033, Q).") == sx.Revolt(sx.Change(None, "001", "033"), sx.Vetoed())


def test_veto_as_an_event():
    assert one("Q(036, Davi).") == sx.Veto(("036", "Davi"))
    assert one("Q.") == sx.Veto(())


def test_punishment():
    assert one("PU(João-2).") == sx.Punishment("João", 2)
    assert one("PU(João-1[021]).") == sx.Punishment("João", 1, ("021",))


def test_victory_of_one_or_several():
    assert one("V(João).") == sx.Victory(("João",))
    assert one("V(Maria, João, Aline).") == sx.Victory(("Maria", "João", "Aline"))


def test_conquests():
    assert one("CONQ(Maria=3[001, 003, 013], Davi=0).") == sx.Conquests(
        (("Maria", 3, ("001", "003", "013")), ("Davi", 0, ())))


# ---------------------------------------------------------------- consequences (table 3.7)

@pytest.mark.parametrize(("text", "expected"), [
    ("Aline+1", sx.Draw("Aline", 1)),
    ("Aline+1[042]", sx.Draw("Aline", 1, ("042",))),
    ("Maria-2", sx.Discard("Maria", 2)),
    ("Aline-1[010]", sx.Discard("Aline", 1, ("010",))),
    ("Ana>2>Bia", sx.Give("Ana", 2, "Bia")),
    ("Ana>1[044]>Bia", sx.Give("Ana", 1, "Bia", ("044",))),
    ("Maria=1=João", sx.Exchange("Maria", 1, "João")),
    ("João=m=Maria", sx.SwapHands("João", "Maria")),
    ("006=043", sx.SwapCards("006", "043")),
    ("+043-026", sx.Change(None, "043", "026")),
    ("Maria+020-006", sx.Change("Maria", "020", "006")),
    ("F", sx.Flow()),
    ("+João", sx.Approval("João")),
    ("+036", sx.Approval("036")),
    ("Q", sx.Vetoed()),
    ("X(João+032-006)", sx.Crisis(sx.Change("João", "032", "006"))),
    ("ID(Aline=Roxismo)", sx.Ideologies((("Aline", "Roxismo"),))),
    ("036(Maria-2)", sx.Structure("036", (sx.Discard("Maria", 2),))),
])
def test_consequence(text, expected):
    assert inside(text) == expected
    assert consequence(expected) == text


def test_a_player_called_f_is_not_the_flow():
    assert inside("F+1") == sx.Draw("F", 1)


# ---------------------------------------------------------------- extensions for 2.180423

@pytest.mark.parametrize(("text", "expected"), [
    ("Ana@1:2", sx.Position("Ana", 1, 2)),
    ("Ana=Bia", sx.Alliance("Ana", "Bia")),
    ("H(Ana=vanguarda-do-proletariado)", sx.Hegemony("Ana", "vanguarda-do-proletariado")),
    ("X(Q(Bia), Ana+019-004)", sx.Crisis(sx.Change("Ana", "019", "004"), ("Bia",))),
    ("X(Q(Bia), Q(Caio), Ana+019-004)",
     sx.Crisis(sx.Change("Ana", "019", "004"), ("Bia", "Caio"))),
    ("X(Q)", sx.Crisis(None)),
    ("X(Q(Bia), Q)", sx.Crisis(None, ("Bia",))),
    ("R(Bia+034-012, +Caio)", sx.Revolt(sx.Change("Bia", "034", "012"), sx.Approval("Caio"))),
    ("R(Bia+034-012, Q)", sx.Revolt(sx.Change("Bia", "034", "012"), sx.Vetoed())),
])
def test_extension_consequence(text, expected):
    assert inside(text) == expected
    assert consequence(expected) == text


def test_field_event():
    assert one("CAMPO(Ana@0:1, Bia@0:2).") == sx.Campo(
        (sx.Position("Ana", 0, 1), sx.Position("Bia", 0, 2)))


def test_hegemony_as_an_event():
    assert one("H(Ana=grupo-dos-intelectuais).") == sx.Hegemony("Ana", "grupo-dos-intelectuais")


def test_revolt_as_the_only_consequence_of_the_structure_event():
    _, structure = read("J5(Ana, 6, 0). 012(R(Bia+034-012, +Caio)).")
    assert structure == sx.Structure("012", (sx.Revolt(
        sx.Change("Bia", "034", "012"), sx.Approval("Caio")),))


# ---------------------------------------------------------------- whole logs

def test_the_compendium_game_reads_without_errors():
    events = read(FIXTURE.read_text(encoding="utf-8"))
    assert len(events) == 136
    assert events[0] == sx.Ideologies(
        (("João", "Amarelismo"), ("Aline", "Verdismo"), ("Maria", "Pretismo")))
    assert [e.number for e in events if isinstance(e, sx.Part)] == [1, 2, 3]
    assert [len(e.players) for e in events if isinstance(e, sx.Conquests)] == [3, 3, 3]
    assert events[-1].players[0] == ("João", 6, ("006", "014", "019", "020", "026", "061"))
    assert sum(isinstance(e, sx.Jogada) for e in events) == 8 + 18 + 22


@pytest.mark.parametrize("text", [FIXTURE.read_text(encoding="utf-8"), EDITION_2],
                         ids=["compendium", "edition-2"])
def test_parse_write_parse_is_identity(text):
    events = read(text)
    written = write(sx.Log(events))
    assert read(written) == events
    assert write(sx.Log(read(written))) == written


def test_the_edition_2_log_is_already_canonical():
    assert write(sx.Log(read(EDITION_2))) == EDITION_2


def test_the_edition_2_log_uses_every_form():
    kinds: set[type] = set()

    def walk(item):
        kinds.add(type(item))
        for name in ("consequences", "squares", "seats"):
            for inner in getattr(item, name, ()):
                walk(inner)
        for name in ("change", "outcome"):
            if getattr(item, name, None) is not None:
                walk(getattr(item, name))

    for item in read(EDITION_2):
        walk(item)
    forms = {value for value in vars(sx).values()
             if isinstance(value, type) and value.__module__ == sx.__name__}
    forms -= {sx.Log, sx.Gap}  # a Gap is what the reader leaves where it could not read
    assert forms - kinds == set()


def test_events_wrap_over_lines_and_keep_where_they_were_written():
    jogada, structure, victory = read("J8(Maria, 1, 0). 047(Maria-1,\n  João-1). V(Maria,\nJoão).")
    assert jogada.at == (1, 1)
    assert structure.at == (1, 18)
    assert [c.at for c in structure.consequences] == [(1, 22), (2, 3)]
    assert victory == sx.Victory(("Maria", "João"))
    assert victory.at == (2, 12)


def test_where_it_was_written_does_not_count_for_equality():
    assert sx.Draw("Ana", 1, at=(3, 4)) == sx.Draw("Ana", 1, at=(9, 9))


def test_event_writer_without_the_closing_dot():
    assert event(sx.Jogada(3, "Aline", 4, 0, ("011", "024", "043", "999"))) == (
        "J3(Aline, 4[011, 024, 043, 999], 0)")
    assert write(sx.Log(())) == ""


# ---------------------------------------------------------------- J and PART begin lines

def test_a_jogada_not_at_a_line_start_is_an_error():
    assert located("J1(Ana, 5, 0). 012(). J2(Bia, 5, 0). 034().\n") == [
        (1, 23, "J2 must start a line (J and PART events begin lines)")]


def test_a_part_not_at_a_line_start_is_an_error():
    assert located("ID(Ana=Verdismo). PART1(Ana=S=012).\n") == [
        (1, 19, "PART1 must start a line (J and PART events begin lines)")]


def test_a_jogada_after_blanks_still_starts_its_line():
    assert len(read("  J1(Ana, 5, 0). 012().\n\n\tJ2(Bia, 5, 0). 034().")) == 4


# ---------------------------------------------------------------- located mistakes

@pytest.mark.parametrize(("text", "line", "col", "expected"), [
    # missing '.' between two events of a line (at a line's end it may be left out)
    ("J1(Ana, 5, 0) 012().", 1, 15, "expected '.' ending the event, found '012'"),
    # missing ')'
    ("J1(Ana, 5, 0. 012().", 1, 13, "expected ')' closing the jogada, found '.'"),
    ("J1(Ana, 5, 0). 012(Ana+1, Bia-1. +c.", 1, 32, "expected ',' or ')', found '.'"),
    ("J1(Ana, 5, 0). 012(X(Bia+019-012). +c.", 1, 34, "expected ',' or ')', found '.'"),
    ("ID(Ana=Verdismo", 1, 16, "expected ',' or ')', found the end of the log"),
    # a two-digit card number
    ("J1(Ana, 5, 0). 12(Ana+1).", 1, 16,
     "expected a card number (three digits, as 010), found '12'"),
    ("PART1(Ana=S=12).", 1, 13, "expected a card number (three digits, as 010), found '12'"),
    ("J1(Ana, 5, 0). 012(X(Bia+19-012)).", 1, 26,
     "expected a three-digit card number in a structure change, found '19'"),
    ("J1(Ana, 5, 0). 012(Bia+19-012).", 1, 24,
     "expected a three-digit card number in a structure change, found '19'"),
    # an unknown event
    ("J1(Ana, 5, 0). 012(). XY(Ana).", 1, 23, "unknown event 'XY'; expected J, PART, ID, "
     "CAMPO, a structure number, +c, -c, R, CN, MV, Q, PU, V, H or CONQ"),
    # a name where a count is expected
    ("J1(Ana, Bia, 0). 012().", 1, 9, "expected the number of uncommitted cards, found 'Bia'"),
    ("J1(Ana, 5, Bia). 012().", 1, 12, "expected the number of committed cards, found 'Bia'"),
    # (Ana-Bia is a broken alliance; three hyphenated names cannot be one)
    ("J1(Ana, 5, 0). 012(Ana-Bia-Caio).", 1, 20,
     "'Ana-Bia-Caio': a broken alliance names two players (Ana-Bia)"),
    ("J1(Ana, 5, 0). 012(Ana).", 1, 23,
     "expected '+', '-', '>', '=' or '@' after the player's name, found ')'"),
    ("J1(Ana, 5, 0). 012(Ana+Bia).", 1, 24,
     "expected a number of cards or a card number after '+', found 'Bia'"),
    ("CONQ(Ana=três[001]).", 1, 10, "expected the number of conquests, found 'três'"),
    # a hand in brackets that does not match its declared count (reported at the ']')
    ("J3(Aline, 4[011, 024, 043], 0). 026().", 1, 26,
     "expected 4 cards in the hand's brackets, as declared, found ']'"),
    ("J3(Aline, 2[011, 024, 043], 0). 026().", 1, 26,
     "expected 2 cards in the hand's brackets, as declared, found ']'"),
    # a J event not followed by a structure event
    ("J1(Ana, 5, 0). +c.", 1, 16,
     "expected the structure event (012(...)) right after the J event, found '+'"),
    ("J1(Ana, 5, 0).\nJ2(Bia, 5, 0). 034().", 2, 1,
     "expected the structure event (012(...)) right after the J event, found 'J2'"),
    ("ID(Ana=Verdismo).\nJ1(Ana, 5, 0).\n", 3, 1,
     "expected the structure event after the last J event"),
    # others
    ("PART1(Ana=X=012).", 1, 11,
     "expected a position, one of S, SO, O, NO, N, NE, L, SE, found 'X'"),
    ("J1(Ana, 5, 0). 012(Ana@1.2).", 1, 25,
     "expected ':' between row and column (Ana@1:2), found '.'"),
    ("J1(Ana, 5, 0). 012(R(+006-039, +034-012)).", 1, 32,
     "expected the revolt's supporter (+Ana or +036) or Q"),
    ("J1(Ana, 5, 0). 012(). c.", 1, 23, "unknown event 'c'; expected J, PART, ID, CAMPO, "
     "a structure number, +c, -c, R, CN, MV, Q, PU, V, H or CONQ"),
    ("J1(Ana; 5, 0). 012().", 1, 7, "unexpected character ';'; the diário uses names, "
     "numbers and ( ) [ ] , . + - > = @ :"),
])
def test_a_mistake_is_located_and_says_what_was_expected(text, line, col, expected):
    assert located(text) == [(line, col, expected)]


def test_every_broken_line_is_reported():
    text = "\n".join([
        "ID(Ana=Amarelismo, Bia=Verdismo).",
        "PART1(Ana=S=012, Bia=NO=034).",
        "J1(Ana, 5, 0) 012(Ana+1).",  # missing '.'
        "J2(Bia, 5, 0). 34(Bia-1).",  # two-digit card
        "J3(Ana, 4, 0). 012(Ana+1). +c.",
        "J4(Bia, x, 0). 034().",  # a name for a count
        "J5(Ana, 3, 1). 012(Ana+1, Bia-1. -c.",  # missing ')'
        "J6(Bia, 4, 0). 034(Bia-2). V(Bia).",
        "CONQ(Bia=2[001, 002], Ana=0).",
    ])
    log, errors = parse(text)
    assert [(e.line, e.col) for e in errors] == [(3, 15), (4, 16), (6, 9), (7, 32)]
    assert [e.number for e in log.events if isinstance(e, sx.Jogada)] == [1, 2, 3, 5, 6]
    assert isinstance(log.events[-1], sx.Conquests)


def test_a_missing_dot_at_a_line_end_does_not_hide_the_next_line():
    text = ("J1(Ana, 5, 0). 012(Ana+1)\n"  # no '.' before a J line: allowed (CNA 3.3)
            "J2(Bia, 5, 0). 034(Bia+1 Ana-1).\n"  # missing ','
            "J3(Ana, 4, 0). 012().\n")
    log, errors = parse(text)
    assert [(e.line, e.col) for e in errors] == [(2, 26)]
    assert [e.number for e in log.events if isinstance(e, sx.Jogada)] == [1, 2, 3]


def test_a_log_cut_short_is_an_error_not_a_crash():
    for text in ("ID(Ana=Verdismo", "PART1(Ana=S=012", "J1(Ana, 5, 0). 012(", "CN(999", "012("):
        errors = located(text)
        assert len(errors) == 1
        assert errors[0][:2] == (1, len(text) + 1)
    assert located("+") == [(1, 1, "expected an event (J1(...), 012(...), +c, R(...), CN(...), "
                                    "V(...), ...), found '+'")]


def test_huge_numbers_are_errors_not_crashes():
    digits = "1" * 5000
    assert located(f"J1(Ana, {digits}, 0). 012().")[0][:2] == (1, 9)
    assert located(f"J{digits}(Ana, 1, 0). 012().")[0][:2] == (1, 1)


def test_deep_nesting_is_an_error_not_a_crash():
    assert located("012(" * 400 + ")" * 400 + ".")[0][2].startswith("expected at most")
    assert len(located("R(+001-002, " * 400)) == 1


def test_a_stray_character_does_not_hide_the_rest_of_the_log():
    text = ("J1(Ana; 5, 0). 012().\n"  # ';' is no part of the syntax
            "J2(Bia, 5, 0). 034(Bia+1). +c.\n"
            "J3(Ana, 4, 0) 012().\n")  # missing '.'
    log, errors = parse(text)
    assert [(e.line, e.col) for e in errors] == [(1, 7), (3, 15)]
    assert errors[0].message.startswith("unexpected character ';'")
    assert [type(e).__name__ for e in log.events] == [
        "Gap", "Jogada", "Structure", "Commit", "Jogada", "Gap"]
