"""`make test`'s grouping of the modules that read a whole-game build (tests/conftest.py)."""

from __future__ import annotations

from conftest import REPO, SHARED_BUILD_READERS, reads_a_shared_build


def test_every_module_that_reads_a_shared_build_is_run_with_the_others(request):
    """A module reading one of the session's whole-game builds and missing from the list
    would build it again on another worker. Checked over the tests selected in this run (all
    of them under `make test`)."""
    readers = {item.nodeid.split("::")[0] for item in request.session.items
               if reads_a_shared_build(item)}
    assert readers <= SHARED_BUILD_READERS
    assert all((REPO / module).is_file() for module in SHARED_BUILD_READERS)
