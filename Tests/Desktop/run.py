"""Runs the desktop apps' suites and prints "desktop: N passed, N failed, N skipped" last."""

import sys
import unittest

suites = sys.argv[1:] or ["test_vdirsyncer", "test_calcurse", "test_face_security"]
loader = unittest.TestLoader()
suite = unittest.TestSuite(loader.loadTestsFromName(name) for name in suites)
result = unittest.TextTestRunner(verbosity=2).run(suite)
failed = len(result.failures) + len(result.errors)
skipped = len(result.skipped)
print(f"desktop: {result.testsRun - failed - skipped} passed, {failed} failed, {skipped} skipped")
sys.exit(0 if failed == 0 else 1)
