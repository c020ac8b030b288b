"""A TCP proxy that puts a bad network between a device and its hub, for the team-sync process tests.

It forwards bytes both ways until told otherwise:
- `cut()`: every open connection is reset and new ones are closed at once (the link is down);
- `stall()`: connections stay open but no byte moves either way (a dead Wi-Fi that still looks up);
- `truncate(n)`: each reply from the hub is cut off after `n` bytes and the connection closed;
- `heal()`: back to forwarding everything.
The proxy runs its own event loop in a thread, so a test drives it with plain calls.
"""
import asyncio
import socket
import threading


class FaultProxy:
    def __init__(self, target_host, target_port, listen_host="127.0.0.1"):
        self.target = (target_host, target_port)
        self.mode = "pass"
        self.truncate_after = 0
        self.connections = set()
        self.loop = asyncio.new_event_loop()
        self.listen_host = listen_host
        probe = socket.socket()
        probe.bind((listen_host, 0))
        self.port = probe.getsockname()[1]
        probe.close()
        started = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(started,), daemon=True)
        self.thread.start()
        started.wait(10)

    @property
    def address(self):
        return f"http://{self.listen_host}:{self.port}"

    def _run(self, started):
        asyncio.set_event_loop(self.loop)
        self.server = self.loop.run_until_complete(
            asyncio.start_server(self._client, self.listen_host, self.port))
        started.set()
        self.loop.run_forever()

    async def _client(self, reader, writer):
        if self.mode == "cut":
            writer.transport.abort()
            return
        try:
            hub_reader, hub_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.transport.abort()
            return
        pair = (writer, hub_writer)
        self.connections.add(pair)
        try:
            await asyncio.gather(self._pump(reader, hub_writer, upstream=True),
                                 self._pump(hub_reader, writer, upstream=False))
        finally:
            self.connections.discard(pair)
            for end in pair:
                end.transport.abort()

    async def _pump(self, reader, writer, upstream):
        sent = 0
        try:
            while True:
                data = await reader.read(16384)
                if not data:
                    break
                while self.mode == "stall":
                    await asyncio.sleep(0.05)
                if self.mode == "cut":
                    break
                if self.mode == "truncate" and not upstream:
                    room = self.truncate_after - sent
                    if room <= 0:
                        break
                    data = data[:room]
                writer.write(data)
                sent += len(data)
                await writer.drain()
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.transport.abort()

    def _set(self, mode, truncate_after=0):
        def apply():
            self.mode = mode
            self.truncate_after = truncate_after
            if mode == "cut":
                for pair in list(self.connections):
                    for end in pair:
                        end.transport.abort()
        self.loop.call_soon_threadsafe(apply)

    def cut(self):
        self._set("cut")

    def stall(self):
        self._set("stall")

    def truncate(self, after_bytes):
        self._set("truncate", after_bytes)

    def heal(self):
        self._set("pass")

    def close(self):
        def stop():
            self.server.close()
            for pair in list(self.connections):
                for end in pair:
                    end.transport.abort()
            self.loop.stop()
        self.loop.call_soon_threadsafe(stop)
        self.thread.join(10)
