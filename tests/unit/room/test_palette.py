"""The players' colours stay apart for colour-blind players, and the web client numbers them the same.

Each colour is seen as a person with protanopia, deuteranopia or tritanopia would see it (Machado,
Oliveira and Fernandes 2009, severity 1, applied in linear RGB) and compared with CIEDE2000, the
colour difference that tracks what people perceive (about 2 is "just noticeable", 10 and more reads as
another colour at a glance). A room's default seats must stay that far apart in every vision; past
them the colours may come close, and the number on each marker and swatch tells the players apart.
"""

import itertools
import math

import pytest

from server.room.players import PALETTE
from server.room.settings import RoomSettings

Matrix = tuple[tuple[float, float, float], ...]
Lab = tuple[float, float, float]

VISIONS: dict[str, Matrix | None] = {
    "typical": None,
    "protanopia": (
        (0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900),
    ),
}  # fmt: skip
MAZE_COLOURS = {"floor": "#ffffff", "wall": "#000000"}  # the maze is drawn in these in both schemes
SEATS_APART = 10.0
ALL_APART_TYPICAL = 7.5
FROM_THE_MAZE = 15.0


def _linear(hex_colour: str) -> tuple[float, float, float]:
    def channel(at: int) -> float:
        c = int(hex_colour[at : at + 2], 16) / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return channel(1), channel(3), channel(5)


def seen_as(hex_colour: str, matrix: Matrix | None) -> Lab:
    """CIE L*a*b* (D65) of a colour as a viewer with this vision sees it."""
    r, g, b = _linear(hex_colour)
    if matrix is not None:
        r, g, b = (min(1.0, max(0.0, row[0] * r + row[1] * g + row[2] * b)) for row in matrix)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def ciede2000(one: Lab, two: Lab) -> float:
    """The CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation)."""
    (l1, a1, b1), (l2, a2, b2) = one, two
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p, h2p = math.degrees(math.atan2(b1, a1p)) % 360, math.degrees(math.atan2(b2, a2p)) % 360
    dh = 0.0 if c1p * c2p == 0 else (h2p - h1p + 180) % 360 - 180
    d_l, d_c = l2 - l1, c2p - c1p
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    rotation = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c, s_h = 1 + 0.045 * cp_mean, 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * rotation)) * r_c
    return math.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (d_c / s_c) * (d_h / s_h))


def test_ciede2000_matches_the_published_test_pairs() -> None:
    # Sharma, Wu and Dalal (2005), table 1: pairs 1, 7 and 17
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)


@pytest.mark.parametrize("vision", VISIONS)
def test_a_rooms_default_seats_stay_apart_in_every_vision(vision: str) -> None:
    seats = PALETTE[: RoomSettings().max_players]
    seen = {colour: seen_as(colour, VISIONS[vision]) for colour in seats}
    closest = min(itertools.combinations(seats, 2), key=lambda pair: ciede2000(seen[pair[0]], seen[pair[1]]))
    assert ciede2000(seen[closest[0]], seen[closest[1]]) >= SEATS_APART, (vision, closest)


def test_every_colour_differs_from_every_other_in_typical_vision() -> None:
    assert len(set(PALETTE)) == len(PALETTE) == 16
    for one, two in itertools.combinations(PALETTE, 2):
        assert ciede2000(seen_as(one, None), seen_as(two, None)) >= ALL_APART_TYPICAL, (one, two)


@pytest.mark.parametrize("vision", VISIONS)
def test_every_colour_stands_out_from_the_mazes_floor_and_walls(vision: str) -> None:
    for colour, (part, maze_colour) in itertools.product(PALETTE, MAZE_COLOURS.items()):
        difference = ciede2000(seen_as(colour, VISIONS[vision]), seen_as(maze_colour, VISIONS[vision]))
        assert difference >= FROM_THE_MAZE, (vision, colour, part, round(difference, 1))
