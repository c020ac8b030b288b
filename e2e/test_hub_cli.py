"""The team hub from the command line, as a coordinator would run it: `hub serve` on a port, `hub invite`
prints a token, only that token opens the project, `hub revoke` closes it again."""
import json
import subprocess
import time
import urllib.error
import urllib.request

from conftest import BINARY, free_port


def request(url, token=None, body=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers), timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, None


def test_a_hub_admits_only_invited_members_and_keeps_each_change_once(tmp_path):
    data = tmp_path / "hub"
    hub = [BINARY, "hub"]
    token = subprocess.run(hub + ["invite", "keyit:team", "--member", "Mary Kila", "--data", str(data)],
                           capture_output=True, text=True, check=True).stdout.strip()
    assert len(token) >= 40
    port = free_port()
    server = subprocess.Popen(hub + ["serve", "--port", str(port), "--data", str(data)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        base = f"http://127.0.0.1:{port}/hub/v1/projects/keyit:team"
        deadline = time.time() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except OSError:
                assert time.time() < deadline and server.poll() is None, "the hub did not start"
                time.sleep(0.1)
        assert request(base + "/heads") == (401, None)
        assert request(base + "/heads", token + "x") == (401, None)
        change = {"project": "keyit:team", "device": "phone-1", "counter": 1, "author": "Mary Kila",
                  "clock": "001700000000000.000000.phone-1", "payload": "{\"text\":\"Bipo tru\"}"}
        for _ in range(2):  # a second upload of the same change adds nothing
            status, reply = request(base + "/push", token, {"changes": [change]})
            assert status == 200
        assert reply == {"added": 0, "refusedForGap": 0, "heads": {"counters": {"phone-1": 1}}}
        assert request(base + "/pull", token, {"after": {"counters": {}}})[1] == {"changes": [change]}
        revoked = subprocess.run(hub + ["revoke", "keyit:team", "--member", "Mary Kila", "--data", str(data)],
                                 capture_output=True, text=True, check=True).stdout
        assert revoked.startswith("1 ")
        assert request(base + "/heads", token) == (401, None)
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_the_hub_refuses_a_bad_project_or_member_in_the_users_language(tmp_path):
    data = str(tmp_path / "hub")

    def invite(project, member, language):
        return subprocess.run([BINARY, "hub", "invite", project, "--member", member, "--data", data,
                               "--lang", language], capture_output=True, text=True)

    french = invite("keyit/team", "Mary Kila", "fr")
    assert french.returncode != 0
    assert "identifiant de projet non valable" in french.stderr and "keyit/team" in french.stderr
    assert "not a project id" not in french.stderr and "HubError" not in french.stderr
    welsh = invite("keyit:team", "   ", "cy")
    assert welsh.returncode != 0 and "nid yw'n enw aelod" in welsh.stderr, welsh.stderr
    english = invite("keyit:team", "   ", "en")
    assert "not a member name: “   ” (1 to 200 characters, not only spaces)" in english.stderr, english.stderr


def test_a_hub_database_sqlite_cannot_read_is_named_in_the_users_language(tmp_path):
    (tmp_path / "hub.sqlite").write_bytes(b"Z" * 4096)
    refused = subprocess.run([BINARY, "hub", "invite", "keyit:team", "--member", "Mary Kila",
                              "--data", str(tmp_path), "--lang", "fr"], capture_output=True, text=True)
    assert refused.returncode != 0
    assert "la base de données du hub" in refused.stderr and "ce n’est pas une base SQLite" in refused.stderr
    assert "SQLite error" not in refused.stderr and "file is not a database" not in refused.stderr, refused.stderr


def test_a_postgres_server_that_does_not_answer_is_named_in_the_users_language(tmp_path):
    port = free_port()  # nothing listens there
    started = time.monotonic()
    refused = subprocess.run([BINARY, "hub", "invite", "keyit:team", "--member", "Mary Kila", "--postgres",
                              f"postgres://hub@127.0.0.1:{port}/team", "--lang", "sv"],
                             capture_output=True, text=True, timeout=120)
    assert refused.returncode != 0
    assert f"PostgreSQL-databasen team på 127.0.0.1:{port} kan inte användas" in refused.stderr, refused.stderr
    assert "ConnectionPoolError" not in refused.stderr.split("\n")[-2], refused.stderr
    assert time.monotonic() - started < 60, "it waited for the client's own retries to give up"


def test_a_data_folder_that_cannot_be_made_is_named_in_the_users_language(tmp_path):
    (tmp_path / "file").write_text("in the way")
    refused = subprocess.run([BINARY, "hub", "invite", "keyit:team", "--member", "Mary Kila",
                              "--data", str(tmp_path / "file" / "hub"), "--lang", "fr"], capture_output=True, text=True)
    assert refused.returncode != 0
    assert refused.stderr.strip().endswith(f"{tmp_path / 'file'} est un fichier, pas un dossier"), refused.stderr
    assert "couldn’t be" not in refused.stderr and "The operation" not in refused.stderr
