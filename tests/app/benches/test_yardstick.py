from conftest import REPO
from publish.app.benches.yardstick import deck_files, yardstick_files
from publish.model.load import load_game
from publish.render.edition import EditionContext


def pages(path):
    return path.read_text(encoding="utf-8").count('<div class="one')


def distinct_faces(game, deck):
    return len({card.number for card in game.deck_cards(deck)})


def test_the_yardstick_lays_out_each_unique_face_once_per_edition(tmp_path):
    game, _ = load_game(REPO, "agencia")
    for locale in game.config.locales.editions:
        files = deck_files(EditionContext.make(REPO, game, locale), tmp_path / locale)
        assert [f.what for f in files] == list(game.config.decks)
        for made in files:  # each distinct card once, and the deck's back
            assert pages(made.path) == made.faces == distinct_faces(game, made.what) + 1
        # 222 distinct cards and 5 backs; the copies (250 cards in all) never again
        assert sum(f.faces for f in files) == 227


def test_a_new_games_yardstick_holds_its_faces_manual_and_summaries(moon, tmp_path):
    files = yardstick_files(moon, "moon", tmp_path)
    game, _ = load_game(moon, "moon")
    editions = game.config.locales.editions
    for locale in editions:
        mine = {f.what: f for f in files if f.locale == locale}
        assert set(mine) == {*game.config.decks, "manual", "summary-quick-reference"}
        for deck in game.config.decks:
            assert pages(mine[deck].path) == mine[deck].faces == distinct_faces(game, deck) + 1
        assert "<html" in mine["manual"].path.read_text(encoding="utf-8")


def test_a_game_with_summaries_and_no_manual_has_only_its_summaries(moon, tmp_path):
    rules = next((moon / "cards" / "moon" / "rules").iterdir())
    for chapter in rules.glob("*.md"):
        chapter.unlink()
    files = yardstick_files(moon, "moon", tmp_path / "out")
    assert "manual" not in {f.what for f in files}
    assert "summary-quick-reference" in {f.what for f in files}


def test_bare_weasyprint_lays_out_the_rules_documents_without_a_word(demo_docs, tmp_path):
    """The summaries name cards ({card 001}) with no card list to link to: linked, bare
    WeasyPrint says "No anchor #card-001" for each, as the build's summaries never do."""
    import logging

    from weasyprint import HTML

    from publish.app.benches.yardstick import rules_files

    game, _ = load_game(demo_docs, "demo")
    files = rules_files(demo_docs, game, "pt-BR", tmp_path)
    assert {f.what for f in files} == {"manual", "summary-resumo"}
    said: list[str] = []

    class Said(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            said.append(f"{record.levelname}: {record.getMessage()}")

    logger, handler = logging.getLogger("weasyprint"), Said(logging.WARNING)
    logger.addHandler(handler)
    try:
        for made in files:
            HTML(filename=str(made.path), base_url=f"{demo_docs}/").render()
    finally:
        logger.removeHandler(handler)
    assert said == []
    summary = next(f for f in files if f.what == "summary-resumo").path.read_text("utf-8")
    assert 'href="#card-' not in summary and "Primeira" in summary
