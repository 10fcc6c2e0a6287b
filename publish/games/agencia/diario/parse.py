"""Reading a diário de jogo: text to events, clause by clause of the compendium's section 3.

Logs are written by hand, so the reader follows what the clauses allow, not
only the shapes of the compendium's examples: a line may end without a full
stop before a J or PART line (3.3), an event without consequences needs no
parentheses (3.4), and any event may stand where its parent has
consequences (3.6).  Known variants whose meaning is clear (a full stop
missing at a line's end, a space before '(', '+' for '=' in an ideology, ';'
for ',') are read as intended, with a warning naming the clause.  Anything
else is an error at its line and column; reading resumes at the next line
that begins an event (J, PART, ID, CAMPO or CONQ), and the skipped stretch is
a ``Gap`` in the events, so a replay knows that something happened there.
docs/agencia-diario.md maps each clause to the rule below that reads it.
"""

from __future__ import annotations

from publish.games.agencia.diario import syntax as sx
from publish.games.agencia.diario.reader import (
    JOGADA,
    PART,
    LogSyntaxError,
    Primitives,
    Token,
    describe,
    starts_partida_or_jogada,
    tokens,
)

__all__ = ["POSITIONS", "LogSyntaxError", "parse", "tokens"]

POSITIONS = ("S", "SO", "O", "NO", "N", "NE", "L", "SE")
_CONSEQUENCE = ("a consequence (Ana+1, Ana-1, Ana>1>Bia, Ana=1=Bia, Ana=m=Bia, 006=043, "
                "+043-026, F, X(...), ...)")
_EVENT = "an event (J1(...), 012(...), +c, R(...), CN(...), V(...), ...)"
_CODES = "J, PART, ID, CAMPO, a structure number, +c, -c, R, CN, MV, Q, PU, V, H or CONQ"
_TOP_ONLY = ("CONQ", "CAMPO")  # states of the game, never what an event led to
_RESUME = ("ID", "CAMPO", "CONQ")  # besides J and PART: events our logs begin lines with
_OPERATORS = ("+", "-", ">", "=", "@")


