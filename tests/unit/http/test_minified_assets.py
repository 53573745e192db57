"""The scripts, styles and JSON as the server sends them: minified, and still what the sources say.

Every served module goes through Node's parser as an ES module, and through TypeScript's parser beside
its source: the two syntax trees (every node, every literal's text) must be the same, so a minifier that
changed a template literal's text (rjsmin does not follow nested template literals), a regular expression
or an automatic semicolon fails here before any browser sees it; the browser tests then run on these
same bytes.
"""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from server.config import WEB_DIR
from server.http.minify import minified
from server.http.static_assets import StaticAssets

NODE = shutil.which("node")
SYNTAX_TREE = Path(__file__).with_name("syntax_tree.mjs")
PARSE_MODULES = Path(__file__).with_name("parse_modules.mjs")


@pytest.fixture(scope="module")
def assets() -> StaticAssets:
    return StaticAssets(WEB_DIR)


def served_scripts() -> list[str]:
    return sorted(p.relative_to(WEB_DIR).as_posix() for p in WEB_DIR.rglob("*.js"))


def test_every_served_module_parses_in_node(assets: StaticAssets, tmp_path: Path) -> None:
    assert NODE is not None, "node is missing: the web client's checks need it (npm ci)"
    scripts = served_scripts()
    assert len(scripts) > 40
    copies = {}
    for path in scripts:
        found = assets.find(path)
        assert found is not None, path
        copies[path] = copy = tmp_path / path.replace("/", "__")
        copy.write_bytes(found[0].body)
    printed = subprocess.run(
        [NODE, "--experimental-vm-modules", str(PARSE_MODULES), *map(str, copies.values())],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    errors = json.loads(printed.stdout)
    for path, copy in copies.items():
        assert errors[str(copy)] is None, f"{path} no longer parses once minified: {errors[str(copy)]}"


def test_every_served_module_is_its_source_without_comments_and_spacing(
    assets: StaticAssets, tmp_path: Path
) -> None:
    assert NODE is not None, "node is missing: the web client's checks need it (npm ci)"
    pairs = []
    for path in served_scripts():
        found = assets.find(path)
        assert found is not None, path
        served = tmp_path / path.replace("/", "__")
        served.write_bytes(found[0].body)
        pairs.append((path, str(WEB_DIR / path), str(served)))
    files = [name for _, source, served in pairs for name in (source, served)]
    printed = subprocess.run([NODE, str(SYNTAX_TREE), *files], capture_output=True, text=True, check=True)
    trees = json.loads(printed.stdout)
    for path, source, served in pairs:
        assert trees[source][0] == "SourceFile", path
        changed = [(a, b) for a, b in zip(trees[source], trees[served], strict=False) if a != b]
        assert not changed, f"{path} changed once minified: {changed[:3]}"
        assert len(trees[source]) == len(trees[served]), f"{path} lost or gained nodes once minified"


def test_scripts_and_styles_lose_their_comments_and_keep_their_literals() -> None:
    source = b"""/** A documented constant. @type {string} */
export const label = `Two   spaces ${1 + 1}`; // a trailing comment
export const pattern = /a  b/g;
"""
    served = minified("js/example.js", source)
    assert b"documented" not in served
    assert b"trailing" not in served
    assert b"`Two   spaces ${1 + 1}`" in served, "a template literal's spacing is the page's text"
    assert b"/a  b/g" in served
    assert minified("css/x.css", b"/* why */\n.a {\n  color: var(--ink);\n}\n") == b".a{color:var(--ink)}"


def test_vendored_minified_files_and_other_files_go_as_they_are() -> None:
    for path in ("vendor/socket.io.min.js", "room.html", "vendor/README.md"):
        body = (WEB_DIR / path).read_bytes()
        assert minified(path, body) == body, path


def test_the_served_client_is_much_smaller_than_its_documented_sources(assets: StaticAssets) -> None:
    for path in ("js/pages/room.js", "js/model/state.js", "css/app.css"):
        found = assets.find(path)
        assert found is not None
        assert len(found[0].body) < 0.8 * len((WEB_DIR / path).read_bytes()), path


def test_json_loses_its_spacing_and_keeps_its_data_and_order() -> None:
    for path in ("i18n/en.json", "i18n/zh-CN.json", "i18n/makers/en.json", "i18n/makers/zh-CN.json"):
        source = (WEB_DIR / path).read_bytes()
        served = minified(path, source)
        assert len(served) < 0.95 * len(source), path
        assert b"\n" not in served, path
        assert list(json.loads(served).items()) == list(json.loads(source).items()), path
    compact = '{"b":"中 { }","a":[1,2]}'.encode()
    assert minified("x.json", b'{ "b": "\\u4e2d { }",\n  "a": [1, 2] }') == compact
    assert minified("x.json", b"{not json") == b"{not json"
