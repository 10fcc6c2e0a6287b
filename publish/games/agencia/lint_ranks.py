"""Effect lint, ranks and ties: "o jogador com mais cartas" names exactly one player,
"o(s) jogador(es)" tolerates ties; the effect must agree."""

from __future__ import annotations

from dataclasses import dataclass

from publish.games.agencia.effects import (
    Cannot,
    Computed,
)
from publish.games.agencia.lint_targets import Use, selector_uses
from publish.games.agencia.lint_text import Block, descend, pair, quote, regex

RANK_OF_NAMED = {
    "most_cards": ("most", True), "most_cards_all": ("most", False),
    "fewest_cards": ("fewest", True), "fewest_cards_all": ("fewest", False),
    "highest": ("highest", True), "highest_all": ("highest", False),
    "lowest": ("lowest", True), "lowest_all": ("lowest", False),
}
RANK_OF_QUERY = {"most_cards": "most", "fewest_cards": "fewest", "highest": "highest",
                 "lowest": "lowest"}
TIE_FREE_COUNTS = {"max_hand": "most", "gap_to_max": "most"}
LEAD = r"(?P<lead>\b(?:o\(s\)|os|o|do|ao)\s+(?:(?P<num>\d+|dois|duas)\s+|segundo\s+)?)?"
CARDS_RANK = regex(LEAD + r"\bjogador(?P<pl>\(es\)|es)?(?:\s+ao\s+lado)?\s+com\s+(?:o\s+)?"
                 r"(?P<dir>mais|menos|menor\s+número\s+de)\s+cartas\b")
ROW_RANK = regex(LEAD + r"\bjogador(?P<pl>\(es\)|es)?(?:\s+empatados)?(?:\s+na\s+linha)?"
               r"\s+mais\s+(?P<dir>alt|baix)[oa]s?(?P<pl2>\(s\))?")
RANK_WORD = {"mais": "most", "menos": "fewest", "menor": "fewest", "alt": "highest",
             "baix": "lowest"}
STRICT = {True: "a tie is a crisis", False: "ties allowed"}


@dataclass(frozen=True)
class Ranked:
    """A ranking on either side: which one, and whether a tie is a crisis.

    ``strict`` None: the side cannot tell (a count like ``max_hand`` is the same
    whoever ties; a standing prohibition is only consulted when someone tries the
    act, so card 142's "o jogador mais alto no campo não pode alterá-lo" is, by
    its own note, no crisis when two players tie: both encodings are accepted).
    """

    rank: str
    strict: bool | None
    words: str


def text_ranks(text: str) -> list[Ranked]:
    """ "o jogador com mais cartas" and "o segundo jogador..." name exactly one player,
    "os 2 jogadores com menos cartas" exactly two; "o(s) jogador(es)" tolerates ties."""
    found = []
    for pattern in (CARDS_RANK, ROW_RANK):
        for match in pattern.finditer(text):
            plural = (match.group("pl") or "").lower()
            tolerant = plural == "(es)" or bool(match.groupdict().get("pl2"))
            if plural == "es":
                tolerant = not match.group("num")  # "os 2 jogadores": exactly two
            direction = match.group("dir").split()[0].lower()
            words = quote(match.group(0))
            found.append(Ranked(RANK_WORD[direction], not tolerant, words))
    return found


def effect_ranks(block: Block) -> list[tuple[Ranked, Use | None]]:
    """The rankings an effect uses, with the selector (None for a computed count)."""
    found: list[tuple[Ranked, Use | None]] = []
    for use in selector_uses(block.items):
        strict: bool | None
        if use.named in RANK_OF_NAMED:
            rank, strict = RANK_OF_NAMED[use.named]
        elif use.query is not None and use.query.rank is not None:
            rank = RANK_OF_QUERY[use.query.rank]
            strict = {"all": False, "choose": None}.get(use.query.take, True)
        else:
            continue
        if isinstance(use.owner, Cannot):
            strict = None
        found.append((Ranked(rank, strict, use.label), use))
    for model in descend(block.items):
        if isinstance(model, Computed) and model.count in TIE_FREE_COUNTS:
            found.append((Ranked(TIE_FREE_COUNTS[model.count], None, model.count), None))
    return found


def check_ranks(block: Block) -> list[str]:
    """"o jogador com mais cartas" is not "o(s) jogador(es) com mais cartas".

    The manual makes a tie on a singular ranking a crisis; the plural form lets
    every tied player act.  A text ranking needs an effect ranking of the same
    kind and tie rule, and each effect ranking needs its words.
    """
    said_all = text_ranks(block.text)
    used = effect_ranks(block)

    def agree(a: Ranked, b: Ranked) -> bool:
        return a.rank == b.rank and (a.strict is None or b.strict is None or a.strict == b.strict)

    said = [(f"'{r.words}' ({STRICT[bool(r.strict)]})",
             f"the text says '{r.words}' ({STRICT[bool(r.strict)]}) but the effect "
             f"has no such {r.rank} ranking")
            for r in said_all if not any(agree(r, u) for u, _ in used)]
    done = []
    for ranked, use in used:
        context = text_ranks(block.so_far) if use is not None and use.excluded else said_all
        if not any(agree(ranked, r) for r in context):
            tie = "" if ranked.strict is None else f" ({STRICT[ranked.strict]})"
            done.append((f"uses {ranked.words}{tie}",
                         f"the effect uses {ranked.words}{tie} but the text has no such "
                         f"{ranked.rank} ranking"))
    return pair(said, done)
