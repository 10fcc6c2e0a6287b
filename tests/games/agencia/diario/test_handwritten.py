"""Our own hand-written 4.190617 logs, for 3 and 6 players, using every clause of section 3.

Each replays clean, in our writing and printed back in both styles.  Each kind
of slip a player makes (every kind the bookkeeping tests make, and a missing
full stop, an unknown code, a broken nesting) is reported at its line, and the
replay goes on: a second slip later in the log is found too, once, in line order.
"""

from __future__ import annotations

import pytest
from diario_helpers import findings, mutate, spots

from conftest import FIXTURES
from publish.games.agencia.diario.parse import parse
from publish.games.agencia.diario.write import write

THREE = (FIXTURES / "diario" / "ours-3-jogadores-4.190617.txt").read_text(encoding="utf-8")
SIX = (FIXTURES / "diario" / "ours-6-jogadores-4.190617.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("text", [THREE, SIX], ids=["3 players", "6 players"])
def test_our_logs_replay_clean_and_print_back_in_both_styles(text):
    assert spots(findings(text)) == []
    log, _ = parse(text)
    for style in ("canonical", "compendio"):
        again, errors = parse(write(log, style))
        assert errors == [] and again.warnings == ()
        assert again.events == log.events


# (log, what the log says, what a slip makes of it, the line it is found at, what it says)
SLIPS = {
    "wrong player": (SIX, "406(Saul+1, F)", "406(Saul+1)", 10, "Rosa plays, but Nina plays"),
    "jogada number": (THREE, "J7(Rui, 6, 0)", "J8(Rui, 6, 0)", 10, "J8, but J7"),
    "wrong structure": (THREE, "J7(Rui, 6, 0). 155(", "J7(Rui, 6, 0). 122(", 10,
                        "structure 122, but Rui's structure 155"),
    "declared count": (SIX, "J7(Rosa, 3, 1)", "J7(Rosa, 4, 1)", 10,
                       "Rosa holds 5 (4 + 1), but Rosa holds 4"),
    "missing consequence": (THREE, "111(Lia+1, Rui-1)", "111(Lia+1)", 4,
                            "Rui holds 4 (4 + 0), but Rui holds 5"),
    "discard more than held": (SIX, "407(Otto-1)", "407(Otto-2)", 13,
                               "Otto-2, but Otto holds 1"),
    "three committed": (THREE, "J8(Lia, 2, 2)", "J8(Lia, 1, 3)", 11, "at most 2 committed"),
    "committed replayed": (SIX, "J8(Quim, 3, 1)", "J8(Quim, 2, 2)", 11, "2 committed, but 1"),
    "revolt without 2 committed": (SIX, "407=402). +c.", "407=402). R(+408-405, Q).", 8,
                                   "proposing a revolt needs 2 committed cards"),
    "revolt by another": (THREE, "R(+166-133, +Rui)", "R(Tom+166-133, +Rui)", 11,
                          "Tom proposes, but Lia proposes"),
    "action after a crisis": (SIX, "404(X(Pia+407-404)).", "404(X(Pia+407-404)). +c.", 7,
                              "suffers a crisis takes no action"),
    "ideology taken": (THREE, "ID(Lia=Pretismo)", "ID(Lia=Roxismo)", 17, "Tom holds Roxismo"),
    "wrong crisis solver": (SIX, "X(Pia+407-404)", "X(Rosa+407-404)", 7,
                            "the priority to solve it is Pia"),
    "causer solves": (THREE, "X(Q(Rui), Tom+144-111)", "X(Lia+144-111)", 8,
                      "nobody solves the crisis they caused"),
    "change outside the society": (THREE, "MV(+155-122, +Lia)", "MV(+155-121, +Lia)", 9,
                                   "only a structure of the society"),
    "structure put in again": (THREE, "R(+166-133, +Rui)", "R(+144-133, +Rui)", 11,
                               "cannot be put in the society again"),
    "win with cards": (SIX, "422(Nina-m, Otto-m). V(Nina, Otto)",
                       "422(Nina-m, Otto-1). V(Nina, Otto)", 30, "Otto wins, but Otto holds 5"),
    "empty hand without V": (THREE, "166(Tom-m). V(Tom).", "166(Tom-m).", 12,
                             "an empty hand at the end of a jogada wins"),
    "jogada after the end": (THREE, "J9(Tom, 4, 0). 166(Tom-m). V(Tom).\n",
                             "J9(Tom, 4, 0). 166(Tom-m). V(Tom).\nJ10(Lia, 5, 0). 144().\n",
                             13, "the partida has already ended"),
    "conquests dropped": (SIX, "CONQ(Otto=4[412, 413, 414, 431]", "CONQ(Otto=2[412, 413]", 31,
                          "Otto with at least 3"),
    "no CONQ after V": (THREE, "CONQ(Tom=1[102], Lia=2[103, 104], Rui=0).\n", "", 25,
                        "3.15: the line after a victory"),
    "no ID": (SIX, "ID(Nina=Verdismo, Otto=Amarelismo, Pia=Pretismo, Quim=Roxismo, Rosa=Azulismo,"
                   "\nSaul=Vermelhismo).\n", "", 1, "3.14"),
    "wrong starter": (THREE, "PART2(Tom=S=177, Rui=NE=188, Lia=NO=199)",
                      "PART2(Rui=S=188, Lia=NE=199, Tom=NO=177)", 14, "Tom starts"),
    "wrong geography": (SIX, "Pia=NO=403, Quim=N=404", "Pia=N=403, Quim=NO=404", 3, "3.12"),
    "missing full stop": (THREE, "J5(Lia, 4, 1). 111(", "J5(Lia, 4, 1) 111(", 8,
                          "syntax (CNA 3.3): expected '.'"),
    "unknown code": (SIX, "Q(402, Quim)", "QQ(402, Quim)", 5, "unknown event 'QQ'"),
    "broken nesting": (THREE, "133(Tom+1)). +c.", "133(Tom+1). +c.", 10, "expected ',' or ')'"),
}


@pytest.mark.parametrize("kind", sorted(SLIPS))
def test_each_slip_is_found_at_its_line(kind):
    text, old, new, line, says = SLIPS[kind]
    found = findings(mutate(text, old, new))
    assert found, kind
    assert (found[0].line, says in found[0].message) == (line, True), spots(found)


LATER = (THREE, "J10(Tom, 4, 1). 177(Tom-2,", "J10(Tom, 5, 1). 177(Tom-2,", 24,
         "Tom holds 6 (5 + 1), but Tom holds 5")
"""A slip in the second partida, to be found after each syntax slip of the first."""


@pytest.mark.parametrize("kind", ["missing full stop", "unknown code", "broken nesting",
                                  "wrong player", "declared count"])
def test_the_replay_goes_on_after_a_slip(kind):
    text, old, new, line, says = SLIPS[kind]
    if text is not THREE:
        text, old, new, line, says = SLIPS["causer solves"]
    _, later_old, later_new, later_line, later_says = LATER
    found = findings(mutate(mutate(text, old, new), later_old, later_new))
    assert [f.line for f in found] == sorted(f.line for f in found)
    assert found[0].line == line and says in found[0].message, spots(found)
    assert [f for f in found if f.line == later_line and later_says in f.message], spots(found)
    assert len({(f.line, f.col) for f in found}) == len(found), "each slip once"


def test_after_an_unreadable_line_counts_are_unknown_until_declared():
    """The broken J5 line may have changed any hand: the next declarations are taken, and
    a slip after them is found again."""
    broken = mutate(THREE, "J5(Lia, 4, 1). 111(", "J5(Lia, 4, 1). 111 X(")
    found = findings(broken)
    assert [(f.line, f.warning) for f in found] == [(8, False)], spots(found)
    later = mutate(broken, "J8(Lia, 2, 2). 144(Lia+1)", "J8(Lia, 2, 2). 144(Lia+1, Rui-7)")
    found = findings(later)
    assert [f.line for f in found] == [8, 11], spots(found)
    assert "Rui-7, but Rui holds 4" in found[1].message
    assert "count declared at J7, line 10" in found[1].message
