"""Which catalogue keys each web page can use, and whether the catalogues the page loads hold them.

A page loads the main catalogue and the extra ones its root element declares
(`<html lang="en" data-catalogues="makers">`, read by web/js/common/i18n.js). What it uses is what it
and every module it can load say: its `<script type="module" src>`, then each relative import of those,
static or lazy (`import('./x.js')`), as a browser follows them. The sources are read as served
(minified: without comments, whose examples and JSDoc `import('...')` types are no use).
"""

import posixpath
import re
from dataclasses import dataclass

T_CALL = re.compile(r"""\bt\(\s*(['"])([\w.-]+)\1""")
DATA_I18N = re.compile(r"""data-i18n['"]?\s*[=:]\s*['"]([\w.-]+)['"]""")
DATA_I18N_ATTR = re.compile(r"""data-i18n-attr['"]?\s*[=:]\s*['"]([^'"]+)['"]""")
QUOTED = re.compile(r"""(['"])([a-z_][\w-]*(?:\.[\w-]+)+)\1""")
ROOT = re.compile(r"<html\b[^>]*>")
DECLARED = re.compile(r"""\sdata-catalogues=["']([^"']*)["']""")
SCRIPT = re.compile(r"<script\b[^>]*>")
MODULE_SRC = re.compile(r"""\ssrc=["']/static/([^"']+\.js)["']""")
RELATIVE_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*['"](\.\.?/[^'"]+)['"]""")
MAIN = ""
"""The main catalogue's name among the catalogues (the extras are named by their folder)."""


@dataclass(frozen=True)
class Page:
    """One HTML page: the extra catalogues it declares and the files it can load (itself first)."""

    name: str
    declared: tuple[str, ...]
    files: tuple[str, ...]


def keys_in(text: str, known: set[str]) -> set[str]:
    """The keys a page or script uses: `t('key')`, `data-i18n`, `data-i18n-attr`, and any string that
    is a key of some catalogue written whole (a table of keys handed to `t` later)."""
    keys = {m[1] for m in T_CALL.findall(text)} | set(DATA_I18N.findall(text))
    for pairs in DATA_I18N_ATTR.findall(text):
        keys |= {pair.partition(":")[2].strip() for pair in pairs.split(";")} - {""}
    return keys | ({m[1] for m in QUOTED.findall(text)} & known)


def page(name: str, sources: dict[str, str]) -> Page:
    """The page `name` (an .html file of the web directory) with the modules it can load."""
    html = sources[name]
    root = ROOT.search(html)
    declared = DECLARED.search(root.group(0)) if root else None
    tags = [tag for tag in SCRIPT.findall(html) if re.search(r"""\stype=["']module["']""", tag)]
    pending = [found.group(1) for tag in tags if (found := MODULE_SRC.search(tag))]
    files, seen = [name], set()
    while pending:
        path = pending.pop(0)
        if path in seen or path not in sources:
            continue
        seen.add(path)
        files.append(path)
        folder = posixpath.dirname(path)
        pending += [
            posixpath.normpath(posixpath.join(folder, rel)) for rel in RELATIVE_IMPORT.findall(sources[path])
        ]
    return Page(name, tuple(declared.group(1).split()) if declared else (), tuple(files))


def page_problems(page: Page, sources: dict[str, str], catalogues: dict[str, set[str]]) -> list[str]:
    """Every key the page or one of its modules uses that no catalogue the page loads holds, as
    sentences naming the file and where the key is (an extra the page does not declare, or nowhere)."""
    known = set().union(*catalogues.values())
    problems = [
        f"{page.name}: declares {name!r}, which is no catalogue"
        for name in page.declared
        if name not in catalogues
    ]
    loaded = set().union(*(catalogues.get(name, set()) for name in (MAIN, *page.declared)))
    for path in page.files:
        for key in sorted(keys_in(sources[path], known) - loaded):
            where = [name for name, keys in catalogues.items() if key in keys]
            place = (
                f"only in the {where[0]!r} catalogue, which the page does not declare"
                if where
                else "in no catalogue"
            )
            problems.append(f"{page.name}: {path} uses {key}, {place}")
    return problems
