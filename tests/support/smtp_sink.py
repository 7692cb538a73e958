"""A real SMTP server on loopback for the mail tests (aiosmtpd): every message it accepts is
written to DIR as NNNNNN.eml, exactly the bytes received, with the envelope in the first two
lines (`X-Envelope-From:`, `X-Envelope-To:`). While DIR holds a file named REJECT, every
message is refused with the reply that file holds (a transient 451 when it is empty). Prints the port it listens on, then serves until
killed. Usage: smtp_sink.py DIR [PORT]"""

import asyncio
import itertools
import os
import sys

from aiosmtpd.smtp import SMTP


class Sink:
    def __init__(self, directory):
        self.directory = directory
        existing = [int(n[:6]) for n in os.listdir(directory) if n.endswith(".eml")]
        self.numbers = itertools.count(max(existing, default=0) + 1)

    async def handle_DATA(self, server, session, envelope):
        reject = os.path.join(self.directory, "REJECT")
        if os.path.exists(reject):
            with open(reject) as f:
                reply = f.read().strip()
            return reply or "451 4.3.0 Try again later"
        n = next(self.numbers)
        head = "X-Envelope-From: %s\r\nX-Envelope-To: %s\r\n" % (
            envelope.mail_from,
            ",".join(envelope.rcpt_tos),
        )
        tmp = os.path.join(self.directory, "%06d.tmp" % n)
        with open(tmp, "wb") as f:
            f.write(head.encode() + envelope.original_content)
        os.rename(tmp, os.path.join(self.directory, "%06d.eml" % n))
        return "250 OK"


async def main():
    directory = sys.argv[1]
    port = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    loop = asyncio.get_running_loop()
    sink = Sink(directory)
    server = await loop.create_server(
        lambda: SMTP(sink, hostname="localhost"), "127.0.0.1", port, reuse_address=True
    )
    print(server.sockets[0].getsockname()[1], flush=True)
    await server.serve_forever()


asyncio.run(main())
