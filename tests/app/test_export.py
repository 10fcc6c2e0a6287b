import csv
import io
import json

from conftest import run


def test_json_has_one_row_per_card_per_deck(demo):
    result = run("cards", "--project", str(demo), "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [(r["deck"], r["number"], r["copies"]) for r in rows] == [
        ("alpha", "001", 1), ("alpha", "002", 1), ("alpha", "003", 1), ("alpha", "998", 2),
        ("beta", "004", 1), ("beta", "005", 1), ("beta", "998", 1),
    ]
    second = rows[1]
    assert second == {
        "number": "002", "name": "Segunda", "deck": "alpha", "kind": "structural",
        "ideology": "blue", "copies": 1,
        "text": "Não proponha revoltas. Descarte 1 carta.", "notes": "Uma *observação*.",
        "blocks": [{"kind": "general", "text": "Não proponha revoltas."},
                   {"kind": "direct", "text": "Descarte 1 carta."}],
    }


def test_csv_has_one_row_per_card_with_its_copies_per_deck(demo):
    result = run("cards", "--project", str(demo), "--format", "csv")
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert list(rows[0]) == ["deck", "number", "name", "kind", "ideology", "tags",
                             "copies alpha", "copies beta", "text 1 kind", "text 1",
                             "text 2 kind", "text 2", "text_size", "shrink_to_fit", "notes"]
    assert [(r["deck"], r["number"], r["copies alpha"], r["copies beta"]) for r in rows] == [
        ("alpha", "001", "1", ""), ("alpha", "002", "1", ""), ("alpha", "003", "1", ""),
        ("alpha", "998", "2", "1"), ("beta", "004", "", "1"), ("beta", "005", "", "1"),
    ]
    second = rows[1]
    assert (second["text 1 kind"], second["text 1"], second["text 2 kind"]) == (
        "general", "Não proponha revoltas.", "direct")
    assert rows[2]["ideology"] == "" and rows[2]["kind"] == "structural"


def test_export_refuses_a_broken_game(demo):
    from conftest import break_with

    break_with(demo, "unknown_field")
    result = run("cards", "--project", str(demo))
    assert result.exit_code == 1
    assert "unknown field 'ideolgy'" in result.output
