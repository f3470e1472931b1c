# A seeded sample of the mutants of the modules whose full run reached the target
# score (tools/mutants.py SAMPLED; docs/tests.md): the tests must kill at least 85% of
# them, so a change that leaves a sampled module's tests weaker fails here. One job:
# the other test process runs beside it. `make mutants GAME=...` runs a whole target.
import os
import shutil
import subprocess
import sys

from needs import need

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLE, SEED = 100, 1


def test_a_seeded_sample_of_mutants_is_killed():
    if shutil.which("cosmic-ray", path=os.path.dirname(sys.executable)) is None:
        need("cosmic-ray", "pip install -r requirements-mutants.txt (make test does)")
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "mutants.py"),
                        "--sample", str(SAMPLE), "--seed", str(SEED), "--jobs", "1"],
                       cwd=ROOT, capture_output=True, text=True)
    out = r.stdout + r.stderr
    assert r.returncode == 0, out[-3000:]
