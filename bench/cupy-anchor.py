# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""cupy-anchor.py: the CUB anchor for bench-device on an NVIDIA GPU.

CuPy's cumsum (through NVIDIA's CUB, CUPY_ACCELERATORS=cub) against a
device-to-device copy of the same bytes, int32 and float32, timed with
CUDA events, medians.  Prints one TSV line per measurement (case method n
reps median_s min_s), as bench-device writes, and a table.

    python3 bench/cupy-anchor.py [LOG2N]
"""
import os
import sys

os.environ.setdefault("CUPY_ACCELERATORS", "cub")
import cupy as cp  # noqa: E402


def timed(fn, reps):
    start, stop = cp.cuda.Event(), cp.cuda.Event()
    fn()
    times = []
    for _ in range(reps):
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        times.append(cp.cuda.get_elapsed_time(start, stop) * 1e-3)
    times.sort()
    return times[len(times) // 2], times[0]


def main():
    log2n = int(sys.argv[1]) if len(sys.argv) > 1 else 28
    n, reps = 1 << log2n, 21
    rows = []
    for name, dtype in (("int32", cp.int32), ("float", cp.float32)):
        x = cp.random.randint(-8, 8, n, dtype=cp.int32).astype(dtype)
        y = cp.empty_like(x)
        want = cp.cumsum(x.astype(cp.int64))
        cp.cumsum(x, out=y)
        if not bool((y.astype(cp.int64) == want).all()):
            sys.exit("cupy-anchor: cumsum gave a wrong %s result" % name)
        copy = timed(lambda: y.__setitem__(Ellipsis, x), reps)
        scan = timed(lambda: cp.cumsum(x, out=y), reps)
        rows.append((name, "cupy-copy", copy))
        rows.append((name, "cupy-cumsum", scan))
        bytes_ = 2 * n * x.itemsize
        print("%-6s cupy-cumsum %.6f s, %.1f GB/s r+w; copy %.6f s, %.1f GB/s;"
              " cumsum/copy speed %.2f" % (name, scan[0], bytes_ / scan[0] * 1e-9,
                                           copy[0], bytes_ / copy[0] * 1e-9,
                                           copy[0] / scan[0]))
    for name, method, (median, least) in rows:
        print("%s\t%s\t%d\t%d\t%.9f\t%.9f" % (name, method, n, reps, median, least))


main()
