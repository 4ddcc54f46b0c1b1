#!/usr/bin/env python3
"""examples/01_first_clearance/read.py — what a run's HDF5 file says, read with h5py alone.

    ./build/tools/clearsim run models/slider_crank_clearance.json -o run.h5
    /usr/bin/python3 examples/01_first_clearance/read.py run.h5

Prints the file's status, the contacts of the clearance joint C and the hardest of them, and
the energy books at the end with their balance error (the layout:
engine/output/README.md "A run").
"""
import sys

import h5py
import numpy as np

with h5py.File(sys.argv[1] if len(sys.argv) > 1 else "slider_crank_clearance.h5", "r") as f:
    n = int(f["rows"][()])                 # the committed rows: read that many of every series
    t = f["time"][:n]
    force = f["joints/C/normal_force"][:n]  # N, at each output instant
    peak_event = f["events/max_force"][:]   # N, each contact's peak, located by the integrator
    energy = {k: f["energy/" + k][:n] for k in
              ("kinetic", "potential", "strain", "dissipated", "driver_work", "applied_work",
               "balance_error")}
    print(f"status          {f.attrs['status']} at t = {t[-1]:.6g} s ({n} rows)")
    print(f"contacts        {len(peak_event)}")
    print(f"peak force      {peak_event.max():.6g} N (contact events), "
          f"{force.max():.6g} N (output rows)")
    # the books: kinetic + potential + strain + dissipated - driver work - applied work stays
    # at its value at t0; balance_error is that sum minus its value at t0
    books = (energy["kinetic"] + energy["potential"] + energy["strain"] + energy["dissipated"]
             - energy["driver_work"] - energy["applied_work"])
    end = {k: v[-1] for k, v in energy.items()}
    largest = max(abs(v) for k, v in end.items() if k != "balance_error")
    print(f"energy at end   kinetic {end['kinetic']:.6g} J, dissipated {end['dissipated']:.6g} J, "
          f"driver work {end['driver_work']:.6g} J")
    print(f"balance error   {end['balance_error']:.3g} J ({abs(end['balance_error']) / largest:.2g} of "
          f"the largest energy term; the books recomputed: {books[-1] - books[0]:.3g} J), "
          f"worst over the run {np.abs(energy['balance_error']).max():.3g} J")
