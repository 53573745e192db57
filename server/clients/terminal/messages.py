"""The terminal's words in the player's language: English or Chinese (`--lang en|zh`).

Each language has one catalogue, `catalogue/<lang>.json`: a flat object of dotted keys ("status.lobby",
"legend.you"), each a whole line or phrase with named placeholders (`{name}`), or a plural object keyed
by CLDR plural categories ({"one": ..., "other": ...}; Chinese has "other" only) chosen by the `count`
placeholder: the same rules as the web client's catalogues (docs/translating.md). Without `--lang`, the
language is the locale's: the first of LC_ALL, LC_MESSAGES and LANG that is set, zh* meaning Chinese.
A server's refusal is shown by its code (`refusal`); the command line's errors and the maze tools stay
English.
"""

import json
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Literal, cast, get_args

Language = Literal["en", "zh"]
LANGUAGES: tuple[Language, ...] = get_args(Language)
CATALOGUES = Path(__file__).with_name("catalogue")
PLURAL_FORMS: dict[Language, tuple[str, ...]] = {"en": ("one", "other"), "zh": ("other",)}
"""The plural categories of each language (CLDR's, as the browser's Intl.PluralRules has them)."""
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")

Message = str | dict[str, str]


def language_of_locale(environ: Mapping[str, str]) -> Language:
    """The language the locale asks for: the first set of LC_ALL, LC_MESSAGES, LANG decides (zh* is
    Chinese, anything else English), as POSIX orders them."""
    for name in LOCALE_VARIABLES:
        value = environ.get(name, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def plural_form(language: Language, count: int) -> str:
    """The CLDR plural category of a whole number: English "one" for 1, else "other"."""
    return "one" if language == "en" and count == 1 else "other"


@cache
def catalogue(language: Language) -> dict[str, Message]:
    """The catalogue of `language`, read once."""
    text = (CATALOGUES / f"{language}.json").read_text(encoding="utf-8")
    return cast(dict[str, Message], json.loads(text))


def slug(value: str) -> str:
    """A value the server names (`dfs-recursive`, `up-left`) as the last part of its catalogue key
    (`method.dfs_recursive`): keys are snake_case."""
    return value.replace("-", "_")


class Messages:
    """`words(key, **params)`: the catalogue's text for `key` with its placeholders filled."""

    def __init__(self, language: Language = "en") -> None:
        self.language = language
        self._catalogue = catalogue(language)

    def __call__(self, key: str, **params: object) -> str:
        """The message for `key`; a plural one picks its form by `count`. A key the catalogue lacks
        comes back as itself (a test keeps every key used in the catalogues)."""
        message = self._catalogue.get(key)
        if message is None:
            return key
        if isinstance(message, dict):
            count = params.get("count", 0)
            form = plural_form(self.language, count if isinstance(count, int) else 0)
            message = message.get(form, message["other"])
        return _PLACEHOLDER.sub(lambda m: str(params.get(m[1], m[0])), message)

    def label(self, key: str, fallback: str) -> str:
        """The catalogue's text for `key`, or `fallback` when the catalogue has none (a value a newer
        server names, an error code this client does not know)."""
        return self(key) if key in self._catalogue else fallback

    def refusal(self, code: str, message: str) -> str:
        """A refusal as the player reads it: `error.<code>` from the catalogue, or the server's own
        (English) message for a code this client does not know."""
        return self.label(f"error.{code}", message)


ENGLISH = Messages("en")
