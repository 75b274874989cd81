// The one sign rule of the decompositions (scikit-learn's svd_flip on a matrix of directions).
#pragma once
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

// Each column of V negated where needed so that its entry of largest magnitude (the first on ties)
// is positive: PCA's components (scikit-learn ≥ 1.5, every solver) and KernelPCA's eigenvectors.
inline void flip_signs_by_largest_entries(Eigen::MatrixXd& V) {
  for (Index j = 0; j < V.cols(); ++j) {
    Index top = 0;
    V.col(j).cwiseAbs().maxCoeff(&top);
    if (V(top, j) < 0) V.col(j) *= -1;
  }
}

}  // namespace wasmlearn
