"""`games.core.rng.shuffle` is the standard library's shuffle draw for draw: records dealt
before it replay the same, and the generator is left where `random.shuffle` leaves it."""

import random

from games.core.rng import derive_rng, shuffle


def test_shuffle_matches_the_standard_library_draw_for_draw():
    for seed in range(50):
        for size in (0, 1, 2, 3, 7, 16, 60, 257):
            theirs, ours = list(range(size)), list(range(size))
            a, b = derive_rng(seed, "deck"), derive_rng(seed, "deck")
            a.shuffle(theirs)
            shuffle(b, ours)
            assert ours == theirs
            assert a.getstate() == b.getstate()


def test_shuffle_takes_any_generator():
    theirs, ours = list("lutece"), list("lutece")
    random.Random(5).shuffle(theirs)
    shuffle(random.Random(5), ours)
    assert ours == theirs
