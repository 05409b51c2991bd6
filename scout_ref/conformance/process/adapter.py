"""The adapter as a subprocess: one request at a time, with timeouts, restarts and a stderr tail.

Nothing an adapter does can hang or crash the runner: every read has a deadline, every line has
a length limit, a dead or confused adapter is ended (with every process it started, see
:mod:`.tree`) and started again after a growing pause. Too many malformed replies or crashes in a
row, all to requests of one kind, give that kind up (an SCP 1 adapter's observe replies, say):
its later requests fail at once, and the other kinds go on. When the failures in a row span
several kinds, or the adapter does not start, it is declared broken. A time-out is the slow
case's own outcome: the adapter is restarted for the next case, but slowness never counts
towards giving up, except for a kind whose requests are all alike (:data:`ALIKE`), which one
time-out gives up.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO

from scout_ref.conformance.model.kinds import RequestType
from scout_ref.conformance.model.outcomes import Message
from scout_ref.conformance.model.untrusted import MAX_REPLY_TEXT, visible
from scout_ref.conformance.process import tree as proctree
from scout_ref.conformance.protocol.messages import (
    MAX_LINE,
    PROTOCOL_VERSION,
    Hello,
    ProtocolError,
    Reply,
    decode,
    encode,
    hello_request,
    read_hello,
    read_reply,
)
from scout_ref.errors import excerpt
from scout_ref.util.text import plural

STDERR_TAIL = 4096
"""How many bytes of the adapter's stderr are kept for reports."""


@dataclass(frozen=True, slots=True)
class Limits:
    """How long to wait and how hard to retry."""

    timeout: float = 10.0
    startup_timeout: float = 10.0
    max_line: int = MAX_LINE
    backoff: float = 0.1
    max_backoff: float = 2.0
    max_failures: int = 5
    """Malformed replies and crashes in a row before a request kind, or the adapter, is given
    up (time-outs do not count: a slow engine is judged case by case)."""


ALIKE: frozenset[RequestType] = frozenset({"deal_random"})
"""Request kinds whose requests all ask the same work (a deal of the next seed): one time-out
gives the kind up, since the next request would wait as long (the tests of the adapter's own
deals ask 200 at each player count: an adapter that never deals cost 5 time-outs at each)."""


def hello_change(before: Hello, after: Hello) -> str:
    """What differs between two hellos, in a few words."""
    for name in ("name", "language", "version", "capabilities"):
        old, new = getattr(before, name), getattr(after, name)
        if old != new:
            return excerpt(f"{name} was {old!r}, is {new!r}", 200)
    return "it differs"


class AdapterBroken(ProtocolError):
    """The adapter failed too many times in a row; the runner stops talking to it."""


class KindGivenUp(ProtocolError):
    """The adapter failed requests of one kind too many times in a row; the runner sends no
    more of that kind (the other kinds go on)."""


