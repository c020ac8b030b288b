"""A tiny StarDict dictionary (.ifo, .idx, .dict) written by hand, as GoldenDict users have them."""
import struct


def write_stardict(folder, name, words, bookname="Tiny"):
    """Writes NAME.ifo, NAME.idx and NAME.dict for `words` (headword → definition) into `folder`;
    returns the three paths."""
    idx = b""
    text = b""
    for word, definition in sorted(words.items(), key=lambda item: item[0].lower()):
        data = definition.encode()
        idx += word.encode() + b"\0" + struct.pack(">II", len(text), len(data))
        text += data
    ifo = ("StarDict's dict ifo file\nversion=2.4.2\n"
           f"wordcount={len(words)}\nidxfilesize={len(idx)}\nbookname={bookname}\nsametypesequence=m\n")
    paths = [folder / f"{name}.ifo", folder / f"{name}.idx", folder / f"{name}.dict"]
    for path, content in zip(paths, [ifo.encode(), idx, text]):
        path.write_bytes(content)
    return paths
