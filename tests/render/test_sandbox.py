"""A template makes nothing past the sandbox's limit in one step: refused before it is made
(or, for ``~``, as soon as it is), where Jinja's own sandbox let ``'x' * 100000000`` through."""

from __future__ import annotations

import time

import pytest
from jinja2.sandbox import SecurityError

from publish.render.sandbox import MAX_MADE, BoundedSandbox

REFUSED = {
    "the probe's repetition": ("{{ 'x' * 100000000 }}", "repeating would make 100,000,000"),
    "repetition, the other way": ("{{ 100000000 * 'x' }}", "repeating"),
    "a list repeated": ("{{ ([1, 2] * 10000000)|length }}", "repeating would make 20,000,000"),
    "a string joined to itself": ("{% set s = 'x' * 600000 %}{{ s + s }}", "joining"),
    "~ doubling in a loop": ("{% set ns = namespace(s='x') %}{% for i in range(40) %}"
                             "{% set ns.s = ns.s ~ ns.s %}{% endfor %}", "joining with ~"),
    "a power's digits": ("{{ 9 ** 999999999 }}", "9 ** 999999999 (its digits)"),
    "a % format's width": ("{{ '%0999999999d' % 1 }}", "a % format would make 999,999,999"),
    "a % format's * width": ("{{ '%*d' % (999999999, 1) }}", "a % format"),
    "str.format's width": ("{{ '{:>999999999}'.format(1) }}", "format() would make"),
    "ljust": ("{{ 'x'.ljust(999999999) }}", "ljust() would make"),
    "center, the filter": ("{{ 'x'|center(999999999) }}", "center would make"),
    "indent": ("{{ ('a\\n' * 1000)|indent(999999) }}", "indent would make"),
    "replace, chained": ("{{ 'x'|replace('', 'yyyyyyyyyy')|replace('y', 'zzzzzzzzzz')"
                         "|replace('z', 'wwwwwwwwww')|replace('w', 'vvvvvvvvvv')"
                         "|replace('v', 'uuuuuuuuuu')|replace('u', 'tttttttttt')"
                         "|replace('t', 'ssssssssss') }}", "replace would make"),
    "batch's fill": ("{{ [1]|batch(999999999, 'x')|list }}", "batch would make"),
    "slice": ("{{ [1]|slice(999999999)|list }}", "slice would make"),
    "join, the filter": ("{% set ns = namespace(l=[]) %}{% for i in range(3000) %}"
                         "{% set _ = ns.l.append('y' * 999) %}{% endfor %}{{ ns.l|join }}",
                         "join would make 2,997,000"),
    "join, the method": ("{% set ns = namespace(l=[]) %}{% for i in range(3000) %}"
                         "{% set _ = ns.l.append('y' * 999) %}{% endfor %}{{ ''.join(ns.l) }}",
                         "join would make"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_step_that_would_make_too_much_is_refused_at_once(case):
    source, said = REFUSED[case]
    start = time.perf_counter()
    with pytest.raises(SecurityError) as refused:
        BoundedSandbox().from_string(source).render()
    assert time.perf_counter() - start < 1
    assert said in str(refused.value)
    assert str(refused.value).endswith(f"over the {MAX_MADE:,} a template may make at once")


@pytest.mark.parametrize(("source", "made"), [
    ("{{ '-' * 40 }}", "-" * 40),
    ("{{ 2 ** 10 }} {{ 1.5 * 2 }} {{ 'a' + 'b' }} {{ 'a' ~ 'b' }}", "1024 3.0 ab ab"),
    ("{{ '%05.1f' % 3.14159 }} {{ '{:>4}'.format(7) }}", "003.1    7"),
    ("{{ 'x'|center(5) }}|{{ ['a', 'b']|join(', ') }}", "  x  |a, b"),
    ("{{ 'ab'|replace('b', 'cd') }} {{ [1, 2, 3]|batch(2)|list }}", "acd [[1, 2], [3]]"),
    ("{{ 'x' * 999999 ~ '' == 'x' * 999999 }}", "True"),  # up to the limit
])
def test_what_templates_do_within_the_limit_is_made_as_before(source, made):
    assert BoundedSandbox().from_string(source).render() == made
