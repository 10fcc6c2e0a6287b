"""Agência's rules engine: effect schema, rules, agents, simulation."""
