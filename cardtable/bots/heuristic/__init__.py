"""One heuristic bot per game, each a documented club-player strategy.

A game's module defines ``HeuristicBot(seed)`` with ``choose(view, legal)``, and
``playout(rules, state, rng)``: a fast policy the search bot uses to play sampled worlds out
(it sees only the sampled world, never the real hidden cards). ``cardtable.bots.catalog``
lists them by game id.
"""
