/*
 * cs_contact.h — contact-force laws: the interface every law implements, and the registry.
 *
 * Four families (contact/README.md):
 *   elastic      F_e(δ) ≥ 0, dF_e/dδ, strain energy U(δ)
 *   damping      the normal force with its dissipative part, F_n(δ, δ', δ'(−), c_r, F_e)
 *   restitution  c_r at the onset of a contact, from the impact velocity, materials, masses
 *   friction     tangential force from the slip velocity and the normal force
 *
 * A law is a cs_law descriptor (name, family, parameter table, ops) and an opaque `content`
 * made by its create op from validated parameters and the contact geometry — the manner of
 * SUNDIALS' generic objects. A law never reads JSON: the loader checks a JSON block against
 * the law's parameter table (unknown key, missing, out of range) and hands it the numbers.
 * Adding a law is one file defining `const cs_law cs_law_<family>_<name>` plus one line
 * CS_LAW(<family>_<name>) in laws_<family>.def (cs_registry.c includes the lists and is not
 * edited; checklist: contact/README.md); an embedding program adds its own with
 * cs_registry_add().
 */
#ifndef CS_CONTACT_H
#define CS_CONTACT_H

#include "cs_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- geometry & materials --- */

typedef struct cs_material {
  double E;               /* Young's modulus, Pa */
  double nu;              /* Poisson's ratio */
  double yield_strength;  /* Pa (0: not given) */
  double hardness;        /* Pa (0: not given) */
  double density;         /* kg/m³ (0: not given) */
  double roughness;       /* Ra, m (0: not given) */
} cs_material;

typedef enum cs_contact_shape {
  CS_CONTACT_POINT = 0, /* spheres: ball in socket, ball on ball */
  CS_CONTACT_LINE = 1   /* cylinders of axial length `length`: journal in bearing, pin on track */
} cs_contact_shape;

/* What a law may need to know of the two surfaces. Body 1 is the convex one (journal, pin,
 * ball); body 2 the other (bearing, socket, slot track). For internal (conformal) contact
 * R2 > R1 is the hole's radius; for external contact R2 is the other convex radius, or 0
 * for a flat. */
typedef struct cs_contact_geometry {
  cs_contact_shape shape;
  int internal;        /* 1: body 1 inside body 2 (journal–bearing), 0: external */
  double R1, R2;       /* m */
  double length;       /* axial length of a line contact, m */
  cs_material m1, m2;
  double mass1, mass2; /* kg; 0 for a fixed body (then m* = the other mass) */
} cs_contact_geometry;

/* Derived quantities shared by many laws (all laws use these, so that conventions agree):
 * E* = 1 / ((1−ν1²)/E1 + (1−ν2²)/E2), R* = R1 R2 / (R2 − R1) internal, R1 R2 / (R1 + R2)
 * external (R1 for a flat), m* = m1 m2 / (m1 + m2) (the moving mass when one is fixed). */
double cs_geometry_E_star(const cs_contact_geometry *g);
double cs_geometry_R_star(const cs_contact_geometry *g);
double cs_geometry_m_star(const cs_contact_geometry *g);

/* ---------------------------------------------------------------- parameters ------------- */

enum cs_param_flags {
  CS_PARAM_REQUIRED = 1 << 0, /* no default */
  CS_PARAM_LO_OPEN = 1 << 1,  /* value must be > lo (default: ≥ lo) */
  CS_PARAM_HI_OPEN = 1 << 2   /* value must be < hi (default: ≤ hi) */
};

typedef struct cs_param_spec {
  const char *name;  /* JSON key */
  const char *units; /* "Pa", "m", "N/m^1.5", "-" … */
  double def;        /* default when not CS_PARAM_REQUIRED */
  double lo, hi;     /* admissible range (use ±INFINITY for none) */
  int flags;
  const char *doc;   /* one line */
} cs_param_spec;

/* ---------------------------------------------------------------- law inputs ------------- */

