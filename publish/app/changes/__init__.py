"""`publish changes`: what changed between two versions of a game, and the documents saying so.

``versions`` brings each version into a folder (a git revision through
``git archive``, never the working tree; or a project folder as it is);
``compare`` reads both with the same loader and says, by card identity and
by rules paragraph, what changed (a typed ``Comparison``, data for any
page); ``report`` and ``errata`` turn it into documents.
"""
