"""What the website's browser tests share: headless Chromium through Selenium, axe-core run
in the page, and a link checker that reads the built files.

Chromium and its driver are Debian's (system-packages.txt); axe-core is the version
tests/browser/package-lock.json pins, installed by `make browser-deps`.  Nothing here fetches
anything: a test whose tools are missing is skipped, saying how to install them.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

HERE = Path(__file__).resolve().parent
AXE = HERE / "node_modules" / "axe-core" / "axe.min.js"
CHROMIUM = Path("/usr/bin/chromium")
DRIVER = Path("/usr/bin/chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1200,1400")
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
"""What axe checks: WCAG 2.1 levels A and AA, and its own best practices."""



def missing_tools() -> str:
    """Why the browser tests cannot run here ('': they can)."""
    if CHROMIUM.exists() and DRIVER.exists() and AXE.exists():
        return ""
    return ("headless Chromium, chromium-driver or axe-core missing: make browser-deps, and "
            "apt-get install chromium chromium-driver (system-packages.txt)")


def browser(profile: Path):
    """A headless Chromium driven by Selenium, its console kept for the tests to read."""
    from selenium import webdriver

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = webdriver.ChromeService(executable_path=str(DRIVER))
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(60)
    return driver


def console_errors(driver) -> list[str]:
    """The console's errors since it was last read (a failed load, a script's exception,
    a refused resource)."""
    return [entry["message"] for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE"]


def axe_violations(driver) -> list[str]:
    """What axe-core finds on the page open in ``driver``: rule, impact and the first
    elements, one line each."""
    driver.execute_script(AXE.read_text(encoding="utf-8"))
    found = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}})"
        ".then(function (r) { done(JSON.stringify(r.violations)); })"
        ".catch(function (e) { done(JSON.stringify([{id: 'axe-error', impact: String(e),"
        " nodes: []}])); });", AXE_TAGS)
    return [f"{v['id']} ({v['impact']}): " + "; ".join(n["target"][0] if n["target"] else "?"
                                                    for n in v["nodes"][:3])
            for v in json.loads(found)]


class _Links(HTMLParser):
    """Every address a page leads to or loads, and every id it holds."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if "id" in values:
            self.ids.add(values["id"])
        for name in ("href", "src"):
            if name in values and tag in ("a", "link", "img", "script"):
                self.links.append(values[name])
        if "srcset" in values:
            self.links += [part.strip().split(" ")[0] for part in values["srcset"].split(",")]


def parsed(page: Path) -> _Links:
    reader = _Links()
    reader.feed(page.read_text(encoding="utf-8"))
    return reader


def broken_links(site: Path) -> list[str]:
    """Every link of every page of ``site`` that leads to no file, or to an anchor its page
    lacks; a link out of the site (http:, mailto:) is not followed."""
    site = site.resolve()
    pages = {page: parsed(page) for page in sorted(site.rglob("*.html"))}
    broken = []
    for page, found in pages.items():
        for link in found.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc:
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if not target.is_file() or not target.is_relative_to(site):
                broken.append(f"{page.relative_to(site)}: {link} (no such file)")
            elif parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else parsed(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{page.relative_to(site)}: {link} (no such anchor)")
    return broken


def page_kinds(edition: Path) -> dict[str, Path]:
    """One page of each kind of an edition's folder: chapter, card, card list, example,
    glossary, search, contents, changes (when game.yaml names an earlier version)."""
    kinds = {"contents": edition / "index.html", "card list": edition / "cards" / "index.html",
             "glossary": edition / "glossary.html", "search": edition / "search.html",
             "changes": edition / "changes.html"}
    chapters = sorted((edition / "rules").glob("*.html"))
    cards = sorted(p for p in (edition / "cards").glob("*.html") if p.name != "index.html")
    examples = sorted(p for p in (edition / "examples").glob("*.html") if p.name != "index.html")
    for kind, found in (("chapter", chapters), ("card", cards), ("example", examples)):
        if found:
            kinds[kind] = found[len(found) // 2]
    return {kind: page for kind, page in kinds.items() if page.is_file()}


CARD_LINK = re.compile(r'href="\.\./cards/([^"#]+)\.html"')


def rules_naming(edition: Path) -> dict[str, set[str]]:
    """Card number -> the pages of rules and examples that link to its page (read from the
    pages, not from the builder's own list)."""
    naming: dict[str, set[str]] = {}
    for folder in ("rules", "examples"):
        for page in sorted((edition / folder).glob("*.html")):
            for number in CARD_LINK.findall(page.read_text(encoding="utf-8")):
                naming.setdefault(number, set()).add(f"{folder}/{page.name}")
    return naming


def mentions_listed(card_page: Path) -> set[str]:
    """The rule and example pages a card page links back to ("Where the rules name it")."""
    html = card_page.read_text(encoding="utf-8")
    block = html.split('class="mentions"', 1)[1].split("</ul>", 1)[0] \
        if 'class="mentions"' in html else ""
    return {m.group(1) for m in re.finditer(r'href="\.\./((?:rules|examples)/[^"#]+)', block)}


def search_index(edition: Path) -> list[dict[str, str]]:
    text = (edition / "search-index.js").read_text(encoding="utf-8")
    return json.loads(text.removeprefix("window.SITE_SEARCH = ").rstrip().rstrip(";"))


def rare_word(index: list[dict[str, str]], entry: dict[str, str]) -> str:
    """The word of ``entry``'s text found in the fewest entries (at least 4 letters)."""
    words = {w for w in re.findall(r"\w{4,}", entry["x"]) if not w.isdigit()}

    def count(word: str) -> int:
        return sum(word.casefold() in e["x"].casefold() or word.casefold() in e["t"].casefold()
                   for e in index)

    return min(sorted(words), key=count)