class Adapter:
    """A running adapter, started on first use and restarted after each protocol error."""

    def __init__(self, argv: Sequence[str], limits: Limits | None = None) -> None:
        self.argv = list(argv)
        self.limits = limits or Limits()
        self.hello: Hello | None = None
        self.failures = 0
        self.restarts = 0
        self.last_error: ProtocolError | None = None
        self.given_up: dict[RequestType, str] = {}
        """The request kinds given up, each with why (its last failure)."""
        self._by_kind: dict[RequestType, int] = {}  # failures in a row of each kind
        self._failing: set[RequestType | None] = set()  # kinds failed since the last reply
        self._proc: subprocess.Popen[bytes] | None = None
        self._selector: selectors.BaseSelector | None = None
        self._buffer = bytearray()
        self._stderr = bytearray()
        self._next_id = 1
        self._out = self._err = -1
        self._spawned = False

    @property
    def broken(self) -> bool:
        """Whether the adapter crashed or answered malformed ``max_failures`` times in a row,
        not all at requests of one kind (those give that kind up, :attr:`given_up`)."""
        if self.failures < self.limits.max_failures:
            return False
        return len(self._failing) != 1 or None in self._failing

    def start(self) -> Hello:
        """Start the adapter (after a backoff pause if it failed before) and read its hello.

        Raises:
            ProtocolError: if it cannot be started or its hello is missing or malformed.
        """
        self._check_not_broken()
        if self.failures:
            time.sleep(min(self.limits.max_backoff, self.limits.backoff * 2 ** (self.failures - 1)))
        if self._spawned:
            self.restarts += 1
        self._spawned = True
        try:
            self._spawn()
            self._send(hello_request(), self.limits.startup_timeout)
            hello = read_hello(self._receive(self.limits.startup_timeout))
            if self.hello is not None and hello != self.hello:
                # the run judges one engine: a restart that says it is another is broken
                raise ProtocolError(
                    "hello", f"the hello changed on restart: {hello_change(self.hello, hello)}"
                )
            self.hello = hello
        except ProtocolError as exc:
            if exc.fault != "hello":
                exc = ProtocolError("hello", f"at hello: {exc} ({exc.fault})")
            raise self._fail(exc) from None
        return self.hello

    def request(self, kind: RequestType, **fields: object) -> Reply:
        """Send one request and return the validated reply.

        Raises:
            ProtocolError: on any fault; the adapter is then killed and restarted on next use.
        """
        if kind in self.given_up:
            raise KindGivenUp("broken", f"{kind} requests were given up: {self.given_up[kind]}")
        if self._proc is None:
            self.start()
        message: Message = {"id": self._next_id, "type": kind, **fields}
        self._next_id += 1
        protocol = self.hello.protocol if self.hello else PROTOCOL_VERSION
        try:
            self._send(message, self.limits.timeout)
            reply = read_reply(self._receive(self.limits.timeout), message, protocol)
        except ProtocolError as exc:
            raise self._fail(exc, kind) from None
        self.failures = 0
        self._failing.clear()
        self._by_kind[kind] = 0
        return reply

    def close(self) -> None:
        """Say bye, give the adapter a moment to exit, then make sure it is gone."""
        if self._proc is None:
            return
        with contextlib.suppress(ProtocolError):
            self._send({"type": "bye"}, 0.5)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._proc.wait(0.5)
        self._kill()

    def stderr_tail(self, lines: int = 10) -> str:
        """The last lines the adapter wrote to stderr."""
        text = self._stderr.decode("utf-8", errors="replace")
        return visible("\n".join(text.rstrip("\n").splitlines()[-lines:]), MAX_REPLY_TEXT)

    def _check_not_broken(self) -> None:
        if self.broken:
            cause = self.last_error.describe() if self.last_error else "unknown"
            raise AdapterBroken(
                "broken",
                f"the adapter failed {plural(self.failures, 'time')} in a row and was given up; "
                f"last failure: {cause}",
            )

    def _fail(self, exc: ProtocolError, kind: RequestType | None = None) -> ProtocolError:
        self._kill(drain=True)
        # a slow reply is that case's time-out, not a broken adapter; half a line and then
        # silence is a reply that broke off, as a malformed one
        if exc.fault != "hang" or exc.partial:
            self.failures += 1
            self._failing.add(kind)
            if kind is not None:
                count = self._by_kind[kind] = self._by_kind.get(kind, 0) + 1
                if count >= self.limits.max_failures and self._failing == {kind}:
                    why = f"{plural(count, 'failure')} in a row, the last {exc.fault}: {exc}"
                    self.given_up[kind] = why
        elif kind in ALIKE:
            self.given_up[kind] = f"it timed out: {exc}; every {kind} request asks as much"
        exc.stderr_tail = self.stderr_tail()
        self.last_error = exc
        return exc

    def _spawn(self) -> None:
        try:
            proc = proctree.spawn(self.argv)
        except OSError as exc:
            raise ProtocolError("start", f"cannot start {self.argv[0]!r}: {exc.strerror}") from None
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            assert stream is not None, "all three pipes were requested"
            os.set_blocking(stream.fileno(), False)
        self._proc = proc
        self._selector = selectors.DefaultSelector()
        self._out, self._err = _fileno(proc.stdout), _fileno(proc.stderr)
        self._selector.register(self._out, selectors.EVENT_READ)
        self._selector.register(self._err, selectors.EVENT_READ)
        self._buffer.clear()
        self._stderr.clear()

    def _kill(self, *, drain: bool = False) -> None:
        """End the adapter and everything it started (:mod:`.tree`); with ``drain``, keep
        the stderr it left behind."""
        proc, self._proc = self._proc, None
        if proc is not None:
            proctree.end(proc)
            if drain:
                self._drain_stderr(0.2)
        if self._selector is not None:
            self._selector.close()
            self._selector = None
        if proc is None:
            return
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()

    def _send(self, message: Message, timeout: float) -> None:
        assert self._proc is not None, "spawned before use"
        assert self._proc.stdin is not None, "stdin is a pipe"
        data = memoryview(encode(message))
        fd = self._proc.stdin.fileno()
        deadline = time.monotonic() + timeout
        with selectors.DefaultSelector() as writable:
            writable.register(fd, selectors.EVENT_WRITE)
            while data:
                if not writable.select(deadline - time.monotonic()):
                    raise ProtocolError("hang", f"the adapter did not read its input in {timeout}s")
                try:
                    data = data[os.write(fd, data) :]
                except BrokenPipeError:
                    raise ProtocolError("crash", self._exit_text("before reading")) from None

    def _receive(self, timeout: float) -> Message:
        """The next line of output as a JSON object."""
        assert self._proc is not None, "spawned before use"
        assert self._selector is not None, "spawned before use"
        deadline = time.monotonic() + timeout
        limit = self.limits.max_line
        while (end := self._buffer.find(b"\n")) < 0:
            if len(self._buffer) > limit:
                raise ProtocolError(
                    "flood", f"the adapter printed more than {limit} bytes in a line"
                )
            remaining = deadline - time.monotonic()
            if remaining <= 0 and self._buffer:  # half a line, then silence: a broken reply
                error = ProtocolError(
                    "hang",
                    f"{len(self._buffer)} bytes of a reply and no line end within {timeout}s",
                )
                error.partial = True
                raise error
            if remaining <= 0:
                raise ProtocolError("hang", f"no reply within {timeout}s")
            for key, _ in self._selector.select(remaining):
                if not self._read_into(key.fd):
                    raise ProtocolError("crash", self._exit_text("before replying"))
        if end > limit:
            raise ProtocolError(
                "flood", f"the adapter printed a line of {end} bytes (limit {limit})"
            )
        line = bytes(self._buffer[:end])
        del self._buffer[: end + 1]
        return decode(line)

    def _read_into(self, fd: int) -> bool:
        """Read what ``fd`` has; False when stdout reached end of file."""
        assert self._selector is not None, "spawned before use"
        try:
            data = os.read(fd, 1 << 16)
        except BlockingIOError:
            return True
        if not data:
            self._selector.unregister(fd)
            return fd != self._out
        if fd == self._out:
            self._buffer += data
        else:
            self._stderr += data
            del self._stderr[:-STDERR_TAIL]
        return True

    def _drain_stderr(self, timeout: float) -> None:
        """Collect the stderr the adapter wrote just before failing (until EOF or timeout)."""
        selector = self._selector
        if selector is None:
            return
        deadline = time.monotonic() + timeout
        while self._err in selector.get_map() and (left := deadline - time.monotonic()) > 0:
            ready = [key.fd for key, _ in selector.select(left) if key.fd == self._err]
            if not ready:
                return
            self._read_into(self._err)

    def _exit_text(self, when: str) -> str:
        assert self._proc is not None, "spawned before use"
        try:
            code = self._proc.wait(0.5)
        except subprocess.TimeoutExpired:
            return f"the adapter closed its output {when}"
        return f"the adapter exited with status {code} {when}"


def _fileno(stream: IO[bytes] | None) -> int:
    assert stream is not None, "all three pipes were requested"
    return stream.fileno()
