"""A co-simulation master of our own for the clearance slider-crank's FMU (examples/05_fmu):
the crank's speed is an input a controller sets at every communication point; the contact
force in the clearance joint and the driving torque are outputs the controller reads.

The controller slows the crank from 5000 to 3000 r/min, either at once (a step in the speed
command) or rate-limited (at most ALPHA rad/s² of crank acceleration): what does the rate
limit save the motor and the bearing? The master is what Simulink's FMU block or OMSimulator
does for you: it unzips the FMU, loads its binary, reads the value references from
modelDescription.xml and calls the FMI 3.0 functions in the standard's order.

    ./build/tools/clearsim fmu models/slider_crank_clearance.json -o /tmp/scc.fmu \\
        --input /drivers/0/motion/velocity
    /usr/bin/python3 examples/05_fmu/master.py /tmp/scc.fmu
"""
import ctypes as C
import math
import sys
import tempfile
import xml.etree.ElementTree as ET
import zipfile

H = 1e-4                      # communication step, s
T_END = 0.024                 # two crank turns at 5000 r/min
T_COMMAND = 0.004             # when the controller is told to slow down, s
FAST, SLOW = 5000 * math.pi / 30, 3000 * math.pi / 30   # rad/s
ALPHA = 2.0e4                 # the rate limit, rad/s²

LOGGER = C.CFUNCTYPE(None, C.c_void_p, C.c_int, C.c_char_p, C.c_char_p)


@LOGGER
def log(env, status, category, message):
    print(f"FMU: {message.decode()}", file=sys.stderr)


class FMU:
    """One FMI 3.0 co-simulation FMU, unzipped and loaded."""

    def __init__(self, path):
        self.dir = tempfile.mkdtemp(prefix="fmu_")
        with zipfile.ZipFile(path) as z:
            z.extractall(self.dir)
        root = ET.parse(f"{self.dir}/modelDescription.xml").getroot()
        ident = root.find("CoSimulation").get("modelIdentifier")
        self.token = root.get("instantiationToken").encode()
        self.vr = {v.get("name"): int(v.get("valueReference"))
                   for v in root.find("ModelVariables")}
        self.lib = C.CDLL(f"{self.dir}/binaries/x86_64-linux/{ident}.so")
        f = self.lib
        f.fmi3InstantiateCoSimulation.restype = C.c_void_p
        f.fmi3InstantiateCoSimulation.argtypes = [
            C.c_char_p, C.c_char_p, C.c_char_p, C.c_bool, C.c_bool, C.c_bool, C.c_bool,
            C.c_void_p, C.c_size_t, C.c_void_p, LOGGER, C.c_void_p]
        f.fmi3EnterInitializationMode.argtypes = [C.c_void_p, C.c_bool, C.c_double,
                                                  C.c_double, C.c_bool, C.c_double]
        f.fmi3ExitInitializationMode.argtypes = [C.c_void_p]
        f.fmi3DoStep.argtypes = [C.c_void_p, C.c_double, C.c_double, C.c_bool,
                                 C.POINTER(C.c_bool), C.POINTER(C.c_bool),
                                 C.POINTER(C.c_bool), C.POINTER(C.c_double)]
        for name in ("fmi3GetFloat64", "fmi3SetFloat64"):
            getattr(f, name).argtypes = [C.c_void_p, C.POINTER(C.c_uint32), C.c_size_t,
                                         C.POINTER(C.c_double), C.c_size_t]
        f.fmi3FreeInstance.argtypes = [C.c_void_p]

    def instance(self):
        inst = self.lib.fmi3InstantiateCoSimulation(
            b"crank", self.token, f"{self.dir}/resources/".encode(), False, False, False,
            False, None, 0, None, log, None)
        if not inst or self.lib.fmi3EnterInitializationMode(inst, False, 0, 0, True, T_END) \
                or self.lib.fmi3ExitInitializationMode(inst):
            sys.exit("the FMU does not initialize")
        return inst

    def set(self, inst, name, value):
        vr, x = C.c_uint32(self.vr[name]), C.c_double(value)
        if self.lib.fmi3SetFloat64(inst, C.byref(vr), 1, C.byref(x), 1):
            sys.exit(f"set {name}")

    def get(self, inst, names):
        vr = (C.c_uint32 * len(names))(*(self.vr[n] for n in names))
        x = (C.c_double * len(names))()
        if self.lib.fmi3GetFloat64(inst, vr, len(names), x, len(names)):
            sys.exit("get")
        return list(x)

    def step(self, inst, t, h):
        b = C.c_bool()
        last = C.c_double()
        if self.lib.fmi3DoStep(inst, t, h, True, C.byref(b), C.byref(b), C.byref(b),
                               C.byref(last)):
            sys.exit(f"doStep at t = {t} s failed at {last.value} s")


def command(t, now, limited):
    """The controller: the speed it asks for at t, from the speed `now`."""
    target = FAST if t < T_COMMAND else SLOW
    if not limited:
        return target
    return max(target, now - ALPHA * H) if target < now else target


def run(fmu, limited):
    """Peak driving torque and bearing force after the command, and the final speed."""
    inst = fmu.instance()
    speed, peak_torque, peak_force = FAST, 0.0, 0.0
    n = round(T_END / H)
    for k in range(n):
        t = k * H
        new = command(t, speed, limited)
        if new != speed:
            fmu.set(inst, "/drivers/0/motion/velocity", new)
            speed = new
        fmu.step(inst, t, H)
        torque, force, omega = fmu.get(inst, ["motor.reaction", "C.normal_force", "crank.omega"])
        if t >= T_COMMAND:
            peak_torque = max(peak_torque, abs(torque))
            peak_force = max(peak_force, force)
    fmu.lib.fmi3FreeInstance(inst)
    return peak_torque, peak_force, omega


def main():
    fmu = FMU(sys.argv[1] if len(sys.argv) > 1 else "slider_crank_clearance.fmu")
    print(f"crank 5000 -> 3000 r/min at t = {T_COMMAND * 1e3:g} ms, communication step "
          f"{H:g} s; peaks from the command on:")
    for limited in (False, True):
        torque, force, omega = run(fmu, limited)
        label = f"rate-limited ({ALPHA:g} rad/s^2)" if limited else "step"
        print(f"  {label:28s} driving torque {torque:8.1f} N m, bearing force {force:8.1f} N, "
              f"final speed {omega * 30 / math.pi:6.0f} r/min")


if __name__ == "__main__":
    main()
