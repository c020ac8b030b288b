"""`scriptorium sharesynch …` as a series author and a speaker use it: pack a folder, verify and
install the package, refuse a tampered copy, switch the note language, make a variation, and
rehearse the sermon in the terminal (notes, appeal chunks, wrap-around)."""
import json
import time
import subprocess
import zipfile

from conftest import BINARY, PackageSite, Server


def sharesynch(data, *args, stdin=None, check=True):
    result = subprocess.run([BINARY, "sharesynch", *map(str, args), "--data", str(data)],
                            capture_output=True, text=True, input=stdin)
    if check and result.returncode != 0:
        raise AssertionError(f"sharesynch {' '.join(map(str, args))} failed: {result.stderr}")
    return result


def make_series(folder):
    (folder / "media").mkdir(parents=True)
    signatures = {"png": b"\x89PNG\r\n\x1a\n", "jpg": b"\xff\xd8\xff\xe0", "mp4": b"\0\0\0\x18ftypisom"}
    for name, size in [("one.png", 1500), ("two.jpg", 2500), ("appeal.mp4", 4000)]:
        signature = signatures[name.split(".")[1]]
        (folder / "media" / name).write_bytes(signature + bytes(i % 251 for i in range(len(signature), size)))
    series = {
        "id": "hope", "name": "Hope", "slideLanguages": ["en", "sw"], "noteLanguages": ["en", "sw"],
        "songs": [{"id": "s", "name": "Song", "vocal": "media/appeal.mp4"}],
        "sermons": [{
            "id": "first", "title": {"en": "Living hope", "sw": "Tumaini hai"},
            "appeal": {"type": "vocal", "song": "s"},
            "slides": [
                {"id": "a", "kind": "image", "resource": "media/one.png",
                 "notes": {"en": "<b>Opening</b>", "sw": "Mwanzo"}},
                {"id": "b", "kind": "image", "resource": "media/two.jpg", "hidden": True,
                 "notes": {"en": "Hidden", "sw": "Siri"}},
                {"id": "c", "kind": "appeal",
                 "notes": {"en": "&lt;C&gt;Come home&lt;c&gt; &lt;C&gt;Today&lt;c&gt;&lt;R&gt;Pray", "sw": "&lt;C&gt;Njoo&lt;c&gt;"}},
            ]}],
    }
    (folder / "series.json").write_text(json.dumps(series))


def test_pack_install_languages_variations_and_rehearsal(tmp_path):
    source = tmp_path / "hope"
    make_series(source)
    package = tmp_path / "hope.sspkg"
    data = tmp_path / "data"
    packed = sharesynch(data, "pack", source, "-o", package).stdout
    assert "3 files" in packed and (tmp_path / "hope.sspkg.sha256").exists()
    assert "3 files verified" in sharesynch(data, "verify", package).stdout

    tampered = tmp_path / "tampered.sspkg"
    with zipfile.ZipFile(package) as original, zipfile.ZipFile(tampered, "w") as copy:
        for item in original.infolist():
            content = original.read(item)
            if item.filename == "media/one.png":
                content = bytes([content[0] ^ 1]) + content[1:]
            copy.writestr(item, content)
    refused = sharesynch(data, "install", tampered, check=False)
    assert refused.returncode != 0 and "media/one.png: it does not match its SHA-256" in refused.stderr
    assert json.loads(sharesynch(data, "series", "--json").stdout) == []
    assert not list((data / "media/sharesynch/series").iterdir()), "a refused install leaves nothing behind"

    assert "Installed Hope (hope)" in sharesynch(data, "install", package).stdout
    assert "first\tLiving hope" in sharesynch(data, "sermons", "hope").stdout
    sharesynch(data, "languages", "hope", "--notes", "sw")
    slides = json.loads(sharesynch(data, "slides", "hope", "first", "--json").stdout)
    assert [s["notes"] for s in slides] == ["Mwanzo", "Siri", "&lt;C&gt;Njoo&lt;c&gt;"]
    sharesynch(data, "languages", "hope", "--notes", "en")

    listed = sharesynch(data, "variation", "create", "hope", "--name", "Short").stdout
    assert "Short  ← current" in listed and "Original (original)" in listed
    original_id = json.loads(sharesynch(data, "variation", "list", "hope", "--json").stdout)[0]["id"]
    refused = sharesynch(data, "variation", "delete", "hope", "--id", original_id, check=False)
    assert refused.returncode != 0 and "cannot be deleted" in refused.stderr

    output = sharesynch(data, "present", "hope", "first", "--json", stdin="n\nn\nn\nn\n2\np\nq\n").stdout
    states, decoder, position = [], json.JSONDecoder(), 0
    while output[position:].strip():
        state, position = decoder.raw_decode(output, position + len(output[position:]) - len(output[position:].lstrip()))
        states.append(state)
    assert [s["counter"] for s in states] == ["1/2", "2/2", "2/2", "2/2", "2/2", "2/2", "1/2"]
    assert [s["black"] for s in states] == [False, False, False, False, True, False, False], "past the end: black"
    assert [s.get("appealText") for s in states[:4]] == [None, "Come home", "Today", None]
    assert states[3]["notes"].endswith("Pray") and states[0]["notes"] == "Opening"

    handout = tmp_path / "out" / "living-hope.pdf"
    handout.parent.mkdir()
    assert "wrote" in sharesynch(data, "pdf", "hope", "first", "-o", handout).stdout
    text = subprocess.run(["pdftotext", str(handout), "-"], capture_output=True, text=True, check=True).stdout
    assert "Living hope" in text and "Opening" in text and "Come home" in text and "Hidden" not in text
    missing = sharesynch(data, "pdf", "hope", "nosuch", "-o", handout, check=False)
    assert missing.returncode != 0 and "nosuch" in missing.stderr


