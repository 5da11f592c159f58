"""Friends and e-mail addresses in the store, on SQLite and PostgreSQL: requests
either way, the caps, and an account's deletion taking its friends and address with it."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from dicehall.store import Store
from dicehall.store.accounts import Accounts
from dicehall.store.emails import Email, Emails
from dicehall.store.friends import Friends, TooMany
from dicehall.store.models import account_emails, friendships
from tests.store.test_store import postgres, store  # noqa: F401  (fixtures)


def ids(store: Store, *names: str) -> list[str]:  # noqa: F811
    accounts = Accounts(store)
    return [accounts.create(name, "hash").id for name in names]


def relations(friends: Friends, me: str) -> list[tuple[str, str]]:
    return [(f.name, f.relation) for f in friends.of(me)]


def test_requests_either_way_and_the_caps(store: Store) -> None:  # noqa: F811
    ann, bob, cid, dee = ids(store, "Ann", "Bob", "Cid", "Dee")
    friends = Friends(store, max_friends=2, max_requests=1)
    assert friends.ask(ann, bob) == "requested"
    assert friends.ask(ann, bob) == "pending"
    with pytest.raises(TooMany):
        friends.ask(ann, cid)  # one request may wait
    assert relations(friends, ann) == [("Bob", "outgoing")]
    assert relations(friends, bob) == [("Ann", "incoming")]
    assert not friends.are_friends(ann, bob)
    assert friends.ask(bob, ann) == "friends"  # asking back accepts
    assert friends.are_friends(bob, ann) and friends.are_friends(ann, bob)
    assert friends.ask(cid, ann) == "requested"
    assert friends.answer(ann, cid, accept=True)
    assert friends.ask(dee, ann) == "requested"
    with pytest.raises(TooMany):
        friends.answer(ann, dee, accept=True)  # two friends at most
    assert friends.answer(ann, dee, accept=False)
    assert not friends.answer(ann, dee, accept=False)  # nothing left to decline
    assert relations(friends, ann) == [("Bob", "friend"), ("Cid", "friend")]
    assert friends.remove(ann, bob) and not friends.remove(ann, bob)
    assert relations(friends, bob) == []


def test_deleting_an_account_deletes_its_friends_and_address(store: Store) -> None:  # noqa: F811
    ann, bob = ids(store, "Ann", "Bob")
    friends = Friends(store, max_friends=10, max_requests=10)
    friends.ask(ann, bob)
    friends.answer(bob, ann, accept=True)
    Emails(store).put(ann, Email("ann@example.org", True))
    assert Emails(store).get(ann) == Email("ann@example.org", True)
    Accounts(store).delete(ann)
    with store.engine.connect() as conn:
        left = [conn.execute(select(func.count()).select_from(t)).scalar()
                for t in (friendships, account_emails)]  # fmt: skip
    assert left == [0, 0]
    assert relations(friends, bob) == []
