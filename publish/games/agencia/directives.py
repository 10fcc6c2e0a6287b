"""Agência's own rules-Markdown directives, in its words.

`{ideology id}` names one of the seven ideologies; written as a heading
(`### {ideology id}`) it opens that ideology's hegemony section, whose first
paragraph is its hegemony condition; `{hegemonies}` tables every ideology with
its condition and its cards.  The core's group sections do the work
(publish.docs.directives.groups); the engine offers these through
`AgenciaEngine.directives()`.
"""

from __future__ import annotations

from publish.docs.directives.base import Directive
from publish.docs.directives.groups import GroupSections

HEGEMONIES = GroupSections(heading="ideology", table="hegemonies", section="hegemony section")

DIRECTIVES: dict[str, Directive] = HEGEMONIES.directives()
