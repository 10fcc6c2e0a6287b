from publish.app.benches.phases import PHASES, folded, heaviest, phase_of, table, tally

WRITE_PDF = [("publish.render.pdf", "write_pdf"), ("weasyprint.document", "write_pdf"),
             ("weasyprint.pdf", "generate_pdf")]
OURS = [("publish.build.run", "run"), ("publish.targets.printshop", "render")]


def stack(*frames):
    """Frames given outermost first, as one reads a traceback; a stack is innermost first."""
    return tuple(reversed([*OURS, *frames]))


def test_drawing_inside_the_pdf_writing_is_layout_and_the_font_subsets_are_writing():
    drawing = stack(*WRITE_PDF, ("weasyprint.document", "paint"),
                    ("weasyprint.draw", "draw_page"), ("weasyprint.pdf.stream", "fill"))
    fonts = stack(*WRITE_PDF, ("weasyprint.pdf.fonts", "build_fonts_dictionary"),
                  ("fontTools.subset", "subset"), ("fontTools.ttLib.ttFont", "save"))
    serialised = stack(*WRITE_PDF[:2], ("pydyf", "write"))
    laid_out = stack(("publish.render.pdf", "render"), ("weasyprint", "render"),
                     ("weasyprint.layout", "layout_document"), ("tinycss2.parser", "parse"))
    assert [phase_of(s) for s in (drawing, fonts, serialised, laid_out)] == [
        "layout", "writing", "writing", "layout"]


def test_pikepdf_saving_is_writing_and_its_other_work_placing():
    saved = stack(("publish.render.splice", "canonical"), ("pikepdf._methods", "save"))
    joined = stack(("publish.render.splice", "replace_pages"))  # time in pikepdf's C++ core
    opened = stack(("publish.render.subsets", "share"), ("pikepdf._methods", "open"))
    assert [phase_of(s) for s in (saved, joined, opened)] == ["writing", "placing", "placing"]


def test_pillow_is_rasterising_only_under_a_rasteriser():
    encoded = stack(("publish.render.printshop", "rasterise"), ("PIL.Image", "save"),
                    ("PIL.PngImagePlugin", "_save"))
    drawn = stack(("publish.render.printshop", "rasterise"), ("pypdfium2._helpers.page",
                                                               "render"))
    read = stack(("publish.model.images", "picture_size"), ("PIL.Image", "open"))
    assert [phase_of(s) for s in (encoded, drawn, read)] == [
        "rasterising", "rasterising", "other"]


def test_a_check_claims_the_pdf_libraries_it_calls():
    layout = stack(("publish.render.layout_check", "check_pdf"),
                   ("publish.render.pdfpage", "read_pages"),
                   ("pypdfium2._helpers.document", "__init__"))
    preflight = stack(("publish.checks.preflight.service", "check_made"),
                      ("pikepdf._methods", "open"))
    assert phase_of(layout) == phase_of(preflight) == "checking"


def test_what_no_rule_names_is_other():
    assert phase_of(stack(("publish.render.env", "render"), ("jinja2.environment",
                                                              "render"))) == "other"
    assert phase_of(()) == "other"


def test_a_profile_is_summed_by_phase_with_every_phase_named():
    samples = {stack(("weasyprint.layout", "layout_document")): 3.0,
               stack(("weasyprint.layout.block", "block_level_layout")): 1.0,
               stack(("pydyf", "write")): 0.5,
               stack(("publish.render.splice", "replace_pages")): 0.25,
               stack(("publish.model.load", "load_game")): 0.25}
    seconds = tally(samples)
    assert list(seconds) == list(PHASES)
    assert seconds == {"layout": 4.0, "writing": 0.5, "placing": 0.25, "rasterising": 0.0,
                       "checking": 0.0, "other": 0.25}
    lines = table(seconds)
    assert lines[1].split() == ["layout", "4.00", "80.0%"]
    assert lines[-1].split() == ["total", "5.00"]
    assert heaviest(samples, "layout")[0] == (("weasyprint.layout", "layout_document"), 3.0)


def test_folded_stacks_read_outermost_first_with_microseconds():
    lines = list(folded({stack(("pydyf", "write")): 0.5}))
    assert lines == ["publish.build.run:run;publish.targets.printshop:render;pydyf:write "
                     "500000"]
