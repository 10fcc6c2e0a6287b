"""Where a game's catalogs live, how they are read and written, and how they follow the source.

Each domain has a template (``locale/<domain>.pot``, made by ``publish i18n
extract``) and one PO file per edition.  Merging a PO with the current
messages keeps every translation: a message whose source text changed keeps
its old translation, flagged fuzzy with the previous source beside it, so
the translator sees what changed; messages gone from the source stay in the
file as obsolete (``#~``) instead of being lost.
"""

from __future__ import annotations

import difflib
import io
import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import denormalize, normalize, read_po, write_po

from publish.core.atomic import write_atomic
from publish.core.problems import Location, Problem, ProblemsFound
from publish.core.projectfiles import read_bytes
from publish.core.sourcedate import now
from publish.core.sourcetext import MAX_BYTES, byte_location
from publish.i18n.plurals import plural_forms

CLOSE_ENOUGH = 0.6
"""How alike two source texts must be for one's translation to be offered, fuzzy, for the other."""

MAX_MESSAGES = 100_000
"""The most entries (``msgid``, obsolete ones too) a catalog may hold: ten for each card a
game may have (publish.model.load.MAX_CARDS), where the largest in this repository holds
657.  Counted in the file's bytes before babel reads it: babel takes about 28 µs and 1.3 KB
an entry (a PO of a million entries: 28 s and 1.3 GB).  The file itself is held to
publish.core.sourcetext.MAX_BYTES, read no further."""

_ENTRY = re.compile(rb"^(?:#~[ \t]*)?msgid[ \t]", re.MULTILINE)
_TOO_BIG = ("that is more than any game's messages; check that this is the catalog "
            "`publish i18n update` wrote")


@dataclass(frozen=True)
class Domain:
    """One catalog of a game: what it holds and whether its contexts name one message each."""

    name: str
    description: str
    keyed: bool = False
    """Contexts are keys ("card 049 text 1"): an edited text keeps its context."""


DOMAINS = (
    Domain("cards", "card names, effect texts and notes; the game's decks, kinds and groups",
           keyed=True),
    Domain("rules", "the rules chapters, summaries and example commentary, paragraph by "
                    "paragraph"),
    Domain("ui", "the words of the game's own templates"),
    Domain("templates", "the words of the shared templates and of the renderer, for every game"),
    Domain("glossary", "the game's terms, translated one way each"),
)


CARDS = "cards"
"""The domain of the cards' words and the game's (its decks, kinds, groups, fields)."""
CARD_MESSAGES = "card "
"""How the context of a card's own message in that domain begins ("card 042 name"): the
rest of the domain is the game's words."""
SHARED = "templates"
"""The domain every game of a project shares: it lives with the shared templates."""


def locale_dir(game_root: Path, domain: str = "") -> Path:
    """``cards/<game>/locale``; for the shared domain, ``templates/_common/locale``."""
    if domain == SHARED:
        return game_root.parent.parent / "templates" / "_common" / "locale"
    return game_root / "locale"


def pot_path(game_root: Path, domain: str) -> Path:
    return locale_dir(game_root, domain) / f"{domain}.pot"


def po_path(game_root: Path, locale: str, domain: str) -> Path:
    return (locale_dir(game_root, domain) / locale.replace("-", "_") / "LC_MESSAGES"
            / f"{domain}.po")


def new_catalog(game_name: str, domain: str, locale: str | None = None,
                version: str | None = None) -> Catalog:
    """An empty catalog; in a language, with that language's gettext ``Plural-Forms``
    (publish.i18n.plurals), not Babel's CLDR rule."""
    catalog = Catalog(locale=locale.replace("-", "_") if locale else None, domain=domain,
                      project=game_name, version=version, fuzzy=False, creation_date=now(),
                      header_comment=f"# {game_name}: {domain} catalog.\n#")
    if locale:
        catalog.mime_headers = [("Plural-Forms", plural_forms(locale))]
    return catalog