class _Reader(Primitives):
    def __init__(self, toks: list[Token]):
        super().__init__(toks)
        self.within: list[str] = []  # the events being read, outermost first

    # -------------------------------------------------------------- events
    def event(self):
        """One event at the top level of the log."""
        tok = self.tok
        at = (tok.line, tok.col)
        if tok.kind == "num":
            return self.structure()
        if (self.is_("+") or self.is_("-")) and self.is_("c", 1):
            self.i += 2
            return sx.Commit(1 if tok.text == "+" else -1, at)
        if tok.kind != "name":
            raise self.fail(_EVENT, clause="3.2")
        if starts_partida_or_jogada(tok):
            return self.line_start(tok, at)
        if tok.text == "Q" and not self.is_("(", 1):
            self.i += 1
            return sx.Veto((), at)
        if tok.text in _HEADED or tok.text in _TOP_ONLY:
            return self.headed()
        if self.peek().text in _OPERATORS or tok.text == "F":
            raise LogSyntaxError(*at, f"{tok.text!r} begins a consequence, which stands inside "
                                 "the parentheses of the event that led to it", "3.2")
        raise LogSyntaxError(*at, f"unknown event {tok.text!r}; expected {_CODES}", "3.7")

    def line_start(self, tok: Token, at: sx.At):
        if not tok.starts_line:
            raise LogSyntaxError(*at, f"{tok.text} must start a line (J and PART events "
                                 "begin lines)", "3.3")
        self.i += 1
        if m := JOGADA.match(tok.text):
            return self.jogada(tok, int(m.group(1)), at)
        part = PART.match(tok.text)
        assert part is not None  # a J or a PART head: see starts_partida_or_jogada
        return self.part(tok, int(part.group(1)), at)

    def headed(self):
        """``HEAD(...)``: an event named by its code, at the top level or as a consequence."""
        head = self.tok
        at = (head.line, head.col)
        if head.text == "X" and self.within[-1:] != ["structure"]:
            raise LogSyntaxError(*at, "X (a crisis) is always a consequence of a structure "
                                 "event, as 012(X(Ana+019-004))", "3.7")
        self.i += 1
        self.opening(head)
        self.within.append(head.text)
        try:
            return self.nested(lambda: _HEADED[head.text](self, at))
        finally:
            self.within.pop()

    def structure(self) -> sx.Structure:
        """``012(...)``, or ``012`` alone when it had no consequence (CNA 3.4)."""
        tok = self.tok
        card = self.card()
        if not self.is_("("):
            return sx.Structure(card, (), (tok.line, tok.col))
        self.opening(tok)
        self.within.append("structure")
        try:
            items = self.nested(lambda: self.listed(self.consequence))
        finally:
            self.within.pop()
        return sx.Structure(card, items, (tok.line, tok.col))

    # -------------------------------------------------------------- consequences
    def consequence(self):
        return self.nested(self._consequence)

    def _consequence(self):
        tok = self.tok
        at = (tok.line, tok.col)
        if self.is_("+"):
            return self._plus(at)
        if self.is_("-"):
            return self._minus(at)
        if tok.kind == "num":
            if not self.is_("=", 1):
                return self.structure()
            a = self.card("a card number (006=043) or a structure event (012(...))")
            self.i += 1
            return sx.SwapCards(a, self.card("the card number after '='"), at)
        if tok.kind != "name":
            raise self.fail(_CONSEQUENCE)
        return self._named(tok, at)

    def _named(self, tok: Token, at: sx.At):
        """A consequence that begins with a word: an event's code, F, Q or a player's name."""
        head, paren = tok.text, self.is_("(", 1)
        if head == "Q" and not paren:
            self.i += 1
            return sx.Vetoed(at)
        if head in _TOP_ONLY and paren:
            raise LogSyntaxError(*at, f"{head} states the game between partidas; it is never "
                                 "a consequence", "3.7")
        if head in _HEADED and paren:
            return self.headed()
        if starts_partida_or_jogada(tok) and paren:
            raise LogSyntaxError(*at, f"{head} begins a line of its own; it is never a "
                                 "consequence", "3.3")
        if head == "F" and self.peek().text not in _OPERATORS:
            self.i += 1
            return sx.Flow(at)
        who = self.name().text
        op = self.tok
        if op.kind == "punct" and op.text in _PLAYER_OPS:
            return _PLAYER_OPS[op.text](self, who, at)
        if "-" in who and op.text in (",", ")"):
            return self._breakup(who, tok, at)
        raise self.fail("'+', '-', '>', '=' or '@' after the player's name", op)

    def _breakup(self, names: str, tok: Token, at: sx.At) -> sx.Breakup | sx.Discard:
        """``Ana-Bia``: an alliance broken (CNA 3.7, '-'); ``Ana-m``: a whole hand discarded
        (read as one word, as hyphenated names are)."""
        player, _, last = names.rpartition("-")
        if last == "m":
            return sx.Discard(player, None, (), at)
        parts = names.split("-")
        if len(parts) != 2:
            raise LogSyntaxError(*at, f"{names!r}: a broken alliance names two players "
                                 "(Ana-Bia)", "3.7")
        return sx.Breakup(parts[0], parts[1], at)

    def _plus(self, at: sx.At):
        """``+c`` (a commitment), ``+Ana``/``+036`` (an approval), ``+043-026`` (a change)."""
        self.i += 1
        if self.is_("c") and self.peek().text not in _OPERATORS:
            self.i += 1
            return sx.Commit(1, at)
        if self.tok.kind == "name":
            return sx.Approval(self.name("a name or card after '+'").text, at)
        new = self.card("a card number, a player's name or 'c' after '+'")
        if self.is_("-"):
            self.i += 1
            return sx.Change(None, new, self.card("the card number of the replaced "
                                                  "structure after '-'"), at)
        return sx.Approval(new, at)

    def _minus(self, at: sx.At):
        """``-c`` (a card relaxed) or ``-039`` (a structure taken out of the society)."""
        self.i += 1
        if self.is_("c"):
            self.i += 1
            return sx.Commit(-1, at)
        return sx.Withdrawn(self.card("'c' or the card number of a structure after '-'"), at)

    def count(self, expected: str) -> int | None:
        """A number of cards, or ``m``: the player's whole hand."""
        if self.is_("m"):
            self.i += 1
            return None
        return self.number(expected)

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
        n = self.count("a number of cards (or m, the whole hand) after '-'")
        return sx.Discard(who, n, self.cards() if n is not None else (), at)

    def _gives(self, who: str, at: sx.At):
        self.i += 1
        n = self.count("a number of cards (or m, the whole hand) after '>'")
        cards = self.cards() if n is not None else ()
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

    # -------------------------------------------------------------- what each code holds
    def _crisis(self, at: sx.At) -> sx.Crisis:
        """``X(Ana+019-004)``, ``X(Q(Bia), Ana+019-004)``, ``X(Q)``, ``X(R(...))``."""
        passed = []
        while self.is_("Q") and self.is_("(", 1):
            self.i += 2
            passed.append(self.name("the name of a player passed over (Q(Ana))").text)
            self.take(")", "')' after the player passed over", "3.4")
            if not self.separator():
                raise self.fail("',' and who solved the crisis", clause="3.5")
        if self.is_("Q") and not self.is_("(", 1):
            self.i += 1
            self.take(")", "')' after Q (a crisis nobody could solve)", "3.4")
            return sx.Crisis(None, tuple(passed), (), at)
        if self.is_(")"):
            raise self.fail("who solved the crisis and the change made (X(Ana+019-004)), or Q")
        items = self.listed(self.consequence)
        if isinstance(items[0], sx.Change):
            return sx.Crisis(items[0], tuple(passed), items[1:], at)
        return sx.Crisis(None, tuple(passed), items, at)

    def _revolt(self, at: sx.At) -> sx.Revolt:
        change = self.change()
        if not self.separator():
            raise self.fail("',' and who supported the revolt (+Ana, +036) or Q", clause="3.5")
        outcome = self.consequence()
        if not isinstance(outcome, sx.Approval | sx.Vetoed | sx.Veto):
            line, col = outcome.at
            raise LogSyntaxError(line, col, "expected the revolt's supporter (+Ana or +036) or Q")
        self.take(")", "')' closing the revolt", "3.4")
        return sx.Revolt(change, outcome, at)

    def _natural(self, at: sx.At) -> sx.Natural:
        card = self.card()
        if self.separator():
            return sx.Natural(card, self.listed(self.consequence), at)
        self.take(")", "',' or ')'", "3.5")
        return sx.Natural(card, (), at)

    def _punishment(self, at: sx.At) -> sx.Punishment:
        who = self.name().text
        self.take("-", "'-' and the conquests lost (PU(Ana-2))")
        n = self.number("the number of conquests lost")
        cards = self.cards()
        self.take(")", "')' closing the punishment", "3.4")
        return sx.Punishment(who, n, cards, at)

    def _hegemony(self, at: sx.At) -> sx.Hegemony:
        who = self.name().text
        self.take("=", "'=' and the ideology (H(Ana=vanguarda-do-proletariado))")
        group = self.name("an ideology").text
        self.take(")", "')' closing the hegemony", "3.4")
        return sx.Hegemony(who, group, at)

    def detail(self):
        """A veto's circumstance: a card, a name, or what was vetoed."""
        tok, after = self.tok, self.peek().text
        if tok.kind in ("name", "num") and after in (",", ")", ";") and tok.text not in ("F", "Q"):
            self.i += 1
            return tok.text
        return self.consequence()

    def ideology(self) -> tuple[str, str]:
        who = self.name().text
        if self.is_("+"):
            self.warn(self.tok, f"'+' between {who} and the ideology; read as '='", "3.7")
            self.i += 1
        else:
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
            raise self.fail(f"a position, one of {', '.join(POSITIONS)}", pos, "3.10")
        self.take("=", "'=' and the player's structure (Ana=S=068)")
        return sx.Seat(who, pos.text, self.card())

    def shown(self, count: int) -> tuple[str, ...] | None:
        """The cards of a count, when the log shows them (CNA 3.8): as many as it says."""
        if not self.is_("["):
            return None
        hand = self.cards()
        if len(hand) != count:
            raise self.fail(f"{count} cards in the hand's brackets, as declared",
                            self.peek(-1), "3.8")
        return hand

    def jogada(self, head: Token, number: int, at: sx.At) -> sx.Jogada:
        self.opening(head)
        who = self.name().text
        self.take(",", "',' and the number of uncommitted cards", "3.5")
        free = self.number("the number of uncommitted cards")
        hand = self.shown(free)
        self.take(",", "',' and the number of committed cards", "3.5")
        committed = self.number("the number of committed cards")
        held = self.shown(committed)
        self.take(")", "')' closing the jogada", "3.4")
        return sx.Jogada(number, who, free, committed, hand, held, at)

    def part(self, head: Token, number: int, at: sx.At) -> sx.Part:
        self.opening(head)
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


