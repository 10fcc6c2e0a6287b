"""Card entries written back in YAML that keeps its comments, key order and quoting.

ruamel.yaml's round-trip mode holds a deck file's comments, key order, quotes
and flow style; a changed card is edited in place (only its changed keys get
new values, each in the style the old value or the file's other cards use)
and written out alone, to be put back in the file's text (spans.py), so no
other card can change by a byte.  ruamel.yaml is imported here only, when an
import writes: it costs every other command nothing.

The project reads YAML 1.1 (PyYAML): a new value plain to ruamel's YAML 1.2
but not text to PyYAML (yes, on, 1_000, a date) is quoted.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from typing import Any

import yaml

from publish.app.sheets.columns import card_keys
from publish.model.game import GameConfig

_RESOLVER = yaml.resolver.Resolver()
_STR = "tag:yaml.org,2002:str"
_LEADING_ZERO = re.compile(r"0\d+")


def _yaml() -> Any:
    from ruamel.yaml import YAML

    rt = YAML(typ="rt")
    rt.preserve_quotes = True
    rt.width = 1 << 30
    rt.brace_single_entry_mapping_in_flow_sequence = True
    rt.indent(mapping=2, sequence=4, offset=2)
    return rt


def load_entries(text: str) -> list[Any]:
    """The card entries of a deck file's text, as ruamel.yaml's round-trip mappings."""
    return list(_yaml().load(text)["cards"])


def render(entry: Any, dash: int) -> str:
    """One entry as the lines of a block sequence item, its dash at column ``dash``;
    comments after its last value (they belong to what follows) are left out."""
    out = io.StringIO()
    _yaml().dump([entry], out)
    lines = out.getvalue().splitlines(keepends=True)
    while lines and (not lines[-1].strip() or lines[-1].lstrip().startswith("#")):
        lines.pop()
    shift = dash - (len(lines[0]) - len(lines[0].lstrip()))
    return "".join(_shifted(line, shift) for line in lines)


def _shifted(line: str, shift: int) -> str:
    if not line.strip():
        return line
    return " " * shift + line if shift >= 0 else line[-shift:]


def house_styles(entries: list[Any]) -> dict[Any, type]:
    """The quoting each kind of text has in a file (its notes double-quoted, say), to write
    new text like its neighbours: by key, and by ("text", kind) for blocks."""
    seen: dict[Any, Counter[type]] = {}
    for entry in entries:
        for key, value in entry.items():
            if isinstance(value, str):
                seen.setdefault(key, Counter())[type(value)] += 1
            elif key == "text" and isinstance(value, list):
                for block in value:
                    for kind, text in (block.items() if isinstance(block, dict) else ()):
                        if kind != "effect" and isinstance(text, str):
                            seen.setdefault(("text", kind), Counter())[type(text)] += 1
    return {slot: counts.most_common(1)[0][0] for slot, counts in seen.items()}


def scalar(text: str, like: type | None) -> Any:
    """``text`` as a YAML string: in a block if it has several lines, quoted like ``like``
    (a ruamel quoted string type), and quoted anyway if PyYAML would not read it as text."""
    from ruamel.yaml.scalarstring import (
        DoubleQuotedScalarString,
        FoldedScalarString,
        LiteralScalarString,
        SingleQuotedScalarString,
    )

    if "\n" in text:
        return LiteralScalarString(text)
    if like in (DoubleQuotedScalarString, SingleQuotedScalarString, FoldedScalarString):
        return like(text)
    plain = _RESOLVER.resolve(yaml.ScalarNode, text, (True, False))
    if plain != _STR or _LEADING_ZERO.fullmatch(text):
        return DoubleQuotedScalarString(text)
    return text


def flowing(value: Any) -> Any:
    """A list or mapping in flow style ([a, b], {do: draw, n: 1}), as the files write
    tags, copies and effects; its strings quoted where PyYAML needs it."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if isinstance(value, dict):
        made: Any = CommentedMap((k, flowing(v)) for k, v in value.items())
    elif isinstance(value, list):
        made = CommentedSeq(flowing(v) for v in value)
    else:
        return scalar(value, None) if isinstance(value, str) else value
    made.fa.set_flow_style()
    return made


def house_order(entries: list[Any], config: GameConfig) -> list[str]:
    """The order a file writes a card's keys in (its cards' own, merged), with the keys it
    never writes put where the table's order has them."""
    order: list[str] = []
    for entry in entries:
        before = -1
        for key in entry:
            if key not in order:
                order.insert(before + 1, key)
            before = order.index(key)
    table = card_keys(config)
    for key in table:
        if key not in order:
            order.insert(_after(order, key, table), key)
    return order


def _after(keys: list[str], key: str, order: list[str]) -> int:
    """Where ``key`` goes among ``keys``: after the last one ``order`` puts before it."""
    rank = order.index(key) if key in order else len(order)
    before = [i for i, k in enumerate(keys) if k in order and order.index(k) < rank]
    return before[-1] + 1 if before else 0


def new_entry(values: dict[str, Any], order: list[str], styles: dict[Any, type]) -> Any:
    """A new card's entry, its keys in the file's order."""
    from ruamel.yaml.comments import CommentedMap

    entry = CommentedMap()
    for key in sorted(values, key=lambda k: order.index(k) if k in order else len(order)):
        entry[key] = _value(key, values[key], None, styles)
    return entry


def edit(entry: Any, keys: dict[str, Any], order: list[str], styles: dict[Any, type]) -> None:
    """Set the changed keys of an entry (None: remove), each where it was, a new one where
    the file's order puts it among the keys there."""
    for key, value in keys.items():
        if value is None:
            entry.pop(key, None)
        elif key in entry:
            entry[key] = _value(key, value, entry[key], styles)
        else:
            entry.insert(_after(list(entry), key, order), key, _value(key, value, None, styles))


def _value(key: str, value: Any, old: Any, styles: dict[Any, type]) -> Any:
    """A value to write for ``key``, in the style of the old one or of the file."""
    if key == "number":
        return scalar(str(value), _double())
    if key == "text" and isinstance(value, list):
        return _blocks(value, old, styles)
    if key == "copies" and isinstance(value, dict) and hasattr(old, "fa"):
        old.clear()
        old.update(value)
        return old
    if isinstance(value, (list, dict)):
        return flowing(value)
    if isinstance(value, str):
        return scalar(value, type(old) if isinstance(old, str) else styles.get(key))
    return value


def _double() -> type:
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString

    return DoubleQuotedScalarString


def _blocks(blocks: list[dict[str, Any]], old: Any, styles: dict[Any, type]) -> Any:
    """Text blocks: each one edited where it was (its effect's style kept), new ones added,
    the surplus removed."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    seq = old if isinstance(old, CommentedSeq) else CommentedSeq()
    for index, block in enumerate(blocks):
        before = seq[index] if index < len(seq) else None
        kind, text = next((k, v) for k, v in block.items() if k != "effect")
        made = CommentedMap()
        if isinstance(before, CommentedMap) and kind in before:
            same = before[kind]
            made[kind] = same if same == text else scalar(text, type(same))
        else:
            made[kind] = scalar(text, styles.get(("text", kind)))
        if "effect" in block:
            if isinstance(before, CommentedMap) and before.get("effect") == block["effect"]:
                made["effect"] = before["effect"]
            else:
                made["effect"] = flowing(block["effect"])
        if isinstance(before, CommentedMap) and list(before.items()) == list(made.items()):
            continue
        if before is None:
            seq.append(made)
        else:
            seq[index] = made
    del seq[len(blocks):]
    return seq
