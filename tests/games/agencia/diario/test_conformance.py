"""Conformance to section 3 of the compendium, clause by clause and code by code.

Every clause (3.1-3.15) and every code of the table in 3.7 has at least one
valid log, which reads and replays with no finding, and one invalid log, whose
first finding sits at the expected line and column and says the expected
thing.  Where the clause has a known variant, a third case shows it read with
a warning naming the clause.  All the logs are ours; docs/agencia-diario.md
maps each clause to the grammar rule that reads it and to these cases.
"""

from __future__ import annotations

import pytest
from diario_helpers import findings, spots

OPENING = """\
ID(Lia=Verdismo, Rui=Amarelismo, Tom=Roxismo).
PART1(Lia=S=111, Rui=NO=122, Tom=NE=133).
J1(Lia, 5, 0). 111(Lia+1). +c.
"""
"""Three lines every case below continues: Lia holds 6 (1 committed), the others 5."""


def log(*lines: str) -> str:
    return OPENING + "".join(f"{line}\n" for line in lines)


# clause or code -> (valid logs, invalid logs with (line, col, what the finding says))
VALID = {
    "3.1": [log("J2(Rui, 5, 0). 122(Rui-5). V(Rui).", "CONQ(Rui=2, Lia=0, Tom=0).")],
    "3.2": [log("J2(Rui, 5, 0). 122(Rui-1, Tom+1).")],
    "3.3": [log("J2(Rui, 5, 0). 122(Rui-1)", "J3(Tom, 5, 0). 133()."),
            log("J2(Rui, 5, 0). 122(Rui-1,", "Tom+1). +c.")],
    "3.4": [log("J2(Rui, 5, 0). 122. CN(914)."), log("J2(Rui, 5, 0). 122(). +c.")],
    "3.5": [log("J2(Rui, 5, 0). 122(Rui-1, Lia-1, Tom+2).")],
    "3.6": [log("J2(Rui, 5, 0). 122(Rui-1, 133(Tom+1)). CN(914, ID(Rui=Pretismo))."),
            log("J2(Rui, 5, 0). 122(Rui-1). MV(+144-133, Q(111, Lia)).")],
    "3.8": [log("J2(Rui, 5[201, 202, 203, 204, 905], 0). 122(Rui-1[201], Tom+1). "
                "CN(905, Tom+1[915]).")],
    "3.9": [OPENING],
    "3.10": [OPENING],
    "3.11": [OPENING],
    "3.12": ["ID(A=Verdismo, B=Roxismo, C=Pretismo, D=Azulismo).\n"
             "PART1(A=S=101, B=O=102, C=N=103, D=L=104).\n"],
    "3.13": ["ID(A=Verdismo, B=Roxismo, C=Pretismo, D=Azulismo).\n"
             "PART1(A=S=101, D=L=104, C=N=103, B=O=102).\n"
             "J1(A, 5, 0). 101(). \nJ2(D, 5, 0). 104().\n"],
    "3.14": [OPENING],
    "3.15": [log("J2(Rui, 5, 0). 122(Rui-5). V(Rui). PU(Rui-1).", "CONQ(Rui=1, Lia=0, Tom=0).")],
    # the codes of the table in 3.7
    "PART": [OPENING],
    "ID": [log("J2(Rui, 5, 0). 122(). CN(914, ID(Rui=Azulismo)).")],
    "CONQ": [log("J2(Rui, 5, 0). 122(Rui-5). V(Rui).", "CONQ(Rui=2[301, 302], Lia=0, Tom=0).")],
    "J": [log("J2(Rui, 5, 0). 122().")],
    "structure": [log("J2(Rui, 5, 0). 122(Tom-1).")],
    "=": [log("J2(Rui, 5, 0). 122(Rui=1=Tom, 111=133, Rui=Tom, 301=302).")],
    "+": [log("J2(Rui, 5, 0). 122(Rui+1, +144-133, +Tom, Tom+155-111).")],
    "-": [log("J2(Rui, 5, 0). 122(Rui-1, Rui=Tom, Rui-Tom, -133).")],
    ">": [log("J2(Rui, 5, 0). 122(Rui>2>Tom, Rui>1[201]>Lia).")],
    "F": [log("J2(Rui, 5, 0). 122(F).", "J3(Lia, 5, 1). 111().")],
    "m": [log("J2(Rui, 5, 0). 122(Rui=m=Lia, Tom>m>Rui, Rui-m). V(Rui, Tom).",
              "CONQ(Rui=2, Lia=0, Tom=2).")],
    "X": [log("J2(Rui, 5, 0). 122(X(Lia+144-122)).", "J3(Tom, 5, 0). 133().",
              "J4(Lia, 5, 1). 111(). +c.", "J5(Rui, 4, 1). 144().", "J6(Tom, 5, 0). 133().",
              "J7(Lia, 4, 2). 111(X(R(+155-111, +Tom))).")],
    "CN": [log("J2(Rui, 5, 0). 122(). CN(914, +144-133).")],
    "MV": [log("J2(Rui, 5, 0). 122(). MV(+144-133, +Tom).")],
    "+c": [log("J2(Rui, 5, 0). 122(). +c.", "J3(Tom, 5, 0). 133().", "J4(Lia, 5, 1). 111(). -c.")],
    "R": [log("J2(Rui, 5, 0). 122().", "J3(Tom, 5, 0). 133().",
              "J4(Lia, 5, 1). 111(). +c.", "J5(Rui, 5, 0). 122().", "J6(Tom, 5, 0). 133().",
              "J7(Lia, 4, 2). 111(). R(+144-122, Q).")],
    "Q": [log("J2(Rui, 5, 0). 122(Tom+1, Q). Q(122, Rui). Q.")],
    "PU": [log("J2(Rui, 5, 0). 122(Rui-5). V(Rui). PU(Lia-1[201]).",
               "CONQ(Rui=2, Lia=0, Tom=0).")],
    "V": [log("J2(Rui, 5, 0). 122(Rui-5, Tom-5). V(Rui, Tom).", "CONQ(Rui=2, Lia=0, Tom=2).")],
}

