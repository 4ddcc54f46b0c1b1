#include "cs_status.h"

#include <stdarg.h>
#include <stdio.h>

cs_status cs_fail(cs_error *err, cs_status code, const char *fmt, ...)
{
  if (err) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    err->code = code;
  }
  return code;
}

void cs_error_clear(cs_error *err)
{
  if (err) {
    err->code = CS_OK;
    err->message[0] = '\0';
  }
}
