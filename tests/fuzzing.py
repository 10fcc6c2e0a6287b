"""Mutated sources run through the commands: the fuzz corpus of tests/test_fuzz_sources.py.

A case is a source file of a project (a deck file, game.yaml, an example's or a rules
chapter's front matter, a PO catalog, a rules chapter, a spreadsheet to import), mutated by
a few operators drawn from a seeded generator (``random.Random(name)``: the same name makes
the same file on every machine), and the command that reads it.  Its outcome is judged on
what the command prints:

- a traceback, or the one line of an unexpected exception (``publish: internal error``), is
  a failure; so is an interpreter killed by a signal (a crash);
- every line that names a file of the project must give a line inside that file (and a
  column inside that line, or just after its last character); a line that is neither such
  a message nor one of the command's own (the summary, a note) is an unlocated message.

``run_case`` runs a case in this process (the bounded corpus of `make test`);
``run_isolated`` forks it, to measure its peak memory and its time and to survive a crash
(the long run).
"""

from __future__ import annotations

import io
import os
import random
import re
import resource
import signal
import sys
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from click.testing import CliRunner

from publish.cli.main import main
from publish.core.sourcetext import LINE_END

# ----------------------------------------------------------------- mutation operators

YAML_TOKENS = [
    "[", "]", "{", "}", ": ", "- ", ", ", "? ", "|\n", ">-\n", "'", '"', "#", "~", "\t",
    "&a ", "*a", "<<: *a\n", "---\n", "...\n", "%YAML 1.1\n", "%TAG ! tag:x,2000:\n",
    "!!python/object/apply:os.system ['true'] ", "!!binary ", "!!set ", "!!timestamp ", "!x ",
    "0x1F", "1e999", "-.inf", ".nan", "0o17", "1_000", "12:30:00", "2024-01-01", "yes", "off",
    "\x00", "\x01", "\x1b[31m", "\x7f", "\x85", "\u2028", "\u2029", "\ufeff", "\ufffe",
    "\ud7ff", "\U0001f600", "\uff11\uff12", "\u0663", "<script>", "{{ 7*7 }}", "../../",
]
PO_TOKENS = [
    'msgid "', 'msgstr "', 'msgctxt "', 'msgid_plural "', 'msgstr[0] "', 'msgstr[9] "', '"\n',
    '\\', '\\"', '\\x41', '\\u00e9', '#, fuzzy\n', '#, python-format\n', '#| msgid "old"\n',
    '#~ msgid "gone"\n', '#: rules/x.md:1\n',
    '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n',
    '"Plural-Forms: nplurals=0; plural=n/0;\\n"\n',
    '"Content-Type: text/plain; charset=latin-1\\n"\n',
    '"Language: xx_YY\\n"\n', "%s", "%(n)d", "{0}", "\x00", "\ufeff", "\n\n",
]
MARKDOWN_TOKENS = [
    "---\n", "# ", "**", "*", "`", "```\n", "```diario\n", ":::", "::: callout\n", "{card 001}",
    "{card }", "{card 9999}", "{example x}", "{", "}", ":estrela:", ":nosuch:", "|", "\n: ",
    "<div>", "<!--", "[x](", "![x](/etc/passwd)", "\\", "&amp;", "> ", "1. ", "- ",
]
CSV_TOKENS = [",", '"', '""', "\n", "\r\n", "\r", ";", "\t", "=cmd|' /C calc'!A0", "+1", "-",
              "\x00", "\ufeff", "007", "1e5", "[{do: draw", "text 9 effect", "deck"]
XML_TOKENS = [
    "<", ">", "</", "/>", '"', "'", "&", "&amp;", "&a;", "&#0;", "&#x110000;", "<![CDATA[x]]>",
    "<!--", "<?x?>", '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]>', "\x00", "\x1b[31m",
    "</table:table-row>", "<table:table-row>", "</table:table-cell>", "<table:table>",
    '<table:table-cell office:value-type="string"><text:p>x</text:p></table:table-cell>',
    ' table:number-rows-repeated="1000000000"', ' table:number-columns-repeated="99999"',
    ' table:number-columns-repeated="-1"', ' office:value-type="float" office:value="x"',
    ' calcext:value-type="error"', '<text:s text:c="999999999"/>', "<text:tab/>",
    "</row>", '<row r="1048577">', '<row r="2">', '<c r="XFD1">', '<c r="A1" t="e">',
    '<c t="s"><v>99999</v></c>', '<c t="b"><v>2</v></c>', "<v>1e999</v>", "<v>x</v>",
]
"""For the XML inside a workbook (ODS content.xml, an XLSX sheet)."""