INVALID = {
    "3.1": [(log("Lia won the partida."), 4, 1, "unknown event 'Lia'")],
    "3.2": [(log("J2(Rui, 5, 0). 122(). Rui-1."), 4, 23, "begins a consequence")],
    "3.3": [(log("J2(Rui, 5, 0) 122()."), 4, 15, "syntax (CNA 3.3): expected '.'"),
            (log("J2(Rui, 5, 0). 122(). J3(Tom, 5, 0). 133()."), 4, 23, "must start a line")],
    "3.4": [(log("J2(Rui, 5, 0). 122(). CN 914."), 4, 26, "syntax (CNA 3.4): expected '('"),
            (log("J2(Rui, 5, 0). 122(Rui-1."), 4, 25, "expected ',' or ')'")],
    "3.5": [(log("J2(Rui, 5, 0). 122(Rui-1 Tom+1)."), 4, 26, "syntax (CNA 3.5): expected ','")],
    "3.6": [(log("J2(Rui, 5, 0). 122(CONQ(Rui=0))."), 4, 20, "never a consequence"),
            (log("J2(Rui, 5, 0). " + "122(" * 20 + ")" * 20 + "."), 4, 52,
             "syntax (CNA 3.6): expected at most 16")],
    "3.8": [(log("J2(Rui, 4[201, 202], 0). 122()."), 4, 19, "syntax (CNA 3.8): expected 4 cards"),
            (log("J2(Rui, 5, 0). 122(Rui-1[20])."), 4, 26, "a card number (three digits")],
    "3.9": [("ID(A=Verdismo, B=Roxismo).\nPART1(A=S=101, B=NO=102).\n", 2, 1,
             "2 players, but 3 to 6 players (3.9")],
    "3.10": [(OPENING.replace("Rui=NO", "Rui=W"), 2, 22, "syntax (CNA 3.10): expected a position")],
    "3.11": [(OPENING.replace("Lia=S=111, Rui=NO=122, Tom=NE", "Lia=NO=111, Rui=NE=122, Tom=S"),
              2, 1, "3.11: the player who starts the partida is South")],
    "3.12": [(OPENING.replace("Rui=NO", "Rui=N"), 2, 1, "3.12, 3.13: with 3 players")],
    "3.13": [(log("J2(Tom, 5, 0). 133()."), 4, 1, "Tom plays, but Rui plays"),
             (OPENING.replace("Tom=NE", "Lia=NE"), 2, 1, "3.13: the geography lists every")],
    "3.14": [(OPENING.split("\n", 1)[1], 1, 1, "3.14: the diário opens with the players'"),
             (OPENING.replace("\nPART1", "\nCONQ(Lia=0).\nPART1"),
              2, 1, "3.14: the first partida follows the ideologies")],
    "3.15": [(log("J2(Rui, 5, 0). 122(Rui-5). V(Rui).", "PART2(Rui=S=122, Tom=NO=133, "
                  "Lia=NE=111)."), 5, 1, "3.15: the line after a victory holds the conquests"),
             (log("J2(Rui, 5, 0). 122(Rui-5). V(Rui)."), 4, 28, "3.15: the conquests follow")],
    "PART": [(OPENING.replace("Tom=NE=133", "Tom=NE"), 2, 36, "expected '=' and the player's")],
    "ID": [(log("J2(Rui, 5, 0). 122(). CN(914, ID(Rui)))."), 4, 37, "expected '=' and the "
            "ideology")],
    "CONQ": [(log("J2(Rui, 5, 0). 122(Rui-5). V(Rui).", "CONQ(Rui=2)."), 5, 1,
              "no Lia, but Lia=n (CONQ lists every player")],
    "J": [(log("J2(Rui, 5). 122()."), 4, 10, "expected ',' and the number of committed")],
    "structure": [(log("J2(Rui, 5, 0). +c."), 4, 16, "right after the J event"),
                  (log("J2(Rui, 5, 0). 133()."), 4, 16, "structure 133, but Rui's structure")],
    "=": [(log("J2(Rui, 5, 0). 122(Rui=1Tom)."), 4, 25, "expected '=' after the number")],
    "+": [(log("J2(Rui, 5, 0). 122(Rui+)."), 4, 24, "a number of cards or a card number")],
    "-": [(log("J2(Rui, 5, 0). 122(Rui-Tom)."), 4, 20, "Rui-Tom, but an alliance of Rui")],
    ">": [(log("J2(Rui, 5, 0). 122(Rui>2Tom)."), 4, 25, "expected '>' before the player")],
    "F": [(log("J2(Rui, 5, 0). 122(). F."), 4, 23, "'F' begins a consequence")],
    "m": [(log("J2(Rui, 5, 0). 122(Rui+m)."), 4, 24, "a number of cards or a card number")],
    "X": [(log("J2(Rui, 5, 0). 122(). X(Lia+144-122)."), 4, 23, "X (a crisis) is always"),
          (log("J2(Rui, 5, 0). 122(). CN(914, X(Lia+144-122))."), 4, 31, "X (a crisis)")],
    "CN": [(log("J2(Rui, 5, 0). 122(). CN(14)."), 4, 26, "a card number (three digits"),
           (log("J2(Rui, 5, 0). 122(). CN(114)."), 4, 23, "CNA 1.17: natural cards")],
    "MV": [(log("J2(Rui, 5, 0). 122(). MV."), 4, 25, "expected '(' after MV")],
    "+c": [(log("J2(Rui, 5, 0). 122(). -c."), 4, 23, "only a committed card can be relaxed")],
    "R": [(log("J2(Rui, 5, 0). 122(). R(+144-133)."), 4, 33, "',' and who supported"),
          (log("J2(Rui, 5, 0). 122(). R(+144-133, +Tom)."), 4, 23, "needs 2 committed")],
    "Q": [(log("J2(Rui, 5, 0). 122(). Q(122 Rui)."), 4, 29, "expected ',' or ')'")],
    "PU": [(log("J2(Rui, 5, 0). 122(). PU(Lia)."), 4, 29, "'-' and the conquests lost")],
    "V": [(log("J2(Rui, 5, 0). 122(). V(1)."), 4, 25, "expected a player's name"),
          (log("J2(Rui, 5, 0). 122(Rui-4). V(Rui)."), 4, 28, "Rui wins, but Rui holds 1")],
}

