/*
 * cs_status.h — how every libclearsim function that can fail reports it: it returns a
 * cs_status and fills the cs_error it is given (which may be NULL). Public, because a law an
 * embedding program adds (cs_registry_add) fills its cs_error with cs_fail as the library's do.
 */
#ifndef CS_STATUS_H
#define CS_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cs_status {
  CS_OK = 0,
  CS_ERR_INPUT = 1,       /* bad model file or parameters */
  CS_ERR_ASSEMBLY = 2,    /* the mechanism cannot be assembled (a joint cannot close) */
  CS_ERR_SOLVER = 3,      /* the integrator failed */
  CS_ERR_IO = 4,          /* a file could not be read or written */
  CS_ERR_INTERRUPTED = 5, /* the caller asked to stop */
  CS_ERR_MEMORY = 6,
  CS_ERR_ARGUMENT = 7     /* an API call with arguments out of contract */
} cs_status;

typedef struct cs_error {
  cs_status code;
  char message[1024];
} cs_error;

/* Format a message into err (if non-NULL) and return code; so failures read
 * `return cs_fail(err, CS_ERR_INPUT, "%s: %s: expected …", file, path);`. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
cs_status cs_fail(cs_error *err, cs_status code, const char *fmt, ...);

/* Clear err to CS_OK with an empty message. */
void cs_error_clear(cs_error *err);

#ifdef __cplusplus
}
#endif
#endif
