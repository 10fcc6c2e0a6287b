"""A template's mistake is a message at the template's line, from a build's worker and from
`publish check` alike: never "internal error"."""

from __future__ import annotations

import pytest

from conftest import run
from publish.render.misuse import template_misuse
from publish.render.sandbox import BoundedSandbox

MISUSES = {
    "a range over the sandbox's": ("{{ range(100000000)|list }}",
                                   "Range too big. The sandbox blocks ranges larger than "
                                   "MAX_RANGE (100000). (OverflowError)"),
    "an attribute the sandbox refuses": ("{{ card.name.__class__ }}",
                                         "access to attribute '__class__' of 'Markup' object "
                                         "is unsafe."),
    "an attribute its data lacks": ("{{ card.name.nope }}", "no 'nope' in this Markup"),
    "a call of what is no function": ("{{ card.name() }}",
                                      "'Markup' object is not callable (TypeError)"),
    "a division by zero": ("{{ 1 / 0 }}", "division by zero (ZeroDivisionError)"),
    "a step that makes too much": ("{{ 'x' * 100000000 }}",
                                   "repeating would make 100,000,000 characters or items"),
}


def misuse(project, expression: str):
    path = project / "templates" / "demo" / "cards.html.j2"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('<div class="panel">', f'<div class="panel">{expression}', 1),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("case", sorted(MISUSES))
def test_a_build_says_a_templates_mistake_at_its_line(demo_docs, case):
    expression, said = MISUSES[case]
    path = misuse(demo_docs, expression)
    result = run("build", "decks", "--deck", "alpha", "--project", str(demo_docs),
                 "--game", "demo")
    assert result.exit_code == 1, result.output
    assert result.output.startswith(f"{path}:6: {said}"), result.output
    assert "internal error" not in result.output


@pytest.mark.parametrize("case", ["a range over the sandbox's", "a call of what is no function"])
def test_check_says_it_too_where_the_rules_draw_a_face(demo_docs, case):
    expression, said = MISUSES[case]
    path = misuse(demo_docs, expression)
    rules = demo_docs / "cards" / "demo" / "rules" / "pt-BR" / "01-regras.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n{face 001}\n", encoding="utf-8")
    result = run("check", "--project", str(demo_docs), "--game", "demo")
    assert result.exit_code == 1
    assert result.output.startswith(f"{path}:6: {said}"), result.output


def test_an_exception_from_python_code_a_template_calls_is_no_template_mistake():
    def helper() -> None:
        raise KeyError("a bug of ours")

    template = BoundedSandbox().from_string("{{ helper() }}")
    with pytest.raises(KeyError) as raised:
        template.render(helper=helper)
    assert template_misuse(raised.value) is None
    with pytest.raises(ZeroDivisionError) as raised:
        template.render(helper=lambda: 1 / 0)  # a lambda of this module: still not a template
    assert template_misuse(raised.value) is None