WARNED = {  # known variants, read as intended with a warning naming the clause
    "3.3": (log("J2(Rui, 5, 0). 122(Rui-1)", "+c."), 4, 26, "warning (CNA 3.3): no full stop"),
    "3.4": (log("J2(Rui, 5, 0). 122 (Rui-1)."), 4, 20, "warning (CNA 3.4): a space between"),
    "3.5": (log("J2(Rui, 5, 0). 122(Rui-1; Tom+1)."), 4, 25, "warning (CNA 3.5): ';'"),
    "ID": (log("J2(Rui, 5, 0). 122(). CN(914, ID(Rui+Azulismo))."), 4, 37,
           "warning (CNA 3.7): '+' between Rui"),
}

CLAUSES = [f"3.{n}" for n in range(1, 16) if n != 7]
CODES = ["PART", "ID", "CONQ", "J", "structure", "=", "+", "-", ">", "F", "m", "X", "CN", "MV",
         "+c", "R", "Q", "PU", "V"]
"""The clauses of section 3 (3.7 is its table: its codes follow) and the codes of 3.7."""


def test_every_clause_and_code_has_valid_and_invalid_logs():
    for key in [*CLAUSES, *CODES]:
        assert VALID.get(key) and INVALID.get(key), key


@pytest.mark.parametrize("key", [*CLAUSES, *CODES])
def test_valid(key):
    for text in VALID[key]:
        assert spots(findings(text)) == [], text


@pytest.mark.parametrize("key", [*CLAUSES, *CODES])
def test_invalid(key):
    for text, line, col, says in INVALID[key]:
        found = findings(text)
        assert found, text
        first = found[0]
        assert (first.line, first.col) == (line, col), spots(found)
        assert says in first.message, spots(found)
        assert not first.warning


@pytest.mark.parametrize("key", sorted(WARNED))
def test_variant_read_with_a_warning(key):
    text, line, col, says = WARNED[key]
    found = findings(text)
    assert [(f.line, f.col, f.warning) for f in found] == [(line, col, True)], spots(found)
    assert says in found[0].message
    intended = text.replace(";", ",").replace("122 (", "122(").replace("Rui+Azul", "Rui=Azul")
    intended = intended.replace("122(Rui-1)\n", "122(Rui-1).\n")
    assert findings(intended) == []