/* State of a contact handed to a damping law. */
typedef struct cs_normal_in {
  double delta;      /* penetration δ > 0, m */
  double rate;       /* δ' (> 0 approaching), m/s */
  double v_impact;   /* δ'(−) > 0: the approach velocity at onset, held for the contact */
  double cr;         /* coefficient of restitution for this contact */
  double delta_max;  /* largest δ so far in this contact */
  double Fe, dFe;    /* elastic force F_e(δ) and dF_e/dδ */
  double m_star;     /* effective mass, kg */
} cs_normal_in;

/* Impact state handed to a restitution law at onset. */
typedef struct cs_impact_in {
  double v_impact;   /* δ'(−) > 0, m/s */
  const cs_contact_geometry *geometry;
} cs_impact_in;

/* ---------------------------------------------------------------- the law descriptor ----- */

typedef enum cs_family {
  CS_ELASTIC = 0, CS_DAMPING = 1, CS_RESTITUTION = 2, CS_FRICTION = 3, CS_FAMILY_COUNT = 4
} cs_family;

/* A friction law with an internal state z (LuGre's mean bristle deflection, m) integrated
 * with the mechanism: z' = rate(vt, z), and the force Ft(vt, Fn, z), with their derivatives. */
typedef struct cs_bristle {
  double Ft, dFt_dvt, dFt_dFn, dFt_dz;
  double rate, drate_dvt, drate_dz;
} cs_bristle;

typedef struct cs_law cs_law;
struct cs_law {
  const char *name;    /* registry key, lower case: "hertz", "lankarani_nikravesh" */
  cs_family family;
  const char *summary; /* one line: what it is */
  const char *source;  /* paper and equation: "Autiero et al. 2022 (004) Table 1, eq. 9" */
  const cs_param_spec *params;
  int nparams;

  /* Build the law's content from parameters (in the order of `params`, defaults filled in,
   * ranges already checked) and the geometry. May fail with a message (CS_ERR_INPUT). */
  cs_status (*create)(const double *params, const cs_contact_geometry *geometry, void **content,
                      cs_error *err);
  void (*destroy)(void *content);

  /* CS_ELASTIC: F_e(δ) for δ ≥ 0 (0 at δ = 0) and dF_e/dδ; strain energy ∫0^δ F_e. */
  double (*elastic)(void *content, double delta, double *dFe);
  double (*energy)(void *content, double delta);

  /* CS_DAMPING: the total normal force F_n (elastic + dissipative, before the clip at zero),
   * and ∂F_n/∂δ, ∂F_n/∂δ' (either pointer may be NULL). */
  double (*normal)(void *content, const cs_normal_in *in, double *dFn_ddelta,
                   double *dFn_drate);

  /* CS_RESTITUTION: c_r ∈ (0, 1] for this impact. */
  double (*restitution)(void *content, const cs_impact_in *in);

  /* CS_FRICTION: tangential force (opposing the slip velocity vt) and ∂Ft/∂vt, ∂Ft/∂Fn. A law
   * with a state gives here its steady state (z' = 0), for users that integrate no state. */
  double (*friction)(void *content, double vt, double Fn, double *dFt_dvt, double *dFt_dFn);

  /* CS_ELASTIC, optional: the largest δ at which the law is its own formula (m). Past it
   * the law answers with a stand-in its report names (the log laws' load limit: their
   * formula has no solution beyond it), and a contact counts the accepted states that went
   * there (cs_contact_outside) so that a run can say so. NULL: no limit. */
  double (*domain)(void *content);

  /* Optional, any family: one line of the resolved values (derived stiffness, exponent, a
   * power-law fit and its maximum error …) for output files and `clearsim laws`. */
  void (*report)(void *content, char *buf, int size);

  /* CS_DAMPING: 1 when the law never reads c_r (its dissipation is a parameter of its own:
   * Kelvin–Voigt's c, Hunt–Crossley's α). A contact block may then omit its restitution law
   * (models/README.md "Contact blocks"); every other damping law needs one. */
  int ignores_cr;

