// Probabilities of the kernel classifiers (SVC and NuSVC with probability: true), libsvm's design:
//   fit_sigmoid       Platt's sigmoid P(positive | f) = 1 / (1 + exp(a·f + b)) fitted to decision values
//                     by Lin, Lin & Weng's robust Newton method (2007), on Platt's smoothed targets
//                     (n₊ + 1) / (n₊ + 2) and 1 / (n₋ + 2) rather than 1 and 0.
//   couple_pairwise   Wu, Lin & Weng's second coupling method (2004): the class probabilities p that
//                     minimise Σ_i Σ_{j≠i} (r_ji·p_i − r_ij·p_j)² with Σp = 1, from the pairwise
//                     estimates r_ij = P(i | i or j). The minimiser is solved for exactly: libsvm
//                     iterates towards it and stops at an absolute 0.005 / classes, so its tiny
//                     probabilities (scikit-learn's predict_proba, which couples two classes too) can
//                     be off by orders of magnitude, which shows in the log-loss.
// Everything uses det_math's exp and log, so the native and the WebAssembly build agree bit for bit.
#pragma once
#include <vector>

#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

struct Sigmoid {
  double a = 0, b = 0;
  double probability(double f) const;  // P(positive | decision value f)
};

// `positive[i]` tells whether sample i belongs to the class whose probability the sigmoid gives.
Sigmoid fit_sigmoid(VectorRef decision, const std::vector<bool>& positive);

// r: classes x classes with r(i, j) + r(j, i) = 1 off the diagonal, each in (0, 1). Returns p.
Vector couple_pairwise(const Matrix& r);

}  // namespace wasmlearn
