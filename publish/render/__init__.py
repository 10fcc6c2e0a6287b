"""Rendering: Jinja templates to HTML, WeasyPrint to PDF, pypdfium2 to PNG."""
