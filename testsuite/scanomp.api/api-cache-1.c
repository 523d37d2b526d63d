/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The on-disk program cache: a build leaves a binary in SCANOMP_CACHE_DIR;
   a second process loads it and gives the same results; a corrupted entry
   is rebuilt and replaced, not trusted.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_CACHE 1 } */

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "api-check.h"

/* The cache's .bin files: how many, and the first one's path in PATH.  */
static int
cache_files (const char *dir, char *path, size_t size)
{
  DIR *d = opendir (dir);
  int count = 0;
  if (!d)
    return 0;
  for (struct dirent *e; (e = readdir (d));)
    {
      size_t len = strlen (e->d_name);
      if (len > 4 && !strcmp (e->d_name + len - 4, ".bin"))
        {
          if (count++ == 0)
            snprintf (path, size, "%s/%s", dir, e->d_name);
        }
    }
  closedir (d);
  return count;
}

static void
scan_once (void)
{
  scanrt_params p = SCANRT_PARAMS_INIT;
  scan_and_check (SCANRT_ULONG, SCANRT_XOR, 70000, &p, "cache");
}

int
main (int argc, char **argv)
{
  const char *dir = getenv ("SCANOMP_CACHE_DIR");
  CHECK (dir, "the harness sets SCANOMP_CACHE_DIR");
  char path[4096] = "";
  if (argc > 1)
    {
      /* A later process: the cache is there before any build.  */
      CHECK (cache_files (dir, path, sizeof path) == 1, "cache missing");
      scan_once ();
      CHECK (cache_files (dir, path, sizeof path) == 1, "cache grew");
      return 0;
    }

  scan_once ();
  CHECK (cache_files (dir, path, sizeof path) == 1, "no cache file in %s",
         dir);
  /* Run again in a fresh process, loading from the cache.  */
  char cmd[8192];
  snprintf (cmd, sizeof cmd, "'%s' again", argv[0]);
  CHECK (system (cmd) == 0, "second process failed");

  /* Corrupt the binary: the next process must rebuild and rewrite it.  */
  struct stat before;
  CHECK (stat (path, &before) == 0, "stat");
  FILE *f = fopen (path, "r+b");
  CHECK (f, "open cache file");
  fseek (f, 24, SEEK_SET);
  for (int i = 0; i < 4096; i++)
    fputc (0xa5, f);
  fclose (f);
  CHECK (system (cmd) == 0, "process after corruption failed");
  FILE *g = fopen (path, "rb");
  CHECK (g, "cache file gone");
  fseek (g, 24, SEEK_SET);
  int corrupt = 1;
  for (int i = 0; i < 4096 && corrupt; i++)
    corrupt = fgetc (g) == 0xa5;
  fclose (g);
  CHECK (!corrupt, "the corrupted cache entry was not replaced");
  puts ("program cache checked");
  return 0;
}
/* { dg-output "program cache checked" } */
