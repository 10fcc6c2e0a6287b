"""Localized editions: gettext catalogs (PO, managed with Babel) of a game's words.

Cards, rules and template words are written once, in the game's source
language; every other edition translates them message by message in
``cards/<game>/locale/<lang>/LC_MESSAGES/<domain>.po``, the format that
translators' tools (Poedit, Weblate) read.
"""
