"""Test decks made with python-pptx: notes with bold, italic, underline, strike and bullets, a
hidden slide, a full-slide picture of one known colour, and Arabic and Devanagari text, so the
import can be checked against what the deck really holds."""
import zipfile
from io import BytesIO
from xml.sax.saxutils import escape

from PIL import Image
from pptx import Presentation
from pptx.oxml.ns import qn
from pptx.util import Emu

PICTURE_COLOUR = (200, 30, 40)
ARABIC_NOTES = "الرجاء الحي"
DEVANAGARI_TITLE = "जीवित आशा"


def solid_picture(colour, size=(320, 180)):
    data = BytesIO()
    Image.new("RGB", size, colour).save(data, "PNG")
    data.seek(0)
    return data


def _notes(slide, paragraphs):
    """Writes notes as paragraphs of (text, {b, i, u, strike}) runs; a paragraph starting with
    '• ' becomes a bulleted one."""
    frame = slide.notes_slide.notes_text_frame
    for index, runs in enumerate(paragraphs):
        paragraph = frame.paragraphs[0] if index == 0 else frame.add_paragraph()
        bullet = runs and runs[0][0].startswith("• ")
        if bullet:
            runs = [(runs[0][0][2:], runs[0][1])] + runs[1:]
            properties = paragraph._p.get_or_add_pPr()
            properties.set("marL", "285750")
            properties.set("indent", "-285750")
            character = properties.makeelement(qn("a:buChar"), {"char": "•"})
            properties.append(character)
        for text, style in runs:
            style = set(style.split())
            run = paragraph.add_run()
            run.text = text
            run.font.bold = "b" in style or None
            run.font.italic = "i" in style or None
            run.font.underline = "u" in style or None
            if "strike" in style:
                run.font._rPr.set("strike", "sngStrike")


def make_pptx(path, slides=4, pictures=False):
    """A deck of `slides` slides (at least 4): 1 a title with formatted notes, 2 hidden, 3 a
    full-slide picture, 4 Devanagari title with Arabic notes; more plain ones after."""
    deck = Presentation()
    title_layout, blank = deck.slide_layouts[0], deck.slide_layouts[6]

    first = deck.slides.add_slide(title_layout)
    first.shapes.title.text = "Living hope"
    _notes(first, [[("Bold ", "b"), ("italic ", "i"), ("under ", "u"), ("struck", "strike")],
                   [("• first point", "")], [("• second point", "")], [("plain end", "")]])

    hidden = deck.slides.add_slide(title_layout)
    hidden.shapes.title.text = "Hidden slide"
    hidden._element.set("show", "0")
    _notes(hidden, [[("hidden notes", "")]])

    picture = deck.slides.add_slide(blank)
    picture.shapes.add_picture(solid_picture(PICTURE_COLOUR), 0, 0, deck.slide_width, deck.slide_height)
    _notes(picture, [[("picture notes", "")]])

    script = deck.slides.add_slide(title_layout)
    script.shapes.title.text = DEVANAGARI_TITLE
    _notes(script, [[(ARABIC_NOTES, "")]])

    for number in range(5, slides + 1):
        slide = deck.slides.add_slide(blank if pictures else title_layout)
        if pictures:
            colour = ((number * 37) % 256, (number * 91) % 256, (number * 53) % 256)
            slide.shapes.add_picture(solid_picture(colour, (1280, 720)), 0, 0, deck.slide_width, deck.slide_height)
        else:
            slide.shapes.title.text = f"Slide {number}"
        _notes(slide, [[(f"notes {number}", "")]])
    deck.save(path)
    return path


def make_video_pptx(path, movies):
    """One slide per movie, each with the embedded video `movies` gives as (file, MIME type)."""
    deck = Presentation()
    for movie, mime in movies:
        slide = deck.slides.add_slide(deck.slide_layouts[6])
        slide.shapes.add_movie(str(movie), 0, 0, deck.slide_width // 2, deck.slide_height // 2,
                               poster_frame_image=solid_picture((0, 0, 0)), mime_type=mime)
    deck.save(path)
    return path


def mp4_box(kind, body):
    return (len(body) + 8).to_bytes(4, "big") + kind.encode() + body


def make_mp4(path, codec):
    """An MP4 with one video track in `codec` (`avc1`, `hvc1`…): the boxes a player reads to
    choose a decoder (ftyp, moov down to the sample description) and a small mdat."""
    handler = bytes(8) + b"vide" + bytes(13)
    descriptions = bytes(7) + b"\x01" + mp4_box(codec, bytes(78))
    track = mp4_box("trak", mp4_box("tkhd", bytes(84)) + mp4_box("mdia", mp4_box("mdhd", bytes(24))
                    + mp4_box("hdlr", handler) + mp4_box("minf", mp4_box("vmhd", bytes(12))
                    + mp4_box("stbl", mp4_box("stsd", descriptions)))))
    path.write_bytes(mp4_box("ftyp", b"isom\x00\x00\x02\x00isomavc1") + mp4_box("moov", mp4_box("mvhd", bytes(100))
                     + track) + mp4_box("mdat", bytes(512)))
    return path


def make_keynote(path, notes):
    """A Keynote '09 package (`index.apxl` in a zip, the XML format LibreOffice's libetonyek reads)
    with one slide per entry of `notes`, each slide's speaker notes that text ("" for none). Made
    by hand: no Keynote runs here, so this is the smallest package LibreOffice opens as slides."""
    namespaces = "http://developer.apple.com/namespaces/"
    keynote, sf, sfa = namespaces + "keynote2", namespaces + "sf", namespaces + "sfa"
    slides = "".join(
        f'<key:slide key:id="s{index}"><key:page/>'
        + (f"<key:notes><sf:text-storage><sf:text-body><sf:p>{escape(text)}</sf:p></sf:text-body>"
           "</sf:text-storage></key:notes>" if text else "")
        + "</key:slide>" for index, text in enumerate(notes))
    document = (f'<?xml version="1.0" encoding="UTF-8"?><key:presentation xmlns:key="{keynote}" xmlns:sf="{sf}" '
                f'xmlns:sfa="{sfa}" key:version="92008102400"><key:size sfa:w="1024" sfa:h="768"/>'
                f"<key:slide-list>{slides}</key:slide-list></key:presentation>")
    with zipfile.ZipFile(path, "w") as package:
        package.writestr("index.apxl", document)
    return path


if __name__ == "__main__":
    import sys
    make_pptx(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 4, len(sys.argv) > 3)
