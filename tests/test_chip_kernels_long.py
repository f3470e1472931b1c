# XiaGo's and Hexmeister's kernels against their twins on the emulated RP2040:
# test_chip_kernels.py's test for its two longest modules, in a file of their own
# so that the other test process can take the rest of them at the same time.
import pytest

from test_chip_kernels import LONG, chip, passes_on_the_chip    # noqa: F401 (chip: a fixture)


@pytest.mark.parametrize("module", LONG)
def test_kernels_match_their_twins_on_the_chip(chip, module):
    passes_on_the_chip(chip, module)
