// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Inscan loops down a column through a matrix class's accessor,
// `a (i, j)' as `data_[i * cols_ + j]', the row length a member known at
// run time; a template over the element type; a std::vector indexed
// `v[i * w + j]'.  The plugin once left each to GCC ("an array index
// ... is not an affine function of the loop index"); each checked
// against its sequential loop.
// scanomp-taken: 4
// { dg-do run }

#include <vector>
#include <cstdio>
#include <cstdlib>

#include "../lib/check.h"

template <typename T>
class matrix
{
public:
  matrix (long rows, long cols) : data_ (rows * cols), cols_ (cols) {}
  T &operator() (long i, long j) { return data_[i * cols_ + j]; }
  const T &operator() (long i, long j) const { return data_[i * cols_ + j]; }
  long cols () const { return cols_; }

private:
  std::vector<T> data_;
  long cols_;
};

template <typename T>
T
column_scan (matrix<T> &b, const matrix<T> &a, long n, long j)
{
  T s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += a (i, j);
#pragma omp scan inclusive(s)
      b (i, j) = s;
    }
  return s;
}

// The exclusive scan of a column into a vector of its own.
static long
column_offsets (std::vector<long> &out, const matrix<int> &a, long n, long j)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      out[i] = s;
#pragma omp scan exclusive(s)
      s += a (i, j);
    }
  return s;
}

static int
vector_column (std::vector<int> &b, const std::vector<int> &a, long n,
               long w, long j)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += a[i * w + j];
#pragma omp scan inclusive(s)
      b[i * w + j] = s;
    }
  return s;
}

template <typename T>
static void
check_columns (long n, long cols)
{
  matrix<T> a (n, cols), b (n, cols);
  for (long i = 0; i < n; i++)
    for (long j = 0; j < cols; j++)
      a (i, j) = (T) (rnd () % 100) - 50;
  for (long j = 0; j < cols; j++)
    {
      T s = column_scan (b, a, n, j), r = 0;
      for (long i = 0; i < n; i++)
        {
          r += a (i, j);
          if (b (i, j) != r)
            FAIL ("column n=%ld cols=%ld: (%ld, %ld)", n, cols, i, j);
        }
      if (s != r)
        FAIL ("column n=%ld cols=%ld: total", n, cols);
    }
}

int
main ()
{
  static const long rows[] = { 0, 1, 2, 3, 1001, 100003 };
  for (long n : rows)
    for (long cols = 1; cols <= 4; cols += 3)
      {
        check_columns<int> (n, cols);
        check_columns<double> (n, cols);
        matrix<int> a (n, cols);
        for (long i = 0; i < n; i++)
          for (long j = 0; j < cols; j++)
            a (i, j) = (int) (rnd () % 100);
        std::vector<long> out (n + 1, -1);
        long s = column_offsets (out, a, n, cols - 1), r = 0;
        for (long i = 0; i < n; i++)
          {
            if (out[i] != r)
              FAIL ("offsets n=%ld cols=%ld: %ld", n, cols, i);
            r += a (i, cols - 1);
          }
        if (s != r)
          FAIL ("offsets n=%ld cols=%ld: total", n, cols);
        std::vector<int> x (n * cols + 1), y (n * cols + 1, -7);
        for (int &v : x)
          v = (int) (rnd () % 1000) - 500;
        int t = vector_column (y, x, n, cols, 0), u = 0;
        for (long i = 0; i < n; i++)
          {
            u += x[i * cols];
            if (y[i * cols] != u)
              FAIL ("vector n=%ld cols=%ld: %ld", n, cols, i);
          }
        if (t != u)
          FAIL ("vector n=%ld cols=%ld: total", n, cols);
      }
  return 0;
}
