// The SMO solver every kernel SVM here fits with (libsvm's design, written anew): the generalized dual
//   min ½ αᵀQα + pᵀα   subject to   yᵀα = Δ,  0 ≤ α_i ≤ C_i,   Q_ij = y_i·y_j·K(x_s(i), x_s(j)), y_i = ±1,
// where variable i stands for sample s(i) (SVR has two variables per sample). Each step takes the
// maximal violating pair by second-order working-set selection (Fan, Chen & Lin 2005), moves it
// analytically and updates the gradient; shrinking sets aside variables stuck at a bound and
// reconstructs their gradient before the final check. Kernel rows come from an LRU cache of
// cacheSize MB, computed in blocks through base/kernels.hpp and stored as float32 as libsvm's cache
// stores them (4 bytes a value, libsvm's rows per MB): both solvers then solve the same problem (with doubles, the ν variants' division by a
// small margin scale r magnified libsvm's 1e-7 perturbation to 5 % of the decision values). The ν
// variant selects pairs within one sign of y and computes the two biases of ν-SVC / ν-SVR.
#pragma once
#include <memory>
#include <vector>

#include "wasmlearn/base/kernels.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

// Rows K(x_s, ·) of the kernel matrix of a set of samples, kept while they fit in the budget and
// dropped least recently used first.
class KernelCache {
 public:
  // X: the samples' rows (for a precomputed kernel, their square Gram matrix).
  KernelCache(const Kernel& kernel, MatrixRef X, double megabytes);
  Index size() const { return n_; }
  double diagonal(Index s) const { return diagonal_[s]; }
  // Row s (n float32 values), valid until the next call on the cache.
  const float* row(Index s);
  // Calls use(s, row) for each sample of `samples`, computing the missing rows in blocks.
  template <class Use>
  void for_rows(const std::vector<Index>& samples, Use&& use);

 private:
  float* slot_for(Index s);  // a row buffer for s (evicting the least recently used), linked first
  void touch(Index s);       // a cached row becomes the most recent
  void link_first(Index s);  // a row not in the list enters it as the most recent
  void unlink(Index s);
  void compute(const Index* samples, Index count, float* out);

  Kernel kernel_;
  Matrix X_;
  Vector norms_, diagonal_;
  Matrix products_;  // compute's kernel values in double, before they are rounded to float32
  Index n_, capacity_;
  std::vector<std::unique_ptr<float[]>> rows_;  // by sample; empty when not cached
  std::vector<Index> prev_, next_;                // the LRU list of cached samples, head_ most recent
  Index head_ = -1, tail_ = -1, cached_ = 0;
};

struct SmoProblem {
  std::vector<Index> sample;  // s(i): the kernel row of each variable
  Vector y;                   // ±1
  Vector p;                   // linear term
  Vector upper;               // C_i
  Vector alpha;               // a feasible start
};

struct SmoOptions {
  double tol = 1e-3;
  bool shrinking = true;
  long max_iter = -1;  // -1: no limit
  bool nu = false;     // the ν variant (pairs within one sign, two biases)
};

struct SmoResult {
  Vector alpha;
  double rho = 0;        // decision = Σ α_i y_i K(x_i, x) − rho
  double r = 0;          // ν variant: the margin's scale (ν-SVC divides by it)
  double objective = 0;  // ½ αᵀQα + pᵀα at the solution
  long iterations = 0;
  bool reached_max_iter = false;
};

SmoResult solve_smo(const SmoProblem& problem, KernelCache& cache, const SmoOptions& options);

template <class Use>
void KernelCache::for_rows(const std::vector<Index>& samples, Use&& use) {
  constexpr Index kBlock = 64;
  std::vector<Index> missing;
  for (Index s : samples)
    if (rows_[s]) use(s, row(s));
    else missing.push_back(s);
  std::vector<float> block(static_cast<std::size_t>(std::min<Index>(kBlock, static_cast<Index>(missing.size())) * n_));
  for (std::size_t b = 0; b < missing.size(); b += kBlock) {
    const Index count = std::min<Index>(kBlock, static_cast<Index>(missing.size() - b));
    compute(missing.data() + b, count, block.data());
    for (Index r = 0; r < count; ++r) {
      const Index s = missing[b + r];
      const float* values = block.data() + r * n_;
      if (cached_ < capacity_) std::copy(values, values + n_, slot_for(s));
      use(s, values);
    }
  }
}

}  // namespace wasmlearn