def _resumes(reader: _Reader) -> bool:
    """Whether reading can start again here: an event that begins a line."""
    tok = reader.tok
    return tok.kind == "end" or (tok.starts_line and (
        starts_partida_or_jogada(tok) or (tok.text in _RESUME and reader.is_("(", 1))))


def _full_stop(reader: _Reader) -> None:
    """The '.' after an event (CNA 3.3), or one of the places it may be left out."""
    if reader.is_("."):
        reader.i += 1
        return
    tok, last = reader.tok, reader.peek(-1)
    if tok.starts_line and starts_partida_or_jogada(tok):
        return  # J and PART begin lines: the line break ends the event before them
    if tok.starts_line:
        where = "the log's end" if tok.kind == "end" else f"the end of line {last.line}"
        reader.warn(Token("end", "", last.line, last.col + len(last.text), False),
                    f"no full stop at {where}; read as ending the event", "3.3")
        return
    raise reader.fail("'.' ending the event", clause="3.3")


def _skip(reader: _Reader, first: int) -> None:
    """Past a mistake, to where reading can resume (at least one token on)."""
    if reader.i == first:
        reader.i += 1
    while not _resumes(reader):
        reader.i += 1


def parse(text: str, path: str = "") -> tuple[sx.Log, list[LogSyntaxError]]:
    """The events of a log and every error found; the warnings are in ``log.warnings``.

    Each error leaves a ``Gap`` among the events where the unread text was.
    """
    reader = _Reader(tokens(text))
    events: list = []
    ends: list[int] = []
    errors: list[LogSyntaxError] = []
    after_jogada = False
    while reader.tok.kind != "end":
        first, warned, start = reader.i, len(reader.warnings), reader.tok
        try:
            if after_jogada and start.kind != "num":
                raise LogSyntaxError(start.line, start.col, "expected the structure event "
                                     "(012(...)) right after the J event, found "
                                     f"{describe(start)}", "3.7")
            event = reader.event()
            events.append(event)
            ends.append(reader.peek(-1).line)
            after_jogada = isinstance(event, sx.Jogada)
            _full_stop(reader)
        except LogSyntaxError as error:
            errors.append(error)
            del reader.warnings[warned:]  # the event they were about is not read
            events.append(sx.Gap(error.message, start.text, (error.line, error.col)))
            if not (after_jogada and _resumes(reader)):
                _skip(reader, first)
            after_jogada = False
            ends.append(reader.peek(-1).line)
    if after_jogada:
        errors.append(LogSyntaxError(reader.tok.line, reader.tok.col,
                                     "expected the structure event after the last J event"))
        events.append(sx.Gap(errors[-1].message, "", (reader.tok.line, reader.tok.col)))
        ends.append(reader.tok.line)
    return sx.Log(tuple(events), path, tuple(ends), tuple(reader.warnings)), errors
