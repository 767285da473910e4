"""A pytest plugin that runs geocoders/geocoder-tester's own suite, unchanged, on our cases only.

Loaded by Benchmarks/geocoder-suites.py as `pytest -p geocoder_tester_select` in a checkout of
geocoder-tester: its conftest.py collects its CSV, YAML and Python test files as always; this
plugin only deselects the items that are not among the selected cases (GEOCODER_SUITES_SELECT, a
JSON list of case ids as select_cases.py writes them) and writes each selected item's outcome to
GEOCODER_SUITES_REPORT. Case ids: `path#N` for the N-th row of a CSV file (from 0, in file order,
as its conftest yields them), `path::key` for a YAML entry, `path::function` for a Python test.
"""
import json
import os

import pytest

_outcomes = {}
_ids = {}


def _case_id(item, rows_seen):
    path = os.path.relpath(str(item.path), str(item.config.rootpath))
    if path.endswith(".csv"):
        n = rows_seen.get(path, 0)
        rows_seen[path] = n + 1
        return f"{path}#{n}"
    return f"{path}::{item.name}"


def pytest_collection_modifyitems(session, config, items):
    with open(os.environ["GEOCODER_SUITES_SELECT"], encoding="utf-8") as f:
        wanted = set(json.load(f))
    keep, drop, rows_seen = [], [], {}
    for item in items:
        cid = _case_id(item, rows_seen)
        if cid in wanted:
            # By the item itself, not its node id: a CSV file may ask the same query twice
            # (usa/test_cities.csv has Aurora, Columbus, Glendale … twice), and both are cases.
            _ids[id(item)] = cid
            keep.append(item)
        else:
            drop.append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
    items[:] = keep


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    report = (yield).get_result()
    cid = _ids.get(id(item))
    if cid is None:
        return
    # A case passes when its call passed; a failure, an error or a skip in any phase fails it.
    if report.when == "call":
        _outcomes.setdefault(cid, report.passed)
    elif report.failed or report.skipped:
        _outcomes[cid] = False


def pytest_sessionfinish(session, exitstatus):
    out = os.environ.get("GEOCODER_SUITES_REPORT")
    if not out:
        return
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"selected": len(_ids), "passed": sum(1 for v in _outcomes.values() if v), "outcomes": _outcomes}, f)