@dataclass(frozen=True)
class Mutation:
    """One operator applied at one place: a name for the report, and the new text or bytes."""

    name: str
    data: str | bytes


def _place(rng: random.Random, text: str) -> int:
    return rng.randrange(len(text) + 1)


def _line_bounds(rng: random.Random, text: str) -> tuple[int, int]:
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    start = rng.choice(starts)
    end = text.find("\n", start)
    return start, len(text) if end < 0 else end + 1


def insert_token(rng: random.Random, text: str, tokens: list[str]) -> Mutation:
    at, token = _place(rng, text), rng.choice(tokens)
    return Mutation(f"insert {token!r}", text[:at] + token + text[at:])


def replace_char(rng: random.Random, text: str, tokens: list[str]) -> Mutation:
    at, token = _place(rng, text), rng.choice(tokens)
    return Mutation(f"replace with {token!r}", text[:at] + token + text[at + 1:])


def delete_span(rng: random.Random, text: str, _tokens: list[str]) -> Mutation:
    at = _place(rng, text)
    return Mutation("delete", text[:at] + text[at + rng.randint(1, 200):])


def duplicate_line(rng: random.Random, text: str, _tokens: list[str]) -> Mutation:
    start, end = _line_bounds(rng, text)
    return Mutation("duplicate a line", text[:end] + text[start:end] + text[end:])


