"""Compares Key It's USX with the USX usfm-grammar makes from Key It's USFM of the same export.

Prints {"USX_FILE": ["difference", ...]} as JSON; an empty list means the two carry the same
content. Used by the Swift tests as the external truth about what USX the USFM export stands for.
Usage: compare_usx.py USFM_FILE USX_FILE [USFM_FILE USX_FILE ...]

Both trees are flattened into a sequence of start tags (with attributes as a dict), text and end
tags, then compared. What usfm-grammar (3.2) writes differently without changing content is
normalised, and only that:

- `<usx version>`: usfm-grammar writes the version of its own schema (3.1.2); ours says 3.0.
- `closed` on `<char>`: usfm-grammar records whether the USFM spelt the end marker (`\\fr 1:1 \\ft`
  has none); the USX schema keeps it only to round-trip to USFM, it is not content. We omit it.
- `vid` on a heading (`\s1`, `\d`, `\r`, … after a verse): usfm-grammar gives one to any
  paragraph with text that starts while a verse is open. In USX 3.0 (the spec's examples, as
  Paratext writes them) a heading between two verses belongs to neither: the verse ends in its
  own paragraph (the `eid`, compared, says so) and the heading has no `vid`.
- Whitespace: runs of spaces and line breaks count as one space; whitespace next to a paragraph's,
  book's or note's start or end and next to a chapter or verse milestone is dropped (USFM's line
  breaks and the space after a note's caller, not text). Spaces between words and around
  character styles are compared.

One bug of usfm-grammar 3.2 is patched rather than normalised: it writes a verse's `eid` into the
paragraph where the last verse *with text* was, so a verse without text is closed in an earlier
paragraph (even an earlier chapter), and when no verse before it had text, `to_usx()` crashes.
`verse_starts_its_place` makes each verse start count as that place, which is where its text
would go. Verse and chapter milestones are then compared like everything else, and ours are also
checked on their own: every `sid` is closed by its `eid` in order, `sid`s are `BOOK C` and
`BOOK C:V`, and no verse text (outside headings) stands outside a verse.
"""
import difflib
import json
import re
import sys

from lxml import etree
from usfm_grammar import USFMParser, usx_generator

IGNORED_ATTRIBUTES = {"usx": {"version"}, "char": {"closed"}}
BOUNDARY_TAGS = {"usx", "book", "para", "chapter", "verse"}
HEADING_STYLES = {"s", "ms", "mr", "sr", "sp", "sd", "qa", "d", "r", "cl", "cd", "rem"}

original_verse = usx_generator.USXGenerator._node_2_usx_verse


def verse_starts_its_place(self, node, parent):
    """usfm-grammar's verse handler, then: the verse closes where it starts until text follows."""
    original_verse(self, node, parent)
    self.parse_state["prev_verse_parent"] = parent


usx_generator.USXGenerator._node_2_usx_verse = verse_starts_its_place


def base_style(element):
    """The style without its level digits (`s1` → `s`)."""
    return re.sub(r"\d+$", "", element.get("style", ""))


def milestone_problems(root):
    """What is wrong with the chapter and verse milestones of our USX, in document order."""
    problems = []
    chapter = verse = None
    for element in root.iter():
        if element.tag == "chapter":
            if element.get("sid"):
                if chapter or verse:
                    problems.append(f"chapter {element.get('sid')} starts inside {verse or chapter}")
                chapter = element.get("sid")
                if chapter != f"{root.find('book').get('code')} {element.get('number')}":
                    problems.append(f"chapter sid {chapter} is not the book code and number")
            else:
                if element.get("eid") != chapter or verse:
                    problems.append(f"chapter eid {element.get('eid')} closes {verse or chapter}")
                chapter = None
        elif element.tag == "verse":
            if element.get("sid"):
                if verse or not chapter:
                    problems.append(f"verse {element.get('sid')} starts inside {verse or 'no chapter'}")
                verse = element.get("sid")
                if verse != f"{chapter}:{element.get('number')}":
                    problems.append(f"verse sid {verse} is not its chapter and number")
            else:
                if element.get("eid") != verse:
                    problems.append(f"verse eid {element.get('eid')} closes {verse}")
                verse = None
        elif element.tag == "para" and chapter and not verse:
            if base_style(element) not in HEADING_STYLES and (element.text or "").strip():
                problems.append(f"text outside a verse in {chapter}: {element.text.strip()[:40]!r}")
        if chapter and not verse and element.tag in ("verse", "chapter") and (element.tail or "").strip():
            problems.append(f"text after {element.get('eid')} outside a verse: {element.tail.strip()[:40]!r}")
    if chapter or verse:
        problems.append(f"{verse or chapter} is never closed")
    return problems


def tokens(root):
    """The tree as start tags, texts and end tags, with the normalisations above."""
    raw = []

    def walk(element):
        ignored = IGNORED_ATTRIBUTES.get(element.tag, set())
        if element.tag == "para" and base_style(element) in HEADING_STYLES:
            ignored = {"vid"}
        attributes = tuple(sorted((k, v) for k, v in element.attrib.items() if k not in ignored))
        raw.append(("start", element.tag, attributes))
        if element.text:
            raw.append(("text", element.text))
        for child in element:
            walk(child)
            if child.tail:
                raw.append(("text", child.tail))
        raw.append(("end", element.tag))

    walk(root)
    merged = []
    for token in raw:
        if token[0] == "text" and merged and merged[-1][0] == "text":
            merged[-1] = ("text", merged[-1][1] + token[1])
        else:
            merged.append(token)

    def boundary(token, side):
        if token is None or token[0] == "text":
            return token is None
        return token[1] in BOUNDARY_TAGS or (token[1] == "note" and token[0] == side)

    result = []
    for index, token in enumerate(merged):
        if token[0] != "text":
            result.append(token)
            continue
        text = re.sub(r"\s+", " ", token[1])
        if boundary(merged[index - 1] if index else None, "start"):
            text = text.lstrip()
        if boundary(merged[index + 1] if index + 1 < len(merged) else None, "end"):
            text = text.rstrip()
        if text:
            result.append(("text", text))
    return result


def show(token):
    if token[0] == "text":
        return repr(token[1])
    if token[0] == "end":
        return f"</{token[1]}>"
    return f"<{token[1]}" + "".join(f' {k}="{v}"' for k, v in token[2]) + ">"


def differences(usfm_path, usx_path):
    with open(usfm_path, encoding="utf-8-sig") as handle:
        parser = USFMParser(handle.read())
    if parser.errors:
        return [f"usfm-grammar cannot read the USFM: {parser.errors[:3]}"]
    theirs = etree.fromstring(etree.tostring(parser.to_usx()))
    try:
        ours = etree.parse(usx_path).getroot()
    except etree.XMLSyntaxError as error:
        return [f"not well-formed XML: {error}"]
    found = milestone_problems(ours)
    a, b = tokens(ours), tokens(theirs)
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            where = next((dict(t[2])["sid"] for t in reversed(a[:i1]) if t[0] == "start" and "sid" in dict(t[2])), "start")
            ours_part = " ".join(show(t) for t in a[i1:i2][:8])
            theirs_part = " ".join(show(t) for t in b[j1:j2][:8])
            found.append(f"after {where}: ours {ours_part or 'nothing'}; usfm-grammar {theirs_part or 'nothing'}")
    return found[:20]


arguments = sys.argv[1:]
report = {usx: differences(usfm, usx) for usfm, usx in zip(arguments[::2], arguments[1::2])}
print(json.dumps(report, ensure_ascii=False))
