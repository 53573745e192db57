"""The message catalogues: the web client's (web/i18n/<lang>.json, and the extra ones a few pages
declare, web/i18n/<name>/<lang>.json) and the terminal client's
(server/clients/terminal/catalogue/<lang>.json).

Each language has exactly the keys of the others, with the same placeholders (every form of a plural
message has the English message's), plural forms by the language's CLDR categories (those of the
browser's Intl.PluralRules: English one and other, Chinese other only) and no empty text. Every key the
code uses exists, and every key is used: in web/, a `t('key')`, a `data-i18n="key"`, a
`data-i18n-attr="attribute:key"` or the key whole as a quoted string in a script, or the `error.<code>`
family, which holds exactly the error codes a player can get (the server's and the ones the client makes
itself); in the terminal client, a quoted key in its modules, where `{stage}` in an f-string key stands
for any one word. Each web page finds every key it and its modules use in the catalogues it loads: the
main one, or an extra one it declares (page_keys.py); no key is in two web catalogues.
"""

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from server.clients.terminal.messages import CATALOGUES as TERMINAL_DIR
from server.config import WEB_DIR
from server.errors import ERROR_CODES, SERVER_ONLY_CODES
from server.http.minify import minified

from .page_keys import DATA_I18N, DATA_I18N_ATTR, MAIN, QUOTED, T_CALL, page, page_problems

Catalogue = dict[str, object]

WEB_PLURALS = {"en": {"one", "other"}, "zh-CN": {"other"}}
TERMINAL_PLURALS = {"en": {"one", "other"}, "zh": {"other"}}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
CLIENT_CODE = re.compile(r"""\bcode:\s*'(\w+)'""")
ERROR_FAMILY = "error."
TERMINAL_KEY = re.compile(r"""f?"([a-z_]+\.[\w.{}]+)\"""")


def load(directory: Path, language: str) -> Catalogue:
    catalogue = json.loads((directory / f"{language}.json").read_text(encoding="utf-8"))
    assert isinstance(catalogue, dict)
    return catalogue


def forms(message: object) -> dict[str, str]:
    """A message's texts by plural form ("" for a plain string)."""
    if isinstance(message, str):
        return {"": message}
    assert isinstance(message, dict), f"a message is a string or a plural object, not {message!r}"
    assert all(isinstance(text, str) for text in message.values()), message
    return dict(message)


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def catalogue_problems(catalogues: dict[str, Catalogue], plurals: dict[str, set[str]]) -> list[str]:
    """What is wrong with a set of catalogues (English first), as sentences; [] when nothing is."""
    problems = []
    english = catalogues["en"]
    for language, catalogue in catalogues.items():
        for key in sorted(set(english) ^ set(catalogue)):
            problems.append(f"{language}: {key} is in only one of en and {language}")
        for key in sorted(set(english) & set(catalogue)):
            wanted = set().union(*(placeholders(text) for text in forms(english[key]).values()))
            texts = forms(catalogue[key])
            wanted_forms = sorted(plurals[language])
            if isinstance(catalogue[key], dict) and sorted(texts) != wanted_forms:
                problems.append(f"{language}: {key} has forms {sorted(texts)}, not {wanted_forms}")
            if isinstance(catalogue[key], dict) != isinstance(english[key], dict):
                problems.append(f"{language}: {key} is plural in one language only")
            for form, text in texts.items():
                if not text.strip():
                    problems.append(f"{language}: {key} {form} is empty")
                if placeholders(text) != wanted:
                    problems.append(f"{language}: {key} {form} has {placeholders(text)}, en has {wanted}")
    return problems


MAKERS_ONLY_ERRORS = {"bad_check", "bad_import", "bad_title", "bad_walk", "too_many_mazes"}
"""Refusals only the editor's requests get (an import, a clear check, publishing): their words are in
the makers catalogue, which the editor's and the published mazes' pages load, and no room page."""
WEB_EXTRAS = sorted(path.name for path in (WEB_DIR / "i18n").iterdir() if path.is_dir())
"""The extra web catalogues (web/i18n/<name>/), which only the pages that declare them load."""


def web_catalogues(extra: str = MAIN) -> dict[str, Catalogue]:
    return {language: load(WEB_DIR / "i18n" / extra, language) for language in WEB_PLURALS}


def web_makers_catalogues() -> dict[str, Catalogue]:
    return web_catalogues("makers")


def web_keys() -> dict[str, set[str]]:
    """The English keys of each web catalogue, by name (MAIN for the one every page loads)."""
    return {name: set(web_catalogues(name)["en"]) for name in (MAIN, *WEB_EXTRAS)}