def swap_lines(rng: random.Random, text: str, _tokens: list[str]) -> Mutation:
    lines = text.split("\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return Mutation("swap lines", "\n".join(lines))


def indent_line(rng: random.Random, text: str, _tokens: list[str]) -> Mutation:
    start, end = _line_bounds(rng, text)
    line = text[start:end]
    shift = rng.choice([-4, -2, -1, 1, 2, 4])
    spaces = len(line) - len(line.lstrip(" "))
    line = " " * shift + line if shift > 0 else line[min(-shift, spaces):]
    return Mutation(f"indent {shift:+d}", text[:start] + line + text[end:])


def truncate(rng: random.Random, text: str, _tokens: list[str]) -> Mutation:
    return Mutation("truncate", text[:_place(rng, text)])


def deep_nesting(rng: random.Random, text: str, _tokens: list[str]) -> Mutation:
    depth = rng.choice([30, 45, 1000, 100_000])
    opener = rng.choice(["[", "{a: ", "- "])
    at = _place(rng, text)
    return Mutation(f"{depth} x {opener!r}", text[:at] + opener * depth + text[at:])


def long_value(rng: random.Random, text: str, _tokens: list[str]) -> Mutation:
    size = rng.choice([300, 6_000, 150_000, 1_000_000, 9_000_000])
    at = _place(rng, text)
    return Mutation(f"{size:,} characters", text[:at] + "x" * size + text[at:])


def alias_bomb(rng: random.Random, text: str, _tokens: list[str]) -> Mutation:
    lines = ["lol0: &l0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"lol{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]" for i in range(1, 9)]
    start, _ = _line_bounds(rng, text)
    return Mutation("alias chain", text[:start] + "\n".join(lines) + "\n" + text[start:])


def misspell_key(rng: random.Random, text: str, _tokens: list[str]) -> Mutation:
    keys = list(re.finditer(r"(?m)^\s*-?\s*([a-z_]+):", text))
    if not keys:
        return insert_token(rng, text, YAML_TOKENS)
    m = rng.choice(keys)
    word = m[1]
    i = rng.randrange(len(word))
    typo = word[:i] + rng.choice("aeiouxz") + word[i + 1:]
    return Mutation(f"key {word} -> {typo}", text[:m.start(1)] + typo + text[m.end(1):])


def renumber(rng: random.Random, text: str, _tokens: list[str]) -> Mutation:
    found = list(re.finditer(r"\b\d{1,4}\b", text))
    if not found:
        return insert_token(rng, text, YAML_TOKENS)
    m, other = rng.choice(found), rng.choice(found)
    new = rng.choice([other[0], "5000", "0", "-1", "\uff11\uff16\uff15", "1" * 30, "4000"])
    return Mutation(f"number {m[0]} -> {new!r}", text[:m.start()] + new + text[m.end():])


TEXT_OPERATORS: list[Callable[[random.Random, str, list[str]], Mutation]] = [
    insert_token, insert_token, replace_char, delete_span, duplicate_line, swap_lines,
    indent_line, truncate, misspell_key, renumber, renumber, deep_nesting, long_value,
    alias_bomb,
]


def mutate_bytes(rng: random.Random, data: bytes) -> Mutation:
    """A byte-level change: bytes that may not be UTF-8 (or a broken spreadsheet)."""
    raw = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        at = rng.randrange(len(raw) + 1)
        choice = rng.randrange(3)
        if choice == 0 and raw:
            raw[min(at, len(raw) - 1)] = rng.randrange(256)
        elif choice == 1:
            raw[at:at] = bytes(rng.choice([b"\xff", b"\xc3", b"\xe2\x82", b"\x00", b"\xed\xa0\x80",
                                           b"\xf4\x90\x80\x80", b"\xc0\xaf"]))
        else:
            del raw[at:at + rng.randint(1, 64)]
    return Mutation("bytes", bytes(raw))


def mutate_part(rng: random.Random, data: bytes, part: str) -> tuple[list[str], bytes]:
    """A workbook (a zip of XML) with one part's text mutated, the rest as it was."""
    source = zipfile.ZipFile(io.BytesIO(data))
    text = source.read(part).decode("utf-8")
    names, new = mutate(rng, text, XML_TOKENS)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as made:
        for info in source.infolist():
            made.writestr(info.filename, source.read(info.filename) if info.filename != part
                          else new if isinstance(new, bytes) else new.encode("utf-8",
                                                                             "surrogatepass"))
    return [f"{part}: {name}" for name in names], out.getvalue()


def mutate(rng: random.Random, text: str, tokens: list[str], steps: int | None = None
           ) -> tuple[list[str], str | bytes]:
    """``text`` after one to three operators (now and then, byte-level changes too)."""
    names: list[str] = []
    data: str | bytes = text
    for _ in range(steps or rng.choice([1, 1, 2, 3])):
        if isinstance(data, bytes):
            break
        done = rng.choice(TEXT_OPERATORS)(rng, data, tokens)
        names.append(done.name)
        data = done.data
    if isinstance(data, str) and rng.random() < 0.12:
        done = mutate_bytes(rng, data.encode("utf-8"))
        names.append(done.name)
        data = done.data
    return names, data


def mutate_front_matter(rng: random.Random, text: str) -> tuple[list[str], str | bytes]:
    """Only the front matter (between the first two '---' lines) changed, now and then its
    closing line too: the rest of the file is left as it is."""
    lines = text.split("\n")
    end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    head = "\n".join(lines[1:end]) + "\n"
    names, new = mutate(rng, head, YAML_TOKENS)
    if isinstance(new, bytes):
        new = new.decode("utf-8", "surrogateescape")
        names.append("(as text)")
    return names, "---\n" + new.rstrip("\n") + "\n---\n" + "\n".join(lines[end + 1:])


# ----------------------------------------------------------------- judging what is printed

LOCATED = re.compile(r"^(?P<path>/[^:\n]+?):(?P<line>\d+)(?::(?P<col>\d+))?: (?P<msg>.*)$")
CELL = re.compile(r"^(?P<path>/[^:\n]+?): (([^:!\s]+!)?[A-Z]+\d+|sheet [^:\s]+): ")
"""A spreadsheet's place: a cell (in a sheet), or a whole sheet (a deck's counts)."""
WORKBOOK = re.compile(r"^/[^:\n]+\.(xlsx|ods): ")
"""A workbook that cannot be opened: a zip of XML has no line to give."""
OWN_LINES = [
    re.compile(r"^[\w-]+: (not loaded; )?\d+ (cards|problem)"),  # check's summary
    re.compile(r"^[\w-]+: fix these problems first \(publish check\):$"),
    re.compile(r"^note: "),
    re.compile(r"^/[^:]+: nothing written; \d+ problem\(s\):$"),
    re.compile(r"^[\w-]+: [\d.]+% done, "),  # i18n status
    re.compile(r"^templates out of date "),
    re.compile(r"^(---|\+\+\+|@@) |^[ +-]"),  # an import's diff
    re.compile(r"^(\d+ (changed|added|moved|removed)|no cards changed)|^dry run: nothing written$"),
    re.compile(r"^/[^:]+: no changes: "),
    re.compile(r"^[\w-]+: warning: |^/[^:\n]+(:\d+)*: warning: "),
]


@dataclass
class Outcome:
    """What one case did: its status, its lines judged, its time and peak memory."""

    case: str
    mutations: list[str]
    status: int | None = None
    signal: int | None = None
    seconds: float = 0.0
    peak_mb: float = 0.0
    tracebacks: list[str] = field(default_factory=list)
    unlocated: list[str] = field(default_factory=list)
    located: int = 0

    @property
    def failed(self) -> bool:
        return bool(self.tracebacks or self.unlocated or self.signal)


def _lines_of(path: Path) -> list[str]:
    """The file's lines as editors and the messages count them (publish.core.sourcetext.LINE_END:
    a lone carriage return ends one too)."""
    text = path.read_bytes().decode("utf-8", "replace")
    lines = LINE_END.split(text)
    return lines[:-1] if text.endswith(("\n", "\r")) else lines


def judge(outcome: Outcome, output: str, root: Path) -> None:
    """Sort each printed line: a traceback, a message located inside its file, a line of the
    command's own, or an unlocated message."""
    if "Traceback (most recent call last)" in output:
        outcome.tracebacks.append(output[output.index("Traceback"):][-600:])
    for line in output.split("\n"):  # as a terminal shows them (not at U+2028...)
        if line.startswith("publish: internal error"):
            outcome.tracebacks.append(line)
            continue
        if not line.strip() or any(p.search(line) for p in OWN_LINES):
            continue
        m = LOCATED.match(line)
        inside = m is not None and _inside(Path(m["path"]), int(m["line"]), m["col"], root)
        if inside or CELL.match(line) or WORKBOOK.match(line):
            outcome.located += 1
        else:
            outcome.unlocated.append(line[:300])


def _inside(path: Path, line: int, col: str | None, root: Path) -> bool:
    if not path.is_file() or not path.resolve().is_relative_to(root.resolve()):
        return False
    lines = _lines_of(path)
    if not 1 <= line <= max(1, len(lines)):
        return False
    if col is None or not lines:
        return True
    return 1 <= int(col) <= len(lines[line - 1]) + 1


# ----------------------------------------------------------------- running a case


@dataclass(frozen=True)
class Case:
    """A mutated file of a project and the command that reads it."""

    name: str
    target: Path
    data: str | bytes
    mutations: list[str]
    args: list[str]

    def write(self) -> None:
        if isinstance(self.data, bytes):
            self.target.write_bytes(self.data)
        else:
            self.target.write_bytes(self.data.encode("utf-8", "surrogatepass"))


def run_case(case: Case, root: Path) -> Outcome:
    """The case in this process (the file is put back afterwards)."""
    original = case.target.read_bytes()
    outcome = Outcome(case.name, case.mutations)
    try:
        case.write()
        start = time.perf_counter()
        result = CliRunner().invoke(main, case.args)
        outcome.seconds = time.perf_counter() - start
        outcome.status = result.exit_code
        output = result.output
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            import traceback

            output += "".join(traceback.format_exception(result.exception))
        judge(outcome, output, root)
    finally:
        case.target.write_bytes(original)
    return outcome


MEMORY_CAP = 3 * 1024 ** 3
"""The address space a forked case may take: past the 2 GB judged, short of the machine's."""


def run_isolated(case: Case, root: Path, timeout: float = 60.0) -> Outcome:
    """The case in a forked process: its peak memory (maximum resident set) and wall time are
    measured, a crash is seen as the signal that ended it, and a run over ``timeout`` is
    killed."""
    original = case.target.read_bytes()
    outcome = Outcome(case.name, case.mutations)
    out = root / f".fuzz-output-{os.getpid()}"
    case.write()
    sys.stdout.flush()
    sys.stderr.flush()
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # the child: run the command, its output to a file
        _child(case, out)
    try:
        status, usage = _wait(pid, timeout)
        outcome.seconds = time.perf_counter() - start
        outcome.peak_mb = usage.ru_maxrss / 1024 if usage else 0.0
        if os.WIFSIGNALED(status):
            outcome.signal = os.WTERMSIG(status)
        else:
            outcome.status = os.WEXITSTATUS(status)
        output = out.read_text(encoding="utf-8", errors="replace") if out.exists() else ""
        judge(outcome, output, root)  # against the file as mutated
    finally:
        out.unlink(missing_ok=True)
        case.target.write_bytes(original)
    return outcome


def _child(case: Case, out: Path) -> None:
    code = 70
    try:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
        fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        sys.stdout = io.TextIOWrapper(os.fdopen(1, "wb", buffering=0), encoding="utf-8",
                                      write_through=True)
        sys.stderr = sys.stdout
        try:
            main.main(case.args, prog_name="publish", standalone_mode=True)
            code = 0
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
        except BaseException:  # printed for the judge to count
            import traceback

            traceback.print_exc()
            code = 70
        sys.stdout.flush()
    finally:
        os._exit(code)


def _wait(pid: int, timeout: float) -> tuple[int, resource.struct_rusage | None]:
    deadline = time.monotonic() + timeout
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            return status, usage
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            _, status, usage = os.wait4(pid, 0)
            return status, usage
        time.sleep(0.01)