  /* Rolling resistance (cs_contact_rolling) needs one optional op of each of two families:
   *
   * CS_ELASTIC, a law of a Winkler foundation (002 eq. 1: pressure k_v h over the
   * interference, the `volumetric` law): J(δ) = ∫ ρ_t² h dS (m⁵), the second moment of the
   * interference about its centroid along the contact tangent (002 eq. 4's J_c in the plane),
   * dJ/dδ in *dJ and the foundation's stiffness per unit volume k_v (N/m³) in *k_v. */
  double (*rolling_moment)(void *content, double delta, double *dJ, double *k_v);
  /* CS_DAMPING, a law of the form F_n = F_e (1 + a δ') with a constant through a contact (002
   * eq. 3): a (s/m) for the contact of impact velocity v_impact and restitution cr. */
  double (*hysteresis)(void *content, double v_impact, double cr);

  /* CS_FRICTION, optional: the law with an internal state z (cs_bristle), integrated with the
   * mechanism (LuGre's bristles); `friction` is then its steady state. Last in the struct: the
   * Python binding mirrors this layout (tools/python/clearsim/_lib.py). */
  void (*bristle)(void *content, double vt, double Fn, double z, cs_bristle *out);
};

/* ---------------------------------------------------------------- registry --------------- */

typedef struct cs_registry cs_registry;

/* A registry holding the built-in catalogue. */
cs_registry *cs_registry_new(void);
void cs_registry_free(cs_registry *registry);
/* Add (or replace, by family and name) a law. The descriptor must outlive the registry. */
cs_status cs_registry_add(cs_registry *registry, const cs_law *law, cs_error *err);
const cs_law *cs_registry_find(const cs_registry *registry, cs_family family, const char *name);
int cs_registry_count(const cs_registry *registry, cs_family family);
const cs_law *cs_registry_get(const cs_registry *registry, cs_family family, int index);
const char *cs_family_name(cs_family family); /* "elastic", "damping", … */

/* Check a parameter set against a law's table and fill defaults. `keys`/`values` are what the
 * input gave (n of them); `path` is the JSON path of the block for messages. On success
 * `out` holds law->nparams values in table order. */
cs_status cs_law_params(const cs_law *law, int n, const char *const *keys, const double *values,
                        const char *path, double *out, cs_error *err);

/* ---------------------------------------------------------------- the contact model ------ */

/* One contact pair's model: an elastic law, a damping law, a restitution law and (optionally)
 * a friction law, with the contact's history. This is what joints and the impact tool use. */
typedef struct cs_contact cs_contact;

typedef struct cs_contact_spec {
  const cs_law *law[CS_FAMILY_COUNT];         /* friction may be NULL */
  const double *params[CS_FAMILY_COUNT];      /* validated, table order */
} cs_contact_spec;

cs_status cs_contact_create(const cs_contact_spec *spec, const cs_contact_geometry *geometry,
                            cs_contact **contact, cs_error *err);
void cs_contact_free(cs_contact *contact);

/* Start a contact with approach velocity v_impact > 0: evaluates c_r, resets the history. A
 * contact's history stays readable after it ends, until the next onset. */
void cs_contact_onset(cs_contact *contact, double v_impact);
/* Go on with `from`'s contact (its c_r, v_impact and δ_max): one contact that moves from one
 * pair's model to another's, as where a wall ends and the next one takes the follower over. */
void cs_contact_resume(cs_contact *contact, const cs_contact *from);

typedef struct cs_contact_out {
  double Fn, dFn_ddelta, dFn_drate; /* normal force, clipped at zero, and its derivatives */
  double Fe, dFe;                   /* elastic part and dF_e/dδ */
  double Ft, dFt_dvt, dFt_dFn;      /* friction */
  double dissipation_power;         /* (F_n − F_e) δ' + |Ft vt| ≥ 0 … as evaluated */
  int clipped;                      /* 1 when the damping term would have made F_n < 0 */
} cs_contact_out;

/* Evaluate at penetration δ ≥ 0, rate δ', slip velocity vt. Updates δ_max when `commit`. */
void cs_contact_eval(cs_contact *contact, double delta, double rate, double vt, int commit,
                     cs_contact_out *out);
