/// The home page: the apps of the suite with one line each (more link in as they arrive).
enum HomePage {
  static func render() -> String {
    """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Scriptorium</title></head>
    <body><header><h1>Scriptorium</h1></header>
    <main><p>A workbench for people who work across languages.</p>
    <ul>
    <li><strong>Key It</strong> — keyboard printed Scripture verse by verse and export USFM.
    Its screens are not built yet; use the command line: <code>scriptorium keyit --help</code>.</li>
    </ul>
    </main></body></html>
    """
  }
}