def read_catalog(path: Path, locale: str | None = None, *, project: Path) -> Catalog:
    """A PO or POT file, read inside ``project`` (publish.core.projectfiles); a syntax error is
    reported with its file and line."""
    raw = read_bytes(path, project, MAX_BYTES, _TOO_BIG)
    over = next(itertools.islice(_ENTRY.finditer(raw), MAX_MESSAGES, None), None)
    if over is not None:
        raise ProblemsFound([Problem(byte_location(path, raw, over.start()), (
            f"more than {MAX_MESSAGES:,} messages in one catalog, the limit: {_TOO_BIG}"))])
    data = io.BytesIO(_PREVIOUS_LINE.sub(b"# " + _PREVIOUS.encode() + b"|", raw))
    try:
        return _previous_sources(read_po(data, locale=locale.replace("-", "_") if locale
                                         else None, abort_invalid=True))
    except Exception as exc:  # babel raises PoFileError, or ValueError on a bad header
        raise ProblemsFound([Problem(Location(path, _error_line(raw, exc), 1),
                                     f"not a readable PO file: {exc}")]) from None


def _error_line(raw: bytes, exc: Exception) -> int:
    """The line of a PO file's error: babel's (counted from 0), else the header's line that
    an encoding or plural-forms error comes from, else the first."""
    line = getattr(exc, "lineno", -1) + 1
    if line > 0:
        return line
    keyword = b"charset=" if isinstance(exc, LookupError | UnicodeError) else b"Plural-Forms"
    lines = raw.split(b"\n")
    return next((i for i, text in enumerate(lines, start=1) if keyword in text), 1)


_PREVIOUS = "\ue000"
"""Marks a ``#|`` line for babel, which reads ``#| ...`` and ``# | ...`` alike."""
_PREVIOUS_LINE = re.compile(rb"^#\|", re.MULTILINE)


def _previous_sources(catalog: Catalog) -> Catalog:
    """Babel reads a fuzzy message's previous source (``#| msgid "..."``) as a translator
    comment and would write it back as ``# | msgid``: give it back to the message, where
    _po_bytes writes it as it was.  Other ``#|`` lines (a previous context) stay marked
    comments, written back as ``#|`` lines."""
    for message in [*catalog, *catalog.obsolete.values()]:
        parts: dict[str, list[str]] = {}
        kept, key = [], None
        for comment in message.user_comments:
            body = comment.removeprefix(_PREVIOUS + "|").strip()
            word = body.partition(" ")[0]
            if comment.startswith(_PREVIOUS) and word in ("msgid", "msgid_plural"):
                key = word
                parts[key] = [body.partition(" ")[2]]
            elif comment.startswith(_PREVIOUS) and key and body.startswith('"'):
                parts[key].append(body)
            else:
                kept.append(comment)
                key = None
        if "msgid" in parts:
            message.user_comments = kept
            message.previous_id = [denormalize("\n".join(parts[k]))
                                   for k in ("msgid", "msgid_plural") if k in parts]
    return catalog


_DATES = re.compile(rb'^"(?:POT-Creation|PO-Revision)-Date: .*$', re.MULTILINE)
_GENERATED_BY = re.compile(r'^"Generated-By: Babel [^"\\]*\\n"$', re.MULTILINE)
"""Babel's header line with its own version: a catalog's bytes must not change with Babel's."""


def write_catalog(path: Path, catalog: Catalog) -> bool:
    """Write atomically, in source order, with the previous source of fuzzy messages.

    A file whose content would differ only by its dates is left alone (no
    churn in version control); returns whether the file was written.
    """
    data = _po_bytes(catalog)
    if path.is_file() and _DATES.sub(b"", path.read_bytes()) == _DATES.sub(b"", data):
        return False
    write_atomic(path, data)
    return True