def terminal_catalogues() -> dict[str, Catalogue]:
    return {language: load(TERMINAL_DIR, language) for language in TERMINAL_PLURALS}


def web_sources() -> dict[str, str]:
    """The pages and the scripts as served: without their comments, whose examples are no use."""
    files = [*WEB_DIR.glob("*.html"), *(WEB_DIR / "js").rglob("*.js")]
    sources = {}
    for path in files:
        name = path.relative_to(WEB_DIR).as_posix()
        sources[name] = minified(name, path.read_bytes()).decode("utf-8")
    return sources


def player_error_codes() -> set[str]:
    """Every code a refusal shown to a player can carry: the server's (but those it never sends) and
    the ones the client makes up itself (offline, timeout: `code: '...'` in a script)."""
    made_by_client = {code for text in web_sources().values() for code in CLIENT_CODE.findall(text)}
    return set(ERROR_CODES - SERVER_ONLY_CODES) | made_by_client


@pytest.mark.parametrize(
    ("catalogues", "plurals"),
    [
        (web_catalogues, WEB_PLURALS),
        (web_makers_catalogues, WEB_PLURALS),
        (terminal_catalogues, TERMINAL_PLURALS),
    ],
    ids=["web", "web-makers", "terminal"],
)
def test_every_language_has_the_same_keys_placeholders_and_its_own_plural_forms(
    catalogues: Callable[[], dict[str, Catalogue]], plurals: dict[str, set[str]]
) -> None:
    loaded = catalogues()
    assert loaded["en"], "the English catalogue has messages"
    assert catalogue_problems(loaded, plurals) == []
    for language, catalogue in loaded.items():  # sorted, so that keys added apart merge apart
        assert list(catalogue) == sorted(catalogue), f"{language}: keep the keys in sorted order"


def test_the_check_finds_a_missing_key_a_changed_placeholder_a_wrong_plural_and_an_empty_text() -> None:
    cats = {"one": "{count} cat", "other": "{count} cats"}
    english: Catalogue = {"a.b": "Hello {name}", "a.c": cats, "a.d": "x"}
    two_forms = {"one": "{count} 只猫", "other": "{count} 只猫"}  # Chinese has one form only
    chinese: Catalogue = {"a.b": "你好 {who}", "a.c": two_forms, "a.d": " "}
    problems = catalogue_problems({"en": english, "zh-CN": chinese, "fr": {}}, {**WEB_PLURALS, "fr": set()})
    assert any("a.b" in p and "who" in p for p in problems)
    assert any("a.c has forms ['one', 'other']" in p for p in problems)
    assert any("a.d  is empty" in p for p in problems)
    assert any(p.startswith("fr: a.b is in only one") for p in problems)


def test_the_web_catalogues_are_the_main_one_and_makers_and_share_no_key() -> None:
    keys = web_keys()
    assert WEB_EXTRAS == ["makers"]
    assert keys[MAIN]
    assert keys["makers"]
    assert not keys[MAIN] & keys["makers"], "a key lives in one catalogue"
    pages = {
        key for key in keys["makers"] if key.startswith(("editor.", "maze_page.", "maze_card.", "mazes."))
    }
    assert keys["makers"] - pages == {ERROR_FAMILY + code for code in MAKERS_ONLY_ERRORS}


def test_every_key_the_web_client_uses_exists_and_every_key_is_used() -> None:
    english: Catalogue = {}
    for name in (MAIN, *WEB_EXTRAS):
        english |= web_catalogues(name)["en"]
    used: dict[str, str] = {}  # key -> the file that uses it
    quoted: set[str] = set()
    for path, text in web_sources().items():
        for key in [m[1] for m in T_CALL.findall(text)] + DATA_I18N.findall(text):
            used.setdefault(key, path)
        for pairs in DATA_I18N_ATTR.findall(text):
            for pair in pairs.split(";"):
                attribute, _, key = pair.partition(":")
                assert attribute.strip(), f"{path}: data-i18n-attr wants attribute:key"
                assert key.strip(), f"{path}: data-i18n-attr wants attribute:key"
                used.setdefault(key.strip(), path)
        quoted |= {m[1] for m in QUOTED.findall(text)}
    missing = {key: path for key, path in used.items() if key not in english}
    assert not missing, f"keys used but in no catalogue: {missing}"
    errors = {key.removeprefix(ERROR_FAMILY) for key in english if key.startswith(ERROR_FAMILY)}
    codes = player_error_codes()
    client_own = {key.removeprefix(ERROR_FAMILY) for key in used if key.startswith(ERROR_FAMILY)} - codes
    family = errors - client_own  # a page may also say a server's refusal itself, before asking
    assert family == codes, "error.<code> for exactly the codes a player can get"
    unused = set(english) - set(used) - quoted - {ERROR_FAMILY + code for code in family}
    assert not unused, f"keys nothing uses: {sorted(unused)}"


