"""Replays review sequences through py-fsrs, the reference FSRS-6 implementation, for the
Phrasebook tests: reads JSON [[{"rating": 1-4, "at": epoch seconds}, ...], ...] on stdin and
prints, per sequence, the card after each review."""

import json
import sys
from datetime import datetime, timezone

from fsrs import Card, Rating, Scheduler


def replay(reviews):
    scheduler = Scheduler(enable_fuzzing=False)
    first = datetime.fromtimestamp(reviews[0]["at"], timezone.utc)
    card = Card(card_id=1, due=first)
    states = []
    for review in reviews:
        at = datetime.fromtimestamp(review["at"], timezone.utc)
        card, _ = scheduler.review_card(card, Rating(review["rating"]), review_datetime=at)
        states.append(
            {
                "state": int(card.state),
                "step": card.step,
                "stability": card.stability,
                "difficulty": card.difficulty,
                "due": card.due.timestamp(),
            }
        )
    return states


print(json.dumps([replay(sequence) for sequence in json.load(sys.stdin)]))
