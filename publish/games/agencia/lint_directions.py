"""Effect lint, directions: "contrária ao fluxo", "suba"/"desça" match the effect's
fields."""

from __future__ import annotations

from publish.games.agencia.lint_text import Block, block_actions, regex

AGAINST = regex(r"\bcontrária\s+ao\s+fluxo\b")
UP = regex(r"\b(?:suba|subir|sobe)\b")
DOWN = regex(r"\b(?:desça|desce)\b")


def check_directions(block: Block) -> list[str]:
    """"na direção contrária ao fluxo" is ``direction: against``; "Suba" is ``rows: 1``."""
    messages = []
    for action in block_actions(block):
        direction = getattr(action, "direction", None)
        if direction is not None and (direction == "against") != bool(AGAINST.search(
                block.text)):
            says = "says" if direction == "flow" else "does not say"
            messages.append(f"the text {says} 'contrária ao fluxo' but the effect's "
                            f"direction is {direction}")
        rows = getattr(action, "rows", None)
        said, meant = {1: (DOWN, UP), -1: (UP, DOWN)}.get(rows or 0, (None, None))
        contrary = said.search(block.text) if said and meant else None
        if contrary and meant and not meant.search(block.text):
            messages.append(f"the text says '{contrary.group(0)}' but the effect moves "
                            f"{rows:+d} row")
    return messages