def test_packages_dropped_in_the_inbox_install_at_start_up(tmp_path):
    source = tmp_path / "hope"
    make_series(source)
    data = tmp_path / "data"
    (data / "inbox").mkdir(parents=True)
    sharesynch(data, "pack", source, "-o", data / "inbox" / "hope.sspkg")
    (data / "inbox" / "junk.zip").write_bytes(b"junk")
    server = Server(data).start()
    try:
        # the inbox is installed in the background once the server listens
        deadline = time.monotonic() + 15
        while not (data / "inbox/installed/hope.sspkg").exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert [s["id"] for s in json.loads(sharesynch(data, "series", "--json").stdout)] == ["hope"]
        deadline = time.monotonic() + 15
        while not (data / "inbox/rejected/junk.zip.reason.txt").exists() and time.monotonic() < deadline:
            time.sleep(0.2)
    finally:
        server.stop()
    assert (data / "inbox/installed/hope.sspkg").exists() and (data / "inbox/installed/hope.sspkg.sha256").exists()
    assert "not a zip file" in (data / "inbox/rejected/junk.zip.reason.txt").read_text()
    assert json.loads(sharesynch(data, "inbox", "--json").stdout) == []


def test_download_from_a_catalog_resumes_and_a_corrupted_package_is_refused(tmp_path):
    import hashlib
    source = tmp_path / "hope"
    make_series(source)
    site = tmp_path / "site"
    site.mkdir()
    data = tmp_path / "data"
    sharesynch(data, "pack", source, "-o", site / "hope.sspkg")
    package = (site / "hope.sspkg").read_bytes()
    (site / "bad.sspkg").write_bytes(package)
    entry = {"name": "Hope", "size": len(package), "sha256": hashlib.sha256(package).hexdigest(), "free": True}
    catalog = {"series": [dict(entry, id="hope", url="hope.sspkg"), dict(entry, id="bad", url="bad.sspkg",
                                                                           sha256="0" * 64),
                          dict(entry, id="paid", url="hope.sspkg", free=False)]}
    (site / "catalog.json").write_text(json.dumps(catalog))
    server = PackageSite(site, break_first=True)
    try:
        listed = sharesynch(data, "download", server.base + "/catalog.json").stdout
        assert "hope\tHope" in listed and "paid\tHope\t1 MB  (not available: needs an activation code)" in listed
        locked = sharesynch(data, "download", server.base + "/catalog.json", "paid", check=False)
        assert locked.returncode != 0 and "needs an activation code" in locked.stderr
        first = sharesynch(data, "download", server.base + "/catalog.json", "hope", check=False)
        assert first.returncode != 0 and "run it again to resume" in first.stderr
        partial = data / "downloads" / "hope.sspkg"
        resumed_from = partial.stat().st_size
        assert 0 < resumed_from < len(package)
        second = sharesynch(data, "download", server.base + "/catalog.json", "hope")
        assert "Installed Hope (hope)" in second.stdout
        ranges = [wanted for _, wanted, _ in server.package_requests("hope.sspkg")]
        assert ranges == [None, f"bytes={resumed_from}-"], "the second run asks only for the rest"
        assert not partial.exists()

        sharesynch(data, "download", server.base + "/catalog.json", "bad", check=False)  # broken off
        refused = sharesynch(data, "download", server.base + "/catalog.json", "bad", check=False)
        assert refused.returncode != 0 and "damaged or not the published file" in refused.stderr
        assert [s["id"] for s in json.loads(sharesynch(data, "series", "--json").stdout)] == ["hope"]
        assert not (data / "downloads" / "bad.sspkg").exists()

        (site / "hope.sspkg.sha256").write_text(hashlib.sha256(package).hexdigest() + "  hope.sspkg\n")
        other = tmp_path / "other"
        assert "Installed Hope" in sharesynch(other, "install", server.base + "/hope.sspkg").stdout
        assert not list((other / "downloads").iterdir()), "the downloaded package is removed once installed"
        (site / "hope.sspkg.sha256").write_text("0" * 64 + "  hope.sspkg\n")
        refused = sharesynch(tmp_path / "third", "install", server.base + "/hope.sspkg", check=False)
        assert refused.returncode != 0 and "damaged or not the published file" in refused.stderr
    finally:
        server.stop()
