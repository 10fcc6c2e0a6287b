"""Reading a diário de jogo: text to events, every mistake located.

Logs are written by hand, so the reader accepts what the compendium's own
examples contain (events wrapped over lines, hands in brackets, a crisis
inside a structure event, a standing card's reaction after it) and, for
anything else, says at which line and column it stopped and what it
expected there.  After a mistake it resumes at the next line that starts
an event, so one reading reports every broken line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from publish.games.agencia.diario import syntax as sx

_TOKEN = re.compile(r"""
    (?P<ws>[ \t\r\f\v]+)
  | (?P<nl>\n)
  | (?P<name>[^\W\d_][^\W_]*(?:-[^\W\d_][^\W_]*)*)
  | (?P<num>\d+)
  | (?P<punct>[()\[\],.+\->=@:])
""", re.VERBOSE)

_JOGADA = re.compile(r"J(\d{1,6})$")
_PART = re.compile(r"PART(\d{1,6})$")
_DIGITS = 6  # longer counts are mistakes (and int() refuses past 4300 digits)
_DEPTH = 16  # consequences inside consequences; deeper is a mistake, not a RecursionError
POSITIONS = ("S", "SO", "O", "NO", "N", "NE", "L", "SE")


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # name, num, punct, end; bad: a character outside the syntax
    text: str
    line: int
    col: int
    starts_line: bool


class LogSyntaxError(Exception):
    """A place in a log that is not the diário's syntax, and what was expected there."""

    def __init__(self, line: int, col: int, message: str):
        super().__init__(f"{line}:{col}: {message}")
        self.line, self.col, self.message = line, col, message


def tokens(text: str) -> list[Token]:
    found: list[Token] = []
    line, start, pos, fresh = 1, 0, 0, True
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:  # the reader stops at it, with the message below
            found.append(Token("bad", text[pos], line, pos - start + 1, fresh))
            fresh, pos = False, pos + 1
            continue
        kind = match.lastgroup or ""
        if kind == "nl":
            line, start, fresh = line + 1, match.end(), True
        elif kind != "ws":
            found.append(Token(kind, match.group(), line, pos - start + 1, fresh))
            fresh = False
        pos = match.end()
    found.append(Token("end", "", line, pos - start + 1, True))
    return found


def _describe(tok: Token) -> str:
    return "the end of the log" if tok.kind == "end" else repr(tok.text)


