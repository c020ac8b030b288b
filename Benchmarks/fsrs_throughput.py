"""The py-fsrs side of the Phrasebook scheduling benchmark: replays review sequences (JSON on stdin:
[[{"rating": 1-4, "at": epoch seconds}, ...], ...]) with Scheduler(enable_fuzzing=False), times only
the review_card calls, and prints {"seconds": s, "reviews": n, "finals": [[state, stability,
difficulty, due], ...]} so the caller can check both sides reached identical results."""

import json
import sys
import time
from datetime import datetime, timezone

from fsrs import Card, Rating, Scheduler

sequences = json.load(sys.stdin)
scheduler = Scheduler(enable_fuzzing=False)
prepared = [
    [(Rating(r["rating"]), datetime.fromtimestamp(r["at"], timezone.utc)) for r in sequence] for sequence in sequences
]
finals = []
reviews = 0
start = time.perf_counter()
for sequence in prepared:
    card = Card(card_id=1, due=sequence[0][1])
    for rating, at in sequence:
        card, _ = scheduler.review_card(card, rating, review_datetime=at)
        reviews += 1
    finals.append(card)
seconds = time.perf_counter() - start
print(json.dumps({
    "seconds": seconds,
    "reviews": reviews,
    "finals": [[int(c.state), c.stability, c.difficulty, c.due.timestamp()] for c in finals],
}))
