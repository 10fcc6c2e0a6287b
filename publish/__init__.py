"""Card and rules publishing toolchain: one YAML source per game, checked and rendered."""

__version__ = "0.1.0"
