import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KeyIt
import Lexikon
import NIOCore
import Phrasebook
import ShareSynchServer
import Testing

@testable import WebApp

/// A router with only the apps `make` builds from the shared pages, behind the usual middleware.
func router(
  token: String? = nil, hosts: ServerHosts = ServerHosts(boundTo: "127.0.0.1"),
  _ make: (Pages) throws -> [any AppRoutes]
) async throws -> Router<BasicRequestContext> {
  let pages = try await Pages()
  return try WebServer.router(apps: try make(pages), pages: pages, token: token, hosts: hosts)
}

/// A test app with only Key It, over an in-memory store with one Bible, and the store itself.
func makeApp(token: String? = nil, bible: Bool = true) async throws -> (some ApplicationProtocol, KeyItStore) {
  let store = try KeyItStore.inMemory()
  if bible { _ = try await store.createBible(name: "Test Bible") }
  let router = try await router(token: token) { [KeyItRoutes(store: store, pages: $0)] }
  return (Application(router: router), store)
}

/// A test app with only Phrasebook, its store in memory (with a Welsh phrasebook unless told
/// not), and that store.
func makePhrasebookApp(welsh: Bool = true) async throws -> (some ApplicationProtocol, PhrasebookStore) {
  let store = try PhrasebookStore.inMemory()
  if welsh { _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh") }
  let router = try await router { [PhrasebookRoutes(store: store, pages: $0)] }
  return (Application(router: router), store)
}

/// Lexikon over the installed dictd files with its cache in memory.
func filesLexikon() throws -> LexikonService {
  LexikonService(store: try LexikonStore.inMemory(), source: DictdFolderSource())
}

/// A dictionary shelf in a fresh temporary folder (created when a file is added).
func testShelf() -> DictionaryShelf {
  DictionaryShelf(
    folder: FileManager.default.temporaryDirectory.appendingPathComponent("shelf-\(UUID().uuidString)").path)
}

/// A test app with only Lexikon, using `source` (default: the installed dictd files), with its service.
func makeLexikonApp(
  source: any DictionarySource = DictdFolderSource(), shelf: DictionaryShelf = testShelf(), speech: Speech? = nil
) async throws -> (some ApplicationProtocol, LexikonService) {
  let service = LexikonService(store: try LexikonStore.inMemory(), source: source)
  let router = try await router { [LexikonRoutes(service: service, pages: $0, shelf: shelf, speech: speech)] }
  return (Application(router: router), service)
}

/// A router with only ShareSynch, over `services`, reached at `devices` (default: loopback, port 8080).
func shareSynchRouter(_ services: ShareSynchServices, token: String? = nil, devices: DeviceLinks? = nil) async throws
  -> Router<BasicRequestContext>
{
  try await router(token: token) {
    [
      ShareSynchRoutes(
        services: services, pages: $0, devices: devices ?? DeviceLinks(host: "127.0.0.1", port: 8080, token: token))
    ]
  }
}

/// A JSON request body.
func json(_ object: [String: Any]) -> ByteBuffer {
  ByteBuffer(data: try! JSONSerialization.data(withJSONObject: object))
}

/// Headers for a JSON write from this server's own pages.
let sameOrigin: HTTPFields = [.contentType: "application/json", .origin: "http://localhost"]

extension TestResponse {
  /// The body decoded as JSON.
  func decoded<T: Decodable>(_ type: T.Type) throws -> T {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(type, from: Data(buffer: body))
  }
  /// The `error` of a JSON error body.
  var error: String? { (try? decoded([String: String].self))?["error"] }
  /// The body as text.
  var text: String { String(buffer: body) }
}

/// The parts of the chapter JSON the tests look at.
struct ChapterJSON: Decodable {
  struct Item: Decodable {
    let id: Int64
    let type: String
    let verse: Int
    let label: String
    let text: String
    let hasText: Bool
  }
  let number: Int
  let chapterWord: String
  let currentItem: Int64?
  let items: [Item]
}
