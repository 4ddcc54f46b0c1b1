/* cs_linsol.h — a SUNLinearSolver over LAPACK's dense LU (dgetrf/dgetrs), for IDA (internal).
 * Debian's SUNDIALS ships no LAPACK linear solver; this is ours. It works on SUNDIALS dense
 * matrices (column-major). LAPACK pivots are 32-bit lapack_int while sunindextype is 64-bit,
 * hence a pivot array of its own. */
#ifndef CS_LINSOL_H
#define CS_LINSOL_H

#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_nvector.h>

SUNLinearSolver cs_linsol_lapack_dense(N_Vector y, SUNMatrix A, SUNContext ctx);

#endif
