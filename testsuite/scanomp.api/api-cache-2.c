/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The program cache on a bad day.  A fresh process (this program run as a
   child, its stderr read back) scans after each of these is done to the
   cache: a truncated file, a bad magic, flipped bytes in the binary, a
   garbage binary of the right length, a symbolic link to another file, a
   file of another user (as root), a read-only directory (as anyone else),
   a directory writable by others, and a regular file where the directory
   should be.  Each child gives at most one
   message and right results, never a crash or a hang; a damaged entry is
   rebuilt and replaced.  Before, a garbage binary with an intact header
   crashed every later process in the driver.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_CACHE 1 } */

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "api-check.h"

/* The first .bin file of DIR, into PATH; false when there is none.  */
static int
cache_file (const char *dir, char *path, size_t size)
{
  DIR *d = opendir (dir);
  int found = 0;
  for (struct dirent *e; d && !found && (e = readdir (d));)
    {
      size_t len = strlen (e->d_name);
      if (len > 4 && !strcmp (e->d_name + len - 4, ".bin"))
        {
          snprintf (path, size, "%s/%s", dir, e->d_name);
          found = 1;
        }
    }
  if (d)
    closedir (d);
  return found;
}

/* Run this program as a child that scans with the cache in DIR, within a
   minute; return how many lines it wrote on stderr, or -1 if it failed.  */
static int
child (const char *self, const char *dir)
{
  char log[4200];
  snprintf (log, sizeof log, "%s.log", dir);
  pid_t pid = fork ();
  if (pid == 0)
    {
      int fd = open (log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
      dup2 (fd, 2);
      setenv ("SCANOMP_CACHE_DIR", dir, 1);
      alarm (60);
      execl (self, self, "child", (char *) NULL);
      _exit (127);
    }
  int status;
  if (pid < 0 || waitpid (pid, &status, 0) != pid || !WIFEXITED (status)
      || WEXITSTATUS (status) != 0)
    return -1;
  FILE *f = fopen (log, "r");
  int lines = 0;
  for (int c; f && (c = fgetc (f)) != EOF;)
    lines += c == '\n';
  if (f)
    fclose (f);
  return lines;
}

/* Overwrite LEN bytes of PATH at OFFSET with BYTE (LEN 0: truncate the
   file to OFFSET).  */
static void
damage (const char *path, long offset, long len, int byte)
{
  FILE *f = fopen (path, "r+b");
  CHECK (f, "open %s", path);
  if (len == 0)
    CHECK (ftruncate (fileno (f), offset) == 0, "truncate");
  fseek (f, offset, SEEK_SET);
  for (long i = 0; i < len; i++)
    fputc (byte < 0 ? (int) (rnd () & 0xff) : byte, f);
  fclose (f);
}

int
main (int argc, char **argv)
{
  if (argc > 1)
    {
      scanrt_params p = SCANRT_PARAMS_INIT;
      p.flags = SCANRT_NO_HOST;
      scan_and_check (SCANRT_INT, SCANRT_ADD, 70000, &p, "child");
      return 0;
    }
  const char *base = getenv ("SCANOMP_CACHE_DIR");
  CHECK (base, "the harness sets SCANOMP_CACHE_DIR");
  char dir[4096], path[4200], other[4200];
  snprintf (dir, sizeof dir, "%s/bad-day", base);
  mkdir (base, 0755);
  mkdir (dir, 0755);
  chmod (dir, 0755);
  CHECK (child (argv[0], dir) == 0, "first child");
  CHECK (cache_file (dir, path, sizeof path), "no cache file in %s", dir);
  struct stat st;
  CHECK (stat (path, &st) == 0 && st.st_size > 200, "cache file size");

  /* Damage the file in each way, then let a child rebuild it.  Header:
     magic 8, key length 8, size 8, SHA-256 32; then the binary.  */
  static const struct { const char *what; long offset, len; int byte; }
    cases[] = {
      { "truncated", 100, 0, 0 },
      { "bad magic", 0, 4, 'X' },
      { "flipped bytes", 120, 3, 0x5a },
      { "garbage binary", 56, -1, -1 },
    };
  for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++)
    {
      long len = cases[k].len < 0 ? st.st_size - 56 : cases[k].len;
      damage (path, cases[k].offset, len, cases[k].byte);
      int lines = child (argv[0], dir);
      CHECK (lines >= 0 && lines <= 1, "%s: child failed or said %d lines",
             cases[k].what, lines);
      /* The entry was replaced: a second child says nothing.  */
      CHECK (child (argv[0], dir) == 0, "%s: not rebuilt", cases[k].what);
    }

  /* A symbolic link to another file, and a file of another user.  */
  snprintf (other, sizeof other, "%s.other", dir);
  FILE *o = fopen (other, "w");
  CHECK (o && fputs ("not a program\n", o) >= 0 && fclose (o) == 0, "other");
  CHECK (remove (path) == 0 && symlink (other, path) == 0, "symlink");
  CHECK (child (argv[0], dir) == 1, "symlink: not one message");
  CHECK (child (argv[0], dir) == 0, "symlink: not replaced");
  if (getuid () == 0)
    {
      CHECK (chown (path, 12345, 12345) == 0, "chown");
      CHECK (child (argv[0], dir) == 1, "another user's file: not one "
             "message");
    }

  /* A read-only directory, which root writes anyway: read from, not
     written to, said once.  */
  if (getuid () != 0)
    {
      CHECK (chmod (dir, 0555) == 0, "chmod");
      CHECK (child (argv[0], dir) == 1, "read-only directory: not one "
             "message");
    }

  /* A directory writable by others, and a file where it should be.  */
  CHECK (chmod (dir, 0777) == 0, "chmod");
  CHECK (child (argv[0], dir) == 1, "writable directory: not one message");
  CHECK (child (argv[0], other) == 1, "a file as the directory: not one "
         "message");
  puts ("bad-day cache checked");
  return 0;
}
/* { dg-output "bad-day cache checked" } */
