"""Oracle for the Anki .apkg tests, backed by the official `anki` package (Anki's own Rust backend).

Usage:
    .venv/bin/python scripts/anki_check.py read APKG
        Imports APKG into a fresh temporary collection and prints
        {"notes": [{"fields": {name: value}, "tags": [...], "notetype": name, "deck": name}, ...],
         "media": {filename: sha256 hex}, "cards": count}
        with notes sorted by their first field; "deck" is the deck of the note's first card.
    .venv/bin/python scripts/anki_check.py make OUT.apkg [--modern]
        Writes a package with deck "Cymraeg" (3 "Basic (and reversed card)" notes, one referring to
        the image dwr.png) in the legacy format (collection.anki21 + JSON `media` map), or with
        --modern in the current format (collection.anki21b, zstd); prints {"path": OUT, "sha256_dwr_png": hex}.

JSON goes to stdout; on failure the error goes to stderr and the exit status is 1.
"""

import contextlib
import hashlib
import json
import os
import struct
import sys
import tempfile
import zipfile
import zlib

from anki.collection import (
    Collection,
    ExportAnkiPackageOptions,
    ImportAnkiPackageOptions,
    ImportAnkiPackageRequest,
)

NOTES = [
    ("water", 'dŵr <img src="dwr.png">', ["nature", "welsh"]),
    ("now", "rŵan", ["time"]),
    ("<b>bread</b>", "bara", []),
]


def sha256_file(path):
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


def one_pixel_png():
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)  # 1x1, 8-bit RGB
    pixels = zlib.compress(b"\x00\xb0\x30\x30")  # filter byte + one red-ish pixel
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


def describe_note(col, note_id):
    note = col.get_note(note_id)
    first_card = min(note.cards(), key=lambda card: card.ord)
    return {
        "fields": dict(note.items()),
        "tags": sorted(note.tags),
        "notetype": note.note_type()["name"],
        "deck": col.decks.name(first_card.did),
    }


def rename_stock_notetypes(col):
    """A new collection holds the stock notetypes; renaming them keeps imported names free of a "+" suffix."""
    for entry in col.models.all_names_and_ids():
        notetype = col.models.get(entry.id)
        notetype["name"] = f"stock {entry.id}"
        col.models.save(notetype)


def read(apkg):
    with tempfile.TemporaryDirectory() as tmp:
        col = Collection(os.path.join(tmp, "collection.anki2"))
        try:
            rename_stock_notetypes(col)
            options = ImportAnkiPackageOptions(with_scheduling=True, with_deck_configs=True)
            col.import_anki_package(ImportAnkiPackageRequest(package_path=os.path.abspath(apkg), options=options))
            notes = [describe_note(col, note_id) for note_id in col.find_notes("")]
            media_dir = col.media.dir()
            media = {name: sha256_file(os.path.join(media_dir, name)) for name in sorted(os.listdir(media_dir))}
            cards = col.card_count()
        finally:
            col.close()
    notes.sort(key=lambda note: next(iter(note["fields"].values()), ""))
    return {"notes": notes, "media": media, "cards": cards}


def make(out, modern):
    with tempfile.TemporaryDirectory() as tmp:
        col = Collection(os.path.join(tmp, "collection.anki2"))
        try:
            deck_id = col.decks.id("Cymraeg")
            notetype = col.models.by_name("Basic (and reversed card)")
            for front, back, tags in NOTES:
                note = col.new_note(notetype)
                note["Front"], note["Back"], note.tags = front, back, tags
                col.add_note(note, deck_id)
            png = one_pixel_png()
            if col.media.write_data("dwr.png", png) != "dwr.png":
                raise RuntimeError("dwr.png was renamed in the media folder")
            options = ExportAnkiPackageOptions(with_scheduling=False, with_deck_configs=True, with_media=True, legacy=not modern)
            col.export_anki_package(out_path=os.path.abspath(out), options=options, limit=None)
        finally:
            col.close()
    check_entries(out, modern)
    return {"path": out, "sha256_dwr_png": hashlib.sha256(png).hexdigest()}


def check_entries(apkg, modern):
    names = set(zipfile.ZipFile(apkg).namelist())
    if modern:
        ok = "collection.anki21b" in names
    else:
        ok = "media" in names and bool(names & {"collection.anki2", "collection.anki21"})
    if not ok:
        raise RuntimeError(f"unexpected entries in {apkg}: {sorted(names)}")


def main(args):
    if len(args) == 2 and args[0] == "read":
        return read(args[1])
    if len(args) in (2, 3) and args[0] == "make" and args[2:] in ([], ["--modern"]):
        return make(args[1], modern=len(args) == 3)
    raise SystemExit(__doc__)


if __name__ == "__main__":
    try:
        with contextlib.redirect_stdout(sys.stderr):  # the backend prints "blocked main thread" notes to stdout
            result = main(sys.argv[1:])
    except Exception as error:  # report any import/export failure as a non-zero exit
        print(f"{type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(1)
    print(json.dumps(result, ensure_ascii=False, indent=2))