class _Reader:
    def __init__(self, toks: list[Token]):
        self.toks = toks
        self.i = 0
        self.depth = 0

    # -------------------------------------------------------------- primitives
    @property
    def tok(self) -> Token:
        return self.toks[self.i]

    def peek(self, k: int = 1) -> Token:
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def fail(self, expected: str, tok: Token | None = None) -> LogSyntaxError:
        tok = tok or self.tok
        if tok.kind == "bad":
            return LogSyntaxError(tok.line, tok.col,
                                  f"unexpected character {tok.text!r}; the diário uses names, "
                                  "numbers and ( ) [ ] , . + - > = @ :")
        return LogSyntaxError(tok.line, tok.col, f"expected {expected}, found {_describe(tok)}")

    def is_(self, text: str, k: int = 0) -> bool:
        tok = self.peek(k) if k else self.tok
        return tok.kind in ("punct", "name") and tok.text == text

    def take(self, text: str, expected: str | None = None) -> Token:
        if not self.is_(text):
            raise self.fail(expected or repr(text))
        tok = self.tok
        self.i += 1
        return tok

    def name(self, expected: str = "a player's name") -> Token:
        if self.tok.kind != "name":
            raise self.fail(expected)
        tok = self.tok
        self.i += 1
        return tok

    def number(self, expected: str = "a number") -> int:
        if self.tok.kind != "num" or len(self.tok.text) > _DIGITS:
            raise self.fail(expected)
        value = int(self.tok.text)
        self.i += 1
        return value

    def card(self, expected: str = "a card number (three digits, as 010)") -> str:
        tok = self.tok
        if tok.kind != "num" or len(tok.text) != 3:
            raise self.fail(expected)
        self.i += 1
        return tok.text

    def cards(self) -> tuple[str, ...]:
        """An optional ``[010, 042]`` list."""
        if not self.is_("["):
            return ()
        self.i += 1
        found = [self.card()]
        while self.is_(","):
            self.i += 1
            found.append(self.card())
        self.take("]", "',' or ']' closing the card list")
        return tuple(found)

    def listed(self, item, closing: str = "')'") -> tuple:
        """``( item, item ... )``; the opening parenthesis is already taken."""
        found = []
        if self.is_(")"):
            self.i += 1
            return ()
        while True:
            found.append(item())
            if self.is_(","):
                self.i += 1
                continue
            self.take(")", f"',' or {closing}")
            return tuple(found)

    # -------------------------------------------------------------- consequences
    def consequence(self):
        if self.depth >= _DEPTH:
            raise self.fail(f"at most {_DEPTH} consequences nested in one another")
        self.depth += 1
        try:
            return self._consequence()
        finally:
            self.depth -= 1

    def _consequence(self):
        tok = self.tok
        at = (tok.line, tok.col)
        if self.is_("+"):
            return self._plus(at)
        if tok.kind == "num":
            if self.is_("(", 1):
                return self.card_event(sx.Structure)
            a = self.card("a card number, a structure event (012(...)) or a player's name")
            self.take("=", "'=' after a card number (006=043) or '(' of a structure event")
            return sx.SwapCards(a, self.card("the card number after '='"), at)
        if tok.kind != "name":
            raise self.fail("a consequence (Ana+1, Ana-1, Ana>1>Bia, Ana=1=Bia, Ana=m=Bia, "
                            "006=043, +043-026, F, X(...), ...)")
        if tok.text in ("X", "ID", "R", "H") and self.is_("(", 1):
            return self.event()
        if tok.text == "Q" and not self.is_("(", 1):
            self.i += 1
            return sx.Vetoed(at)
        if tok.text == "F" and self.peek().text not in ("+", "-", ">", "=", "@"):
            self.i += 1
            return sx.Flow(at)
        who = self.name().text
        op = self.tok
        player_op = _PLAYER_OPS.get(op.text) if op.kind == "punct" else None
        if player_op is None:
            raise self.fail("'+', '-', '>', '=' or '@' after the player's name", op)
        return player_op(self, who, at)

    def _plus(self, at: sx.At):
        """``+Ana`` or ``+036`` (approval), ``+043-026`` (a structure change)."""
        self.i += 1
        if self.tok.kind == "name":
            return sx.Approval(self.name("a name or card after '+'").text, at)
        new = self.card("a card number, a player's name or 'c' after '+'")
        if self.is_("-"):
            self.i += 1
            return sx.Change(None, new, self.card("the card number of the replaced "
                                                  "structure after '-'"), at)
        return sx.Approval(new, at)

    def _draws(self, who: str, at: sx.At):
        """``Ana+2`` or ``Ana+043-026``."""
        self.i += 1
        n_tok = self.tok
        n = self.number("a number of cards or a card number after '+'")
        if self.is_("-"):
            self.i += 1
            if len(n_tok.text) != 3:
                raise self.fail("a three-digit card number in a structure change", n_tok)
            return sx.Change(who, n_tok.text, self.card(), at)
        return sx.Draw(who, n, self.cards(), at)

    def _discards(self, who: str, at: sx.At):
        self.i += 1
        n = self.number("a number of cards after '-'")
        return sx.Discard(who, n, self.cards(), at)

    def _gives(self, who: str, at: sx.At):
        self.i += 1
        n = self.number("a number of cards after '>'")
        cards = self.cards()
        self.take(">", "'>' before the player who receives")
        return sx.Give(who, n, self.name().text, cards, at)

    def _equals(self, who: str, at: sx.At):
        """``Ana=m=Bia`` (hands swapped), ``Ana=1=Bia`` (exchange), ``Ana=Bia`` (alliance)."""
        self.i += 1
        if self.is_("m"):
            self.i += 1
            self.take("=", "'=' after 'm' (Ana=m=Bia)")
            return sx.SwapHands(who, self.name().text, at)
        if self.tok.kind == "num":
            n = self.number()
            self.take("=", "'=' after the number exchanged (Ana=1=Bia)")
            return sx.Exchange(who, n, self.name().text, at)
        return sx.Alliance(who, self.name("a number, 'm' or a player's name after '='").text, at)

    def position(self, who: str, at: sx.At) -> sx.Position:
        self.take("@")
        row = self.number("a row after '@' (Ana@1:2)")
        self.take(":", "':' between row and column (Ana@1:2)")
        return sx.Position(who, row, self.number("a column after ':'"), at)

    def change(self) -> sx.Change:
        """``+new-old`` or ``Ana+new-old``."""
        tok = self.tok
        at = (tok.line, tok.col)
        who = self.name().text if tok.kind == "name" else None
        self.take("+", "'+' and the card put in (+043-026)")
        new = self.card()
        self.take("-", "'-' and the card taken out (+043-026)")
        return sx.Change(who, new, self.card(), at)

    def consequences(self) -> tuple:
        self.take("(")
        return self.listed(self.consequence)

    def card_event(self, kind):
        tok = self.tok
        card = self.card()
        return kind(card, self.consequences(), (tok.line, tok.col))

    # -------------------------------------------------------------- events
    def event(self):
        tok = self.tok
        at = (tok.line, tok.col)
        if tok.kind == "num":
            return self.card_event(sx.Structure)
        if self.is_("+") or self.is_("-"):
            sign = 1 if tok.text == "+" else -1
            self.i += 1
            self.take("c", "'c' (+c commits a card, -c relaxes one)")
            return sx.Commit(sign, at)
        if tok.kind != "name":
            raise self.fail("an event (J1(...), 012(...), +c, R(...), CN(...), V(...), ...)")
        head = tok.text
        if (m := _JOGADA.match(head)) or (p := _PART.match(head)):
            if not tok.starts_line:
                raise LogSyntaxError(tok.line, tok.col,
                                     f"{head} must start a line (J and PART events begin lines)")
            self.i += 1
            if m:
                return self.jogada(int(m.group(1)), at)
            return self.part(int(p.group(1)), at)
        self.i += 1
        if head == "Q" and not self.is_("("):
            return sx.Veto((), at)
        self.take("(", f"'(' after {head}")
        headed = _HEADED.get(head)
        if headed is None:
            raise LogSyntaxError(tok.line, tok.col,
                                 f"unknown event {head!r}; expected J, PART, ID, CAMPO, a "
                                 "structure number, +c, -c, R, CN, MV, Q, PU, V, H or CONQ")
        return headed(self, at)

    def _crisis(self, at: sx.At) -> sx.Crisis:
        passed = []
        while self.is_("Q") and self.is_("(", 1):
            self.i += 2
            passed.append(self.name("the name of a player passed over (Q(Ana))").text)
            self.take(")", "')' after the player passed over")
            self.take(",", "',' and who solved the crisis")
        if self.is_("Q"):
            self.i += 1
            self.take(")", "')' after Q (a crisis nobody could solve)")
            return sx.Crisis(None, tuple(passed), at)
        change = self.change()
        self.take(")", "')' closing the crisis")
        return sx.Crisis(change, tuple(passed), at)

    def _revolt(self, at: sx.At) -> sx.Revolt:
        change = self.change()
        self.take(",", "',' and who supported the revolt (+Ana, +036) or Q")
        outcome = self.consequence()
        if not isinstance(outcome, sx.Approval | sx.Vetoed):
            raise LogSyntaxError(*outcome.at, "expected the revolt's supporter "
                                 "(+Ana or +036) or Q")
        self.take(")", "')' closing the revolt")
        return sx.Revolt(change, outcome, at)

    def _natural(self, at: sx.At) -> sx.Natural:
        card = self.card()
        rest = ()
        if self.is_(","):
            self.i += 1
            rest = self.listed(self.consequence)
        else:
            self.take(")", "',' or ')'")
        return sx.Natural(card, rest, at)

    def _punishment(self, at: sx.At) -> sx.Punishment:
        who = self.name().text
        self.take("-", "'-' and the conquests lost (PU(Ana-2))")
        n = self.number("the number of conquests lost")
        cards = self.cards()
        self.take(")", "')' closing the punishment")
        return sx.Punishment(who, n, cards, at)

    def _hegemony(self, at: sx.At) -> sx.Hegemony:
        who = self.name().text
        self.take("=", "'=' and the ideology (H(Ana=vanguarda-do-proletariado))")
        group = self.name("an ideology").text
        self.take(")", "')' closing the hegemony")
        return sx.Hegemony(who, group, at)

    def detail(self) -> str:
        tok = self.tok
        if tok.kind not in ("name", "num"):
            raise self.fail("a card number or a player's name")
        self.i += 1
        return tok.text

    def ideology(self) -> tuple[str, str]:
        who = self.name().text
        self.take("=", "'=' and the ideology (Ana=Verdismo)")
        return who, self.name("an ideology").text

    def square(self) -> sx.Position:
        tok = self.tok
        who = self.name().text
        return self.position(who, (tok.line, tok.col))

    def conquest(self) -> tuple[str, int, tuple[str, ...]]:
        who = self.name().text
        self.take("=", "'=' and the number of conquests (Ana=2[021, 027])")
        n = self.number("the number of conquests")
        return who, n, self.cards()

    def seat(self) -> sx.Seat:
        who = self.name().text
        self.take("=", "'=' and the player's position (Ana=S=068)")
        pos = self.name("a position (S, SO, NO, N, NE, SE, ...)")
        if pos.text not in POSITIONS:
            raise self.fail(f"a position, one of {', '.join(POSITIONS)}", pos)
        self.take("=", "'=' and the player's structure (Ana=S=068)")
        return sx.Seat(who, pos.text, self.card())

    def jogada(self, number: int, at: sx.At) -> sx.Jogada:
        self.take("(", "'(' after the jogada number")
        who = self.name().text
        self.take(",", "',' and the number of uncommitted cards")
        free = self.number("the number of uncommitted cards")
        hand = self.cards() if self.is_("[") else None
        if hand is not None and len(hand) != free:
            raise self.fail(f"{free} cards in the hand's brackets, as declared", self.peek(-1))
        self.take(",", "',' and the number of committed cards")
        committed = self.number("the number of committed cards")
        self.take(")", "')' closing the jogada")
        return sx.Jogada(number, who, free, committed, hand, at)

    def part(self, number: int, at: sx.At) -> sx.Part:
        self.take("(", "'(' after the partida number")
        return sx.Part(number, self.listed(self.seat), at)


