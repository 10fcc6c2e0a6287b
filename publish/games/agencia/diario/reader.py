"""The diário's tokens, and the reading primitives the grammar (``parse.py``) is built on.

Each mistake is a ``LogSyntaxError`` that knows its line and column, what
was expected there and the compendium clause (CNA section 3) it breaks.  A
known hand-written variant is a ``LogSyntaxError`` with ``warning`` set: the
reader takes the intended event and says which clause the text departs from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_TOKEN = re.compile(r"""
    (?P<ws>[ \t\r\f\v]+)
  | (?P<nl>\n)
  | (?P<name>[^\W\d_][^\W_]*(?:-[^\W\d_][^\W_]*)*)
  | (?P<num>\d+)
  | (?P<punct>[()\[\],.+\->=@:])
""", re.VERBOSE)

JOGADA = re.compile(r"J(\d{1,6})$")
PART = re.compile(r"PART(\d{1,6})$")
DIGITS = 6  # longer counts are mistakes (and int() refuses past 4300 digits)
DEPTH = 16  # consequences inside consequences; deeper is a mistake, not a RecursionError
CHARACTERS = "names, numbers and ( ) [ ] , . + - > = @ :"


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # name, num, punct, end; bad: a character outside the syntax
    text: str
    line: int
    col: int
    starts_line: bool

    def touches(self, other: Token) -> bool:
        """Whether ``other`` follows this token with no space between them."""
        return other.line == self.line and other.col == self.col + len(self.text)


class LogSyntaxError(Exception):
    """A place in a log that is not the diário's syntax, and what was expected there.

    ``clause``: the compendium clause (``"3.3"``) the text breaks; ``warning``:
    a known variant, read as intended.
    """

    def __init__(self, line: int, col: int, message: str, clause: str = "3.7",
                 warning: bool = False):
        super().__init__(f"{line}:{col}: {message}")
        self.line, self.col, self.message = line, col, message
        self.clause, self.warning = clause, warning


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


def describe(tok: Token) -> str:
    return "the end of the log" if tok.kind == "end" else repr(tok.text)


def starts_partida_or_jogada(tok: Token) -> bool:
    """A J or PART event's head (CNA 3.3: they always begin a line)."""
    return tok.kind == "name" and bool(JOGADA.match(tok.text) or PART.match(tok.text))


class Primitives:
    """A cursor over the tokens, with the reads every rule of the grammar makes."""

    def __init__(self, toks: list[Token]):
        self.toks = toks
        self.i = 0
        self.depth = 0
        self.warnings: list[LogSyntaxError] = []

    @property
    def tok(self) -> Token:
        return self.toks[self.i]

    def peek(self, k: int = 1) -> Token:
        return self.toks[max(0, min(self.i + k, len(self.toks) - 1))]

    def fail(self, expected: str, tok: Token | None = None, clause: str = "3.7"
             ) -> LogSyntaxError:
        tok = tok or self.tok
        if tok.kind == "bad":
            return LogSyntaxError(tok.line, tok.col, f"unexpected character {tok.text!r}; "
                                  f"the diário uses {CHARACTERS}", "3.2")
        return LogSyntaxError(tok.line, tok.col, f"expected {expected}, found {describe(tok)}",
                              clause)

    def warn(self, tok: Token, message: str, clause: str) -> None:
        self.warnings.append(LogSyntaxError(tok.line, tok.col, message, clause, warning=True))

    def is_(self, text: str, k: int = 0) -> bool:
        tok = self.peek(k) if k else self.tok
        return tok.kind in ("punct", "name") and tok.text == text

    def take(self, text: str, expected: str | None = None, clause: str = "3.7") -> Token:
        if not self.is_(text):
            raise self.fail(expected or repr(text), clause=clause)
        tok = self.tok
        self.i += 1
        return tok

    def opening(self, head: Token) -> None:
        """The '(' of an event's consequences, right after its code (CNA 3.4)."""
        paren = self.take("(", f"'(' after {head.text}", "3.4")
        if not head.touches(paren):
            self.warn(paren, f"a space between {head.text} and its '('; read as "
                      f"{head.text}(...): consequences are written right after their event",
                      "3.4")

    def name(self, expected: str = "a player's name") -> Token:
        if self.tok.kind != "name":
            raise self.fail(expected)
        tok = self.tok
        self.i += 1
        return tok

    def number(self, expected: str = "a number") -> int:
        if self.tok.kind != "num" or len(self.tok.text) > DIGITS:
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
        """An optional ``[010, 042]`` list (CNA 3.8)."""
        if not self.is_("["):
            return ()
        self.i += 1
        found = [self.card()]
        while self.is_(","):
            self.i += 1
            found.append(self.card())
        self.take("]", "',' or ']' closing the card list", "3.8")
        return tuple(found)

    def separator(self) -> bool:
        """A ',' between consequences (CNA 3.5); a ';' is read as one, with a warning."""
        if self.is_(","):
            self.i += 1
            return True
        if self.tok.kind == "bad" and self.tok.text == ";":
            self.warn(self.tok, "';' between consequences; read as ','", "3.5")
            self.i += 1
            return True
        return False

    def listed(self, item, closing: str = "')'") -> tuple:
        """``( item, item ... )``; the opening parenthesis is already taken."""
        found = []
        if self.is_(")"):
            self.i += 1
            return ()
        while True:
            found.append(item())
            if self.separator():
                continue
            self.take(")", f"',' or {closing}", "3.5")
            return tuple(found)

    def nested(self, read):
        """``read()``, one level deeper; too deep is a mistake, not a RecursionError."""
        if self.depth >= DEPTH:
            raise self.fail(f"at most {DEPTH} consequences nested in one another", clause="3.6")
        self.depth += 1
        try:
            return read()
        finally:
            self.depth -= 1
