# A missing tool (tests/needs.py): on a newcomer's machine the tests that need it skip
# with their one line; under CI (CI=true, as .ci/run is started) the run fails and
# says what was missing. Each case runs pytest in a child process, with the tool
# really made missing (node off the PATH, the Pico kit pointed at an empty folder).
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(ROOT, "tests")

TINY = '''
from needs import need

need("the widget", {module!r} and "the widget is missing: apt-get install widget", module=True)


def test_needs_the_gadget():
    need("the gadget", "the gadget is missing: pip install gadget")


def test_has_everything():
    need("the gizmo", None)
'''


def pytest_run(args, cwd, ci, **env):
    e = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_XDIST_WORKER")}
    e.update(env)
    e["PYTHONPATH"] = TESTS
    if ci:
        e["CI"] = "true"
    p = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rs",
                        "-o", "addopts="] + args, cwd=cwd, env=e,
                       capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout + p.stderr


@pytest.mark.parametrize("module", [False, True])
def test_a_missing_tool_skips_locally_with_its_one_line(tmp_path, module):
    (tmp_path / "test_tiny.py").write_text(TINY.format(module=module))
    rc, out = pytest_run(["test_tiny.py"], tmp_path, ci=False)
    assert rc == (5 if module else 0), out          # 5: pytest ran no test, all skipped
    if module:
        assert "1 skipped" in out and "the widget is missing: apt-get install widget" in out
    else:
        assert "1 passed, 1 skipped" in out and "the gadget is missing: pip install gadget" in out
    assert "CI is missing" not in out


@pytest.mark.parametrize("module", [False, True])
def test_a_missing_tool_fails_ci_naming_it(tmp_path, module):
    (tmp_path / "test_tiny.py").write_text(TINY.format(module=module))
    rc, out = pytest_run(["test_tiny.py"], tmp_path, ci=True)
    assert rc != 0, out
    if module:
        assert "CI is missing the widget: the widget is missing: apt-get install widget" in out
        assert "1 error" in out
    else:
        assert "CI is missing the gadget: the gadget is missing: pip install gadget" in out
        assert "1 failed, 1 passed" in out
    assert "skipped" not in out


@pytest.mark.parametrize("ci", [False, True])
def test_node_off_the_path_skips_or_fails_the_xip_tests(tmp_path, ci):
    rc, out = pytest_run([os.path.join(TESTS, "test_xip_model.py")], ROOT, ci,
                         PATH=str(tmp_path))
    if ci:
        assert rc != 0 and "CI is missing node: node is missing" in out, out
    else:
        assert rc == 5 and "skipped" in out and "node is missing" in out, out


@pytest.mark.parametrize("ci", [False, True])
def test_no_pico_kit_skips_or_fails_the_chip_tests(tmp_path, ci):
    rc, out = pytest_run([os.path.join(TESTS, "test_chip.py"), os.path.join(TESTS, "test_chip_e2e.py")],
                         ROOT, ci, PICO_KIT=str(tmp_path))
    why = "the Pico kit's rp2040-bootrom-b1.bin is missing from %s" % tmp_path
    if ci:
        assert rc != 0 and out.count("CI is missing the emulated chip") == 2, out
        assert "2 errors" in out and why in out, out
    else:
        assert rc == 5 and "2 skipped" in out and why in out, out


@pytest.mark.parametrize("value, ci", [("true", True), ("1", True), ("false", False), ("", False)])
def test_ci_is_read_from_the_environment(monkeypatch, value, ci):
    from needs import in_ci
    monkeypatch.setenv("CI", value)
    assert in_ci() is ci
