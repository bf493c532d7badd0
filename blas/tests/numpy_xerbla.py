"""NumPy's own BLAS error handler with libompwg_blas preloaded (TAP).

numpy.linalg.lapack_lite defines xerbla_ to raise ValueError and is opened
with RTLD_LOCAL; the preloaded library's xerbla_ comes first in the process,
so it must pass LAPACK's report on to lapack_lite's handler (NumPy's own
test_xerbla_override checks the same). Run with LD_PRELOAD=libompwg_blas.so.
"""
import ctypes
import sys

try:
    import numpy as np
    from numpy.linalg import lapack_lite
except ImportError as e:
    print(f"1..0 # SKIP no NumPy with lapack_lite for this python3 ({e})")
    sys.exit(0)


def object_of(address):
    with open("/proc/self/maps") as maps:
        for line in maps:
            lo, hi = (int(x, 16) for x in line.split()[0].split("-"))
            if lo <= address < hi:
                return line.split()[-1]
    return "(none)"


where = object_of(ctypes.cast(ctypes.CDLL(None).xerbla_, ctypes.c_void_p).value)
if "libompwg_blas" not in where:
    print(f"Bail out! xerbla_ comes from {where}: run with LD_PRELOAD=libompwg_blas.so")
    sys.exit(1)
print(f"ok 1 - the preloaded libompwg_blas defines the process's xerbla_ ({where})")

a = np.array([[1.0]])
try:
    lapack_lite.dorgqr(1, 1, 1, a, 0, a, a, 0, 0)
    message = None
except ValueError as e:
    message = str(e)
passed = message is not None and "DORGQR parameter number 5" in message
print(("ok" if passed else "not ok") +
      " 2 - dorgqr with lda 0: NumPy's handler raises ValueError naming DORGQR's parameter 5")
if not passed:
    print(f"# got: {message!r}")
print("1..2")
sys.exit(0 if passed else 1)
