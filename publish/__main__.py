"""Allow `python -m publish`."""

from publish.launch import main

main()
