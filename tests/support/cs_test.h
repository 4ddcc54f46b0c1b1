/* cs_test.h — the tests' tiny harness: checks that count, and the closing line
 * "N passed, N failed" that CI reads. Each check states what it compares. */
#ifndef CS_TEST_H
#define CS_TEST_H

#include <math.h>
#include <stdio.h>

static int cs_test_passed, cs_test_failed;

#define CHECK(cond, ...)                                                                      \
  do {                                                                                        \
    if (cond) {                                                                               \
      cs_test_passed++;                                                                       \
    } else {                                                                                  \
      cs_test_failed++;                                                                       \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);                                             \
      printf(__VA_ARGS__);                                                                    \
      printf("\n");                                                                           \
    }                                                                                         \
  } while (0)

/* |got − want| ≤ tol (absolute) */
#define CHECK_NEAR(got, want, tol, what)                                                      \
  do {                                                                                        \
    double g_ = (got), w_ = (want), t_ = (tol);                                               \
    CHECK(fabs(g_ - w_) <= t_, "%s: got %.10g, want %.10g (tol %.3g, off %.3g)", (what), g_,  \
          w_, t_, fabs(g_ - w_));                                                             \
  } while (0)

/* |got − want| ≤ rel·|want| */
#define CHECK_REL(got, want, rel, what)                                                       \
  do {                                                                                        \
    double g_ = (got), w_ = (want), r_ = (rel);                                               \
    CHECK(fabs(g_ - w_) <= r_ * fabs(w_), "%s: got %.10g, want %.10g (rel %.3g, off %.3g)",   \
          (what), g_, w_, r_, fabs(g_ - w_) / (fabs(w_) > 0 ? fabs(w_) : 1));                \
  } while (0)

static inline int cs_test_finish(void)
{
  printf("%d passed, %d failed\n", cs_test_passed, cs_test_failed);
  return cs_test_failed != 0;
}

#endif