_PLAYER_OPS = {
    "+": _Reader._draws,
    "-": _Reader._discards,
    ">": _Reader._gives,
    "=": _Reader._equals,
    "@": _Reader.position,
}
"""What follows a player's name in a consequence: ``Ana+1``, ``Ana-1``, ``Ana>1>Bia``..."""

_HEADED = {
    "ID": lambda r, at: sx.Ideologies(r.listed(r.ideology), at),
    "CAMPO": lambda r, at: sx.Campo(r.listed(r.square), at),
    "X": _Reader._crisis,
    "R": _Reader._revolt,
    "CN": _Reader._natural,
    "MV": lambda r, at: sx.Move(r.listed(r.consequence), at),
    "Q": lambda r, at: sx.Veto(r.listed(r.detail), at),
    "PU": _Reader._punishment,
    "V": lambda r, at: sx.Victory(tuple(t.text for t in r.listed(r.name)), at),
    "H": _Reader._hegemony,
    "CONQ": lambda r, at: sx.Conquests(r.listed(r.conquest), at),
}
"""The events written ``HEAD(...)``, by head, read after the '('."""


def parse(text: str, path: str = "") -> tuple[sx.Log, list[LogSyntaxError]]:
    """The events of a log, and every syntax error found (reading resumes at the next line)."""
    reader = _Reader(tokens(text))
    events: list = []
    errors: list[LogSyntaxError] = []
    after_jogada = False
    while reader.tok.kind != "end":
        start, first = reader.tok, reader.i
        try:
            event = reader.event()
            if after_jogada and not isinstance(event, sx.Structure):
                raise LogSyntaxError(start.line, start.col,
                                     "expected the structure event (012(...)) right after the "
                                     f"J event, found {_describe(start)}")
            after_jogada = isinstance(event, sx.Jogada)
            reader.take(".", "'.' ending the event")
            events.append(event)
        except LogSyntaxError as error:
            errors.append(error)
            after_jogada = False
            if reader.i == first:  # stopped at its first token: step over it
                reader.i += 1
            while reader.tok.kind != "end" and not reader.tok.starts_line:
                reader.i += 1
    if after_jogada:
        errors.append(LogSyntaxError(reader.tok.line, reader.tok.col,
                                     "expected the structure event after the last J event"))
    return sx.Log(tuple(events), path), errors
