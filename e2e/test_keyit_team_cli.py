"""`scriptorium keyit team` from the command line: join (share, or fetch by id), status, sync (a
non-zero exit when the hub cannot be reached), leave; the token is never printed."""
import json

from conftest import CLI
from test_keyit_team_browser import Hub


def test_join_status_sync_and_leave_from_the_command_line(tmp_path):
    hub = Hub(tmp_path / "hub")
    a, b = CLI(tmp_path / "a"), CLI(tmp_path / "b")
    a.run("init", "--name", "Ruth CLI")
    uid = a.json("bibles")[0]["uid"]
    assert uid in a.run("bibles").stdout
    token_a, token_b = hub.invite(f"keyit:{uid}", "Ana"), hub.invite(f"keyit:{uid}", "Ben")

    refused = a.run("team", "join", "ftp://hub.example", "--token", token_a, "--bible", uid, check=False)
    assert refused.returncode != 0 and "not a hub address" in refused.stderr
    hub.start()
    try:
        assert uid in a.run("team", "join", hub.address, "--token", token_a, "--bible", uid).stdout
        verse = next(i for i in a.json("items", "RUT", "1")["items"] if i["verseNumber"] == 1)
        a.run("set", verse["itemID"], "Bipo tru")
        assert a.json("team", "status")[0]["unsent"] > 0
        assert "sent" in a.run("team", "sync").stdout
        assert a.json("team", "status")[0]["unsent"] == 0
        # A token beginning with "-" (a hub's older tokens could) is still read as the token.
        dashed = b.run("team", "join", hub.address, "--token", "-" + token_b, "--bible", uid, check=False)
        assert dashed.returncode != 0 and "Missing value" not in dashed.stderr
        assert b.json("team", "status") == []
        joined = b.run("team", "join", hub.address, "--token", token_b, "--bible", uid)
        assert "Ruth CLI" in joined.stdout and token_b not in joined.stdout
        status = b.json("team", "status")
        assert [(s["bibleUID"], s["reachable"], s["unsent"]) for s in status] == [(uid, True, 0)]
        assert token_b not in json.dumps(status)
        b_verse = next(i for i in b.json("items", "RUT", "1")["items"] if i["verseNumber"] == 1)
        assert b_verse["itemText"] == "Bipo tru"
    finally:
        hub.stop()
    down = b.run("team", "sync", check=False)
    assert down.returncode == 3 and "cannot be reached" in down.stdout
    assert b.json("team", "status")[0]["reachable"] is False
    b.run("team", "leave", "--bible", uid)
    assert b.json("team", "status") == []
    assert [bible["uid"] for bible in b.json("bibles")] == [uid]
