"""What WeasyPrint reads, it reads through the fetcher: a picture with more pixels than a build
may decode is refused from its header, whether a file or a data: URL, before it is decoded;
a drawing that draws too much, before it is drawn."""

from __future__ import annotations

import base64

import pytest
from bombs import use_bomb, write_png

from publish.model.images import MAX_PIXELS
from publish.render import fetcher
from publish.render.pdf import RenderError, render


def test_a_templates_picture_over_the_pixel_limit_is_refused_naming_it(demo_docs):
    write_png(demo_docs / "art" / "big.png", 8_000, 6_000)  # a header saying so, no pixels
    with pytest.raises(RenderError) as info:
        render('<img src="art/big.png">', demo_docs, "deck alpha (pt-BR)", [demo_docs / "art"])
    assert str(info.value) == (
        f"deck alpha (pt-BR): refused art/big.png: it is 8,000 x 6,000 px, over the limit of "
        f"{MAX_PIXELS:,} pixels (width times height) a picture may have; scale it down")


def test_a_picture_in_a_data_url_is_held_to_the_same_limit(demo_docs):
    write_png(demo_docs / "big.png", 30_000, 30_000)
    url = "data:image/png;base64," + base64.b64encode((demo_docs / "big.png").read_bytes()
                                                      ).decode()
    with pytest.raises(RenderError, match="refused a data: URL: it is 900,000,000 pixels, over "
                                          "the limit"):
        render(f'<div style="background: url({url})">x</div>', demo_docs, "t", [demo_docs])


def test_a_picture_within_the_limit_is_drawn(demo_docs):
    write_png(demo_docs / "art" / "small.png", 40, 30, whole=True)
    laid = render('<img src="art/small.png">', demo_docs, "t", [demo_docs / "art"])
    assert len(laid.pages) == 1


def test_a_templates_drawing_that_draws_too_much_is_refused_before_it_is_drawn(demo_docs):
    (demo_docs / "art").mkdir()
    (demo_docs / "art" / "frame.svg").write_text(use_bomb())
    with pytest.raises(RenderError, match=r"^t: refused art/frame.svg, line 8: it draws more "
                                          r"than 50,000 elements"):
        render('<img src="art/frame.svg">', demo_docs, "t", [demo_docs / "art"])
    url = "data:image/svg+xml;base64," + base64.b64encode(use_bomb().encode()).decode()
    with pytest.raises(RenderError, match="refused a data: URL, line 8: it draws more"):
        render(f'<img src="{url}">', demo_docs, "t", [demo_docs])


def test_a_file_over_the_picture_size_limit_is_refused_before_it_is_read(demo_docs,
                                                                         monkeypatch):
    monkeypatch.setattr(fetcher, "MAX_PICTURE_BYTES", 100)
    size = write_png(demo_docs / "art" / "long.png", 20_000, 100, whole=True)
    with pytest.raises(RenderError, match=f"^t: refused art/long.png: {size:,} bytes, over the "
                                          "100 a file a document shows may have$"):
        render('<img src="art/long.png">', demo_docs, "t", [demo_docs / "art"])
