"""The bus's seal (``sealed.py``): the nodes of one room share one key through the database;
a message opens only on the channel it was sealed for, with that key, unchanged."""

from __future__ import annotations

import json

import pytest

from cardtable.server.sealed import Seal, Unsealed, room_key
from cardtable.server.store import Store


def test_the_nodes_share_one_key_and_a_message_opens_only_where_it_was_sent(db_url: str) -> None:
    first, second = Store(db_url), Store(db_url)  # two nodes on one database
    try:
        key = room_key(first.engine)
        assert len(key) == 32 and room_key(second.engine) == key == room_key(first.engine)
    finally:
        first.close()
        second.close()
    seal = Seal(key)
    message = json.dumps({"op": "push", "text": '{"hand":["As","Kd"]}'})
    sealed = seal.close("cardtable.b", message)
    # no fragment of the message (quotes are not in the seal's alphabet, so chance cannot
    # make one up)
    assert '["As","Kd"]' not in sealed and '"push"' not in sealed and "{" not in sealed
    assert Seal(key).open("cardtable.b", sealed) == message
    with pytest.raises(Unsealed):
        seal.open("cardtable.c", sealed)  # sealed for another node
    with pytest.raises(Unsealed):
        Seal(bytes(32)).open("cardtable.b", sealed)  # another room's key
    tampered = sealed[:-6] + ("A" if sealed[-6] != "A" else "B") + sealed[-5:]
    for forged in (tampered, message, "", "%%%"):
        with pytest.raises(Unsealed):
            seal.open("cardtable.b", forged)
    assert seal.close("cardtable.b", message) != sealed  # a fresh nonce every time
