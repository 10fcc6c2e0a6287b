import io

import pytest
from PIL import Image
from pypdf import PdfReader

from conftest import REPO
from publish.model.load import load_game
from publish.model.services import load_services
from publish.render.edition import EditionContext
from publish.render.place import single_pdf
from publish.render.printshop import PageSpec, pixels, product_box, rasterise

SERVICES = {sid: product_box(s.name, s.spec.products["poker"])
            for sid, s in load_services().items()}


@pytest.fixture(scope="module")
def historico():
    game, _ = load_game(REPO, "agencia")
    context = EditionContext.make(REPO, game, "pt-BR")
    pdf, items = single_pdf(context, PageSpec("historico", SERVICES["tgc"], "front-back"))
    return PdfReader(io.BytesIO(pdf)), items, pdf


def test_trim_and_bleed_boxes(historico):
    reader, items, _ = historico
    assert len(reader.pages) == 2 * 35  # 35 distinct cards, each front then back
    page = reader.pages[0]
    assert [float(v) for v in page.trimbox] == pytest.approx([0, 0, 180, 252], abs=0.05)
    assert [float(v) for v in page.bleedbox] == pytest.approx([-9, -9, 189, 261], abs=0.05)
    assert [i["anchor"] for i in items[:4]] == ["card-069", "back-069", "card-070", "back-070"]


def test_png_sizes():
    assert pixels(SERVICES["tgc"]) == (825, 1125)
    assert pixels(SERVICES["mpc"]) == (822, 1122)


def test_images_at_300_dpi(historico):
    _, _, pdf = historico
    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.append(io.BytesIO(pdf), pages=(0, 2))
    buffer = io.BytesIO()
    writer.write(buffer)
    images = rasterise(buffer.getvalue(), 300, pixels(SERVICES["tgc"]))
    assert [Image.open(io.BytesIO(png)).size for png in images] == [(825, 1125)] * 2
