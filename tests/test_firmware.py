# The board's firmware image (`make firmware`, tools/build/firmware.py) and the real timing
# of the LED chain's PIO program (tools/hardware/ws2812_timing.py). Both need the Pico kit's
# MicroPython source (../shared/pico, or PICO_KIT=DIR); the image also needs the ARM
# toolchain (`make firmware-deps`). The images are built once into build/ and reused:
# a later run only redoes what changed (seconds).
import os
import re
import shutil
import subprocess
import sys

import pytest

from needs import need

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "tools", "build"), os.path.join(ROOT, "tools", "hardware")]
import firmware                      # noqa: E402
import ws2812_timing as ws           # noqa: E402

KIT = os.environ.get("PICO_KIT") or firmware.KIT_DEFAULT
TARBALL = os.path.join(KIT, firmware.TARBALL)
need_kit = pytest.mark.usefixtures("kit")


@pytest.fixture(scope="module")
def kit():
    need("the Pico kit", not os.path.isfile(TARBALL)
         and "%s missing: the Pico kit (PICO_KIT=DIR), see docs/flashing.md" % TARBALL)


def micropython(script, cwd):
    p = subprocess.run([sys.executable, "-m", "micropython_unix", "-c", script], cwd=cwd,
                       capture_output=True, text=True, timeout=120)
    return p.stdout + p.stderr


@pytest.fixture(scope="module")
def images(kit):                     # the kit first: without it, a skip (a failure in CI)
    missing = [t for t in firmware.TOOLS if shutil.which(t) is None]
    need("the ARM toolchain", missing and "%s missing: `make firmware-deps` installs them" % ", ".join(missing))
    out = {}
    for variant in firmware.VARIANTS:
        path, budget = firmware.build(variant, kit=KIT, log=lambda s: None)
        with open(path, "rb") as f:
            out[variant] = (f.read(), budget)
    return out


def frozen_names(code):
    """Names in MicroPython's table of frozen modules (mp_frozen_names): nul-terminated,
    the port's _boot.py first, an empty name last."""
    for m in re.finditer(rb"_boot\.py\x00", code):
        names = code[m.start():code.index(b"\x00\x00", m.start())].split(b"\x00")
        if all(n.endswith(b".py") for n in names):
            return {n.decode() for n in names}
    return set()


