/*
 * cs_fuzz.h — what the fuzz targets share: the input as a NUL-terminated string, and a budget
 * of interrupt polls that keeps one input's simulation to a few dozen steps or rows.
 */
#ifndef CS_FUZZ_H
#define CS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { CS_FUZZ_POLLS = 50 };

typedef struct cs_fuzz_budget {
  int left;
} cs_fuzz_budget;

static inline int cs_fuzz_poll(void *user)
{
  cs_fuzz_budget *b = user;
  return --b->left < 0;
}

static inline char *cs_fuzz_text(const uint8_t *data, size_t size)
{
  char *text = malloc(size + 1);
  if (text) {
    memcpy(text, data, size);
    text[size] = '\0';
  }
  return text;
}

#endif
