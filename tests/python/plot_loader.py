"""tools/viz/plot as a module, for the tests that check what its figures draw (it is a script
without a .py name, beside toolenv.py and plot_sweep.py, which it imports; toolenv puts the
package clearsim, whose reader and figures (.figures) it uses, on the path)."""
import importlib.machinery
import importlib.util
import sys


def load_plot():
    sys.path.insert(0, "tools/viz")
    loader = importlib.machinery.SourceFileLoader("clearsim_plot", "tools/viz/plot")
    spec = importlib.util.spec_from_loader("clearsim_plot", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod
