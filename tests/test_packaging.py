# What `make flash`, `mpremote mip install` and `make firmware` take from the tree:
# package.json (mip's list) names every firmware file, manifest.py freezes every
# firmware package. Flashing itself is tested against real firmware on the emulated
# RP2040 (tests/test_chip_flash.py).
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "build"))
import deploy  # noqa: E402


def test_package_json_lists_every_firmware_file():
    with open(os.path.join(ROOT, "package.json")) as f:
        assert f.read() == deploy.package_json(), "run: python tools/build/deploy.py --package-json"


def test_manifest_freezes_every_firmware_package():
    calls = []
    env = {"include": lambda *a, **k: calls.append(("include",) + a),
           "package": lambda name, base_path=".": calls.append(("package", name, base_path)),
           "module": lambda name, base_path=".": calls.append(("module", name, base_path))}
    with open(os.path.join(ROOT, "manifest.py")) as f:
        exec(f.read(), env)
    frozen = {c[1] for c in calls if c[0] == "package"}
    fw = os.path.join(ROOT, "firmware")
    packages = {d for d in os.listdir(fw) if os.path.isdir(os.path.join(fw, d))
                and any(f.endswith(".py") for f in os.listdir(os.path.join(fw, d)))}
    assert frozen == packages
    for c in calls:
        if c[0] == "package":
            assert os.path.isdir(os.path.join(ROOT, c[2], c[1]))
