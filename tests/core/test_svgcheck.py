"""SVG drawings (icons, art) are checked by parsing, case-blind, before they are inlined."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import REPO, run
from publish.core.svgcheck import UnsafeSvg, safe_svg
from publish.model.icons import icon_problems
from publish.model.load import load_game

SVG = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'

UNSAFE = {
    "script lower case": (f"<svg {SVG}><script>alert(1)</script></svg>", "<script>"),
    "script upper case": (f"<svg {SVG}><SCRIPT>alert(1)</SCRIPT></svg>", "<SCRIPT>"),
    "event attribute": (f'<svg {SVG} onload="alert(1)"/>', "event attribute onload"),
    "event attribute, mixed case": (f'<svg {SVG}><g OnClick="x"/></svg>', "OnClick"),
    "style @import": (f'<svg {SVG}><style>@import "http://e.example/a.css";</style></svg>',
                      "@import"),
    "style @import escaped": (f'<svg {SVG}><style>@IMP\\4f RT "a.css";</style></svg>',
                              "@import"),
    "style url() outside": (f"<svg {SVG}><style>g {{ fill: url(/etc/x.svg#a) }}</style></svg>",
                            "url(/etc/x.svg#a)"),
    "style attribute url()": (f'<svg {SVG}><rect style="fill:URL(http://e.example/)"/></svg>',
                              "points outside"),
    "image href": (f'<svg {SVG}><image href="file:///etc/passwd"/></svg>', "href="),
    "xlink:href": (f'<svg {SVG}><use xlink:href="other.svg#a"/></svg>', "href="),
    "foreignObject": (f"<svg {SVG}><foreignObject><div/></foreignObject></svg>",
                      "<foreignObject>"),
    "HTML that ends the drawing": (f'<svg {SVG}><img src="x"/></svg>', "<img>"),
    "entity from a document type": ('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                                    f"<svg {SVG}>&x;</svg>", "document type"),
    "processing instruction": (f'<?xml-stylesheet href="a.css"?><svg {SVG}/>',
                               "processing instruction"),
    "not SVG": ("<html/>", "its root element is <html>"),
    "not XML": (f"<svg {SVG}><g></svg>", "not well-formed"),
    "a second drawing after the first": (f"<svg {SVG}/><svg {SVG}/>", "not well-formed"),
}


@pytest.mark.parametrize("case", sorted(UNSAFE))
def test_an_unsafe_drawing_is_refused_saying_why(case):
    svg, why = UNSAFE[case]
    with pytest.raises(UnsafeSvg) as refused:
        safe_svg(svg)
    assert why in str(refused.value)


def test_internal_links_gradients_and_styles_pass_and_the_drawing_is_what_was_read():
    svg = (f'<?xml version="1.0"?>\n<!-- drawn by hand --><svg {SVG} viewBox="0 0 8 8">'
           '<defs><linearGradient id="g"/></defs><style>.a { fill: url(#g) }</style>'
           '<rect class="a" style="fill: url(#g)" width="8" height="8"/>'
           '<use xlink:href="#g"/></svg>\n')
    assert safe_svg(svg) == svg[svg.index("<svg"):].strip()


@pytest.mark.parametrize("path", sorted((REPO / "cards").glob("*/icons/*.svg")),
                         ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_the_repository_icons_pass_unchanged(path: Path):
    svg = path.read_text(encoding="utf-8")
    assert safe_svg(svg) == svg[svg.index("<svg"):].strip()


@pytest.mark.parametrize("case", ["script upper case", "style @import", "event attribute"])
def test_an_unsafe_icon_is_a_located_problem_of_check_not_a_renderer_error(demo, case):
    icon = demo / "cards" / "demo" / "icons" / "estrela.svg"
    icon.write_text(UNSAFE[case][0], encoding="utf-8")
    game, _ = load_game(demo, "demo")
    problems = icon_problems(game)
    assert [str(p.location) for p in problems] == [f"{icon}:1:1"]
    assert problems[0].message.startswith("icon :estrela: ")
    assert UNSAFE[case][1] in problems[0].message
    result = run("check", "--project", str(demo), "--game", "demo")
    assert result.exit_code == 1 and "fetch_url" not in result.output
