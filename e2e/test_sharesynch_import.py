"""`scriptorium sharesynch import` on real decks made here with python-pptx (and converted to
.odp and .ppt by LibreOffice): slide count, notes with their formats, hidden slides, titles as captions,
Arabic and Devanagari text, the picture's colour in the drawn page; pictures in order; and
refusals (a password-protected file, a 0-page PDF, a damaged deck, the time limit) that leave
nothing behind. LibreOffice is required: without it these tests fail, they are not skipped."""
import json
import shutil
import subprocess
import time
import urllib.error
import urllib.request

import pytest
from PIL import Image

from conftest import BINARY, REPO, Server
from test_decks import (ARABIC_NOTES, DEVANAGARI_TITLE, PICTURE_COLOUR, make_keynote, make_mp4, make_pptx,
                        make_video_pptx, solid_picture)

FIRST_NOTES = ("<p><b>Bold </b><i>italic </i><u>under </u><s>struck</s></p>"
               "<ul><li>first point</li><li>second point</li></ul><p>plain end</p>")


def sharesynch(data, *args, check=True):
    result = subprocess.run([BINARY, "sharesynch", *map(str, args), "--data", str(data)],
                            capture_output=True, text=True)
    if check and result.returncode != 0:
        raise AssertionError(f"sharesynch {' '.join(map(str, args))} failed: {result.stderr}")
    return result


def slides(data, series, sermon):
    return json.loads(sharesynch(data, "slides", series, sermon, "--json").stdout)


def series_folder(data, series):
    return data / "media/sharesynch/series" / series


@pytest.fixture(scope="session")
def decks(tmp_path_factory):
    """The test deck as .pptx and, converted by LibreOffice, as .odp and .ppt (made once per session)."""
    assert shutil.which("soffice"), "LibreOffice (libreoffice-impress) is not installed: run scripts/setup.sh"
    folder = tmp_path_factory.mktemp("decks")
    pptx = make_pptx(folder / "hope.pptx")
    for kind in ("odp", "ppt"):
        subprocess.run(["soffice", "--headless", f"-env:UserInstallation=file://{folder}/profile",
                        "--convert-to", kind, "--outdir", str(folder), str(pptx)],
                       check=True, capture_output=True, timeout=180)
    return {"pptx": pptx, "odp": folder / "hope.odp", "ppt": folder / "hope.ppt"}


@pytest.fixture(scope="session")
def imported(tmp_path_factory, decks):
    """One data folder with a series holding the .pptx, .odp and .ppt imported as three sermons."""
    data = tmp_path_factory.mktemp("imported") / "data"
    sharesynch(data, "create", "Hope", "--slides", "en,hi", "--notes", "en,ar")
    for kind in ("pptx", "odp", "ppt"):
        sharesynch(data, "import", decks[kind], "--series", "hope", "--sermon", f"Living hope {kind}",
                   "--width", "640")
    return data


