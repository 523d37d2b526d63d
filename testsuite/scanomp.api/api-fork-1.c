/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* fork after scans: the parent scans, forks, and both scan again, the
   child on the host (OpenCL's state, pocl's threads among it, does not
   survive fork), with one message, right results, and no hang (alarm).
   Before, the child waited forever for threads it did not have.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST opencl } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include <sys/wait.h>
#include <unistd.h>

#include "api-check.h"

#define N 100000

static int x[N], y[N];

/* A prefix sum and a running maximum, each checked.  */
static void
scan_twice (const char *who)
{
  for (size_t i = 0; i < N; i++)
    x[i] = (int) (rnd () % 1000) - 500;
  CHECK (scanrt_scan (y, x, N, SCANRT_INT, SCANRT_ADD, NULL) >= 0,
         "%s: sum", who);
  int acc = 0;
  for (size_t i = 0; i < N; i++)
    CHECK (y[i] == (acc += x[i]), "%s: sum element %zu", who, i);
  CHECK (scanrt_scan (y, x, N, SCANRT_INT, SCANRT_MAX, NULL) >= 0,
         "%s: max", who);
  int m = x[0];
  for (size_t i = 0; i < N; i++)
    {
      m = x[i] > m ? x[i] : m;
      CHECK (y[i] == m, "%s: max element %zu", who, i);
    }
}

int
main (void)
{
  scan_twice ("parent before fork");
  fflush (stdout);
  pid_t pid = fork ();
  CHECK (pid >= 0, "fork");
  if (pid == 0)
    {
      alarm (60);
      scan_twice ("child");
      scan_twice ("child again");
      _exit (0);
    }
  scan_twice ("parent after fork");
  int status;
  CHECK (waitpid (pid, &status, 0) == pid && WIFEXITED (status)
         && WEXITSTATUS (status) == 0, "the child failed or hung (status "
         "%d)", status);
  puts ("fork checked");
  return 0;
}
/* { dg-output "libscanrt: scanrt_scan: this process was forked after libscanrt started OpenCL, which a child cannot use; scans run on the host\[^\n\]*\n" } */
/* { dg-output "fork checked" } */
