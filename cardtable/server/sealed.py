"""The bus's seal: every message between the room's nodes is encrypted and authenticated
(AES-GCM) with a key the nodes share through the database (the ``card_secrets`` row
``bus``, revision 0011), so a reader of the bus (a ``PSUBSCRIBE cardtable.*`` on a shared
Redis) sees no private view, token hash or move, and cannot forge a message. The first node to
start makes the key; the others read it. Whoever reads the database can read the decks anyway.
"""

from __future__ import annotations

import base64
import binascii
import os

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from sqlalchemy import Engine, LargeBinary, String
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from cardtable.server.store import Base

BUS_KEY = "bus"
KEY_BYTES = 32  # AES-256
NONCE_BYTES = 12


class SecretRow(Base):
    """A secret the room's nodes share (``bus``: the bus's key)."""

    __tablename__ = "card_secrets"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[bytes] = mapped_column(LargeBinary)


class Unsealed(ValueError):
    """A message the key did not seal (another room's, or forged or damaged on the way)."""


def room_key(engine: Engine) -> bytes:
    """The bus's key: made by the first node that asks, the same for every node after."""
    for _ in range(2):
        with Session(engine) as s:
            found = s.get(SecretRow, BUS_KEY)
            if found is not None:
                return found.value
        try:
            with Session(engine) as s, s.begin():
                s.add(SecretRow(name=BUS_KEY, value=os.urandom(KEY_BYTES)))
        except IntegrityError:  # another node made it at the same moment: read theirs
            continue
    with Session(engine) as s:
        made = s.get(SecretRow, BUS_KEY)
        assert made is not None
        return made.value


class Seal:
    """Seals a message for one channel (the receiving node's): one sealed for another node's
    channel does not open on this one."""

    def __init__(self, key: bytes) -> None:
        self._aead = AESGCM(key)

    def close(self, channel: str, text: str) -> str:
        nonce = os.urandom(NONCE_BYTES)
        sealed = self._aead.encrypt(nonce, text.encode(), channel.encode())
        return base64.b64encode(nonce + sealed).decode("ascii")

    def open(self, channel: str, text: str) -> str:
        try:
            raw = base64.b64decode(text, validate=True)
            opened = self._aead.decrypt(raw[:NONCE_BYTES], raw[NONCE_BYTES:], channel.encode())
        except (InvalidTag, ValueError, binascii.Error):
            raise Unsealed("a bus message not sealed with the room's key") from None
        return opened.decode()
