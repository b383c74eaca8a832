"""A UCI engine driven over pipes, for the tests and the chess scripts of bench/: lines are
read on a thread and kept with their arrival times, so a test can both wait for an answer and
time it."""
import queue
import subprocess
import threading
import time

TIMEOUT = 60.0  # seconds any single answer may take (sanitizer builds are slow)


class Engine:
    def __init__(self, name, argv, keep_log=True):
        """keep_log=False: no conversation kept (a long match or data run)."""
        self.name = name
        self.keep_log = keep_log
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.log = []  # the whole conversation, shown on failure
        self.last_at = 0.0  # when the last line returned by read_until arrived (monotonic)
        threading.Thread(target=self._reader, daemon=True).start()

    def _reader(self):
        for line in self.proc.stdout:
            self.lines.put((time.monotonic(), line.rstrip("\n")))
        self.lines.put((time.monotonic(), None))

    def send(self, command):
        """Sends one command; returns when it was sent (monotonic seconds)."""
        if self.keep_log:
            self.log.append("> " + command)
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        return time.monotonic()

    def _next(self, timeout, seen):
        """The next (arrival time, line), logged and added to seen; None after timeout s."""
        try:
            at, line = self.lines.get(timeout=timeout)
        except queue.Empty:
            return None
        if line is None:
            raise AssertionError(f"{self.name}: exited (code {self.proc.wait()}) after {seen[-5:]}")
        seen.append(line)
        if self.keep_log:
            self.log.append("< " + line)
        return at, line

    def read_until(self, predicate, timeout=TIMEOUT):
        """Lines read up to and including the first one satisfying predicate."""
        seen = []
        while True:
            got = self._next(timeout, seen)
            if got is None:
                raise AssertionError(f"{self.name}: no answer in {timeout}s after {seen[-5:]}")
            if predicate(got[1]):
                self.last_at = got[0]
                return seen

    def expect(self, prefix, timeout=TIMEOUT):
        return self.read_until(lambda l: l.startswith(prefix), timeout)

    def silent(self, prefix, seconds):
        """Reads for `seconds`; fails if a line starting with prefix arrives. Returns the lines."""
        seen = []
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0 and (got := self._next(left, seen)):
            assert not got[1].startswith(prefix), \
                f"{self.name}: {got[1]!r} within {seconds}s, after {seen[-5:]}"
        return seen

    def sync(self):
        self.send("isready")
        self.expect("readyok")

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
