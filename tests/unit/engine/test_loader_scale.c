/* Loading is linear in the number of bodies and joints: names are found through a hash (a scan
 * per lookup made it quadratic: 40,000 bodies took 18.6 s of CPU, 10,000 1.1 s). A chain of
 * n links loads in CPU time proportional to n: 40,000 links within 20 × the time of 5,000
 * (linear: 8 ×; quadratic: 64 ×), and lookups and duplicates still answer right. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "clearsim.h"
#include "cs_test.h"

/* {"name":"chain","bodies":[ground, b0 … b(n−1)],"joints":[J0 … J(n−1)]}, body i hung from
 * body i−1; `dup` ≥ 0 names body dup+1 as body dup (a duplicate). */
static char *chain(int n, int dup)
{
  size_t cap = 200 + (size_t)n * 200, len = 0;
  char *s = malloc(cap);
  len += (size_t)snprintf(s + len, cap - len, "{\"name\":\"chain\",\"bodies\":[{\"name\":\"g\","
                          "\"ground\":true}");
  for (int i = 0; i < n; i++)
    len += (size_t)snprintf(s + len, cap - len, ",{\"name\":\"b%d\",\"mass\":1,\"inertia\":0.1,"
                            "\"position\":[%d.5,0,0]}", dup >= 0 && i == dup + 1 ? dup : i, i);
  len += (size_t)snprintf(s + len, cap - len, "],\"joints\":[");
  for (int i = 0; i < n; i++) {
    char prev[16] = "g";
    if (i)
      snprintf(prev, sizeof prev, "b%d", i - 1);
    len += (size_t)snprintf(s + len, cap - len, "%s{\"name\":\"J%d\",\"type\":\"revolute\","
                            "\"body1\":\"%s\",\"body2\":\"b%d\",\"point1\":[%s,0],"
                            "\"point2\":[-0.5,0]}", i ? "," : "", i, prev, i, i ? "0.5" : "0");
  }
  snprintf(s + len, cap - len, "]}");
  return s;
}

/* CPU seconds to load the chain of n links (the best of `tries`), checking what it holds. */
static double load_time(int n, int tries)
{
  char *json = chain(n, -1);
  double best = 1e30;
  for (int t = 0; t < tries; t++) {
    cs_model *m = NULL;
    cs_error err;
    clock_t start = clock();
    cs_status st = cs_model_load_string(json, "<chain>", NULL, &m, &err);
    double cpu = (double)(clock() - start) / CLOCKS_PER_SEC;
    best = cpu < best ? cpu : best;
    CHECK(st == CS_OK, "chain of %d: %s", n, err.message);
    if (st == CS_OK && t == 0) {
      char last[16];
      snprintf(last, sizeof last, "b%d", n - 1);
      CHECK(cs_model_body_count(m) == n + 1 && cs_model_joint_count(m) == n,
            "chain of %d: %d bodies, %d joints", n, cs_model_body_count(m),
            cs_model_joint_count(m));
      CHECK(cs_model_body_index(m, last) == n, "%s is body %d", last,
            cs_model_body_index(m, last));
    }
    cs_model_free(m);
  }
  free(json);
  return best;
}

int main(void)
{
  double small = load_time(5000, 3), large = load_time(40000, 1);
  printf("5,000 links %.3f s, 40,000 links %.3f s of CPU: ratio %.1f\n", small, large,
         large / small);
  CHECK(large < 20 * small, "40,000 links took %.3f s, %.1f × 5,000's %.3f s (linear: 8 ×)",
        large, large / small, small);

  /* the hash still finds duplicates, far apart and among many */
  char *json = chain(20000, 17000);
  cs_model *m = NULL;
  cs_error err;
  cs_status st = cs_model_load_string(json, "<dup>", NULL, &m, &err);
  CHECK(st == CS_ERR_INPUT && strstr(err.message, "/bodies/17002/name: duplicate name \"b17000\""),
        "duplicate: %s", err.message);
  cs_model_free(m);
  free(json);
  return cs_test_finish();
}
