"""Balance studies: many seeded games per table, counted from the engines' records.

`publish balance` is the one command that imports this package (Dask and
matplotlib are imported at the top of its modules): ``study`` says what to
play, ``distribute`` plays it in seeded chunks (publish.core.parallel: in this
process or on dask.distributed), ``tally``
counts each chunk's records, ``figures`` turns the counts into shares with
intervals, ``charts``, ``faces`` and ``report`` write build/<game>/balance/.
"""
