"""A refusal whose reason the engine gives as a catalogue key keeps it: the ``error`` message
carries ``key`` and ``params`` beside the English ``message``, for the page to say the reason
in its own language; an unkeyed refusal has neither."""

from __future__ import annotations

from cardtable.server import protocol as p


def test_a_keyed_refusal_carries_its_key_and_parameters() -> None:
    plain = p.ProtocolError(p.Code.ILLEGAL, "Follow suit", 3, rule="BE-10").to_json()
    assert "key" not in plain and plain["message"] == "Follow suit"
    keyed = p.ProtocolError(
        p.Code.ILLEGAL, "Follow suit", 3, rule="BE-10", key="be.follow", params={"suit": "h"}
    ).to_json()
    assert keyed["key"] == "be.follow" and keyed["params"] == {"suit": "h"}
    assert keyed["message"] == "Follow suit"  # the English sentence stays