def test_the_player_error_codes_are_the_servers_and_the_clients_own() -> None:
    codes = player_error_codes()
    assert {"room_full", "wall", "rate_limited", "offline", "timeout"} <= codes
    assert not codes & SERVER_ONLY_CODES


def test_every_key_the_terminal_client_uses_exists_and_every_key_is_used() -> None:
    english = terminal_catalogues()["en"]
    prefixes = {key.split(".", 1)[0] for key in english}
    patterns: dict[str, str] = {}
    for path in TERMINAL_DIR.parent.glob("*.py"):
        for key in TERMINAL_KEY.findall(path.read_text(encoding="utf-8")):
            if key.split(".", 1)[0] in prefixes:
                patterns[key] = path.name
    assert patterns, "the terminal's modules use the catalogue"

    def matches(pattern: str) -> re.Pattern[str]:
        parts = re.split(r"\{\w+\}", pattern)
        return re.compile(r"\w+".join(re.escape(part) for part in parts))

    compiled = {pattern: matches(pattern) for pattern in patterns}
    missing = {p: path for p, path in patterns.items() if not any(compiled[p].fullmatch(k) for k in english)}
    assert not missing, f"keys used but in no catalogue: {missing}"
    unused = [key for key in english if not any(c.fullmatch(key) for c in compiled.values())]
    assert not unused, f"keys nothing uses: {unused}"


def test_the_terminal_says_each_refusal_as_the_web_client_does() -> None:
    """Each client keeps its own catalogue, so the terminal has a copy of the refusals' texts: the same
    words in both clients, for every code the terminal knows."""
    web, terminal = web_catalogues(), terminal_catalogues()
    for web_language, terminal_language in (("en", "en"), ("zh-CN", "zh")):
        for key, text in terminal[terminal_language].items():
            if key.startswith(ERROR_FAMILY) and key in web[web_language]:
                assert text == web[web_language][key], (terminal_language, key)


def test_the_chinese_catalogues_call_the_game_by_its_chinese_name() -> None:
    chinese = {**web_catalogues()["zh-CN"], **web_makers_catalogues()["zh-CN"], **terminal_catalogues()["zh"]}
    assert [key for key, text in chinese.items() if "MazeRace" in str(text)] == []


def test_the_terminal_names_each_bot_as_the_web_client_does() -> None:
    """The bots' names are copied too: a bot is called the same in both clients."""
    web, terminal = web_catalogues(), terminal_catalogues()
    for web_language, terminal_language in (("en", "en"), ("zh-CN", "zh")):
        names = {key: text for key, text in terminal[terminal_language].items() if key.startswith("bot.")}
        assert names, terminal_language
        assert names == {key: web[web_language][key] for key in names}, terminal_language


@pytest.mark.parametrize("name", sorted(path.name for path in WEB_DIR.glob("*.html")))
def test_every_key_a_page_uses_is_in_a_catalogue_the_page_loads(name: str) -> None:
    sources = web_sources()
    loaded = page(name, sources)
    assert len(loaded.files) > 1, f"{name} loads its page script and its modules"
    assert page_problems(loaded, sources, web_keys()) == []


def test_the_page_check_finds_a_makers_key_on_a_page_that_does_not_declare_makers() -> None:
    sources = {
        "room.html": '<html lang="en"><script type="module" src="/static/js/pages/room.js"></script>',
        "editor.html": '<html data-catalogues="makers"><script src="/static/js/a.js" type="module">',
        "js/pages/room.js": "import{x}from'../panels/a.js';const lazy=()=>import('./b.js');",
        "js/panels/a.js": "t('room.title');const table={x:'editor.tool'};",
        "js/pages/b.js": "t('maze_card.loops')",
        "js/a.js": "t('editor.title');t('room.nowhere')",
    }
    catalogues = {MAIN: {"room.title"}, "makers": {"editor.tool", "editor.title", "maze_card.loops"}}
    room = page("room.html", sources)
    assert room.files == ("room.html", "js/pages/room.js", "js/panels/a.js", "js/pages/b.js")
    undeclared = "only in the 'makers' catalogue, which the page does not declare"
    assert page_problems(room, sources, catalogues) == [
        f"room.html: js/panels/a.js uses editor.tool, {undeclared}",
        f"room.html: js/pages/b.js uses maze_card.loops, {undeclared}",
    ]
    editor = page("editor.html", sources)
    assert editor.declared == ("makers",)
    assert page_problems(editor, sources, catalogues) == [
        "editor.html: js/a.js uses room.nowhere, in no catalogue"
    ]
