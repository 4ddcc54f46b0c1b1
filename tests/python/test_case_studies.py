"""tools/viz/case_studies: it runs the profile case studies (the locked and unlocked Geneva
drive, the cam's jump, the gear's rattle) with the build's clearsim and writes its three
figures, each a PNG of the size it draws (9 in wide at 110 dpi: 990 px); without a clearsim command
it fails with a usage error naming the path."""
import os
import subprocess

import matplotlib.image as mpimg

BUILD = os.environ.get("CS_BUILD_DIR", "build")
TOOL = os.path.join("tools", "viz", "case_studies")


def test_draws_the_three_figures(tmp_path):
    out = tmp_path / "figs"
    done = subprocess.run(["/usr/bin/python3", TOOL, "-o", str(out), "--clearsim",
                           os.path.join(BUILD, "tools", "clearsim")],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    heights = {"geneva.png": 990, "cam.png": 880, "gear_rattle.png": 660}
    for name, h in heights.items():
        img = mpimg.imread(str(out / name))
        assert img.shape[:2] == (h, 990), (name, img.shape)
        assert img[..., :3].std() > 0.05, name  # not a blank page
    assert done.stdout.split() == [str(out / n) for n in heights]


def test_without_clearsim_a_usage_error(tmp_path):
    done = subprocess.run(["/usr/bin/python3", TOOL, "-o", str(tmp_path), "--clearsim",
                           str(tmp_path / "nothing")], capture_output=True, text=True)
    assert done.returncode == 1
    assert "no clearsim command at" in done.stderr and "nothing" in done.stderr
