import AppSupport
import ArgumentParser
import Foundation
import WebApp

/// `scriptorium serve`: starts the web server on loopback unless told otherwise.
struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Start the web server.")

  @Option(help: "Address to listen on.") var host = "127.0.0.1"
  @Option(help: "Port to listen on.") var port = 8080
  @Option(help: "Data folder (default: $SCRIPTORIUM_DATA, else the XDG data folder).") var data: String?

  func run() async throws {
    let folder = DataFolder(option: data)
    let app = try WebServer.make(host: host, port: port, dataFolder: folder)
    print("Scriptorium is running at http://\(host):\(port)/  (data: \(folder.url.path))")
    fflush(nil)
    try await app.runService()
  }
}
