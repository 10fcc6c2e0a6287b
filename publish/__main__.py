"""Allow `python -m publish`."""

from publish.cli.launch import main

main()
