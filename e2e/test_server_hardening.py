"""The server as a hostile network sees it: foreign Host names (DNS rebinding), foreign and `null`
origins on writes and on the live socket, weak tokens, damaged and oversized uploads, and SIGTERM
while uploads are still running."""
import base64
import http.client
import os
import socket
import subprocess
import threading
import time

from conftest import BINARY, Server, free_port


def request(server, method, path, headers=None, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, data


def test_foreign_host_names_get_nothing(server):
    for path in ["/", "/api/keyit/bibles", "/api/sharesynch/series"]:
        status, _ = request(server, "GET", path, {"Host": f"evil.example:{server.port}"})
        assert status == 421, path
        status, _ = request(server, "GET", path, {"Host": f"localhost:{server.port}"})
        assert status == 200, path
    # DNS rebinding: the page's origin and the Host agree, but they are not this server's name.
    status, _ = request(server, "POST", "/api/phrasebook/books",
                        {"Host": f"evil.example:{server.port}", "Origin": f"http://evil.example:{server.port}",
                         "Content-Type": "application/json"}, b'{"name": "x", "languages": "en:English,cy:Welsh"}')
    assert status == 421


def test_null_and_foreign_origins_cannot_write(server):
    for origin in ["null", "http://evil.example", f"http://127.0.0.1.evil.example:{server.port}"]:
        status, body = request(server, "POST", "/api/phrasebook/books",
                               {"Origin": origin, "Content-Type": "application/json"},
                               b'{"name": "x", "languages": "en:English,cy:Welsh"}')
        assert status == 403, (origin, body)


def websocket_upgrade(port, origin):
    key = base64.b64encode(os.urandom(16)).decode()
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        lines = [f"GET /api/sharesynch/live/socket?role=display HTTP/1.1", f"Host: 127.0.0.1:{port}",
                 "Upgrade: websocket", "Connection: Upgrade", f"Sec-WebSocket-Key: {key}",
                 "Sec-WebSocket-Version: 13"] + ([f"Origin: {origin}"] if origin else [])
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        return sock.recv(1024).split(b"\r\n")[0].decode()


def test_the_live_socket_refuses_null_and_foreign_origins(server):
    assert " 101 " in websocket_upgrade(server.port, f"http://127.0.0.1:{server.port}")
    for origin in ["null", "http://evil.example"]:
        assert " 101 " not in websocket_upgrade(server.port, origin), origin


def test_an_empty_or_short_token_is_refused(tmp_path):
    for token in ["", "abc"]:
        result = subprocess.run([BINARY, "serve", "--port", str(free_port()), "--data", str(tmp_path / "data"),
                                 "--token", token], capture_output=True, text=True, timeout=20)
        assert result.returncode != 0 and "at least 8 characters" in result.stderr, token


def test_damaged_and_bomb_uploads_leave_the_server_serving(server):
    import io
    import zipfile
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("manifest.json", b"{" + b" " * (64 << 20) + b"}")
    bomb = buffer.getvalue()
    assert len(bomb) < 200_000
    status, body = request(server, "POST", "/api/sharesynch/install", {"Content-Type": "application/octet-stream"},
                           bomb)
    assert status == 422 and b"manifest.json is larger than 4" in body
    for junk in [b"PK\x03\x04" + os.urandom(5000), bomb[: len(bomb) // 2], os.urandom(20000)]:
        status, _ = request(server, "POST", "/api/sharesynch/install", {"Content-Type": "application/octet-stream"},
                            junk)
        assert status == 422
    assert server.get("/healthz") == b"ok"
    assert not list((server.data / "tmp").glob("*")), "no upload is left in the scratch folder"


def test_sigterm_stops_the_server_within_seconds_while_an_upload_runs(tmp_path):
    running = Server(tmp_path / "data").start()
    stop_sending = threading.Event()

    def slow_upload():
        try:
            with socket.create_connection(("127.0.0.1", running.port), timeout=10) as sock:
                sock.sendall(f"POST /api/sharesynch/install HTTP/1.1\r\nHost: 127.0.0.1:{running.port}\r\n"
                             "Content-Length: 1000000000\r\n\r\n".encode())
                while not stop_sending.is_set():
                    sock.sendall(b"\0" * 65536)
                    time.sleep(0.01)
        except OSError:
            pass

    sender = threading.Thread(target=slow_upload, daemon=True)
    sender.start()
    time.sleep(1)
    started = time.monotonic()
    running.process.terminate()
    try:
        running.process.wait(timeout=5)
    finally:
        stop_sending.set()
    assert time.monotonic() - started < 5
    running.process = None


def test_serve_starts_whatever_state_the_data_folder_is_in(tmp_path):
    data = tmp_path / "data"
    first = Server(data).start()
    first.stop()
    series = data / "media/sharesynch/series"
    assert (series / "demo").is_dir()
    for name in ["sharesynch.sqlite", "sharesynch.sqlite-wal", "sharesynch.sqlite-shm"]:
        (data / name).unlink(missing_ok=True)  # the database lost, the series folder kept
    (series / ".installing-killed").mkdir()
    (data / "keyit.sqlite").write_bytes(b"overwritten by something else")
    again = Server(data).start()
    try:
        assert [s["id"] for s in again.get_json("/api/sharesynch/series")] == ["demo"]
        assert again.get_json("/api/keyit/bibles") == [], "Key It starts with a new database"
    finally:
        again.stop()
    assert not (series / ".installing-killed").exists()
    assert list(data.glob("keyit.sqlite.unusable-*"))
