"""python-caldav's own functional suite — tests/test_caldav.py from the source distribution of the
version scripts/python/requirements.txt pins — run against the face as an external server. The
compatibility flags its authors keep for servers are set only where the face really lacks the
feature; each is named, with why, and counted in the output. Prints
"python-caldav: N passed, N failed, N skipped" last."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

from face import Face, Store

# Feature: (support, why the face lacks it).
FLAGS = {
    "scheduling": ("unsupported", "RFC 6638 scheduling (inboxes, outboxes, invitations) is not served"),
    "principal-search": ("unsupported", "no principal-property-search: an app sees its own principal only"),
    "save-load.todo.mixed-calendar": ("unsupported", "a calendar holds reminders or events, one kind, as in EventKit"),
    "save-load.journal": ("unsupported", "no VJOURNAL: EventKit has no journals"),
    "search.recurrences.expanded": ("unsupported", "calendar-data's expand is not applied: objects come whole"),
    "search.time-range.alarm": ("ungraceful", "a time range on a VALARM is refused (403 CALDAV:supported-filter)"),
}


def version() -> str:
    requirements = os.path.join(os.path.dirname(__file__), "..", "..", "scripts", "python", "requirements.txt")
    with open(requirements) as f:
        for line in f:
            if line.startswith("caldav=="):
                return line.strip().split("==")[1]
    raise SystemExit("python-caldav: no caldav== line in scripts/python/requirements.txt")


def source(pinned: str) -> str:
    """The unpacked source distribution, downloaded once into the cache."""
    cache = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "remindersd-tests")
    folder = os.path.join(cache, f"caldav-{pinned}")
    if not os.path.exists(os.path.join(folder, "tests", "test_caldav.py")):
        os.makedirs(cache, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-binary", ":all:",
                        "--no-deps", "--dest", cache, f"caldav=={pinned}"], check=True, stdin=subprocess.DEVNULL)
        with tarfile.open(os.path.join(cache, f"caldav-{pinned}.tar.gz")) as archive:
            archive.extractall(cache, filter="data")
    return folder


def main() -> int:
    suite = source(version())
    folder = tempfile.mkdtemp(prefix="remindersd-python-caldav-")
    os.chmod(folder, 0o700)
    face = Face(Store(folder))
    try:
        password = face.add_app("caldavtest")
        features = "".join(f"      {name}: {{support: {support}}}\n" for name, (support, _) in FLAGS.items())
        config = os.path.join(suite, "tests", "caldav_test_servers.yaml")
        with open(config, "w") as f:
            f.write(f"""test-servers:
  radicale: {{type: embedded, enabled: false}}
  xandikos: {{type: embedded, enabled: false}}
  remindersd:
    type: external
    enabled: true
    url: {face.url}
    username: caldavtest
    password: "{password}"
    features:
{features}""")
        os.chmod(config, 0o600)
        print(f"python-caldav {version()}: flags set for the face ({len(FLAGS)}):")
        for name, (support, why) in FLAGS.items():
            print(f"  {name} = {support}: {why}")
        sys.stdout.flush()
        result = subprocess.run(
            # The tests of a server (TestForServer…), not those of the library's own configuration,
            # which expect its embedded Radicale and Xandikos.
            [sys.executable, "-m", "pytest", "tests/test_caldav.py", "-k", "TestForServer", "-q", "-rs", "-p", "no:cacheprovider", "-o",
             "asyncio_default_fixture_loop_scope=function"],
            cwd=suite, env={**os.environ, "PYTHON_CALDAV_TEST_DOCKER": "0"}, stdin=subprocess.DEVNULL, capture_output=True, text=True,
            timeout=1200)
        print(result.stdout[-20000:], result.stderr[-3000:], sep="\n")
        os.remove(config)
    finally:
        face.stop()
        shutil.rmtree(folder, ignore_errors=True)
    counts = {kind: int(number) for number, kind in re.findall(r"(\d+) (passed|failed|skipped|error)", result.stdout.splitlines()[-1])}
    failed = counts.get("failed", 0) + counts.get("error", 0) + (0 if counts else 1)
    print(f"python-caldav: {counts.get('passed', 0)} passed, {failed} failed, {counts.get('skipped', 0)} skipped")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