def project_modules():
    """Every module manifest.py freezes, plus main.py and the image's own module."""
    out = {"main.py", firmware.IMAGE_MODULE + ".py"}
    for package in ("hexgames", "app", "device"):
        for top, dirs, files in os.walk(os.path.join(ROOT, "firmware", package)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for f in files:
                if f.endswith(".py"):
                    rel = os.path.relpath(os.path.join(top, f), os.path.join(ROOT, "firmware"))
                    out.add(rel.replace(os.sep, "/"))
    return out


@need_kit
@pytest.mark.parametrize("variant", firmware.VARIANTS)
def test_the_image_is_an_rp2040_uf2_with_the_project_frozen_in(images, variant):
    data, budget = images[variant]
    families, pages = firmware.read_uf2(data)
    assert families == {firmware.RP2040_FAMILY}
    start, end = min(pages), max(pages) + 256
    assert start == firmware.FLASH_BASE                 # boot2 first, where the ROM looks
    assert sorted(pages) == list(range(start, end, 256))   # no hole
    assert end - start <= budget, "the code overlaps the file system"
    code = b"".join(pages[a] for a in sorted(pages))
    names = frozen_names(code)
    assert project_modules() <= names, sorted(project_modules() - names)
    assert "rp2.py" in names and "neopixel.py" in names     # the port's own stay
    assert b"MicroPython v1.28.0" in code                    # not the project's commit


@need_kit
def test_the_native_kernels_are_frozen_on_4_byte_boundaries(images):
    # The Cortex-M0+'s viper code loads its wide constants and long jumps from
    # literals placed for a 4-byte-aligned start (tools/build/firmware.py, align_native):
    # every frozen native function of the last image built for each board (the Pico's
    # and the HexBoard's) must start on one.
    nm = shutil.which("arm-none-eabi-nm")
    need("the ARM toolchain", nm is None and "arm-none-eabi-nm missing: `make firmware-deps` installs it")
    for build in ("rp2-kit", "rp2-kit-hexboard"):
        elf = os.path.join(firmware.BUILD, build, "firmware.elf")
        out = subprocess.run([nm, elf], capture_output=True, text=True, check=True).stdout
        native = [line.split() for line in out.splitlines() if " t fun_data_" in line]
        assert len(native) >= 20, "no frozen native code in %s" % elf
        odd = [name for addr, kind, name in native if int(addr, 16) % 4]
        assert not odd, (elf, odd)


def test_each_image_carries_its_own_variants_layout(images):
    for variant in firmware.VARIANTS:
        code = b"".join(p for _, p in sorted(firmware.read_uf2(images[variant][0])[1].items()))
        for other in firmware.VARIANTS:
            with open(os.path.join(ROOT, "firmware", "layouts", other + ".json"), "rb") as f:
                text = f.read()
            assert (text in code) == (other == variant), (variant, other)


def test_a_frozen_image_boots_into_its_variant_with_nothing_on_the_file_system(tmp_path):
    # main.py and app/layout.py as the image freezes them, honeycomb_image beside them,
    # and no layouts/ folder anywhere they look: the unix port stands in for the chip.
    fw = tmp_path / "fw"
    shutil.copytree(os.path.join(ROOT, "firmware", "app"), fw / "app")
    shutil.copytree(os.path.join(ROOT, "firmware", "hexgames"), fw / "hexgames")
    shutil.copy(os.path.join(ROOT, "firmware", "main.py"), fw / "main.py")
    script = ("import sys\nsys.path[:0] = [%r]\nimport main\nfrom app import layout\n"
              "v = main.variant()\nl = layout.load(v)\nprint('BOOT', v, l.variant, l.n)\n")
    out = micropython(script % str(fw), tmp_path)
    assert "BOOT pocket" not in out and "no layout for board variant 'pocket'" in out
    (fw / "honeycomb_image.py").write_text(firmware.image_module("full"))
    out = micropython(script % str(fw), tmp_path)
    assert "BOOT full full 271" in out, out
    # /variant.txt (make flash VARIANT=...) still wins; here it sits in the current folder
    main = (fw / "main.py").read_text()
    assert '"/variant.txt"' in main
    (fw / "main.py").write_text(main.replace('"/variant.txt"', '"variant.txt"'))
    (tmp_path / "variant.txt").write_text("pocket")
    out = micropython(script % str(fw), tmp_path)
    assert "no layout for board variant 'pocket'" in out     # the image has full's only
    (tmp_path / "variant.txt").write_text("full\n")
    assert "BOOT full full 271" in micropython(script % str(fw), tmp_path)


def test_the_uf2_written_from_the_binary_holds_it_page_by_page_from_the_flash_base():
    code = bytes((7 * i + 3) & 255 for i in range(600))      # two pages and a bit
    data = firmware.write_uf2(code)
    assert len(data) == 3 * 512
    families, pages = firmware.read_uf2(data)
    assert families == {firmware.RP2040_FAMILY}
    assert sorted(pages) == [firmware.FLASH_BASE + 256 * i for i in range(3)]
    assert b"".join(pages[a] for a in sorted(pages)) == code + bytes(3 * 256 - 600)
    # what a block carries beyond its 256 bytes is zeros, as picotool leaves it
    assert all(data[512 * i + 32 + 256:512 * i + 508] == bytes(220) for i in range(3))


def test_uf2_damage_is_named():
    good = bytearray()
    for i in range(2):
        block = bytearray(512)
        fields = (*firmware.UF2_MAGIC[:2], firmware.UF2_FAMILY_PRESENT,
                  firmware.FLASH_BASE + 256 * i, 256, i, 2, firmware.RP2040_FAMILY)
        block[0:32] = b"".join(v.to_bytes(4, "little") for v in fields)
        block[508:512] = firmware.UF2_MAGIC[2].to_bytes(4, "little")
        good += block
    families, pages = firmware.read_uf2(bytes(good))
    assert families == {firmware.RP2040_FAMILY} and len(pages) == 2
    def put(b, offset, value):              # one header word of block 1 changed
        return b[:512 + offset] + value.to_bytes(4, "little") + b[512 + offset + 4:]
    for damage, words in ((lambda b: b[:700], "512-byte"),
                          (lambda b: put(b, 0, 0), "block 1: bad UF2 magic"),
                          (lambda b: put(b, 20, 5), "block 1: numbered 5 of 2"),
                          (lambda b: put(b, 12, firmware.FLASH_BASE), "written twice"),
                          (lambda b: put(b, 8, 0), "block 1: no family id")):
        with pytest.raises(ValueError, match=words):
            firmware.read_uf2(damage(bytes(good)))


def test_a_missing_kit_names_the_file_and_where_to_get_it(tmp_path):
    with pytest.raises(firmware.Fail) as e:
        firmware.build("pocket", kit=str(tmp_path), out_dir=str(tmp_path / "build"))
    assert firmware.TARBALL in str(e.value) and "v1.28.0" in str(e.value)
    assert "MICROPY_DIR" in str(e.value)
    with pytest.raises(firmware.Fail, match="unknown variant 'giant'"):
        firmware.build("giant", kit=str(tmp_path), out_dir=str(tmp_path / "build"))
    p = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "build", "firmware.py"),
                        "--kit", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert p.returncode == 1 and firmware.TARBALL in p.stderr