def _po_bytes(catalog: Catalog) -> bytes:
    """The PO file's bytes.  Babel wraps a long previous source (``#| msgid``) as a comment,
    joining its quoted lines into one, which no reader takes back: each is written by
    babel as a placeholder, then replaced by the source quoted line by line, as msgmerge
    writes it (and _previous_sources reads it)."""
    sources: dict[str, str] = {}
    kept = {}
    for index, message in enumerate(m for m in catalog if m.previous_id):
        kept[index] = message, message.previous_id
        holders = []
        for part, text in enumerate(message.previous_id):
            holders.append(f"@@publish-previous-{index}-{part}@@")
            sources[holders[-1]] = text
        message.previous_id = holders
    buffer = io.BytesIO()
    try:
        write_po(buffer, catalog, width=79, sort_output=False, include_previous=True,
                 ignore_obsolete=False)
    finally:
        for message, previous in kept.values():
            message.previous_id = previous
    text = buffer.getvalue().decode(catalog.charset or "utf-8")
    for holder, source in sources.items():
        text = text.replace(f'"{holder}"', normalize(source, prefix="#| ", width=79), 1)
    text = text.replace(f"# {_PREVIOUS}|", "#|")
    text = _GENERATED_BY.sub(r'"Generated-By: Babel\\n"', text, count=1)
    return text.encode(catalog.charset or "utf-8")


def translated(message: Message) -> bool:
    """Whether the message has a translation: for a plural message, every form."""
    string = message.string
    return all(string) if isinstance(string, tuple | list) else bool(string)


def key(message: Message) -> tuple[str | None, str]:
    return message.context, str(message.id)


def merge(template: Catalog, old: Catalog, domain: Domain) -> Catalog:
    """``old``'s translations carried onto ``template``'s messages (see the module docstring)."""
    merged = new_catalog(template.project, domain.name, str(old.locale) if old.locale else None,
                         template.version)
    merged.header_comment = old.header_comment
    # the file's own plural rule, as msgmerge keeps it: the translator chose it, and the
    # forms written against it must not change with the CLDR data of Babel's release
    merged.mime_headers = [(k, v) for k, v in old.mime_headers if k == "Plural-Forms"]
    merged.language_team = old.language_team
    merged.last_translator = old.last_translator
    previous = {key(m): m for m in old if m.id}
    previous.update(_obsolete(old))
    wanted = {key(m) for m in template if m.id}
    spare: dict[str | None, list[Message]] = {}
    for k, m in previous.items():
        if k not in wanted and translated(m):
            spare.setdefault(m.context, []).append(m)
    used: set[tuple[str | None, str]] = set()
    for message in template:
        if not message.id:
            continue
        new = _clone(message)
        before = previous.get(key(message))
        if before is not None:
            new.string, new.flags = before.string, set(before.flags) | new.flags
            new.user_comments = list(before.user_comments)
            if "fuzzy" in before.flags and before.previous_id:
                new.previous_id = list(before.previous_id)
            used.add(key(before))
        else:
            match = _closest(message, spare.get(message.context, []), domain, used)
            if match is not None:
                new.string = match.string
                new.flags = set(new.flags) | {"fuzzy"}
                new.previous_id = [str(match.id)]
                new.user_comments = list(match.user_comments)
                used.add(key(match))
        merged[new.id] = new
    for k, m in previous.items():
        if k not in used and k not in wanted and translated(m):
            context, msgid = k  # filed as Babel files obsolete messages: id, or (id, context)
            merged.obsolete[msgid if context is None else (msgid, context)] = m
    return merged


def _obsolete(catalog: Catalog) -> Iterable[tuple[tuple[str | None, str], Message]]:
    for message in catalog.obsolete.values():
        yield key(message), message


def _clone(message: Message) -> Message:
    return Message(message.id, "", locations=list(message.locations),
                   flags=set(message.flags) - {"fuzzy"},
                   auto_comments=list(message.auto_comments), context=message.context)


def _closest(message: Message, candidates: list[Message], domain: Domain,
             used: set[tuple[str | None, str]]) -> Message | None:
    free = [m for m in candidates if key(m) not in used]
    if domain.keyed:
        return free[0] if free else None
    best, score = None, CLOSE_ENOUGH
    for candidate in free:
        ratio = difflib.SequenceMatcher(None, str(message.id), str(candidate.id)).ratio()
        if ratio >= score:
            best, score = candidate, ratio
    return best


def domain(name: str) -> Domain:
    return next(d for d in DOMAINS if d.name == name)
