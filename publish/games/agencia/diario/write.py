"""Printing a diário in one canonical form.

Every J, PART, ID, CAMPO and CONQ event begins a line; the events of a
jogada follow its J event on the same line, separated by '. ', and nothing
is wrapped.  Parsing what this prints gives back the same events.
"""

from __future__ import annotations

from publish.games.agencia.diario import syntax as sx


def _cards(cards: tuple[str, ...]) -> str:
    return f"[{', '.join(cards)}]" if cards else ""


def consequence(item) -> str:
    """One consequence (or nested event) as the diário writes it."""
    if isinstance(item, sx.Draw):
        return f"{item.player}+{item.n}{_cards(item.cards)}"
    if isinstance(item, sx.Discard):
        return f"{item.player}-{item.n}{_cards(item.cards)}"
    if isinstance(item, sx.Give):
        return f"{item.giver}>{item.n}{_cards(item.cards)}>{item.receiver}"
    if isinstance(item, sx.Exchange):
        return f"{item.a}={item.n}={item.b}"
    if isinstance(item, sx.SwapHands):
        return f"{item.a}=m={item.b}"
    if isinstance(item, sx.SwapCards):
        return f"{item.a}={item.b}"
    if isinstance(item, sx.Change):
        return f"{item.player or ''}+{item.new}-{item.old}"
    if isinstance(item, sx.Flow):
        return "F"
    if isinstance(item, sx.Approval):
        return f"+{item.by}"
    if isinstance(item, sx.Vetoed):
        return "Q"
    if isinstance(item, sx.Position):
        return f"{item.player}@{item.row}:{item.col}"
    if isinstance(item, sx.Alliance):
        return f"{item.a}={item.b}"
    return event(item)


def _args(items) -> str:
    return ", ".join(consequence(i) for i in items)


def event(item) -> str:
    """One event, without its closing '.'."""
    if isinstance(item, sx.Ideologies):
        return "ID(" + ", ".join(f"{who}={ideology}" for who, ideology in item.players) + ")"
    if isinstance(item, sx.Part):
        seats = ", ".join(f"{s.name}={s.position}={s.structure}" for s in item.seats)
        return f"PART{item.number}({seats})"
    if isinstance(item, sx.Campo):
        return f"CAMPO({_args(item.squares)})"
    if isinstance(item, sx.Jogada):
        hand = _cards(item.hand) if item.hand else ""
        return f"J{item.number}({item.player}, {item.uncommitted}{hand}, {item.committed})"
    if isinstance(item, sx.Structure):
        return f"{item.card}({_args(item.consequences)})"
    if isinstance(item, sx.Commit):
        return "+c" if item.delta > 0 else "-c"
    if isinstance(item, sx.Crisis):
        passed = "".join(f"Q({who}), " for who in item.passed)
        return f"X({passed}{consequence(item.change) if item.change else 'Q'})"
    if isinstance(item, sx.Revolt):
        return f"R({consequence(item.change)}, {consequence(item.outcome)})"
    if isinstance(item, sx.Natural):
        rest = f", {_args(item.consequences)}" if item.consequences else ""
        return f"CN({item.card}{rest})"
    if isinstance(item, sx.Move):
        return f"MV({_args(item.consequences)})"
    if isinstance(item, sx.Veto):
        return f"Q({', '.join(item.details)})" if item.details else "Q"
    if isinstance(item, sx.Punishment):
        return f"PU({item.player}-{item.n}{_cards(item.cards)})"
    if isinstance(item, sx.Victory):
        return f"V({', '.join(item.players)})"
    if isinstance(item, sx.Hegemony):
        return f"H({item.player}={item.group})"
    if isinstance(item, sx.Conquests):
        held = ", ".join(f"{who}={n}{_cards(cards)}" for who, n, cards in item.players)
        return f"CONQ({held})"
    raise TypeError(f"not a diário event: {item!r}")


_LINE_STARTS = (sx.Ideologies, sx.Part, sx.Campo, sx.Jogada, sx.Conquests)


def write(log: sx.Log) -> str:
    """The whole log, one line per jogada, ending with a newline."""
    lines: list[str] = []
    for item in log.events:
        text = event(item) + "."
        if not lines or isinstance(item, _LINE_STARTS):
            lines.append(text)
        else:
            lines[-1] += " " + text
    return "\n".join(lines) + "\n" if lines else ""