COLOURS = [(255, 0, 128), (1, 2, 3), (0x55, 0xAA, 0x0F), (0, 0, 0), (255, 255, 255)]


@need_kit
def test_the_led_waveform_meets_the_ws2812b_datasheet_and_decodes_to_what_was_drawn():
    data, pulses, got, faults, program = ws.send(COLOURS)
    grb = bytes(v for r, g, b in COLOURS for v in (g, r, b))
    assert data == grb                       # what Leds hands the DMA, in wire order
    assert faults == []
    assert got == grb                        # read back from the pin by the datasheet's codes
    highs = {ns for level, ns in pulses if level == 1}
    assert any(ns < 550 for ns in highs) and any(ns > 650 for ns in highs)  # 0s and 1s
    assert pulses[-1] == (0, pulses[-1][1]) and pulses[-1][1] >= ws.RESET_NS
    assert program.div256 == 15 * 256 + 160          # 125 MHz / 8 MHz, as rp2_pio.c sets it


def mutated(tmp_path, old, new):
    fw = tmp_path / "firmware"
    shutil.copytree(os.path.join(ROOT, "firmware", "device"), fw / "device")
    leds = fw / "device" / "leds.py"
    text = leds.read_text()
    assert old in text
    leds.write_text(text.replace(old, new))
    return str(fw)


@need_kit
@pytest.mark.parametrize("old,new,fault", [
    ("_T1 = const(3)", "_T1 = const(2)", "high for 248 ns"),   # the old 2/5/3 split
    ("_T3 = const(3)", "_T3 = const(1)", "outside T1L"),
    ("_T2 = const(4)", "_T2 = const(6)", "neither T0H"),
    ("_FREQ = const(8_000_000)", "_FREQ = const(6_000_000)", "neither T0H"),
])
def test_a_wrong_delay_in_the_led_program_fails_the_timing_check(tmp_path, old, new, fault):
    data, pulses, got, faults, program = ws.send(COLOURS, firmware=mutated(tmp_path, old, new))
    assert any(fault in f for f in faults), faults
