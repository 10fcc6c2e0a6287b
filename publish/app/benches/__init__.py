"""The parts of `make bench` (publish.app.bench) that measure the cold build: timing
helpers, the cold build against bare WeasyPrint, and the cold build's profile by phase."""
