/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* fuzz-gen.h: what the fuzzer's program generators (scanfuzz.c for C and
   C++, scanfuzz-fortran.c for Fortran) share: the seeded choices, and
   the text of a function built before it is printed.  Each generator
   includes it once.  */

#ifndef FUZZ_GEN_H
#define FUZZ_GEN_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long long state;

/* splitmix64, here and in the generated programs.  */
static unsigned long long
rnd (void)
{
  unsigned long long z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* A number in [0, N).  */
static int
pick (int n)
{
  return rnd () % n;
}

#define PICK(array) ((array)[pick (sizeof (array) / sizeof *(array))])

/* The text of a function body, built before it is printed: each loop's
   body is printed twice.  */
struct text
{
  char s[16384];
  size_t len;
};

static void
add (struct text *t, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  t->len += vsnprintf (t->s + t->len, sizeof t->s - t->len, fmt, ap);
  va_end (ap);
  if (t->len >= sizeof t->s)
    {
      fprintf (stderr, "scanfuzz: a function overflows its buffer\n");
      exit (2);
    }
}

#endif
