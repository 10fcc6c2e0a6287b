"""The plural rule of a language, one for every catalog: GNU gettext's.

A catalog's ``Plural-Forms`` header says how many forms each counted message has and which
one a number takes.  There are two sources for it: the table GNU gettext's ``msginit``
writes (and Poedit, Weblate and GNOME use), and CLDR's rules, which Babel follows.  They
differ: since 2022 CLDR gives French, Spanish, Italian and Portuguese a third form for round
millions ("1 000 000 de cartes"), which no card game prints, which msgfmt, Poedit and most
translation platforms do not expect, and which changes with each Babel release's CLDR data.
So every catalog this toolchain writes, and every count it prints, follows gettext's table
below (the languages ``msginit`` knows, copied from its output); a language the table lacks
takes Babel's rule, the only one there is for it.  docs/i18n.md says so for translators.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from functools import cache

from babel.messages.plurals import get_plural

_TWO = "nplurals=2; plural=(n != 1);"
_ONE = "nplurals=1; plural=0;"
_EAST_SLAVIC = ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
                "(n%100<10 || n%100>=20) ? 1 : 2);")
_WEST_SLAVIC = "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"

GETTEXT_PLURAL_FORMS: dict[str, str] = {
    **dict.fromkeys(("bg", "da", "de", "el", "en", "eo", "es", "et", "fi", "fo", "he", "hu",
                     "it", "nb", "nl", "nn", "no", "pt", "sv", "tr"), _TWO),
    **dict.fromkeys(("ja", "ko", "vi"), _ONE),
    **dict.fromkeys(("be", "hr", "ru", "sr", "uk"), _EAST_SLAVIC),
    **dict.fromkeys(("cs", "sk"), _WEST_SLAVIC),
    "fr": "nplurals=2; plural=(n > 1);",
    "pt_BR": "nplurals=2; plural=(n > 1);",
    "ga": "nplurals=3; plural=n==1 ? 0 : n==2 ? 1 : 2;",
    "lt": ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || "
           "n%100>=20) ? 1 : 2);"),
    "lv": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);",
    "pl": ("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) "
           "? 1 : 2);"),
    "ro": "nplurals=3; plural=n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2;",
    "sl": "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);",
}
"""``Plural-Forms`` by language, exactly as ``msginit -l LANG`` writes it (GNU gettext 0.21's
plural table); a regional variant not listed takes its language's."""


def plural_forms(locale: str) -> str:
    """The ``Plural-Forms`` header of ``locale`` (``pt-BR`` or ``pt_BR``): gettext's, else
    Babel's."""
    tag = locale.replace("-", "_")
    found = GETTEXT_PLURAL_FORMS.get(tag) or GETTEXT_PLURAL_FORMS.get(tag.split("_")[0])
    if found is not None:
        return found
    rule = get_plural(tag)
    return f"nplurals={rule.num_plurals}; plural={rule.plural_expr};"


def count_of_forms(locale: str) -> int:
    """How many forms a counted message has in ``locale``."""
    return int(plural_forms(locale).split(";")[0].split("=")[1])


def expression(locale: str) -> str:
    """The C expression of ``locale``'s rule (the header's ``plural=``)."""
    return plural_forms(locale).split("plural=", 1)[1].rstrip(";").strip()


@cache
def compiled(expr: str) -> Callable[[int], int]:
    """A gettext plural expression as a function from a count to its form's index."""
    return gettext.c2py(expr)


def plural_index(locale: str, n: int) -> int:
    """The index of the form ``n`` takes in ``locale``."""
    return compiled(expression(locale))(n)
