/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* report.c: how libscanrt tells the user what went wrong.  Every message is
   one line on stderr starting "libscanrt: ", naming the failed call, the
   OpenCL error by name and what the user can do about it.  */

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

/* The OpenCL error names, each listed once.  */
static const struct
{
  cl_int code;
  const char *name;
} cl_errors[] = {
#define E(name) { name, #name }
  E (CL_SUCCESS),
  E (CL_DEVICE_NOT_FOUND),
  E (CL_DEVICE_NOT_AVAILABLE),
  E (CL_COMPILER_NOT_AVAILABLE),
  E (CL_MEM_OBJECT_ALLOCATION_FAILURE),
  E (CL_OUT_OF_RESOURCES),
  E (CL_OUT_OF_HOST_MEMORY),
  E (CL_PROFILING_INFO_NOT_AVAILABLE),
  E (CL_MEM_COPY_OVERLAP),
  E (CL_IMAGE_FORMAT_MISMATCH),
  E (CL_IMAGE_FORMAT_NOT_SUPPORTED),
  E (CL_BUILD_PROGRAM_FAILURE),
  E (CL_MAP_FAILURE),
  E (CL_MISALIGNED_SUB_BUFFER_OFFSET),
  E (CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST),
  E (CL_COMPILE_PROGRAM_FAILURE),
  E (CL_LINKER_NOT_AVAILABLE),
  E (CL_LINK_PROGRAM_FAILURE),
  E (CL_DEVICE_PARTITION_FAILED),
  E (CL_KERNEL_ARG_INFO_NOT_AVAILABLE),
  E (CL_INVALID_VALUE),
  E (CL_INVALID_DEVICE_TYPE),
  E (CL_INVALID_PLATFORM),
  E (CL_INVALID_DEVICE),
  E (CL_INVALID_CONTEXT),
  E (CL_INVALID_QUEUE_PROPERTIES),
  E (CL_INVALID_COMMAND_QUEUE),
  E (CL_INVALID_HOST_PTR),
  E (CL_INVALID_MEM_OBJECT),
  E (CL_INVALID_IMAGE_FORMAT_DESCRIPTOR),
  E (CL_INVALID_IMAGE_SIZE),
  E (CL_INVALID_SAMPLER),
  E (CL_INVALID_BINARY),
  E (CL_INVALID_BUILD_OPTIONS),
  E (CL_INVALID_PROGRAM),
  E (CL_INVALID_PROGRAM_EXECUTABLE),
  E (CL_INVALID_KERNEL_NAME),
  E (CL_INVALID_KERNEL_DEFINITION),
  E (CL_INVALID_KERNEL),
  E (CL_INVALID_ARG_INDEX),
  E (CL_INVALID_ARG_VALUE),
  E (CL_INVALID_ARG_SIZE),
  E (CL_INVALID_KERNEL_ARGS),
  E (CL_INVALID_WORK_DIMENSION),
  E (CL_INVALID_WORK_GROUP_SIZE),
  E (CL_INVALID_WORK_ITEM_SIZE),
  E (CL_INVALID_GLOBAL_OFFSET),
  E (CL_INVALID_EVENT_WAIT_LIST),
  E (CL_INVALID_EVENT),
  E (CL_INVALID_OPERATION),
  E (CL_INVALID_GL_OBJECT),
  E (CL_INVALID_BUFFER_SIZE),
  E (CL_INVALID_MIP_LEVEL),
  E (CL_INVALID_GLOBAL_WORK_SIZE),
  E (CL_INVALID_PROPERTY),
  E (CL_INVALID_IMAGE_DESCRIPTOR),
  E (CL_INVALID_COMPILER_OPTIONS),
  E (CL_INVALID_LINKER_OPTIONS),
  E (CL_INVALID_DEVICE_PARTITION_COUNT),
#undef E
  /* cl_khr_icd: the ICD loader found no vendor library.  */
  { -1001, "CL_PLATFORM_NOT_FOUND_KHR" },
};

const char *
scanrt_cl_error_name (cl_int err)
{
  for (size_t i = 0; i < sizeof cl_errors / sizeof cl_errors[0]; i++)
    if (cl_errors[i].code == err)
      return cl_errors[i].name;
  return "unknown OpenCL error";
}

void
scanrt_report (const char *fmt, ...)
{
  char line[1024];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (line, sizeof line, fmt, ap);
  va_end (ap);
  /* One fprintf, so that lines from several threads do not interleave.  */
  fprintf (stderr, "libscanrt: %s\n", line);
}

void
scanrt_report_cl (const char *call, cl_int err, const char *advice)
{
  scanrt_report ("%s: %s (%d): %s", call, scanrt_cl_error_name (err),
                 (int) err, advice);
}

int
scanrt_status_of_cl (cl_int err)
{
  switch (err)
    {
    case CL_OUT_OF_HOST_MEMORY:
    case CL_OUT_OF_RESOURCES:
    case CL_MEM_OBJECT_ALLOCATION_FAILURE:
    case CL_INVALID_BUFFER_SIZE:
      return SCANRT_ENOMEM;
    case CL_BUILD_PROGRAM_FAILURE:
    case CL_COMPILE_PROGRAM_FAILURE:
    case CL_LINK_PROGRAM_FAILURE:
    case CL_INVALID_BUILD_OPTIONS:
      return SCANRT_EBUILD;
    default:
      return SCANRT_EDEVICE;
    }
}

int
scanrt_first_report (const char *what, const char *value)
{
  /* The problems reported so far, as "WHAT=VALUE"; a few at most.  */
  static char *seen[32];
  static unsigned nseen;
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
  size_t len = strlen (what) + strlen (value) + 2;
  char key[len];
  snprintf (key, len, "%s=%s", what, value);
  int first = 1;
  pthread_mutex_lock (&lock);
  for (unsigned i = 0; i < nseen && first; i++)
    first = strcmp (seen[i], key) != 0;
  if (first && nseen < sizeof seen / sizeof seen[0]
      && (seen[nseen] = strdup (key)))
    nseen++;
  pthread_mutex_unlock (&lock);
  return first;
}

SCANRT_EXPORT const char *
scanrt_status_name (int status)
{
  switch (status)
    {
    case SCANRT_OK: return "SCANRT_OK";
    case SCANRT_HOST: return "SCANRT_HOST";
    case SCANRT_EINVAL: return "SCANRT_EINVAL";
    case SCANRT_ENODEV: return "SCANRT_ENODEV";
    case SCANRT_EBUILD: return "SCANRT_EBUILD";
    case SCANRT_ENOMEM: return "SCANRT_ENOMEM";
    case SCANRT_EDEVICE: return "SCANRT_EDEVICE";
    default: return "unknown scanrt status";
    }
}