@pytest.mark.parametrize("kind", ["pptx", "odp", "ppt"])
def test_a_deck_becomes_a_sermon_with_its_notes_hidden_slides_titles_and_pictures(imported, kind):
    shown = slides(imported, "hope", f"living-hope-{kind}")
    assert len(shown) == 4
    assert [slide["hidden"] for slide in shown] == [False, True, False, False]
    # LibreOffice's .ppt export drops the strikethrough; everything else survives the old format.
    assert shown[0]["notes"] == (FIRST_NOTES.replace("<s>struck</s>", "struck") if kind == "ppt" else FIRST_NOTES)
    assert shown[1]["notes"] == "<p>hidden notes</p>"
    assert shown[3]["notes"] == f"<p>{ARABIC_NOTES}</p>"
    assert shown[0]["title"] == "Living hope" and shown[3]["title"] == DEVANAGARI_TITLE
    assert "title" not in shown[2] or shown[2]["title"] is None, "a slide without a title has no caption"

    folder = series_folder(imported, "hope")
    with Image.open(folder / shown[2]["resource"]) as page:
        assert page.width == 640, "drawn at the width asked for"
        pixel = page.convert("RGB").getpixel((page.width // 2, page.height // 2))
    assert all(abs(a - b) <= 8 for a, b in zip(pixel, PICTURE_COLOUR)), pixel
    with Image.open(folder / shown[0]["resource"]) as title_page:
        assert title_page.convert("RGB").getpixel((5, 5)) == (255, 255, 255), "a white title slide stays white"


def test_a_keynote_deck_becomes_a_sermon_with_its_notes(tmp_path):
    data = tmp_path / "data"
    sharesynch(data, "create", "Keynote", "--notes", "sw")
    deck = make_keynote(tmp_path / "Mungu ni pendo.key", ["Sema polepole", "", "Mungu ni pendo & amani"])
    sharesynch(data, "import", deck, "--series", "keynote", "--sermon", "Pendo", "--width", "320")
    shown = slides(data, "keynote", "pendo")
    assert [slide["notes"] for slide in shown] == ["<p>Sema polepole</p>", "", "<p>Mungu ni pendo &amp; amani</p>"]
    with Image.open(series_folder(data, "keynote") / shown[0]["resource"]) as page:
        assert page.width == 320


def test_pictures_become_slides_in_the_order_given(tmp_path):
    data = tmp_path / "data"
    sharesynch(data, "create", "Pictures")
    red, blue = tmp_path / "z-red.png", tmp_path / "a-blue.jpg"
    red.write_bytes(solid_picture((250, 0, 0)).getvalue())
    Image.new("RGB", (64, 36), (0, 0, 250)).save(blue, "JPEG")
    result = json.loads(sharesynch(data, "import", red, blue, "--series", "pictures", "--sermon", "Colours",
                                   "--json").stdout)
    assert result["result"]["slides"] == 2
    shown = slides(data, "pictures", "colours")
    assert [slide["resource"].rsplit(".", 1)[1] for slide in shown] == ["png", "jpg"]
    with Image.open(series_folder(data, "pictures") / shown[0]["resource"]) as first:
        assert first.convert("RGB").getpixel((1, 1)) == (250, 0, 0)


def test_importing_again_keeps_what_the_sermon_was_as_a_variation(tmp_path):
    data = tmp_path / "data"
    sharesynch(data, "create", "Pictures")
    one, two = tmp_path / "one.png", tmp_path / "two.png"
    one.write_bytes(solid_picture((1, 2, 3)).getvalue())
    two.write_bytes(solid_picture((4, 5, 6)).getvalue())
    sharesynch(data, "import", one, "--series", "pictures", "--sermon", "Talk")
    again = sharesynch(data, "import", one, two, "--series", "pictures", "--sermon", "Talk").stdout
    assert "imported 2 slides into pictures/talk" in again and "kept as the variation" in again
    variations = json.loads(sharesynch(data, "variation", "list", "pictures", "--json").stdout)
    kept = [v for v in variations if v["name"].startswith("Before import")]
    assert len(kept) == 1
    assert len(slides(data, "pictures", "talk")) == 2
    assert len(json.loads(sharesynch(data, "slides", "pictures", "talk", "--variation", kept[0]["id"],
                                     "--json").stdout)) == 1


def leftovers(data):
    """What an import left in the scratch folder (but LibreOffice's template profile, kept on
    purpose) and in the series' imports."""
    scratch = [p.name for p in (data / "tmp").glob("*") if p.name != ".libreoffice-profile"]
    imports = data / "media/sharesynch/series/refusals/imports"
    return sorted(scratch) + sorted(p.name for p in imports.glob("*"))


@pytest.mark.parametrize("name, content, message", [
    ("locked.pptx", bytes.fromhex("D0CF11E0A1B11AE1") + bytes(504), "protected by a password"),
    ("empty.pdf", b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"
                  b"2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n", "has no pages"),
    ("broken.pptx", b"PK\x03\x04" + bytes(200), "cannot be imported"),
    ("notes.txt", b"just words", "is not a PowerPoint"),
])
def test_a_file_that_cannot_be_imported_is_refused_and_leaves_nothing(tmp_path, name, content, message):
    data = tmp_path / "data"
    sharesynch(data, "create", "Refusals")
    bad = tmp_path / name
    bad.write_bytes(content)
    refused = sharesynch(data, "import", bad, "--series", "refusals", "--sermon", "Bad", check=False)
    assert refused.returncode != 0 and message in refused.stderr, refused.stderr
    assert json.loads(sharesynch(data, "sermons", "refusals", "--json").stdout) == []
    assert leftovers(data) == []


def test_a_conversion_past_the_time_limit_is_stopped_and_leaves_nothing(tmp_path, decks):
    data = tmp_path / "data"
    sharesynch(data, "create", "Refusals")
    refused = sharesynch(data, "import", decks["pptx"], "--series", "refusals", "--sermon", "Slow",
                         "--time-limit", "0", check=False)
    assert refused.returncode != 0 and "was stopped" in refused.stderr, refused.stderr
    assert leftovers(data) == []
    assert subprocess.run(["pgrep", "-f", f"{data}/tmp"], capture_output=True).stdout == b"", \
        "no LibreOffice left running"


def test_a_second_language_adds_pictures_and_notes_to_the_same_slides(tmp_path):
    """Swahili pictures go into the existing sermon as a
    language: slides by position, the first language's picture where the new one has none, and
    the report says where the counts differ."""
    data = tmp_path / "data"
    sharesynch(data, "create", "Two", "--slides", "en", "--notes", "en")
    pictures = []
    for index, colour in enumerate([(10, 200, 10), (10, 10, 200), (200, 200, 10)]):
        pictures.append(tmp_path / f"{index}.png")
        pictures[-1].write_bytes(solid_picture(colour).getvalue())
    sharesynch(data, "import", *pictures, "--series", "two", "--sermon", "Talk")
    added = sharesynch(data, "import", *pictures[:2][::-1], "--series", "two", "--sermon", "talk", "--add-language",
                       "--slides-language", "sw", "--notes-language", "sw")
    assert "added the language to 2 slides of two/talk" in added.stdout
    assert "slides 3–3 have no sw notes" in added.stderr, added.stderr
    english = slides(data, "two", "talk")
    sharesynch(data, "languages", "two", "--slides", "sw", "--notes", "sw")
    swahili = slides(data, "two", "talk")
    assert [s["id"] for s in swahili] == [s["id"] for s in english], "the same slides, in another language"
    folder = series_folder(data, "two")
    colours = [Image.open(folder / s["resource"]).convert("RGB").getpixel((1, 1)) for s in swahili]
    assert colours == [(10, 10, 200), (10, 200, 10), (200, 200, 10)], "the third falls back to the English picture"
    assert len(list((folder / "imports").glob("*/*"))) == 5


def test_embedded_videos_become_video_slides_or_are_reported(tmp_path):
    webm = REPO / "Sources/ShareSynch/Resources/demo-video.webm"
    avi = tmp_path / "old.avi"
    avi.write_bytes(b"RIFF\x00\x10\x00\x00AVI LIST" + bytes(64))
    h264, hevc = make_mp4(tmp_path / "h264.mp4", "avc1"), make_mp4(tmp_path / "phone.mp4", "hvc1")
    deck = make_video_pptx(tmp_path / "videos.pptx", [(webm, "video/webm"), (avi, "video/x-msvideo"),
                                                      (h264, "video/mp4"), (hevc, "video/mp4")])
    data = tmp_path / "data"
    sharesynch(data, "create", "Videos")
    result = sharesynch(data, "import", deck, "--series", "videos", "--sermon", "Clips", "--width", "320")
    assert "slide 2: the video" in result.stderr and "is not MP4 or WebM" in result.stderr, result.stderr
    assert "slide 4: the video" in result.stderr and "is an MP4 in hvc1" in result.stderr, result.stderr
    shown = slides(data, "videos", "clips")
    assert [slide["kind"] for slide in shown] == ["image", "video", "image", "image", "video", "image"]
    video = series_folder(data, "videos") / shown[1]["resource"]
    assert video.suffix == ".webm" and video.read_bytes() == webm.read_bytes()
    mp4 = series_folder(data, "videos") / shown[4]["resource"]
    assert mp4.suffix == ".mp4" and mp4.read_bytes() == h264.read_bytes()


def call(server, method, path, body=None, raw=None):
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    request = urllib.request.Request(server.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/octet-stream" if raw else "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"null")


def test_an_import_job_runs_one_at_a_time_and_cancel_leaves_nothing(tmp_path, decks):
    server = Server(tmp_path / "data").start()
    try:
        call(server, "POST", "/api/sharesynch/series", {"name": "Cancel", "slideLanguages": ["en"]})
        uploads = [call(server, "POST", "/api/sharesynch/uploads?name=hope.pptx", raw=decks["pptx"].read_bytes())["upload"]
                   for _ in range(2)]
        job = call(server, "POST", "/api/sharesynch/series/cancel/imports", {"uploads": uploads[:1], "title": {"en": "A"}})
        assert job["state"] == "running"
        with pytest.raises(urllib.error.HTTPError) as busy:
            call(server, "POST", "/api/sharesynch/series/cancel/imports", {"uploads": uploads[1:], "title": {"en": "B"}})
        assert busy.value.code == 409
        cancelled = call(server, "POST", f"/api/sharesynch/imports/{job['id']}/cancel")
        assert cancelled["state"] == "cancelled"
        assert call(server, "GET", "/api/sharesynch/series/cancel")["sermons"] == []
        assert [p.name for p in (tmp_path / "data/tmp").glob("import-*")] == []
        assert subprocess.run(["pgrep", "-f", f"{tmp_path}/data/tmp/import-"], capture_output=True).stdout == b""

        second = call(server, "POST", "/api/sharesynch/series/cancel/imports", {"uploads": uploads[1:], "title": {"en": "B"}})
        while second["state"] == "running":
            time.sleep(0.3)
            second = call(server, "GET", f"/api/sharesynch/imports/{second['id']}")
        assert second["state"] == "done" and second["result"]["slides"] == 4, second
        assert second["progress"]["total"] == 4
    finally:
        server.stop()


def finished(server, job):
    while job["state"] == "running":
        time.sleep(0.2)
        job = call(server, "GET", f"/api/sharesynch/imports/{job['id']}")
    return job


def test_the_api_adds_a_language_to_a_sermon(tmp_path):
    server = Server(tmp_path / "data").start()
    try:
        call(server, "POST", "/api/sharesynch/series", {"name": "Langs", "slideLanguages": ["en"]})

        def upload(colour):
            return call(server, "POST", "/api/sharesynch/uploads?name=p.png", raw=solid_picture(colour).getvalue())["upload"]

        first = finished(server, call(server, "POST", "/api/sharesynch/series/langs/imports",
                                      {"uploads": [upload((9, 9, 9)), upload((8, 8, 8))], "title": {"en": "Talk"}}))
        assert first["state"] == "done" and first["result"]["slides"] == 2
        added = finished(server, call(server, "POST", "/api/sharesynch/series/langs/imports",
                                      {"uploads": [upload((7, 7, 7))], "sermon": "talk", "addLanguage": True,
                                       "slideLanguage": "sw", "noteLanguage": "sw"}))
        assert added["state"] == "done" and added["result"]["slides"] == 1, added
        assert any("slides 2–2 have no sw notes" in line for line in added["report"]), added["report"]
        details = call(server, "GET", "/api/sharesynch/series/langs")
        assert details["slideLanguages"] == ["en", "sw"] and details["noteLanguages"] == ["en", "sw"]
    finally:
        server.stop()
