/* cs_verify.h — cs_verify with an interrupt callback, for cs_run (internal). */
#ifndef CS_VERIFY_H
#define CS_VERIFY_H

#include "clearsim.h"

/* cs_verify, the tighter run polling interrupt (NULL: never); CS_ERR_INTERRUPTED when it
 * said stop. */
cs_status cs_verify_run(const cs_sim *sim, cs_interrupt_fn interrupt, void *user,
                        cs_verify_result *result, cs_error *err);

#endif
