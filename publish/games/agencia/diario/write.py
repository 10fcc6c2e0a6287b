"""Printing a diário, in our canonical form or in the compendium's own style.

Canonical: every J, PART, ID, CAMPO and CONQ event begins a line; the events
of a jogada follow its J event on the same line, separated by '. ', and
nothing is wrapped.  Compendium style (``style="compendio"``), as its
commented game is written: the same lines, wrapped after a ', ' or '. ' to
stay within 70 columns, and no full stop before a J or PART line (CNA 3.3:
those events begin lines, which is what separates them).  Parsing either
gives back the same events.
"""

from __future__ import annotations

from publish.games.agencia.diario import syntax as sx

STYLES = ("canonical", "compendio")
WIDTH = 70  # the compendium's lines


def _cards(cards: tuple[str, ...] | None) -> str:
    return f"[{', '.join(cards)}]" if cards else ""


def _count(n: int | None) -> str:
    return "m" if n is None else str(n)


def consequence(item) -> str:
    """One consequence (or nested event) as the diário writes it."""
    writer = _CONSEQUENCES.get(type(item))
    return writer(item) if writer is not None else event(item)


_CONSEQUENCES = {
    sx.Draw: lambda c: f"{c.player}+{c.n}{_cards(c.cards)}",
    sx.Discard: lambda c: f"{c.player}-{_count(c.n)}{_cards(c.cards)}",
    sx.Give: lambda c: f"{c.giver}>{_count(c.n)}{_cards(c.cards)}>{c.receiver}",
    sx.Exchange: lambda c: f"{c.a}={c.n}={c.b}",
    sx.SwapHands: lambda c: f"{c.a}=m={c.b}",
    sx.SwapCards: lambda c: f"{c.a}={c.b}",
    sx.Change: lambda c: f"{c.player or ''}+{c.new}-{c.old}",
    sx.Withdrawn: lambda c: f"-{c.card}",
    sx.Flow: lambda c: "F",
    sx.Approval: lambda c: f"+{c.by}",
    sx.Vetoed: lambda c: "Q",
    sx.Position: lambda c: f"{c.player}@{c.row}:{c.col}",
    sx.Alliance: lambda c: f"{c.a}={c.b}",
    sx.Breakup: lambda c: f"{c.a}-{c.b}",
}


def _args(items) -> str:
    return ", ".join(consequence(i) for i in items)


def _crisis(item: sx.Crisis) -> str:
    parts = [f"Q({who})" for who in item.passed]
    if item.change is not None:
        parts.append(consequence(item.change))
    parts.extend(consequence(c) for c in item.more)
    if item.unsolved:
        parts.append("Q")
    return f"X({', '.join(parts)})"


def _detail(item) -> str:
    return item if isinstance(item, str) else consequence(item)


def _jogada(item: sx.Jogada) -> str:
    return (f"J{item.number}({item.player}, {item.uncommitted}{_cards(item.hand)}, "
            f"{item.committed}{_cards(item.held)})")


_EVENTS = {
    sx.Ideologies: lambda e: "ID(" + ", ".join(f"{w}={i}" for w, i in e.players) + ")",
    sx.Part: lambda e: f"PART{e.number}(" + ", ".join(
        f"{s.name}={s.position}={s.structure}" for s in e.seats) + ")",
    sx.Campo: lambda e: f"CAMPO({_args(e.squares)})",
    sx.Jogada: _jogada,
    sx.Structure: lambda e: f"{e.card}({_args(e.consequences)})",
    sx.Commit: lambda e: "+c" if e.delta > 0 else "-c",
    sx.Crisis: _crisis,
    sx.Revolt: lambda e: f"R({consequence(e.change)}, {consequence(e.outcome)})",
    sx.Natural: lambda e: f"CN({e.card}{', ' if e.consequences else ''}{_args(e.consequences)})",
    sx.Move: lambda e: f"MV({_args(e.consequences)})",
    sx.Veto: lambda e: f"Q({', '.join(map(_detail, e.details))})" if e.details else "Q",
    sx.Punishment: lambda e: f"PU({e.player}-{e.n}{_cards(e.cards)})",
    sx.Victory: lambda e: f"V({', '.join(e.players)})",
    sx.Hegemony: lambda e: f"H({e.player}={e.group})",
    sx.Conquests: lambda e: "CONQ(" + ", ".join(
        f"{w}={n}{_cards(cards)}" for w, n, cards in e.players) + ")",
}


def event(item) -> str:
    """One event, without its closing '.'."""
    writer = _EVENTS.get(type(item))
    if writer is None:
        raise TypeError(f"not a diário event: {item!r}")
    return writer(item)


_LINE_STARTS = (sx.Ideologies, sx.Part, sx.Campo, sx.Jogada, sx.Conquests)


def _wrap(line: str, width: int = WIDTH) -> list[str]:
    """A line cut after ', ' or '. ' (the space becomes the break) to fit ``width``."""
    out: list[str] = []
    while len(line) > width:
        cut = max(line.rfind(", ", 0, width), line.rfind(". ", 0, width))
        if cut < 0:
            cut = min((i for i in (line.find(", ", width), line.find(". ", width)) if i >= 0),
                      default=-1)
        if cut < 0:
            break
        out.append(line[:cut + 1])
        line = line[cut + 2:]
    return [*out, line]


def write(log: sx.Log, style: str = "canonical") -> str:
    """The whole log, one line per jogada (wrapped in the compendium's style), ending with
    a newline."""
    if style not in STYLES:
        raise ValueError(f"unknown diário style {style!r}; known: {', '.join(STYLES)}")
    lines: list[list] = []  # each line's events
    for item in log.events:
        if not lines or isinstance(item, _LINE_STARTS):
            lines.append([item])
        else:
            lines[-1].append(item)
    texts = []
    for k, items in enumerate(lines):
        text = ". ".join(map(event, items)) + "."
        if style == "compendio":
            following = lines[k + 1][0] if k + 1 < len(lines) else None
            if isinstance(following, sx.Jogada | sx.Part):
                text = text[:-1]  # CNA 3.3: the J or PART line that follows ends it
            texts.extend(_wrap(text))
        else:
            texts.append(text)
    return "\n".join(texts) + "\n" if texts else ""
