"""A rules.md cut in two for the web: what players read, and the designers' material.

The rules page leads with how to play; file formats, command lines and notes for programs move
to a page of their own (`/rules/<game>/designers`). A section (`##` or `###`, with everything
under it) is designers' material when it holds a fenced code block (a file format, a command)
or its heading says it is about files, programs, simulation or a reconstruction; the lines
before the first section keep their prose, and lose their code blocks to the designers' page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DESIGNERS = re.compile(
    r"your own|for programs|for logs|content:|reconstruction|simulat|^options$|^bots\b",
    re.IGNORECASE,
)
FENCE = re.compile(r"^(```|~~~)")
HEADING = re.compile(r"^(#{2,3}) (.*)$")


@dataclass(frozen=True, slots=True)
class Split:
    title: str
    """The first line's heading, without its `#`."""
    players: str
    designers: str


def _blocks(lines: list[str]) -> list[tuple[int, str, list[str]]]:
    """(level, heading, lines) per section; level 0 for the lines before the first one."""
    out: list[tuple[int, str, list[str]]] = [(0, "", [])]
    fenced = False
    for line in lines:
        if FENCE.match(line):
            fenced = not fenced
        found = None if fenced else HEADING.match(line)
        if found:
            out.append((len(found.group(1)), found.group(2).strip(), [line]))
        else:
            out[-1][2].append(line)
    return out


def _has_code(lines: list[str]) -> bool:
    return any(FENCE.match(line) for line in lines)


def _without_code(lines: list[str]) -> tuple[list[str], list[str]]:
    """The lines outside fenced blocks, and the fenced blocks."""
    kept: list[str] = []
    code: list[str] = []
    fenced = False
    for line in lines:
        starts = bool(FENCE.match(line))
        if starts:
            fenced = not fenced
        (code if fenced or starts else kept).append(line)
    return kept, code


def split(text: str) -> Split:
    lines = text.splitlines()
    title = lines[0].lstrip("#").strip() if lines and lines[0].startswith("# ") else ""
    blocks = _blocks(lines[1:] if title else lines)
    players: list[str] = []
    designers: list[str] = []
    moving_level = 0  # the level of a moved section whose subsections move with it
    for level, heading, body in blocks:
        if level == 0:
            kept, code = _without_code(body)
            players += kept
            designers += code
            continue
        if moving_level and level > moving_level:
            designers += body
            continue
        moving_level = 0
        if DESIGNERS.search(heading) or _has_code(body):
            moving_level = level
            designers += body
        else:
            players += body
    return Split(title, "\n".join(players), "\n".join(designers))
