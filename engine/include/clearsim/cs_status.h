/* cs_error.h — filling a cs_error (internal). */
#ifndef CS_ERROR_H
#define CS_ERROR_H

#include "cs_contact.h"

/* Format a message into err (if non-NULL) and return code; so failures read
 * `return cs_fail(err, CS_ERR_INPUT, "%s: %s: expected …", file, path);`. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
cs_status cs_fail(cs_error *err, cs_status code, const char *fmt, ...);

/* Clear err to CS_OK with an empty message. */
void cs_error_clear(cs_error *err);

#endif
