"""Preflight: finished print files measured against what a print service expects.

It reads files other code wrote (PDFs with pikepdf, pictures with Pillow, total ink with
Ghostscript) and says each problem at the file, page, card and deck it is on; what it
expects is one `Expectation`, however the caller came by it (options, a service's data).
"""
