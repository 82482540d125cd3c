"""Runs the interop suites and prints "interop: N passed, N failed" last."""

import sys
import unittest

suites = sys.argv[1:] or ["test_sync", "test_sync_safety", "test_event_sync", "test_alarm_state", "test_live_sync", "test_client_forms",
                          "test_trash_sync", "test_event_forms"]
loader = unittest.TestLoader()
suite = unittest.TestSuite(loader.loadTestsFromName(name) for name in suites)
result = unittest.TextTestRunner(verbosity=2).run(suite)
failed = len(result.failures) + len(result.errors)
skipped = len(result.skipped)
print(f"interop: {result.testsRun - failed - skipped} passed, {failed} failed, {skipped} skipped")
sys.exit(0 if failed == 0 else 1)