/* Whether the contact's friction law has an internal state (cs_law.bristle): 1 or 0. */
int cs_contact_state_count(const cs_contact *contact);
/* cs_contact_eval with the friction of the state z: out's Ft, dFt_dvt, dFt_dFn and the
 * dissipation are the bristle law's, and *b holds all of it with z' and its derivatives
 * (all 0 out of contact, δ ≤ 0: the state rests). For a contact without a state, *b holds
 * the stateless friction with z' = 0. */
void cs_contact_eval_state(cs_contact *contact, double delta, double rate, double vt, double z,
                           int commit, cs_contact_out *out, cs_bristle *b);
/* U(δ) of the elastic law (0 for δ ≤ 0). Apart from eval, which runs in every residual: some
 * laws integrate U by quadrature (1–16 µs a call against 0.1 µs for the force). */
double cs_contact_strain_energy(const cs_contact *contact, double delta);
/* Rolling resistance of Gonthier et al. (002) eq. 4 in the plane: the torque on body 1 (the
 * pin; body 2 takes −T)
 *
 *     T = −k_v a J(δ) ω,   ω = ω1 − ω2 the two bodies' relative angular velocity,
 *
 * with *dT_ddelta = ∂T/∂δ and *dT_domega = ∂T/∂ω. It exists when the elastic law is a Winkler
 * foundation (op rolling_moment: k_v, J) and the damping law a hysteresis F_e (1 + a δ') (op
 * hysteresis: a); otherwise, and for δ ≤ 0, T = 0 and the contact has no rolling resistance.
 * The power −T ω = k_v a J ω² ≥ 0 is dissipated. T is eq. 4 as it stands, not clipped where
 * cs_contact_eval clips the normal force: its power is never negative.
 *
 * Why ω1 − ω2. Eq. 4 is the moment about the centroid of eq. 1's pressure k_v h (1 + a v_n),
 * v_n the normal relative velocity of the two bodies' material points at each point of the
 * contact. Two rigid bodies' relative velocity field is affine, v1(P) − v2(P) = v1(C) −
 * v2(C) + (ω1 − ω2) × (P − C), so across the contact, at distance t from the line of centres
 * along the tangent, v_n(t) = δ' − (ω1 − ω2) t exactly, whatever the motion of the line of
 * centres: the pressure's asymmetry, hence T, is set by ω1 − ω2. It is not the pin's
 * rotation relative to the line of centres, ω1 − ψ' (ψ the direction of the line of centres):
 * a pin rolling without slip at rolling speed V (the speed of either surface's material
 * through the contact, (ω1 − ψ') R1 = (ω2 − ψ') R2 inside a bearing) has ω1 − ω2 = V/R*, R* =
 * R1 R2/(R2 − R1), which is also the rate V h'(t) = −V t/R* at which the material passing the
 * contact is compressed — while ω1 − ψ' = V/R1 would overstate it R2/(R2 − R1) times; and a pin
 * carried round the bearing without turning (ω1 = ω2 = 0, ψ' ≠ 0) only slides, which is
 * friction's business, not rolling. Outside a convex wall R* = R1 R2/(R1 + R2), on a flat R1. */
void cs_contact_rolling(const cs_contact *contact, double delta, double omega, double *T,
                        double *dT_ddelta, double *dT_domega);
/* Whether the contact's laws give a rolling resistance at all (else cs_contact_rolling's T is
 * 0 everywhere): an elastic law with a rolling moment and a damping law with a hysteresis. */
int cs_contact_rolls(const cs_contact *contact);
double cs_contact_cr(const cs_contact *contact);        /* c_r of the current contact */
double cs_contact_v_impact(const cs_contact *contact);
double cs_contact_delta_max(const cs_contact *contact);
long cs_contact_clip_count(const cs_contact *contact);
/* Accepted states at which the elastic law was evaluated past its domain (the op `domain`),
 * the deepest δ among them (*deepest, 0 if none) and the limit (*limit, INFINITY if none). */
long cs_contact_outside(const cs_contact *contact, double *deepest, double *limit);

#ifdef __cplusplus
}
#endif
#endif
