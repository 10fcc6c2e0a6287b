"""What changed between two versions of a game, as data every page of it is made from.

``words`` marks two texts' differences word by word; ``data`` holds the
comparison (``Comparison``: cards by identity, rules paragraph by paragraph,
edition by edition), made by `publish changes` (publish.app.changes) and,
when game.yaml names an earlier version (``changes_since``), by the build for
the manual's "changes" part and the site's changes page (``page``).
"""
