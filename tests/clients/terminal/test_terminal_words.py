"""The terminal in the player's language: the language from --lang or the locale, the catalogues'
placeholders and plurals, text measured in display columns (a Chinese character takes two), and a
Chinese screen that still fits 80 x 24, composed and in a pseudo-terminal."""

import re
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from server.clients.terminal.entry import build_parser
from server.clients.terminal.keys import Command, Keymap
from server.clients.terminal.messages import Messages, language_of_locale
from server.clients.terminal.screen import compose
from server.clients.terminal.solo import SoloGame
from server.clients.terminal.width import display_width, fit, wrap, wrap_phrases
from tests.clients.terminal.pty_client import Terminal


def test_display_width_counts_wide_characters_two_and_marks_none() -> None:
    assert display_width("MazeRace") == 8
    assert display_width("迷宫竞速") == 8
    assert display_width("ana 小明 ✓") == 10
    assert display_width("\uff46\uff55\uff4c\uff4c") == 8  # "full" in full-width Latin letters
    assert display_width("é") == 1  # e and a combining acute
    assert display_width("") == 0


def test_fit_cuts_at_the_display_width_and_never_halves_a_wide_character() -> None:
    assert fit("比赛中 · 0:12.3", 6) == "比赛中"
    assert fit("比赛中 · 0:12.3", 7) == "比赛中 "
    assert fit("ab比赛", 3) == "ab"  # 比 would stand half outside
    assert fit("abc", 10) == "abc"
    assert fit("abc", 0) == ""
    assert fit("éx", 1) == "é", "a mark stays with its letter"


@given(st.text(alphabet=st.sampled_from("ab 比赛中é\u0301·✓\uff46"), max_size=60), st.integers(-2, 40))
def test_fit_never_exceeds_the_columns_and_keeps_what_fits(text: str, columns: int) -> None:
    cut = fit(text, columns)
    assert text.startswith(cut)
    assert display_width(cut) <= max(columns, 0)
    if cut != text:  # nothing more would have fitted
        assert display_width(text[: len(cut) + 1]) > columns


def test_wrap_breaks_at_spaces_by_display_width_and_inside_chinese_only_when_it_must() -> None:
    assert wrap("▷ ana   1 bob", 80) == ["▷ ana   1 bob"]
    assert wrap("▷ 小明（你）   1 张三丰 ✓", 12) == ["▷ 小明（你）", "1 张三丰 ✓"]
    assert wrap("比赛将在三秒后开始", 8) == ["比赛将在", "三秒后开", "始"]
    assert wrap("  ", 5) == []
    assert wrap("abc", 0) == []


@given(st.text(alphabet=st.sampled_from("ab  比赛中é\u0301·✓"), max_size=80), st.integers(2, 30))
def test_wrapped_lines_fit_and_keep_every_character_in_order(text: str, columns: int) -> None:
    lines = wrap(text, columns)
    assert all(display_width(line) <= columns for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({}, "en"),
        ({"LANG": "zh_CN.UTF-8"}, "zh"),
        ({"LANG": "zh_TW.UTF-8"}, "zh"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "zh_CN.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"}, "zh"),
        ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "en_US.UTF-8", "LC_ALL": "zh_CN.UTF-8"}, "zh"),
        ({"LC_ALL": "", "LANG": "zh_CN.UTF-8"}, "zh"),  # set but empty counts as unset
    ],
)
def test_the_language_defaults_to_the_locales(environ: dict[str, str], language: str) -> None:
    assert language_of_locale(environ) == language
    assert build_parser(environ).parse_args(["--solo"]).lang == language


def test_lang_on_the_command_line_wins_and_takes_zh_or_en_only() -> None:
    assert build_parser({"LANG": "zh_CN.UTF-8"}).parse_args(["--solo", "--lang", "en"]).lang == "en"
    assert build_parser({}).parse_args(["--solo", "--lang", "zh"]).lang == "zh"
    with pytest.raises(Exception, match="invalid choice"):
        build_parser({}).parse_args(["--solo", "--lang", "fr"])


