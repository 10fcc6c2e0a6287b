"""Placeholder replaced below."""
from publish.model import Game
from publish.problems import Problem


def lint_game(game: Game) -> list[Problem]:
    return []
