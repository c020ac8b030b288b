"""Writes API.md, the readable index of the JSON API, from its OpenAPI document (the source):
`python3 scripts/api_md.py > API.md`. e2e/test_server_api_schemathesis.py checks API.md is current."""
import json
import sys
from pathlib import Path

DOCUMENT = Path(__file__).resolve().parent.parent / "Sources/WebApp/Public/openapi.json"


def example(operation):
    """The request body's example as compact JSON, or the body's description for files."""
    body = operation.get("requestBody")
    if not body:
        return ""
    media, content = next(iter(body["content"].items()))
    if media == "application/json":
        return "`" + json.dumps(content["example"], ensure_ascii=False) + "`"
    return body.get("description", media)


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


def markdown(document):
    lines = ["# " + document["info"]["title"], "",
             "Generated from [the OpenAPI document](Sources/WebApp/Public/openapi.json) (served at "
             "`GET /api/openapi.json`) by `scripts/api_md.py`: edit the document, then run "
             "`python3 scripts/api_md.py > API.md`. Schemas, parameters and examples are in the document; "
             "`name`* marks a required query parameter.", "",
             document["info"]["description"], "", "| status | when |", "|---|---|"]
    lines += [f"| {code} | {cell(response['description'])} |"
              for code, response in document["components"]["responses"].items()]
    for tag in document["tags"]:
        lines += ["", f"## {tag['name']}", "", tag["description"], "",
                  "| method and path | query | what | body example | statuses |", "|---|---|---|---|---|"]
        for route, operations in document["paths"].items():
            for method, operation in operations.items():
                if tag["name"] not in operation["tags"]:
                    continue
                what = operation["summary"] + (". " + operation["description"] if "description" in operation else "")
                statuses = ", ".join(operation["responses"])
                query = ", ".join(f"`{p['name']}`" + ("*" if p["required"] else "")
                                  for p in operation.get("parameters", []) if p["in"] == "query")
                lines.append(f"| `{method.upper()} {route}` | {query} | {cell(what)} | {cell(example(operation))} "
                             f"| {statuses} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(markdown(json.loads(DOCUMENT.read_text())))
