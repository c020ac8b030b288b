import Foundation
import ShareSynch

/// LibreOffice, headless, converting one untrusted presentation at a time: each run gets a
/// throwaway profile folder with macros disabled — a copy of a template profile that LibreOffice
/// initialised once and that never opened a document (a fresh profile costs LibreOffice a second
/// start) — and is stopped at the time limit.
struct OfficeConversion {
  /// LibreOffice's program (the `soffice.bin` that `soffice` starts, so stopping it stops it all).
  var program: URL

  /// The LibreOffice on this machine, or nil.
  static func installed() -> OfficeConversion? {
    ["/usr/lib/libreoffice/program/soffice.bin", "/opt/libreoffice/program/soffice.bin", "/usr/bin/soffice"]
      .map(URL.init(fileURLWithPath:)).first { FileManager.default.isExecutableFile(atPath: $0.path) }
      .map(OfficeConversion.init(program:))
  }

  /// The filter that exports every slide, hidden ones too, so page N is slide N.
  static let pdfFilter = #"pdf:impress_pdf_Export:{"ExportHiddenSlides":{"type":"boolean","value":"true"}}"#

  /// Converts `source` (inside `work`) to `format` (`pdf` with `pdfFilter`, or `odp`) in
  /// `work/converted/`, with a fresh profile in `work/profile/` copied from the template profile
  /// kept in `profiles` (made there when missing); returns the converted file.
  func convert(_ source: URL, to format: String, work: URL, profiles: URL, name: String, timeLimit: Duration)
    async throws -> URL
  {
    let profile = work.appendingPathComponent("profile")
    let output = work.appendingPathComponent("converted")
    try? FileManager.default.removeItem(at: profile)
    let template = try await templateProfile(in: profiles, name: name, timeLimit: timeLimit)
    try FileManager.default.copyItem(at: template, to: profile)
    let outcome = try await run(
      ["--convert-to", format == "pdf" ? Self.pdfFilter : format, "--outdir", output.path, source.path],
      profile: profile, name: name, timeLimit: timeLimit)
    let converted = output.appendingPathComponent(
      (source.deletingPathExtension().lastPathComponent as NSString).appendingPathExtension(format)!)
    guard outcome.status == 0, FileManager.default.fileExists(atPath: converted.path) else {
      let said = (outcome.errors + outcome.output).split(separator: "\n").last.map(String.init) ?? ""
      throw ShareSynchError.cannotImport(file: name, reason: .officeCannotOpen(said: String(said.prefix(200))))
    }
    return converted
  }

  /// Runs LibreOffice headless on `profile`; a new profile makes it ask to be started again
  /// (status 81), which is done.
  private func run(_ arguments: [String], profile: URL, name: String, timeLimit: Duration) async throws
    -> ToolProcess.Outcome
  {
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = profile.path
    let tool = ToolProcess(
      executable: program,
      arguments: [
        "--headless", "--invisible", "--nologo", "--norestore", "--nodefault", "--nolockcheck",
        "-env:UserInstallation=\(profile.absoluteURL.absoluteString)",
      ] + arguments, environment: environment)
    let outcome = try await tool.run(file: name, timeLimit: timeLimit)
    return outcome.status == 81 ? try await tool.run(file: name, timeLimit: timeLimit) : outcome
  }

  /// The template profile in `scratch`, made (initialised by LibreOffice, nothing opened) when missing.
  private func templateProfile(in scratch: URL, name: String, timeLimit: Duration) async throws -> URL {
    let template = scratch.appendingPathComponent(".libreoffice-profile")
    if FileManager.default.fileExists(atPath: template.path) { return template }
    let making = scratch.appendingPathComponent(".libreoffice-profile-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: making) }
    try Self.writeLockedProfile(making)
    _ = try await run(["--terminate_after_init"], profile: making, name: name, timeLimit: timeLimit)
    try? FileManager.default.moveItem(at: making, to: template)  // another import may have made it first
    return template
  }

  /// A profile whose settings disable macros whatever the document asks.
  static func writeLockedProfile(_ profile: URL) throws {
    let user = profile.appendingPathComponent("user")
    try FileManager.default.createDirectory(at: user, withIntermediateDirectories: true)
    let settings = """
      <?xml version="1.0" encoding="UTF-8"?>
      <oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" \
      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
      <item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" \
      oor:op="fuse"><value>true</value></prop></item>
      <item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" \
      oor:op="fuse"><value>3</value></prop></item>
      </oor:items>
      """
    try Data(settings.utf8).write(to: user.appendingPathComponent("registrymodifications.xcu"))
  }
}
