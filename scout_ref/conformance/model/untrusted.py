"""Text an adapter wrote, made safe for every place the runner shows or writes it.

An adapter is a program nobody here controls: its hello, its ``skipped`` reasons and
``errored`` messages, the moves it lists and its standard error all end up in the runner's
terminal output, ``report.json`` and the JUnit file. Written raw, an escape sequence clears or
retitles the terminal or fakes colours, a bidirectional override makes a line read differently
from what it holds, and a control character makes the JUnit file malformed XML, which a CI
server then refuses (or reads as the adapter meant). So:

- :func:`visible` writes every control, bidirectional-override and non-character code point
  as a visible escape (``\\x1b``, ``\\u202e``) and caps the length; it is applied where the
  adapter's words enter the runner (the hello, replies, stderr) and to every case result;
- :func:`xml_safe` replaces whatever XML 1.0 cannot hold, as a last guard in the JUnit writer.
"""

from __future__ import annotations

import re

MAX_NAME = 200
"""The longest name, language or version of an adapter shown (characters)."""
MAX_REPLY_TEXT = 4000
"""The longest ``skipped`` reason, ``errored`` message or stderr tail kept."""
MAX_MESSAGE = 20_000
"""The longest message of one case kept in the report (a diff of five full hands is ~1,000)."""

_HIDDEN = (
    "\x00-\x08\x0b-\x1f\x7f-\x9f"  # C0 (but tab and newline) and C1 controls, ESC among them
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"  # bidirectional marks and overrides
    "\u2028\u2029\ufeff\ufff9-\ufffb\ufffe\uffff"  # separators, BOM, non-characters
    "\ud800-\udfff"  # surrogates, which no UTF-8 output can hold
)
_KEEP_LINES = re.compile(f"[{_HIDDEN}]")
_ONE_LINE = re.compile(f"[\t\n{_HIDDEN}]")
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match[0])
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str, limit: int = MAX_MESSAGE, *, lines: bool = True) -> str:
    """``text`` with every hidden code point escaped, cut to about ``limit`` characters.

    ``lines`` keeps newlines and tabs (a multi-line message); otherwise they are escaped too.

    >>> visible("engine\\x1b[2J\\x1b]0;pwned\\x07", lines=False)
    'engine\\\\x1b[2J\\\\x1b]0;pwned\\\\x07'
    >>> visible("x" * 50, 10)
    'xxxxxxxxxx... (cut from 50 characters)'
    """
    shown = (_KEEP_LINES if lines else _ONE_LINE).sub(_escape, text)
    if len(shown) > limit:
        return f"{shown[:limit]}... (cut from {len(shown)} characters)"
    return shown


def xml_safe(text: str) -> str:
    """``text`` with every character XML 1.0 cannot hold replaced by U+FFFD.

    >>> xml_safe("a\\x00b\\x1bc\\ttab")
    'a\\ufffdb\\ufffdc\\ttab'
    """
    return _NOT_XML.sub("\ufffd", text)
