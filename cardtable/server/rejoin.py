"""A door's relayed clients joined again after their table's node died, without reconnecting.

A client relayed through a surviving node (its door) has done nothing wrong when the table's
node dies: its socket is still open. Rather than tell it to connect again (a wait, a new
socket and a hello at a node busy with everyone else's), the door seats it again itself, with
the hello it was seated with, wherever the table is served next: here if this node takes the
table, else relayed to the node that took it (or sent there, where that node has an address
of its own, as a hello would be). The table pushes it the welcome and the state as to any
join, so the page carries on where it was.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from cardtable.server import protocol as p
from cardtable.server.connection import Connection
from cardtable.server.relay import Remote

if TYPE_CHECKING:
    from cardtable.server.room import Room

log = logging.getLogger("cardtable.server")


async def rejoin(room: Room, conn: Connection, hello: p.Hello, dead: Remote) -> None:
    """Seat ``conn`` again at ``dead``'s table wherever it is served now; if that fails, the
    client is told to connect again (``table_moved``), as before."""
    try:
        # no token check against the store: the table's join checks it anyway
        found = await room.route(dead.id)
        if conn.closed or conn.table is not dead:  # it went meanwhile
            return
        # the join seats it (``conn.table``); until then what it sends goes to the dead node
        if isinstance(found, Remote):
            url = room.direct(found.node)
            if url is not None and conn.player is None:
                found.send_to(conn, url)
                return
            await found.join(conn, hello)
        elif found is not None:
            await found.join(conn, hello)
            if conn.closed:  # gone while it was being seated: no seat left held for it
                found.leave(conn)
        else:
            conn.move()
    except p.Answered:
        return  # refused there, or not answered (it was told to connect again)
    except p.ProtocolError as e:
        conn.push(e.to_json())
        conn.move()
    except Exception:
        log.exception("table %s: a relayed client could not be seated again", dead.id)
        conn.move()
