"""Cards in a spreadsheet: every card one row, written as CSV, XLSX or ODS and read back
into the deck files, changing only the cards whose cells changed (docs/spreadsheets.md)."""
