// scan-cxx.C: the plugin in cc1plus: a scan clause and an inscan
// reduction in C++, against sequential loops.  Prints PASS.

#include <cstdio>
#include <vector>

int
main ()
{
  const long n = 300007;
  std::vector<long> x (n), y (n), r (n);
  for (long i = 0; i < n; i++)
    x[i] = i % 11 - 5;
  long *py = y.data ();
  const long *px = x.data ();
  py[0] = 7;
#pragma omp parallel for scan(+: py)
  for (long i = 1; i < n; i++)
    py[i] = py[i-1] + px[i-1];
  r[0] = 7;
  for (long i = 1; i < n; i++)
    r[i] = r[i-1] + x[i-1];
  for (long i = 0; i < n; i++)
    if (y[i] != r[i])
      {
        std::printf ("FAIL clause %ld\n", i);
        return 1;
      }

  long s = 0;
#pragma omp parallel for reduction(inscan, max: s)
  for (long i = 0; i < n; i++)
    {
      s = s > px[i] * (i % 7) ? s : px[i] * (i % 7);
#pragma omp scan inclusive(s)
      py[i] = s;
    }
  long m = 0;
  for (long i = 0; i < n; i++)
    {
      m = m > x[i] * (i % 7) ? m : x[i] * (i % 7);
      if (y[i] != m)
        {
          std::printf ("FAIL inscan %ld\n", i);
          return 1;
        }
    }
  std::puts (s == m ? "PASS" : "FAIL final value");
  return s != m;
}
