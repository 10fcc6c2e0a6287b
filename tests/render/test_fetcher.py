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


def drawn_colours(demo_docs, html: str, greyscale: bool) -> set[tuple[int, ...]]:
    """The colours of the first page's middle row, as pdfium draws it."""
    import pypdfium2 as pdfium

    from publish.render.pdf import write_pdf

    laid = render(html, demo_docs, "t", [demo_docs / "art"], greyscale=greyscale)
    page = pdfium.PdfDocument(write_pdf(laid, "t"))[0]
    image = page.render(scale=1).to_pil().convert("RGB")
    return {image.getpixel((x, 40)) for x in range(10, 150)}


@pytest.mark.parametrize(("name", "mode"), [("art.png", "RGB"), ("art.jpg", "RGB"),
                                            ("clear.png", "RGBA")])
def test_a_black_and_white_document_shows_its_pictures_in_grey(demo_docs, name, mode):
    from PIL import Image

    (demo_docs / "art").mkdir(exist_ok=True)
    colour = (200, 30, 40, 255)[:len(mode)]
    Image.new(mode, (60, 40), colour).save(demo_docs / "art" / name)
    html = (f"<style>@page {{ size: 60mm 40mm; margin: 0 }} body {{ margin: 0 }}</style>"
            f"<img src='art/{name}' style='width: 60mm; height: 40mm; display: block'>")
    coloured = drawn_colours(demo_docs, html, greyscale=False)
    assert any(r - b > 100 for r, _, b in coloured)
    grey = drawn_colours(demo_docs, html, greyscale=True)
    assert grey and all(max(c) - min(c) <= 2 for c in grey), grey
    luma = round(0.299 * 200 + 0.587 * 30 + 0.114 * 40)  # ITU-R 601, as Pillow's "L"
    assert any(abs(c[0] - luma) <= 3 for c in grey), (grey, luma)


def test_a_picture_in_a_data_url_turns_grey_too(demo_docs):
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (60, 40), (20, 200, 30)).save(buffer, format="PNG")
    url = "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()
    html = (f"<style>@page {{ size: 60mm 40mm; margin: 0 }} body {{ margin: 0 }}</style>"
            f"<div style='width: 60mm; height: 40mm; background: url({url}) 0 0 / 100% 100%'>"
            f"</div>")
    grey = drawn_colours(demo_docs, html, greyscale=True)
    assert all(max(c) - min(c) <= 2 for c in grey), grey
