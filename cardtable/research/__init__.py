"""Research environments for the four games: fixed action encodings (``actions``), observation
tensors made from a seat's view (``observations``), a PettingZoo AEC environment
(``pettingzoo``), a Gymnasium single-agent environment with our bots as the other seats
(``gymnasium``), and the games registered with OpenSpiel (``openspiel``).

This package needs the ``research`` extra (``pip install cardtable[research]``: numpy,
PettingZoo, Gymnasium, OpenSpiel); nothing else in cardtable imports it. ``docs/research.md``
documents the encodings, layouts and rewards.
"""
