"""The daily maze's difficulty band: every day's maze scores inside its preset and generator's band, the
same date always gives the same maze, and the bounded search falls back as documented."""

import datetime
import itertools

import pytest

from server.maze.daily_band import BANDS, MAX_TRIES, Band, daily_score, pick_seed
from server.maze.generation import MazeSpec, generate
from server.maze.generators import PERFECT
from server.room.daily import candidate_seeds, daily_seed, daily_settings
from server.room.settings import PRESETS

FIRST = datetime.date(2026, 3, 1)
DATES = [FIRST + datetime.timedelta(days=n) for n in range(40)]


def daily_maze_score(date: datetime.date, preset: str, secret: str = "") -> int:
    s = daily_settings(date, preset)
    seed = daily_seed(date, preset, secret)
    return daily_score(generate(MazeSpec(s.algorithm, s.rows, s.cols, seed, s.braid, s.openings)))


def test_every_preset_and_generator_has_a_band() -> None:
    assert set(BANDS) == set(PRESETS)
    for bands in BANDS.values():
        assert set(bands) == set(PERFECT)
        assert all(0 < band.low <= band.high for band in bands.values())


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_daily_maze_scores_inside_its_band_on_every_date(preset: str) -> None:
    algorithms = set()
    for date in DATES:
        algorithm = daily_settings(date, preset).algorithm
        algorithms.add(algorithm)
        assert BANDS[preset][algorithm].distance(daily_maze_score(date, preset)) == 0, date
    assert len(algorithms) > 3  # the dates cover many generators' bands
    # with a server's secret too (its days differ from everyone else's, and are in the band as well)
    for date in DATES[:10]:
        band = BANDS[preset][daily_settings(date, preset).algorithm]
        assert band.distance(daily_maze_score(date, preset, "k")) == 0, date


def test_the_same_date_gives_the_same_seed_even_computed_afresh() -> None:
    seeds = {(d, p): daily_seed(d, p) for d in DATES[:10] for p in PRESETS}
    daily_seed.cache_clear()
    assert {(d, p): daily_seed(d, p) for d in DATES[:10] for p in PRESETS} == seeds
    assert len(set(seeds.values())) == len(seeds)
    assert daily_seed(FIRST, "easy", "s3cret") != daily_seed(FIRST, "easy")


def test_the_candidates_are_a_fixed_sequence_from_the_dates_digest() -> None:
    first = list(itertools.islice(candidate_seeds(FIRST, "hard"), 50))
    assert first == list(itertools.islice(candidate_seeds(FIRST, "hard"), 50))
    assert len(set(first)) == 50
    assert first[:5] != list(itertools.islice(candidate_seeds(FIRST, "medium"), 5))
    assert first[:5] != list(itertools.islice(candidate_seeds(FIRST, "hard", "s3cret"), 5))
    assert daily_seed(FIRST, "hard") in first[:MAX_TRIES]


def spec_of(seed: int) -> MazeSpec:
    return MazeSpec("backtracker", 10, 10, seed, 0.1)


def test_the_first_candidate_in_the_band_wins() -> None:
    seeds = list(range(1, 40))
    scores = [daily_score(generate(spec_of(seed))) for seed in seeds]
    target = scores[7]
    band = Band(target, target)
    assert pick_seed(seeds, spec_of, band) == seeds[scores.index(target)]


def test_when_no_candidate_is_in_the_band_the_nearest_one_wins_the_earliest_on_a_tie() -> None:
    seeds = list(range(1, 21))
    scores = [daily_score(generate(spec_of(seed))) for seed in seeds]
    above = Band(max(scores) + 5, max(scores) + 9)  # no 10 x 10 maze here scores that high
    assert pick_seed(seeds, spec_of, above) == seeds[scores.index(max(scores))]
    assert pick_seed(seeds, spec_of, above, tries=3) == seeds[scores.index(max(scores[:3]))]
    with pytest.raises(ValueError, match="no candidate"):
        pick_seed([], spec_of, above)


def test_a_band_measures_how_far_a_score_is_outside() -> None:
    band = Band(10, 13)
    assert [band.distance(s) for s in (7, 10, 12, 13, 16)] == [3, 0, 0, 0, 3]
