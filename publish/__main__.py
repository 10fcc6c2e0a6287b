"""Allow `python -m publish`."""

from publish.cli import main

main()
