// Cholesky factorisation A = L·Lᵀ of a symmetric positive definite row-major matrix, and the solves
// with it, for kernel ridge's (K + αI)·c = Y.
//
// Left-looking and blocked: for each panel of kPanelColumns columns, the products with every
// column left of the panel are subtracted in one call of the product kernels of dense_products.hpp
// (dense_detail::accumulate_abt_fastest, on the rows of L, which are contiguous in row-major storage:
// the packed kernel for float32 and for short depths, else the dot tiles), then
// the panel is factored strip by strip (kStripColumns columns: the same product on the panel's
// earlier strips, then a plain loop over the strip). Almost all of the n³/3 multiply-adds run in
// the tiles. The tiles are used in every build (not Eigen's GEMM natively), so that native and
// WebAssembly give the same bits. At n = 2 000 Eigen's LLT and solve took 1.2× as long natively
// (323 against 268 ms CPU), and KernelRidge's fit 1.5× as long in WebAssembly (583 against 382 ms,
// with the symmetric kernel; session 9's kernels note).
//
// solve_positive_definite, KernelRidge's solve, first factors A in float32 (the same code on Floats4
// tiles) and refines the solution in double, as LAPACK's dsposv does; at n = 2 000 (rbf, alpha 1)
// the factor and solve took 160–178 ms against 243–267 ms for the double factor natively, and
// KernelRidge's fit in WebAssembly 205–211 against 282–299 ms CPU (load 7; session 10's kernels note).
//
// Only the lower triangle is read and written; the strict upper triangle is left as it was, so a
// caller that stored the whole symmetric matrix can rebuild it (restore_lower).
#pragma once
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

constexpr Index kPanelColumns = 64;  // a panel of 64 rows × 512 doubles of the tiles' block stays in L2
constexpr Index kStripColumns = 8;

using FloatMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Overwrites the lower triangle of A (n x n, row-major, Matrix or FloatMatrix) with L. False when A
// is not positive definite (a pivot ≤ 0 or not a number); A's lower triangle is then partly overwritten.
template <class M>
bool cholesky_in_place(M& A);

// Solves L·Lᵀ·X = B for the factor L in the lower triangle of A; B (n x targets) is overwritten by X.
template <class M>
void cholesky_solve_in_place(const M& A, M& B);

// Solves A·X = B for a symmetric positive definite A given by its lower triangle (the strict upper
// triangle is not read): a float32 factorisation refined in double to a double factorisation's
// backward error when A's conditioning allows, else cholesky_in_place and its solve. A's lower
// triangle is kept; when the double factor was needed, the strict upper triangle holds its mirror
// (A whole). False when A is not positive definite; B is then left as it was.
bool solve_positive_definite(Matrix& A, Matrix& B);

// The lower triangle of A set back from its strict upper triangle and the given diagonal.
void restore_lower(Matrix& A, const Vector& diagonal);

}  // namespace wasmlearn