def test_messages_fill_placeholders_and_choose_plural_forms() -> None:
    english, chinese = Messages("en"), Messages("zh")
    one = {"count": 1, "ready": 0, "method": "bfs"}
    assert english("status.lobby", **one) == "lobby · 1 player, 0 ready · hint method bfs"
    assert english("status.lobby", **{**one, "count": 3}) == "lobby · 3 players, 0 ready · hint method bfs"
    assert chinese("status.lobby", **one) == "大厅 · 1 位选手，0 位已准备 · 提示方法 bfs"
    assert chinese("legend.you", name="小明") == "▷ 小明（你）"
    assert english("legend.nothing") == "legend.nothing", "a missing key shows as itself"


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_solo_screen_in_either_language_fits_80_by_24(language: str) -> None:
    game = SoloGame.new("hard", 7, 0.0)
    frame = game.frame("dfs", Keymap(), 754.3, Messages(language))
    lines = compose(frame, 24, 80)
    assert len(lines) == 24
    assert all(display_width(line) <= 80 for line in lines)
    status = "比赛中 · 12:34.3 · 步数 0" if language == "zh" else "racing · 12:34.3 · moves 0"
    assert lines[-1].startswith(status) or any(line.startswith(status) for line in lines)


@pytest.mark.parametrize("size", ["easy", "hard"])
async def test_the_chinese_screen_in_a_pty_fits_80_by_24(size: str) -> None:
    game = Terminal("--solo", "--size", size, "--seed", "7", "--lang", "zh")
    try:
        await game.expect("提示方法 DFS")
        await game.expect("\x1b[J")  # the end of that frame
        frame = game.seen.rsplit("\x1b[H", 1)[1].split("\x1b[J", 1)[0]
        lines = re.split(r"\x1b\[K\r?\n", frame.removesuffix("\x1b[K"))
        assert len(lines) == 24
        assert all(display_width(line) <= 80 for line in lines), lines
        assert lines[-1].startswith("比赛中 · ") or any("比赛中 · " in line for line in lines)
        game.send("q")
        status, _ = await game.finish()
        assert status == 0
    finally:
        game.close()


def test_the_keys_break_between_phrases_only() -> None:
    keys = "r ready · s start (host) · m hint method · ? keys · q leave"
    assert wrap_phrases(keys, 80) == [keys]
    assert wrap_phrases(keys, 30) == ["r ready · s start (host)", "m hint method · ? keys", "q leave"]
    too_wide = wrap_phrases("方向键/WASD 移动 · q 离开", 12)  # a phrase wider than a line is wrapped
    assert too_wide == ["方向键/WASD", "移动", "q 离开"]


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("size", ["easy", "hard"])
def test_every_key_stays_beside_what_it_does_at_80_columns(language: str, size: str) -> None:
    words = Messages(language)
    lines = compose(SoloGame.new(size, 7, 0.0, words=words).frame("dfs", Keymap(), 1.0), 24, 80)
    phrases = words("keys.solo").split(" · ")
    shown = [line.split(" │ ")[-1].removeprefix("> _  ") for line in lines]
    keys_lines = [line for line in shown if any(line.startswith(phrase) for phrase in phrases)]
    assert keys_lines, lines
    assert all(part in phrases for line in keys_lines for part in line.split(" · ")), keys_lines


def test_question_mark_shows_the_keys_in_the_players_language() -> None:
    keymap = Keymap()
    assert keymap.command("?", "racing") == Command("help")
    game = SoloGame.new("easy", 7, 0.0, words=Messages("zh"))
    game.showing_keys = True
    lines = compose(game.frame("dfs", keymap, 1.0), 24, 80)
    assert lines[1] == "按键：", lines
    assert any("h：要一个提示" in line for line in lines), lines
    assert all(display_width(line) <= 80 for line in lines)


def test_python_m_server_clients_terminal_is_python_m_server_play() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "server.clients.terminal", "--solo", "--size", "huge"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("play: "), done.stderr
    assert "invalid choice" in done.stderr, done.stderr
