import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Phrasebook
import Testing

@testable import WebApp

@Suite struct PhrasebookAnswerAPITests {
  @Test func aTypedAnswerIsGradedAgainstEveryTranslationAndNothingIsRecorded() async throws {
    let (app, store) = try await makePhrasebookApp()
    let (cat, _) = try await store.save(PairInput(wordOne: "cat", wordTwo: "cath"))
    let (milk, _) = try await store.save(PairInput(wordOne: "milk", wordTwo: "llaeth"))
    _ = try await store.save(PairInput(wordOne: "milk", wordTwo: "llefrith"))
    try await app.test(.router) { client in
      for (id, answer, verdict, rating) in [
        (cat.pair.id!, "nghath", "mutation", "hard"), (milk.pair.id!, "llefrith", "exact", "good"),
        (milk.pair.id!, "Llaeth", "accents", "good"), (milk.pair.id!, "dŵr", "wrong", "again"),
      ] {
        try await client.execute(
          uri: "/api/phrasebook/pairs/\(id)/check", method: .post, headers: sameOrigin,
          body: json(["direction": "forward", "answer": answer])
        ) { response in
          let check = try response.decoded([String: String].self)
          #expect(response.status == .ok && check["verdict"] == verdict && check["rating"] == rating, "\(answer)")
        }
      }
      try await client.execute(
        uri: "/api/phrasebook/pairs/999/check", method: .post, headers: sameOrigin,
        body: json(["direction": "forward", "answer": "x"])
      ) { #expect($0.status == .notFound) }
    }
    #expect(try await store.reviews(pairID: cat.pair.id!, direction: .forward).isEmpty)
  }

  @Test func theTranslationGameTakesTypedAnswers() async throws {
    let (app, store) = try await makePhrasebookApp()
    for (one, two) in [("dog", "ci"), ("cat", "cath"), ("house", "tŷ"), ("water", "dŵr")] {
      _ = try await store.save(PairInput(wordOne: one, wordTwo: two))
    }
    try await app.test(.router) { client in
      var game = try await client.execute(uri: "/api/phrasebook/games/translation", method: .get) {
        (try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as! [String: Any])["game"]!
      }
      let questions = (game as! [String: Any])["questions"] as! [[String: Any]]
      let first = questions[0]
      let right = (first["choices"] as! [String])[first["answerIndex"] as! Int]
      let state = try await client.execute(
        uri: "/api/phrasebook/games/translation/answer?direction=forward", method: .post, headers: sameOrigin,
        body: json(["game": game, "typed": right.uppercased()])
      ) { try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as! [String: Any] }
      #expect(state["correct"] as? Bool == true && state["score"] as? Int == 1)
      #expect((state["check"] as? [String: Any])?["verdict"] as? String == "accents")
      game = state["game"]!
      let wrong = try await client.execute(
        uri: "/api/phrasebook/games/translation/answer", method: .post, headers: sameOrigin,
        body: json(["game": game, "typed": "zzzz"])
      ) { try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as! [String: Any] }
      #expect(wrong["correct"] as? Bool == false)
      let mistakes = wrong["mistakes"] as! [[String: Any]]
      #expect(mistakes.count == 1 && mistakes[0]["chosen"] as? String == "zzzz", "the typed word is the mistake")
      try await client.execute(
        uri: "/api/phrasebook/games/translation/answer", method: .post, headers: sameOrigin,
        body: json(["game": wrong["game"]!, "typed": "ci", "choice": 0])
      ) { #expect($0.status == .badRequest) }
    }
  }
}
