"""A drawing is measured, its references followed, before anything draws it: the probe's
2 KB SVG that draws a billion rectangles is refused at the group that draws too much."""

from __future__ import annotations

import time

import pytest
from bombs import PEAK_MB, SECONDS, measured, use_bomb

from conftest import declare, give
from publish.core.svgsize import MAX_DRAWN, TooMuchDrawn, check_drawing

SVG = '<svg xmlns="http://www.w3.org/2000/svg">'


def refused(svg: str) -> TooMuchDrawn:
    with pytest.raises(TooMuchDrawn) as info:
        check_drawing(svg.encode())
    return info.value


def test_the_probes_use_bomb_is_refused_at_once_at_the_group_over_the_limit():
    start = time.perf_counter()
    said = refused(use_bomb())
    assert time.perf_counter() - start < 1
    assert said.line == 8  # group a5 draws 100,000 rectangles: the first over 50,000
    assert str(said).startswith(f"it draws more than {MAX_DRAWN:,} elements once what its "
                                "<use>, patterns and markers repeat is counted")


def test_reuse_within_the_limit_passes():
    check_drawing(use_bomb(levels=4).encode())  # 1,000 rectangles


def test_a_drawing_that_refers_to_itself_is_refused():
    said = refused(f'{SVG}\n<g id="a">\n<g><use href="#b"/></g></g>\n'
                   '<g id="b"><use href="#a"/></g></svg>')
    assert "it refers to itself" in str(said) and said.line in (2, 4)


@pytest.mark.parametrize("style", [
    'marker-mid="url(#m)"',  # an attribute
    'style="fill: none; marker-mid: url(#m)"',  # a style attribute
    "",  # a stylesheet
])
def test_a_marker_counts_once_per_vertex_of_its_path(style):
    sheet = "<style>path { marker-mid: url(#m) }</style>" if not style else ""
    marker = '<marker id="m">' + "<rect/>" * 100 + "</marker>"
    path = f'<path d="M {"1 2 " * 600}" {style}/>'
    assert refused(f"{SVG}{sheet}<defs>{marker}</defs>{path}</svg>").line == 1


def test_patterns_and_other_url_references_count_what_they_draw():
    pattern = '<pattern id="p">' + "<rect/>" * 1000 + "</pattern>"
    shapes = '<rect fill="url(#p)"/>' * 60
    refused(f"{SVG}<defs>{pattern}</defs>{shapes}</svg>")


def test_nesting_thousands_deep_is_measured_without_recursion():
    refused(SVG + "<g>" * 60_000 + "</g>" * 60_000 + "</svg>")
    check_drawing((SVG + "<g>" * 20_000 + "</g>" * 20_000 + "</svg>").encode())


def test_the_probes_use_bomb_as_art_and_as_an_icon_fails_check_and_build(demo_docs):
    declare(demo_docs, "fields:\n  art: {type: image}\n")
    give(demo_docs, "Primeira", "art: art/001.svg")
    (demo_docs / "cards" / "demo" / "art").mkdir()
    (demo_docs / "cards" / "demo" / "art" / "001.svg").write_text(use_bomb())
    icon = demo_docs / "cards" / "demo" / "icons" / "estrela.svg"
    icon.write_text(use_bomb())
    done = measured(["build", "--project", str(demo_docs), "--game", "demo"])
    assert done.status == 1, done.output
    assert (f"alpha.yaml:5:10: card 001 art: art/001.svg, line 8: it draws more than "
            f"{MAX_DRAWN:,} elements") in done.output
    assert f"{icon}:8:1: icon :estrela: it draws more than {MAX_DRAWN:,} elements" \
        in done.output
    assert done.seconds < SECONDS and done.peak_mb < PEAK_MB, done
