"""Runs every test_*.py here with unittest and ends with one summary line:
``python-client: N passed, N failed, N skipped``.  Exit status 0 only when nothing failed."""

import os
import sys
import unittest


def main(argv):
    verbosity = 2 if "-v" in argv else 1
    names = [a for a in argv if not a.startswith("-")]
    here = os.path.dirname(os.path.abspath(__file__))
    loader = unittest.defaultTestLoader
    if names:
        sys.path.insert(0, here)
        suite = loader.loadTestsFromNames(names)
    else:
        suite = loader.discover(here, pattern="test_*.py", top_level_dir=here)
    result = unittest.TextTestRunner(verbosity=verbosity, stream=sys.stdout).run(suite)
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    skipped = len(result.skipped)
    passed = result.testsRun - failed - skipped - len(result.expectedFailures)
    print("python-client: %d passed, %d failed, %d skipped" % (passed, failed, skipped))
    return 0 if failed == 0 and result.testsRun > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
