/*
 * cs_sim_linear.h — a simulation's IDAS iteration matrix and its linear solver, for tests and
 * measurements (internal).
 */
#ifndef CS_SIM_LINEAR_H
#define CS_SIM_LINEAR_H

#include "clearsim.h"

/* The iteration matrix J = ∂F/∂y + cj ∂F/∂y' at the simulation's current IDAS state, as its
 * Jacobian function assembles it, written dense (column-major N × N) into A, or only N when A
 * is NULL. `sparse` chooses the assembly: the dense one, or the CSC one over the model's
 * pattern (only for a simulation whose solver.linear_solver made it sparse). Returns N, or −1
 * (projected formulation, sparse asked of a dense simulation, out of memory). */
int cs_sim_iteration_matrix(cs_sim *s, double cj, int sparse, double *A);

/* 1 when the simulation factors its iteration matrix sparse (KLU), 0 dense (LAPACK LU), −1
 * projected; *fallbacks (may be NULL): how many factorizations went to the dense solver
 * (sparse) or to its rank-revealing decomposition (dense). */
int cs_sim_linear_solver(const cs_sim *s, long *fallbacks);

#endif
